package org.agenda.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Counts every committed row insert, update and delete in the server's data tables, through triggers that the
 * test adds to its database with a JDBC connection of its own. Reading the count costs one single-row query
 * whatever the size of the data, so it can be read around every request; a rolled-back transaction leaves it
 * as it was, since the triggers run inside it. Left out: Flyway's history and the data version, which a
 * transaction advances without changing any data, and SQLite's search index ({@code translation_text} and its
 * shadow tables), which the triggers on translations write (the changes of translations themselves are counted).
 */
public final class RowChanges implements AutoCloseable {
  private static final String COUNTER = "test_row_changes";
  private static final Set<String> NOT_DATA = Set.of("flyway_schema_history", "data_version", COUNTER,
      "sqlite_sequence");
  private static final String SEARCH_INDEX = "translation_text";

  private final Connection connection;

  private RowChanges(Connection connection) {
    this.connection = connection;
  }

  /** Adds the counter and its triggers to every data table of the server's database. */
  public static RowChanges install(TestServer server) throws SQLException {
    Connection connection = server.connectDirectly();
    boolean postgres = TestServer.usesPostgres();
    try (var statement = connection.createStatement()) {
      statement.execute("CREATE TABLE " + COUNTER + " (n BIGINT NOT NULL)");
      statement.execute("INSERT INTO " + COUNTER + " VALUES (0)");
      if (postgres) {
        statement.execute("CREATE FUNCTION count_row_change() RETURNS trigger LANGUAGE plpgsql AS "
            + "$$ BEGIN UPDATE " + COUNTER + " SET n = n + 1; RETURN NULL; END $$");
      }
      for (String table : dataTables(connection)) {
        if (postgres) {
          statement.execute("CREATE TRIGGER count_" + table + " AFTER INSERT OR UPDATE OR DELETE ON " + table
              + " FOR EACH ROW EXECUTE FUNCTION count_row_change()");
        } else {
          for (String operation : List.of("INSERT", "UPDATE", "DELETE")) {
            statement.execute("CREATE TRIGGER count_" + operation.toLowerCase(Locale.ROOT) + "_" + table + " AFTER " + operation
                + " ON " + table + " BEGIN UPDATE " + COUNTER + " SET n = n + 1; END");
          }
        }
      }
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return new RowChanges(connection);
  }

  private static List<String> dataTables(Connection connection) throws SQLException {
    var tables = new ArrayList<String>();
    String schema = TestServer.usesPostgres() ? "public" : null;
    try (var result = connection.getMetaData().getTables(null, schema, "%", new String[] {"TABLE"})) {
      while (result.next()) {
        String table = result.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
        if (!NOT_DATA.contains(table) && !table.startsWith(SEARCH_INDEX)) tables.add(table);
      }
    }
    if (tables.size() < 5) throw new IllegalStateException("expected the service's tables, found " + tables);
    return tables;
  }

  /** Rows changed by committed transactions since {@link #install}. */
  public synchronized long count() {
    try (var statement = connection.createStatement(); var result = statement.executeQuery("SELECT n FROM " + COUNTER)) {
      result.next();
      return result.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
