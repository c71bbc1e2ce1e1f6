package org.agenda.importer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.agenda.app.Application;
import org.agenda.app.LocalApi;
import org.agenda.config.Config;
import org.agenda.db.DatabaseException;
import org.agenda.user.Role;
import org.agenda.user.User;

/**
 * {@code import tec BASE_URL …} (issue 22): brings a whole calendar over from a live site of The Events Calendar
 * through its REST routes, keeping ids and slugs, and can be run again until the switch-over day. Exit status 0 when
 * nothing was skipped, 3 when some records were, 1 on failure, 2 on usage errors.
 */
public final class ImportCommand {
  private ImportCommand() {}

  public static int run(List<String> args, Config config, Map<String, String> env, PrintStream out, PrintStream err) {
    return run(args, config, env, out, err, duration -> {
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SourceFailure("interrupted");
      }
    });
  }

  /** The same with the wait between attempts to read the source given (tests record it instead of sleeping). */
  public static int run(List<String> args, Config config, Map<String, String> env, PrintStream out, PrintStream err,
      Consumer<Duration> pause) {
    ImportOptions options;
    try {
      options = ImportOptions.parse(args, env, config.languages(), config.defaultLanguage());
    } catch (ImportOptions.Usage usage) {
      err.println("agenda import: " + usage.getMessage());
      err.println(ImportOptions.USAGE);
      return 2;
    }
    var source = new Source(options.baseUrl(), options.namespace(), options.user(), options.password(),
        options.concurrency(), pause);
    var report = new Report();
    ExecutorService readers = Executors.newFixedThreadPool(options.concurrency(), runnable -> {
      Thread thread = new Thread(runnable, "agenda-import-reader");
      thread.setDaemon(true);
      return thread;
    });
    try (LocalApi api = Application.local(config, Clock.systemUTC(), out)) {
      User importer = importingUser(api, options.as());
      Map<Long, User> authors = authors(api, options.authorMap());
      checkSource(source, options);
      var progress = new Progress(out, System.console() != null, System::nanoTime, report);
      var run = new Importer(api, new Lists(source, readers, options.concurrency(), options.languageRoots()), options, importer, authors,
          report, progress, source.root() + "/" + options.namespace());
      try {
        run.run();
      } catch (SourceFailure failure) {
        report.print(out, options.dryRun());
        err.println("agenda import: stopped: " + failure.getMessage());
        return 1;
      }
      report.print(out, options.dryRun());
      return report.anySkipped() ? 3 : 0;
    } catch (ImportOptions.Usage usage) {
      err.println("agenda import: " + usage.getMessage());
      return 2;
    } catch (SourceFailure failure) {
      err.println("agenda import: " + failure.getMessage() + "; nothing was written");
      return 1;
    } catch (DatabaseException e) {
      err.println("agenda import: " + e.getMessage());
      return 1;
    } finally {
      readers.shutdownNow();
    }
  }

  /**
   * Before anything is written: the site answers, with the original's namespace index, and (with --user) accepts
   * the credentials for records that are not public.
   */
  private static void checkSource(Source source, ImportOptions options) {
    Source.Answer index = source.get("");
    if (index.body().has("code") || !index.body().has("routes") && !index.body().has("namespace")) {
      throw new SourceFailure(source.root() + "/" + options.namespace() + " is not the original's namespace ("
          + index.body().path("message").asText("no routes") + ")");
    }
    if (options.user() != null) {
      Source.Answer drafts = source.get("events?per_page=1&status=draft");
      if (drafts.body().has("code") && !drafts.body().has("events")) {
        throw new SourceFailure("the site does not show " + options.user() + " its drafts ("
            + drafts.body().path("message").asText() + "); check --user and AGENDA_IMPORT_PASSWORD");
      }
    }
  }

  /** The Agenda user the records are written as: {@code --as}, else the first administrator. */
  private static User importingUser(LocalApi api, String name) throws ImportOptions.Usage {
    if (name != null) {
      User user = api.users().byName(name).orElseThrow(() -> new ImportOptions.Usage("--as: no Agenda user " + name));
      if (!user.role().atLeast(Role.EDITOR)) throw new ImportOptions.Usage("--as: " + name + " is not an editor");
      return user;
    }
    return api.users().list().stream().filter(user -> user.role() == Role.ADMINISTRATOR).findFirst()
        .orElseThrow(() -> new ImportOptions.Usage("no Agenda administrator to import as; name one with --as"));
  }

  /** {@code --author-map FILE}: lines "SOURCE_USER_ID AGENDA_USER_NAME" ('=' or ',' may separate; # comments). */
  private static Map<Long, User> authors(LocalApi api, String file) throws ImportOptions.Usage {
    Map<Long, User> authors = new HashMap<>();
    if (file == null) return authors;
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(file));
    } catch (IOException e) {
      throw new ImportOptions.Usage("--author-map: cannot read " + file + ": " + e.getMessage());
    }
    for (String line : lines) {
      String text = line.replaceAll("#.*", "").trim();
      if (text.isEmpty()) continue;
      String[] parts = text.split("[\\s=,]+");
      if (parts.length != 2 || !parts[0].matches("\\d{1,18}")) {
        throw new ImportOptions.Usage("--author-map: not \"SOURCE_USER_ID AGENDA_USER\": " + line);
      }
      User user = api.users().byName(parts[1])
          .orElseThrow(() -> new ImportOptions.Usage("--author-map: no Agenda user " + parts[1]));
      authors.put(Long.parseLong(parts[0]), user);
    }
    return authors;
  }
}
