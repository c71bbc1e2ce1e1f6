package org.agenda.bench;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agenda.app.Application;
import org.agenda.config.Config;
import org.agenda.config.SqliteFile;
import org.agenda.db.Database;
import org.agenda.http.Caller;
import org.agenda.record.RecordTables;
import org.agenda.term.TermTables;
import org.agenda.user.Role;
import org.agenda.user.Users;

/**
 * {@code java -jar agenda.jar generate N [--seed S] [--threads T] [--batch B] [--ids FILE]}: fills the
 * configured database with the benchmark data set of issue #9 through the service's own write path. It
 * starts the application and sends every record to its routes as the administrator {@code bench} would
 * (JSON bodies, in-process: {@link Client}), so every validation, translation, slug, link and count rule
 * applies. Events go in batches of {@code B}, each batch (an event's create and its translations included)
 * one database transaction: SQLite commits with a synchronous write to disk, and one per event would make
 * a million events take hours. Only counting what is already there, the ids file and the size are read
 * from the database directly.
 *
 * <p>Resumable: records already stored are counted and generation continues at the next index, so running
 * the command again on a complete database does nothing but report. A batch is written whole or not at
 * all; after an interruption with {@code T} threads, up to {@code T - 1} later batches may have been
 * written before an unwritten one, so a resumed data set can hold a few indexes twice and miss others.
 */
public final class Generator {
  static final String USER = "bench";
  private static final int ANALYZE_EVERY_BATCHES = 100;

  private final Application application;
  private final Client client;
  private final Shapes shapes;
  private final int threads;
  private final int batch;
  private final PrintStream out;

  private Generator(Application application, Client client, Shapes shapes, int threads, int batch, PrintStream out) {
    this.application = application;
    this.client = client;
    this.shapes = shapes;
    this.threads = threads;
    this.batch = batch;
    this.out = out;
  }

  public static int run(Map<String, String> environment, List<String> args, PrintStream out, PrintStream err) {
    int events;
    long seed = 1;
    int threads = 8;
    int batch = 100;
    Path idsFile = null;
    try {
      if (args.isEmpty()) throw new IllegalArgumentException("missing N");
      events = Integer.parseInt(args.get(0).replace("_", ""));
      for (int a = 1; a < args.size(); a += 2) {
        String value = args.get(a + 1);
        switch (args.get(a)) {
          case "--seed" -> seed = Long.parseLong(value);
          case "--threads" -> threads = Integer.parseInt(value);
          case "--batch" -> batch = Integer.parseInt(value);
          case "--ids" -> idsFile = Path.of(value);
          default -> throw new IllegalArgumentException("unknown option " + args.get(a));
        }
      }
      if (events < 1 || threads < 1 || batch < 1) throw new IllegalArgumentException("N, T and B must be positive");
    } catch (RuntimeException e) {
      err.println("usage: java -jar agenda.jar generate N [--seed S] [--threads T] [--batch B] [--ids FILE] ("
          + e.getMessage() + ")");
      return 2;
    }
    Map<String, String> env = new HashMap<>(environment);
    env.put("AGENDA_PORT", "0");
    Config config = Config.fromEnvironment(env);
    var quiet = new PrintStream(OutputStream.nullOutputStream());
    long started = System.nanoTime();
    String report;
    try (Application application = Application.start(config, Clock.systemUTC(), quiet, quiet)) {
      var users = new Users(application.database(), Clock.systemUTC());
      if (users.byName(USER).isEmpty()) users.add(USER, Role.ADMINISTRATOR);
      var client = new Client(application.dispatcher(), Caller.of(users.byName(USER).orElseThrow()));
      var generator = new Generator(application, client, new Shapes(seed, LocalDate.now(config.timezone())), threads,
          batch, out);
      out.printf("generating %d events (seed %d, %d threads, batches of %d) into %s%n", events, seed, threads, batch,
          config.dbUrl());
      long created = generator.generate(events);
      double seconds = (System.nanoTime() - started) / 1e9;
      if (idsFile != null) generator.writeIds(idsFile);
      report = String.format(java.util.Locale.ROOT,
          "generated events=%d created=%d requests=%d seconds=%.1f events_per_second=%.1f requests_per_second=%.1f"
              + " threads=%d batch=%d",
          generator.count("event"), created, client.requests(), seconds, created / seconds, client.requests() / seconds, threads, batch);
      if (!application.database().isSqlite()) report += " db_bytes=" + postgresSize(application.database());
    } catch (RuntimeException e) {
      err.println("agenda generate: " + e.getMessage());
      return 1;
    }
    // SQLite: measured once closed, when the write-ahead log has been checkpointed into the file
    Path sqliteFile = SqliteFile.of(config.dbUrl()).orElse(null);
    if (sqliteFile != null) report += " db_bytes=" + sqliteSize(sqliteFile);
    out.println(report);
    return 0;
  }

