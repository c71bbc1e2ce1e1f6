package org.agenda;

import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import org.agenda.db.BackupCommand;
import org.agenda.db.CopyCommand;
import org.agenda.db.Database;
import org.agenda.db.DatabaseException;
import org.agenda.operations.AccessLogStream;
import org.agenda.app.Application;
import org.agenda.config.Config;
import org.agenda.config.ConfigException;
import org.agenda.importer.ImportCommand;
import org.agenda.user.UserCommand;
import org.agenda.user.Users;

/** {@code java -jar agenda.jar [serve]} starts the service; {@code user …} manages users (§10.3);
 * {@code backup FILE} and {@code restore FILE} copy the database ({@link BackupCommand}); {@code copy URL}
 * copies it into another, empty one ({@link CopyCommand}); {@code import tec URL} brings a calendar over from a site
 * of The Events Calendar ({@link ImportCommand}). */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    List<String> arguments = Arrays.asList(args);
    Config config;
    try {
      config = Config.fromEnvironment(System.getenv());
    } catch (ConfigException e) {
      System.err.println("agenda: " + e.getMessage());
      System.exit(1);
      return;
    }
    if (arguments.isEmpty() || arguments.get(0).equals("serve")) {
      serve(config);
    } else if (arguments.get(0).equals("user")) {
      System.exit(user(config, arguments.subList(1, arguments.size())));
    } else if (arguments.get(0).equals("backup") || arguments.get(0).equals("restore")) {
      System.exit(BackupCommand.run(arguments, config.dbUrl(), config.dbUser(), System.out, System.err));
    } else if (arguments.get(0).equals("import")) {
      System.exit(ImportCommand.run(arguments.subList(1, arguments.size()), config, System.getenv(), System.out,
          System.err));
    } else if (arguments.get(0).equals("copy")) {
      System.exit(CopyCommand.run(arguments, config.dbUrl(), config.dbUser(), config.dbPassword(), System.getenv(),
          System.out, System.err));
    } else {
      System.err.println("usage: java -jar agenda.jar [serve | user add|list|role|password|remove …"
          + " | backup FILE | restore FILE | copy TARGET_URL [--user USER] | import tec BASE_URL …]");
      System.exit(2);
    }
  }

  private static void serve(Config config) {
    try {
      Application application = Application.start(config, Clock.systemUTC(), System.out, AccessLogStream.open());
      Runtime.getRuntime().addShutdownHook(new Thread(application::close));
      System.out.println("Agenda listening on port " + application.port());
    } catch (DatabaseException e) {
      System.err.println("agenda: " + e.getMessage());
      System.exit(1);
    } catch (RuntimeException e) {
      System.err.println("agenda: cannot start: " + e.getMessage());
      System.exit(1);
    }
  }

  private static int user(Config config, List<String> args) {
    try (Database database = Database.open(config.dbUrl(), config.dbUser(), config.dbPassword(), config.dbBusyTimeoutMillis())) {
      return UserCommand.run(args, new Users(database, Clock.systemUTC()), System.out, System.err);
    } catch (DatabaseException e) {
      System.err.println("agenda: " + e.getMessage());
      return 1;
    } catch (RuntimeException e) {
      System.err.println("agenda: " + e.getMessage());
      return 1;
    }
  }
}
