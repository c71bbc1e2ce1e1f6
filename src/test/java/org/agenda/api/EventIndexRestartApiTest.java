package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.db.ChangedRecords;
import org.agenda.support.FreshDatabase;
import org.agenda.support.TestServer;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;

/**
 * The event index on disk across a stop and a start (issue #21): it holds the writes that no list read followed, and a
 * start that finds it too far behind the change log builds it again instead of holding every change in memory. While
 * it runs, it follows changes of any number in steps, as an import or a generator writes them.
 */
class EventIndexRestartApiTest {
  private static final String NS = "/cal/events/v1";

  @Test
  void aStopCommitsTheWritesNoListFollowedAndAStartFarBehindBuildsTheIndexAgain() throws Exception {
    Path folder = Files.createTempDirectory("agenda-index-restart");
    TestServer first = TestServer.start(Map.of("AGENDA_INDEX", folder.toString()));
    try {
      var admin = first.asAdmin();
      List<Long> ids = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        ids.add(createEvent(admin, "Orgelconcert " + i, "2026-04-0" + (i + 1)));
      }
      first.stop();
      long version;
      try (Connection connection = first.connectDirectly()) {
        version = dataVersion(connection);
        // the writes were never listed, and still the index's last commit holds them
        assertThat(committedVersion(folder)).isEqualTo(version);
        addChanges(connection, version, ChangedRecords.MOST_FOLLOWED + 1, 1);
      }

      TestServer second = TestServer.start(Map.of("AGENDA_DB_URL", first.databaseUrl, "AGENDA_INDEX", folder.toString()));
      try {
        assertThat(second.log()).contains("The event index cannot follow the database from where it stands");
        JsonNode list = second.anonymous().get(NS + "/events?start_date=2026-03-01&end_date=2026-05-01").json();
        assertThat(list.path("total").asInt()).isEqualTo(3);
        assertThat(ids(list)).containsExactlyElementsOf(ids);
      } finally {
        second.close();
      }
      assertThat(committedVersion(folder)).isEqualTo(version + ChangedRecords.MOST_FOLLOWED + 1);
    } finally {
      first.close();
      FreshDatabase.deleteQuietly(folder);
    }
  }

  @Test
  void whileItRunsTheIndexFollowsMoreChangesThanItReadsAtOnceInSteps() throws Exception {
    Path folder = Files.createTempDirectory("agenda-index-follow");
    TestServer server = TestServer.start(Map.of("AGENDA_INDEX", folder.toString()));
    try {
      var admin = server.asAdmin();
      long first = createEvent(admin, "Orgelconcert", "2026-04-01");
      String window = NS + "/events?start_date=2026-03-01&end_date=2026-05-01";
      assertThat(server.anonymous().get(window).json().path("total").asInt()).isEqualTo(1);
      try (Connection connection = server.connectDirectly()) {
        long version = dataVersion(connection);
        // one version of more changes than a step reads (a large transaction), then more versions than a step reads
        addChanges(connection, version, 1, ChangedRecords.MOST_FOLLOWED + 1);
        addChanges(connection, version + 1, ChangedRecords.MOST_FOLLOWED + 1, 1);
      }
      long second = createEvent(admin, "Koorconcert", "2026-04-02");

      JsonNode list = server.anonymous().get(window).json();
      assertThat(list.path("total").asInt()).isEqualTo(2);
      assertThat(ids(list)).containsExactly(first, second);
      assertThat(server.log()).doesNotContain("The event index cannot follow the database");
    } finally {
      server.close();
      FreshDatabase.deleteQuietly(folder);
    }
  }

  private static long createEvent(TestServer.Caller admin, String title, String day) {
    return admin.postJson(NS + "/events", "{\"title\":\"" + title + "\",\"status\":\"publish\",\"start_date\":\""
        + day + " 20:00:00\",\"end_date\":\"" + day + " 22:00:00\"}").json().path("id").asLong();
  }

  private static List<Long> ids(JsonNode list) {
    List<Long> ids = new ArrayList<>();
    list.path("events").forEach(event -> ids.add(event.path("id").asLong()));
    return ids;
  }

  private static long committedVersion(Path folder) throws IOException {
    try (var directory = FSDirectory.open(folder)) {
      return Long.parseLong(SegmentInfos.readLatestCommit(directory).getUserData().get("version"));
    }
  }

  private static long dataVersion(Connection connection) throws SQLException {
    try (var statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT version FROM data_version WHERE id = 1")) {
      result.next();
      return result.getLong(1);
    }
  }

  /**
   * {@code versions} data versions after {@code version}, each of {@code changes} changes of tags that do not exist.
   */
  private static void addChanges(Connection connection, long version, int versions, int changes) throws SQLException {
    connection.setAutoCommit(false);
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO change_log (tx, version, kind, record_id, before_exists) VALUES (?, ?, 'post_tag', ?, 0)")) {
      for (int v = 1; v <= versions; v++) {
        for (int i = 1; i <= changes; i++) {
          insert.setLong(1, version + v);
          insert.setLong(2, version + v);
          insert.setLong(3, 1_000_000L + i);
          insert.addBatch();
        }
      }
      insert.executeBatch();
    }
    try (PreparedStatement advance = connection.prepareStatement("UPDATE data_version SET version = ? WHERE id = 1")) {
      advance.setLong(1, version + versions);
      advance.executeUpdate();
    }
    connection.commit();
  }
}
