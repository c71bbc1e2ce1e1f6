package org.agenda.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code generate N}: the data set of issue #9, written through the service's routes in batches. */
class GeneratorTest {
  @TempDir
  Path folder;

  @Test
  void fillsTheDatabaseWithTheDataSetOnceAndThenOnlyReports() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("bench.db");
    Path ids = folder.resolve("ids.txt");
    Map<String, String> env = Map.of("AGENDA_DB_URL", url);
    String first = run(env, List.of("200", "--batch", "64", "--threads", "2", "--ids", ids.toString()));
    assertThat(first).contains("generated events=200 created=200");

    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      assertThat(count(statement, "SELECT count(*) FROM records WHERE type = 'venue'")).isEqualTo(2);
      assertThat(count(statement, "SELECT count(*) FROM records WHERE type = 'organizer'")).isEqualTo(1);
      assertThat(count(statement, "SELECT count(*) FROM terms WHERE taxonomy = 'cal_events_cat'")).isEqualTo(200);
      assertThat(count(statement, "SELECT count(*) FROM terms WHERE taxonomy = 'post_tag'")).isEqualTo(1000);
      // nl for every event, en for half, fr for a third (indexes 0, 3, 6 …)
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE type = 'event' AND lang = 'nl'")).isEqualTo(200);
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE type = 'event' AND lang = 'en'")).isEqualTo(100);
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE type = 'event' AND lang = 'fr'")).isEqualTo(67);
      assertThat(count(statement, "SELECT count(*) FROM event_venues")).isEqualTo(200);
      assertThat(count(statement, "SELECT count(*) FROM records WHERE type = 'event' AND status = 'draft'")).isBetween(2L, 25L);
      // the stored term counts are those of the published events
      assertThat(count(statement, "SELECT sum(event_count) FROM terms")).isEqualTo(count(statement,
          "SELECT count(*) FROM event_terms JOIN records ON records.id = event_terms.event_id WHERE records.status = 'publish'"));
      long readable = count(statement, "SELECT count(*) FROM records JOIN events ON events.id = records.id"
          + " WHERE records.status = 'publish' AND (events.password IS NULL OR events.password = '')");
      assertThat(Files.readAllLines(ids)).hasSize((int) readable);
    }

    String second = run(env, List.of("200", "--batch", "64"));
    assertThat(second).contains("generated events=200 created=0");
  }

  private static long count(java.sql.Statement statement, String sql) throws Exception {
    try (var result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }

  private static String run(Map<String, String> env, List<String> args) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    int status = Generator.run(env, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }
}
