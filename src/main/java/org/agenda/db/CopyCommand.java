package org.agenda.db;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code copy TARGET_URL [--user U]}: copies every row of the configured database into an empty one at
 * {@code TARGET_URL} (password from {@code AGENDA_COPY_DB_PASSWORD}), for moving from the embedded SQLite
 * file to PostgreSQL or back. The target gets the schema by the same migrations, then the rows table by
 * table in one transaction, so it holds all of them or none. The source is read in one transaction, a
 * consistent snapshot; on SQLite that transaction holds the write lock, so writes of a running service wait.
 */
public final class CopyCommand {
  static final String USAGE = "usage: java -jar agenda.jar copy TARGET_URL [--user USER]   (password: AGENDA_COPY_DB_PASSWORD)\n";
  /**
   * In dependency order: a row's references are copied before it. The change log comes last, in place of the rows
   * that the target's triggers open for the records copied into it (the copy keeps the feed, its tokens included).
   */
  private static final List<String> TABLES = List.of("users", "app_passwords", "records", "translations", "events",
      "venues", "organizers", "event_venues", "event_organizers", "terms", "term_translations", "event_terms",
      "search_fields", "imported", "change_log");
  /** The tables whose ids a database generates; PostgreSQL's generator must continue after the copied ones. */
  private static final List<String> GENERATED_IDS = List.of("users", "app_passwords", "records", "terms", "change_log");
  /** Values per INSERT statement: below SQLite's and PostgreSQL's limits on bound parameters. */
  private static final int VALUES_PER_STATEMENT = 4_000;

  private CopyCommand() {}

  /** @return the exit status: 0 copied, 1 failure, 2 usage error */
  public static int run(List<String> args, String sourceUrl, String sourceUser, String sourcePassword,
      Map<String, String> environment, PrintStream out, PrintStream err) {
    String targetUrl = args.size() >= 2 ? args.get(1) : null;
    String targetUser = args.size() == 4 && args.get(2).equals("--user") ? args.get(3) : null;
    if (targetUrl == null || !(args.size() == 2 || targetUser != null)) {
      err.print(USAGE);
      return 2;
    }
    if (targetUrl.equals(sourceUrl)) {
      err.println("agenda: the target is the configured database itself");
      return 1;
    }
    long started = System.nanoTime();
    try (Database source = Database.open(sourceUrl, sourceUser, sourcePassword);
        Database target = Database.open(targetUrl, targetUser, environment.get("AGENDA_COPY_DB_PASSWORD"))) {
      long rows = source.dsl().connectionResult(from -> target.dsl().connectionResult(to -> copy(from, to, target, out)));
      out.printf("Copied %d rows from %s to %s in %.1f s%n", rows, sourceUrl, targetUrl, (System.nanoTime() - started) / 1e9);
      return 0;
    } catch (DatabaseException e) {
      err.println("agenda: " + e.getMessage());
      return 1;
    } catch (org.jooq.exception.DataAccessException e) {
      err.println("agenda: copy failed, nothing was written: " + Database.rootMessage(e));
      return 1;
    }
  }

  private static long copy(Connection from, Connection to, Database target, PrintStream out) throws SQLException {
    from.setAutoCommit(false);
    to.setAutoCommit(false);
    try {
      for (String table : TABLES) {
        if (count(to, table) > 0) throw new DatabaseException("the target database is not empty (table " + table + ")");
      }
      long total = 0;
      for (String table : TABLES) {
        if (table.equals("change_log")) {
          try (var opened = to.createStatement()) {
            opened.executeUpdate("DELETE FROM change_log WHERE version IS NULL");
          }
        }
        long rows = copyTable(from, to, table);
        out.printf("  %s: %d rows%n", table, rows);
        total += rows;
      }
      try (var version = from.createStatement(); var result = version.executeQuery("SELECT version FROM data_version WHERE id = 1");
          var update = to.prepareStatement("UPDATE data_version SET version = ? WHERE id = 1")) {
        result.next();
        update.setLong(1, result.getLong(1) + 1);
        update.executeUpdate();
      }
      try (var horizon = from.createStatement();
          var result = horizon.executeQuery("SELECT version, change_id FROM change_horizon WHERE id = 1");
          var update = to.prepareStatement("UPDATE change_horizon SET version = ?, change_id = ? WHERE id = 1")) {
        result.next();
        update.setLong(1, result.getLong(1));
        update.setLong(2, result.getLong(2));
        update.executeUpdate();
      }
      if (!target.isSqlite()) {
        try (var statement = to.createStatement()) {
          for (String table : GENERATED_IDS) {
            statement.execute("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), "
                + "(SELECT coalesce(max(id), 0) + 1 FROM " + table + "), false)");
          }
        }
      }
      to.commit();
      return total;
    } catch (SQLException | RuntimeException e) {
      to.rollback();
      throw e;
    } finally {
      from.rollback();
    }
  }

  private static long count(Connection connection, String table) throws SQLException {
    try (var statement = connection.createStatement(); var result = statement.executeQuery("SELECT count(*) FROM " + table)) {
      result.next();
      return result.getLong(1);
    }
  }

  /** Streams the rows of {@code table} into multi-row INSERTs of the same columns. */
  private static long copyTable(Connection from, Connection to, String table) throws SQLException {
    try (var select = from.createStatement()) {
      select.setFetchSize(1_000);
      try (ResultSet rows = select.executeQuery("SELECT * FROM " + table)) {
        int columns = rows.getMetaData().getColumnCount();
        List<String> names = new ArrayList<>();
        for (int c = 1; c <= columns; c++) names.add(rows.getMetaData().getColumnName(c));
        int perStatement = Math.max(1, VALUES_PER_STATEMENT / columns);
        List<Object[]> pending = new ArrayList<>(perStatement);
        long copied = 0;
        while (rows.next()) {
          Object[] values = new Object[columns];
          for (int c = 0; c < columns; c++) values[c] = rows.getObject(c + 1);
          pending.add(values);
          if (pending.size() == perStatement) copied += insert(to, table, names, pending);
        }
        return copied + insert(to, table, names, pending);
      }
    }
  }

  private static int insert(Connection to, String table, List<String> names, List<Object[]> rows) throws SQLException {
    if (rows.isEmpty()) return 0;
    String row = "(" + String.join(", ", Collections.nCopies(names.size(), "?")) + ")";
    String sql = "INSERT INTO " + table + " (" + String.join(", ", names) + ") VALUES "
        + String.join(", ", Collections.nCopies(rows.size(), row));
    try (PreparedStatement insert = to.prepareStatement(sql)) {
      int p = 1;
      for (Object[] values : rows) {
        for (Object value : values) insert.setObject(p++, value);
      }
      insert.executeUpdate();
    }
    int count = rows.size();
    rows.clear();
    return count;
  }
}
