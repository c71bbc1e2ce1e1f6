package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a SQLite database: the folder is created, the schema migrated, a newer schema refused (§10.4). */
class DatabaseTest {
  @TempDir
  Path folder;

  @Test
  void createsTheFolderAndMigratesTheSchema() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("nested/dir/agenda.db");
    try (Database database = Database.open(url, "", "")) {
      assertThat(database.isHealthy(2)).isTrue();
      assertThat(database.dsl().fetchCount(org.jooq.impl.DSL.table("events"))).isZero();
    }
    assertThat(folder.resolve("nested/dir/agenda.db")).exists();
  }

  @Test
  void refusesADatabaseWrittenByANewerVersion() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("agenda.db");
    Database.open(url, "", "").close();
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      statement.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum,"
          + " installed_by, installed_on, execution_time, success) VALUES (99, '99', 'future', 'SQL', 'V99__future.sql',"
          + " 0, 'test', '2026-01-01 00:00:00', 1, 1)");
    }
    assertThatThrownBy(() -> Database.open(url, "", ""))
        .isInstanceOf(DatabaseException.class)
        .hasMessageContaining("migration");
  }

  @Test
  void theSqliteFileIsReadFromEveryFormOfUrlThatSqliteJdbcOpens() {
    assertThat(Database.sqliteFile("jdbc:sqlite:/srv/agenda/agenda.db")).contains(Path.of("/srv/agenda/agenda.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite:data/agenda.db?busy_timeout=5000")).contains(Path.of("data/agenda.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite:file:/srv/a.db?cache=shared")).contains(Path.of("/srv/a.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite:file:///srv/my%20events+1.db")).contains(Path.of("/srv/my events+1.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite:file://localhost/srv/a.db")).contains(Path.of("/srv/a.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite:file:relative.db")).contains(Path.of("relative.db"));
    assertThat(Database.sqliteFile("jdbc:sqlite::memory:")).isEmpty();
    assertThat(Database.sqliteFile("jdbc:sqlite:")).isEmpty();
    assertThat(Database.sqliteFile("jdbc:sqlite:file::memory:?cache=shared")).isEmpty();
    assertThat(Database.sqliteFile("jdbc:sqlite:file:shared?mode=memory&cache=shared")).isEmpty();
    assertThat(Database.sqliteFile("jdbc:postgresql://127.0.0.1:5432/agenda")).isEmpty();
  }

  @Test
  void theFolderOfAFileUrlIsCreatedToo() throws Exception {
    Path file = folder.resolve("from uri/agenda.db");
    String url = "jdbc:sqlite:file://" + file.toString().replace(" ", "%20") + "?cache=private";
    try (Database database = Database.open(url, "", "")) {
      assertThat(database.isHealthy(2)).isTrue();
    }
    assertThat(file).exists();
  }

  @Test
  void refusesAnUnsupportedUrl() {
    assertThatThrownBy(() -> Database.open("jdbc:mysql://localhost/agenda", "", ""))
        .isInstanceOf(DatabaseException.class)
        .hasMessageContaining("jdbc:sqlite:");
  }
}
