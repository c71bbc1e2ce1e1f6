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

/** {@link Generator}: the data set of issue #9, written through the service's REST interface over HTTP. */
class GeneratorTest {
  @TempDir
  Path folder;

  @Test
  void fillsTheDatabaseWithTheDataSetOnceAndThenOnlyReports() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("bench.db");
    Path ids = folder.resolve("ids.txt");
    Map<String, String> env = Map.of("AGENDA_DB_URL", url);
    String first = run(env, List.of("200", "--threads", "2", "--ids", ids.toString()));
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

    String second = run(env, List.of("200", "--threads", "2"));
    assertThat(second).contains("generated events=200 created=0");
    assertSearchIndexComplete(url);
  }

  @Test
  void withSeriesAShareOfTheEventsIsWeeklyForAYear() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("bench.db");
    Map<String, String> env = Map.of("AGENDA_DB_URL", url);
    assertThat(run(env, List.of("60", "--threads", "2", "--series", "10"))).contains("generated events=60 created=60");
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      long series = count(statement, "SELECT count(*) FROM events WHERE series_id = id");
      assertThat(series).isBetween(1L, 20L);
      assertThat(count(statement, "SELECT count(*) FROM events WHERE series_id <> id")).isEqualTo(series * 51);
      assertThat(count(statement, "SELECT count(*) FROM events WHERE series_id IS NULL OR series_id = id")).isEqualTo(60);
    }
    // resumable: the occurrences are not counted as generated events
    assertThat(run(env, List.of("60", "--threads", "2", "--series", "10"))).contains("generated events=60 created=0");
  }

  @Test
  void theSearchIndexIsBuiltAtTheEndAlsoAfterAnInterruptedRun() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("bench.db");
    Map<String, String> env = Map.of("AGENDA_DB_URL", url);
    assertThat(run(env, List.of("40", "--threads", "2"))).contains("search index built in");
    assertSearchIndexComplete(url);

    // a run stopped after pausing the index: its triggers are gone, their SQL kept
    try (var database = org.agenda.db.Database.open(url, "", "")) {
      new SearchIndexPause(database).begin();
    }
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      assertThat(count(statement, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'translation_text_%'")).isZero();
    }
    assertThat(run(env, List.of("60", "--threads", "2"))).contains("created=20").contains("search index built in");
    assertSearchIndexComplete(url);
  }

  @Test
  void theDefaultEightThreadsCompleteOnSqlite() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("bench.db");
    String output = run(Map.of("AGENDA_DB_URL", url), List.of("120"));
    assertThat(output).contains("(seed 1, 8 threads)").contains("generated events=120 created=120").contains("threads=8");
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE type = 'event' AND lang = 'en'")).isEqualTo(60);
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE type = 'event' AND lang = 'fr'")).isEqualTo(40);
    }
    assertSearchIndexComplete(url);
  }

  @Test
  void batchesAreGoneAndSaySo() {
    var err = new ByteArrayOutputStream();
    int status = Generator.run(Map.of(), List.of("10", "--batch", "5"), new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--batch is gone");
  }

  /** The three triggers of migration V6 are there, and the index holds exactly the rows they would have written. */
  private static void assertSearchIndexComplete(String url) throws Exception {
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      assertThat(count(statement, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN"
          + " ('translation_text_after_insert', 'translation_text_after_update', 'translation_text_after_delete')")).isEqualTo(3);
      assertThat(count(statement, "SELECT count(*) FROM sqlite_master WHERE name = 'generator_paused_triggers'")).isZero();
      long translations = count(statement, "SELECT count(*) FROM translations");
      assertThat(translations).isPositive();
      assertThat(count(statement, "SELECT count(*) FROM translation_text")).isEqualTo(translations);
      assertThat(count(statement, "SELECT count(*) FROM translations WHERE record_id * 1024 + (unicode(lang) - 97) * 26"
          + " + unicode(substr(lang, 2)) - 97 IN (SELECT rowid FROM translation_text)")).isEqualTo(translations);
      // a word of a stored title is found through the index
      try (var title = statement.executeQuery("SELECT name_folded FROM translations WHERE type = 'event' LIMIT 1")) {
        title.next();
        String word = java.util.Arrays.stream(title.getString(1).split("\\s+"))
            .filter(w -> w.matches("[\\p{L}\\p{N}]{3,}")).findFirst().orElseThrow();
        assertThat(count(statement, "SELECT count(*) FROM translation_text WHERE translation_text MATCH '\"" + word + "\"'"))
            .isPositive();
      }
    }
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
