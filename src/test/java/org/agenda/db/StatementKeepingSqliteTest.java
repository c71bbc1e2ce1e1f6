package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.jdbc4.JDBC4PreparedStatement;

/** SQLite connections of the pool keep their prepared statements, and a kept statement holds no old snapshot. */
class StatementKeepingSqliteTest {
  private static final String COUNT = "SELECT count(*) FROM terms";
  private static final String IDS = "SELECT id FROM terms ORDER BY id";

  @TempDir
  Path folder;

  @Test
  void aStatementClosedIsPreparedOnceAndReadsWhatWasWrittenSince() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("agenda.db");
    try (Database database = Database.open(url, "", "")) {
      for (String taxonomy : new String[] {"category", "post_tag", "post_tag"}) {
        database.transaction(dsl -> dsl.execute("INSERT INTO terms (taxonomy, parent) VALUES (?, 0)", taxonomy));
      }
      database.dsl().connection(connection -> {
        JDBC4PreparedStatement first;
        try (PreparedStatement ids = connection.prepareStatement(IDS); ResultSet rows = ids.executeQuery()) {
          first = ids.unwrap(JDBC4PreparedStatement.class);
          // one row of three read: closing must still end the read transaction the statement opened
          assertThat(rows.next()).isTrue();
        }
        assertThat(count(connection)).isEqualTo(3);
        try (Connection other = DriverManager.getConnection(url)) {
          other.createStatement().execute("INSERT INTO terms (taxonomy, parent) VALUES ('post_tag', 0)");
        }
        assertThat(count(connection)).isEqualTo(4);
        try (PreparedStatement ids = connection.prepareStatement(IDS); ResultSet rows = ids.executeQuery()) {
          assertThat(ids.unwrap(JDBC4PreparedStatement.class)).isSameAs(first);
          int read = 0;
          while (rows.next()) read++;
          assertThat(read).isEqualTo(4);
        }
      });
    }
  }

  private static int count(Connection connection) throws Exception {
    try (PreparedStatement count = connection.prepareStatement(COUNT); ResultSet row = count.executeQuery()) {
      row.next();
      return row.getInt(1);
    }
  }
}
