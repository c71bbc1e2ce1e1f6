package org.agenda.db;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.agenda.config.SqliteFile;

/**
 * {@code backup FILE} and {@code restore FILE}. On SQLite they copy the database file ({@link SqliteBackup});
 * a PostgreSQL server has its own tools, so there they only print the pg_dump or pg_restore command to run.
 */
public final class BackupCommand {
  static final String USAGE = """
      usage: java -jar agenda.jar backup FILE     (the service may be running)
             java -jar agenda.jar restore FILE    (stop the service first)
      """;

  private BackupCommand() {}

  /**
   * Runs {@code args} ({@code backup FILE} or {@code restore FILE}) on the database of {@code url}.
   *
   * @return the exit status: 0 success, 1 failure, 2 usage error
   */
  public static int run(List<String> args, String url, String user, PrintStream out, PrintStream err) {
    if (args.size() != 2 || !List.of("backup", "restore").contains(args.get(0))) {
      err.print(USAGE);
      return 2;
    }
    boolean backup = args.get(0).equals("backup");
    Path file = Path.of(args.get(1));
    if (url.startsWith("jdbc:postgresql:")) {
      err.println(backup ? pgDump(url, user, file) : pgRestore(url, user, file));
      return 1;
    }
    Path location = SqliteFile.of(url).orElse(null);
    if (location == null) {
      err.println("agenda: backup and restore need a database file, AGENDA_DB_URL=jdbc:sqlite:<file path>, got " + url);
      return 1;
    }
    var files = new SqliteBackup(location);
    try {
      if (backup) {
        long size = files.backup(file);
        out.println("Backed up " + location + " to " + file + " (" + size + " bytes)");
      } else {
        files.restore(file);
        out.println("Restored " + location + " from " + file);
      }
      return 0;
    } catch (DatabaseException e) {
      err.println("agenda: " + e.getMessage());
      return 1;
    }
  }

  private static String pgDump(String url, String user, Path file) {
    return "agenda: a PostgreSQL database is backed up with pg_dump, which is consistent while the service runs:\n"
        + "  pg_dump --format=custom" + userOption(user) + " --file=" + file + " '" + libpqUri(url) + "'";
  }

  private static String pgRestore(String url, String user, Path file) {
    return "agenda: a PostgreSQL database is restored with pg_restore; stop the service first:\n"
        + "  pg_restore --clean --if-exists --no-owner" + userOption(user) + " --dbname='" + libpqUri(url) + "' " + file;
  }

  private static String userOption(String user) {
    return user == null || user.isEmpty() ? "" : " --username=" + user;
  }

  /** {@code jdbc:postgresql://host:port/db?…} as the URI libpq tools take (the JDBC-only parameters dropped). */
  private static String libpqUri(String url) {
    String uri = url.substring("jdbc:".length());
    int parameters = uri.indexOf('?');
    return parameters < 0 ? uri : uri.substring(0, parameters);
  }
}
