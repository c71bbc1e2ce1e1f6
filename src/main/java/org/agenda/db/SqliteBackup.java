package org.agenda.db;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteException;

/**
 * Backup and restore of the SQLite database file. Both write a temporary file next to the destination
 * and rename it into place, so the destination is always either the old file or the complete new one.
 */
final class SqliteBackup {
  private static final int BUSY_TIMEOUT_MS = 10_000;
  /** How long a restore waits for the database before it takes it for open by the service. */
  private static final int IN_USE_TIMEOUT_MS = 2_000;

  private final Path database;

  SqliteBackup(Path database) {
    this.database = database;
  }

  /**
   * Copies the database to {@code file} with {@code VACUUM INTO}: one read transaction, so the copy is the
   * database as of one commit, while the service goes on writing (WAL readers do not block writers), and
   * it holds every write acknowledged before the backup started. Returns the size of the copy.
   */
  long backup(Path file) {
    if (!Files.isRegularFile(database)) throw new DatabaseException("no database at " + database);
    Path temporary = temporaryNextTo(file);
    try {
      try (Connection source = open(database);
          var vacuum = source.prepareStatement("VACUUM INTO ?")) {
        vacuum.setString(1, temporary.toString());
        vacuum.execute();
      }
      List<String> problems = problems(temporary);
      if (!problems.isEmpty()) throw new DatabaseException("the copy failed its check: " + String.join("; ", problems));
      replace(temporary, file);
      return Files.size(file);
    } catch (SQLException | IOException e) {
      throw new DatabaseException("backup failed: " + Database.rootMessage(e));
    } finally {
      deleteQuietly(temporary);
    }
  }

  /**
   * Replaces the database with a copy of {@code file}, after checking that the copy is a sound Agenda
   * database this version can open; refuses while another process (the service) has the database open.
   */
  void restore(Path file) {
    if (!Files.isRegularFile(file)) throw new DatabaseException("no backup at " + file);
    if (Files.exists(sidecar(file, "-wal"))) {
      throw new DatabaseException(file + " has a write-ahead log next to it; restore takes a file written by backup");
    }
    Path temporary = temporaryNextTo(database);
    try {
      Files.copy(file, temporary, StandardCopyOption.REPLACE_EXISTING);
      List<String> problems = problems(temporary);
      problems.addAll(migrationProblems(temporary));
      if (!problems.isEmpty()) throw new DatabaseException(file + " is not a sound Agenda database: " + String.join("; ", problems));
      if (Files.exists(database)) takeOver();
      // No journal of the old file may be left: SQLite would apply it to the restored one.
      for (String suffix : List.of("-wal", "-shm", "-journal")) Files.deleteIfExists(sidecar(database, suffix));
      replace(temporary, database);
    } catch (SQLException | IOException e) {
      throw new DatabaseException("restore failed: " + Database.rootMessage(e));
    } finally {
      deleteQuietly(temporary);
    }
  }

  /**
   * Leaving WAL mode needs the only connection to the database: it fails while the service has it open,
   * and otherwise folds the write-ahead log into the file and removes it.
   */
  private void takeOver() throws SQLException {
    try (Connection connection = open(database, IN_USE_TIMEOUT_MS); var statement = connection.createStatement();
        var mode = statement.executeQuery("PRAGMA journal_mode=DELETE")) {
      if (mode.next() && "delete".equalsIgnoreCase(mode.getString(1))) return;
    } catch (SQLiteException e) {
      // a file SQLite cannot read at all is simply replaced
      if (!Database.isBusy(e)) return;
    }
    throw new DatabaseException(database + " is in use: stop the service before restoring");
  }

  /** SQLite's own checks, and the copy left in rollback-journal mode so that it is complete in one file. */
  private static List<String> problems(Path copy) throws SQLException {
    var problems = new ArrayList<String>();
    try (Connection connection = open(copy); var statement = connection.createStatement()) {
      try (var rows = statement.executeQuery("PRAGMA integrity_check")) {
        while (rows.next()) if (!"ok".equals(rows.getString(1))) problems.add("integrity_check: " + rows.getString(1));
      }
      try (var rows = statement.executeQuery("PRAGMA foreign_key_check")) {
        if (rows.next()) problems.add("foreign_key_check: a row of " + rows.getString(1) + " points at a missing row");
      }
      statement.execute("PRAGMA journal_mode=DELETE");
    }
    return problems;
  }

  /** The copy must have Agenda's migration history, without changed or unknown (newer) migrations. */
  private static List<String> migrationProblems(Path copy) {
    var dataSource = new SQLiteDataSource();
    dataSource.setUrl("jdbc:sqlite:" + copy);
    Flyway flyway = Database.migrations(dataSource, true)
        // an older backup is fine: the service migrates it at start
        .ignoreMigrationPatterns("*:pending")
        .load();
    if (flyway.info().applied().length == 0) return List.of("it has no Agenda migration history");
    var validation = flyway.validateWithResult();
    if (validation.validationSuccessful) return List.of();
    var problems = new ArrayList<String>();
    validation.invalidMigrations.forEach(invalid -> problems.add("migration " + invalid.version + ": " + invalid.errorDetails.errorMessage));
    if (problems.isEmpty()) problems.add(validation.getAllErrorMessages());
    return problems;
  }

  private static Connection open(Path file) throws SQLException {
    return open(file, BUSY_TIMEOUT_MS);
  }

  private static Connection open(Path file, int busyTimeoutMs) throws SQLException {
    var config = new SQLiteConfig();
    config.setBusyTimeout(busyTimeoutMs);
    return DriverManager.getConnection("jdbc:sqlite:" + file, config.toProperties());
  }

  /** Renames into place once the content is on disk, then makes the rename itself durable. */
  private static void replace(Path temporary, Path destination) throws IOException {
    try (var channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    try (var directory = FileChannel.open(destination.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
      directory.force(true);
    } catch (IOException e) {
      // not every system can sync a directory; the rename is still atomic
    }
  }

  private static Path temporaryNextTo(Path file) {
    Path directory = file.toAbsolutePath().getParent();
    try {
      Files.createDirectories(directory);
      Path temporary = Files.createTempFile(directory, "." + file.getFileName() + ".", ".tmp");
      // VACUUM INTO writes only into an empty or missing file
      Files.delete(temporary);
      return temporary;
    } catch (IOException e) {
      throw new DatabaseException("cannot write in " + directory + ": " + e.getMessage());
    }
  }

  private static Path sidecar(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }

  private static void deleteQuietly(Path temporary) {
    for (String suffix : List.of("", "-journal", "-wal", "-shm")) {
      try {
        Files.deleteIfExists(sidecar(temporary, suffix));
      } catch (IOException e) {
        // a leftover temporary file, named as such
      }
    }
  }
}
