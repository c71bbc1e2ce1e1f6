package org.agenda.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * An empty database for one test class: a SQLite file in a temporary folder, or a new PostgreSQL
 * database when the system property {@code agenda.test.db} is {@code postgres}. Closing removes it.
 */
public final class FreshDatabase implements AutoCloseable {
  private static final String PG_URL = System.getProperty("agenda.test.pg.url", "jdbc:postgresql://127.0.0.1:5432/");
  private static final String PG_USER = System.getProperty("agenda.test.pg.user", "postgres");

  /** The JDBC URL, for {@code AGENDA_DB_URL}. */
  public final String url;
  /** The user name, for {@code AGENDA_DB_USER} (empty for SQLite). */
  public final String user;
  private final Runnable cleanup;

  private FreshDatabase(String url, String user, Runnable cleanup) {
    this.url = url;
    this.user = user;
    this.cleanup = cleanup;
  }

  public static FreshDatabase create() {
    return create(usesPostgres());
  }

  /** An empty database of the given kind, whatever this run uses. */
  public static FreshDatabase create(boolean postgres) {
    if (postgres) {
      String name = "agenda_test_" + UUID.randomUUID().toString().replace("-", "");
      createPostgresDatabase(name);
      return new FreshDatabase(PG_URL + name, PG_USER, () -> dropPostgresDatabase(name));
    }
    try {
      Path folder = Files.createTempDirectory("agenda-test");
      return new FreshDatabase("jdbc:sqlite:" + folder.resolve("agenda.db"), "", () -> deleteQuietly(folder));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static boolean usesPostgres() {
    return "postgres".equals(System.getProperty("agenda.test.db"));
  }

  /** A plain connection, outside the service, for checks of what is stored. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url, user, "");
  }

  private static void createPostgresDatabase(String name) {
    try (var connection = DriverManager.getConnection(PG_URL + "postgres", PG_USER, "");
        var statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      String message = "PostgreSQL is not reachable at " + PG_URL + " as " + PG_USER + ": " + e.getMessage();
      if ("true".equals(System.getenv("CI"))) throw new IllegalStateException(message + " (CI=true: failing)", e);
      System.err.println("!!!!! SKIPPING the PostgreSQL run: " + message);
      Assumptions.abort(message);
    }
  }

  private static void dropPostgresDatabase(String name) {
    try (var connection = DriverManager.getConnection(PG_URL + "postgres", PG_USER, "");
        var statement = connection.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (SQLException e) {
      System.err.println("could not drop test database " + name + ": " + e.getMessage());
    }
  }

  /** Deletes a temporary folder and everything in it, as far as possible. */
  public static void deleteQuietly(Path folder) {
    try (var files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (java.io.IOException e) {
      // a temporary folder; the operating system cleans it up eventually
    }
  }

  @Override
  public void close() {
    cleanup.run();
  }
}