  /** Stores whatever is missing and returns the number of events created by this run. */
  private long generate(int events) {
    long[] categories = terms(TermTables.CATEGORY, Shapes.CATEGORIES);
    long[] tags = terms(TermTables.TAG, Shapes.TAGS);
    long[] venues = records("venue", Shapes.venues(events));
    long[] organizers = records("organizer", Shapes.organizers(events));
    long existing = count("event");
    long batches = (events - existing + batch - 1) / batch;
    analyze();
    var searchIndex = new SearchIndexPause(application.database());
    if (batches > 0) searchIndex.begin();
    Parallel.forEach("batches of " + batch + " events", 0, batches, threads, out, b -> {
      long from = existing + b * batch;
      // statistics while the tables grow: after batches 1, 2, 4, 8 … and every hundredth
      if (b > 0 && (Long.bitCount(b) == 1 || b % ANALYZE_EVERY_BATCHES == 0)) analyze();
      application.database().batch(() -> {
        for (long i = from; i < Math.min(events, from + batch); i++) {
          long id = client.create("/events", shapes.event(i, venues, organizers, categories, tags));
          for (String language : List.of("en", "fr")) {
            if (Shapes.hasLanguage(i, language)) client.translate("/events/" + id, language, shapes.text(i, language));
          }
        }
      });
    });
    long indexing = System.nanoTime();
    if (searchIndex.end()) out.printf("search index built in %.0f s%n", (System.nanoTime() - indexing) / 1e9);
    return Math.max(0, events - existing);
  }

  /**
   * PostgreSQL plans with the statistics of its last ANALYZE; tables filled from empty faster than
   * autovacuum looks at them would be planned as empty (the slug lookup of every create then reads all
   * translations). A production database has autovacuum's statistics; the generator keeps them fresh.
   */
  private void analyze() {
    if (!application.database().isSqlite()) application.database().dsl().execute("ANALYZE");
  }

  /** Creates the categories (level by level, so parents exist) or tags; a name already stored gives its id. */
  private long[] terms(String taxonomy, int count) {
    boolean categories = taxonomy.equals(TermTables.CATEGORY);
    String path = categories ? "/categories" : "/tags";
    int kind = categories ? 3 : 4;
    long[] ids = new long[count];
    int[][] levels = categories
        ? new int[][] {{0, Shapes.TOP_CATEGORIES}, {Shapes.TOP_CATEGORIES, Shapes.TOP_CATEGORIES + Shapes.MID_CATEGORIES}, {Shapes.TOP_CATEGORIES + Shapes.MID_CATEGORIES, count}}
        : new int[][] {{0, count}};
    for (int[] level : levels) {
      Parallel.forEach(path.substring(1), level[0], level[1], threads, out, index -> {
        int i = (int) index;
        ObjectNode body = shapes.term(kind, i, "nl");
        if (categories && Shapes.categoryParent(i) >= 0) body.put("parent", ids[Shapes.categoryParent(i)]);
        Client.Answer answer = client.send("POST", path, body);
        if (answer.status() == 201) {
          ids[i] = answer.id();
        } else if (answer.body().path("code").asText().equals("term_exists")) {
          ids[i] = answer.body().path("data").path("term_id").asLong();
        } else {
          throw new IllegalStateException("POST " + path + " answered " + answer.status() + ": " + answer.body());
        }
        if (categories) {
          for (String language : List.of("en", "fr")) client.translate(path + "/" + ids[i], language, shapes.term(kind, i, language));
        }
      });
    }
    return ids;
  }

  /** The venues or organizers: those stored (in id order) and the missing ones, created now. */
  private long[] records(String type, int count) {
    List<Long> stored = application.database().dsl().select(RecordTables.ID).from(RecordTables.RECORDS)
        .where(RecordTables.TYPE.eq(type)).orderBy(RecordTables.ID).fetch(RecordTables.ID);
    long[] ids = new long[Math.max(count, stored.size())];
    for (int i = 0; i < stored.size(); i++) ids[i] = stored.get(i);
    Parallel.forEach(type + "s", stored.size(), count, threads, out, index -> {
      int i = (int) index;
      if (type.equals("venue")) {
        ids[i] = client.create("/venues", shapes.venue(i, "nl"));
        if (i % 3 == 0) client.translate("/venues/" + ids[i], "fr", shapes.venue(i, "fr"));
      } else {
        ids[i] = client.create("/organizers", shapes.organizer(i));
      }
    });
    return ids;
  }

  private long count(String type) {
    return application.database().dsl().fetchCount(RecordTables.RECORDS, RecordTables.TYPE.eq(type));
  }

  /** The ids of the events anyone can read by id (published, no password), one a line, for the benchmark. */
  private void writeIds(Path file) {
    var password = field(name("events", "password"), String.class);
    List<Long> ids = application.database().dsl().select(RecordTables.ID).from(RecordTables.RECORDS)
        .join(RecordTables.EVENTS).on(RecordTables.EVENT_ID.eq(RecordTables.ID))
        .where(RecordTables.TYPE.eq("event").and(RecordTables.STATUS.eq("publish"))
            .and(password.isNull().or(password.eq(""))))
        .orderBy(RecordTables.ID).fetch(RecordTables.ID);
    var lines = new ArrayList<String>(ids.size());
    ids.forEach(id -> lines.add(Long.toString(id)));
    try {
      if (file.getParent() != null) Files.createDirectories(file.getParent());
      Files.write(file, lines);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** The SQLite file with its write-ahead log, if any. */
  private static long sqliteSize(Path file) {
    long total = 0;
    for (String suffix : List.of("", "-wal")) {
      try {
        total += Files.size(Path.of(file + suffix));
      } catch (IOException e) {
        // no write-ahead log
      }
    }
    return total;
  }

  private static long postgresSize(Database database) {
    return ((Number) database.dsl().fetchValue("select pg_database_size(current_database())")).longValue();
  }
}
