package org.agenda.bench;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.agenda.app.Application;
import org.agenda.config.Config;
import org.agenda.config.SqliteFile;
import org.agenda.db.Database;
import org.agenda.user.Role;
import org.agenda.user.Users;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/**
 * {@code bench/generate.sh N [--seed S] [--threads T] [--ids FILE] [--series P]} ({@link #main}): fills the database of
 * {@code AGENDA_DB_URL} (and the rest of the service's environment) with the benchmark data set of issue #9
 * through the service's REST interface. It starts the service in-process on a free port, issues an application
 * password to the administrator {@code bench} (created if missing) and sends every record to
 * {@code http://127.0.0.1:PORT/cal/events/v1/…} over HTTP as that user ({@link Client}), so every validation,
 * translation, slug, link and count rule applies, authentication and transport included. Each record and
 * each translation is one request, one transaction; T threads send them side by side, and a 503 (busy) is
 * sent again. Only counting what is already there, the ids file and the size are read from the database directly.
 *
 * <p>It uses nothing of the product but its public face: {@link Application#start}, {@code port()},
 * {@code database()}, {@link Users}, {@link Database#dsl()} and the service's routes. It lives in the test
 * sources so that the product jar does not ship it; {@code bench/generate.sh} runs it from
 * {@code target/agenda.jar} and {@code target/test-classes}.
 *
 * <p>Resumable: records already stored are counted and generation continues at the next index, so running it
 * again on a complete database does nothing but report. An event and its translations are separate requests:
 * after an interruption with {@code T} threads, up to {@code T} events may lack a translation, and up to
 * {@code T - 1} later indexes may have been written before an unwritten one, so a resumed data set can hold
 * a few indexes twice and miss others.
 */
public final class Generator {
  static final String USER = "bench";
  static final int DEFAULT_THREADS = 8;
  /** PostgreSQL's statistics: after 100, 200, 400, 800 … events, and every 10 000. */
  private static final int ANALYZE_FIRST = 100;
  private static final int ANALYZE_EVERY = 10_000;
  private static final String CATEGORY = "cal_events_cat";
  private static final String TAG = "post_tag";
  private static final Table<Record> RECORDS = table(name("records"));
  private static final Field<Long> ID = field(name("records", "id"), Long.class);
  private static final Field<String> TYPE = field(name("records", "type"), String.class);
  private static final Field<String> STATUS = field(name("records", "status"), String.class);
  private static final Field<String> PASSWORD = field(name("events", "password"), String.class);
  private static final Field<Long> EVENT_ID = field(name("events", "id"), Long.class);

  private final Database database;
  private final Client client;
  private final Shapes shapes;
  private final int threads;
  private final PrintStream out;

  private Generator(Database database, Client client, Shapes shapes, int threads, PrintStream out) {
    this.database = database;
    this.client = client;
    this.shapes = shapes;
    this.threads = threads;
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(run(System.getenv(), Arrays.asList(args), System.out, System.err));
  }

  /** The command with {@code environment} for the service's variables; the exit status. */
  static int run(Map<String, String> environment, List<String> args, PrintStream out, PrintStream err) {
    int events;
    long seed = 1;
    int threads = DEFAULT_THREADS;
    Path idsFile = null;
    int seriesPercent = 0;
    try {
      if (args.isEmpty()) throw new IllegalArgumentException("missing N");
      events = Integer.parseInt(args.get(0).replace("_", ""));
      for (int a = 1; a < args.size(); a += 2) {
        if (a + 1 >= args.size()) throw new IllegalArgumentException(args.get(a) + " needs a value");
        String value = args.get(a + 1);
        switch (args.get(a)) {
          case "--seed" -> seed = Long.parseLong(value);
          case "--threads" -> threads = Integer.parseInt(value);
          case "--ids" -> idsFile = Path.of(value);
          case "--series" -> seriesPercent = Integer.parseInt(value);
          case "--batch" -> throw new IllegalArgumentException("--batch is gone: every record is its own request");
          default -> throw new IllegalArgumentException("unknown option " + args.get(a));
        }
      }
      if (events < 1 || threads < 1) throw new IllegalArgumentException("N and T must be positive");
      if (seriesPercent < 0 || seriesPercent > 100) throw new IllegalArgumentException("P must be 0 to 100");
    } catch (RuntimeException e) {
      err.println("usage: bench/generate.sh N [--seed S] [--threads T] [--ids FILE] [--series P] (" + e.getMessage() + ")");
      return 2;
    }
    Map<String, String> env = new HashMap<>(environment);
    env.put("AGENDA_PORT", "0");
    long started = System.nanoTime();
    String report;
    String dbUrl;
    try {
      Config config = Config.fromEnvironment(env);
      dbUrl = config.dbUrl();
      var quiet = new PrintStream(OutputStream.nullOutputStream());
      try (Application application = Application.start(config, Clock.systemUTC(), quiet, quiet)) {
        Database database = application.database();
        var client = new Client("http://127.0.0.1:" + application.port(), USER, password(new Users(database, Clock.systemUTC())));
        var generator = new Generator(database, client, new Shapes(seed, LocalDate.now(config.timezone()), seriesPercent),
            threads, out);
        out.printf("generating %d events (seed %d, %d threads) into %s through http://127.0.0.1:%d%n", events, seed, threads,
            dbUrl, application.port());
        long created = generator.generate(events);
        double seconds = (System.nanoTime() - started) / 1e9;
        if (idsFile != null) generator.writeIds(idsFile);
        report = String.format(Locale.ROOT,
            "generated events=%d created=%d requests=%d busy_retries=%d seconds=%.1f events_per_second=%.1f"
                + " requests_per_second=%.1f threads=%d",
            generator.count("event"), created, client.requests(), client.busyAnswers(), seconds, created / seconds,
            client.requests() / seconds, threads);
        if (!database.isSqlite()) report += " db_bytes=" + postgresSize(database);
      }
    } catch (RuntimeException e) {
      err.println("generate: " + e.getMessage());
      return 1;
    }
    // SQLite: measured once closed, when the write-ahead log has been checkpointed into the file
    Path sqliteFile = SqliteFile.of(dbUrl).orElse(null);
    if (sqliteFile != null) report += " db_bytes=" + sqliteSize(sqliteFile);
    out.println(report);
    return 0;
  }

  /** A new application password of the administrator {@code bench}, created if missing ({@code user password}). */
  private static String password(Users users) {
    var user = users.byName(USER);
    if (user.isEmpty()) return users.add(USER, Role.ADMINISTRATOR);
    if (user.get().role() != Role.ADMINISTRATOR) users.changeRole(USER, Role.ADMINISTRATOR);
    return users.newPassword(USER);
  }

  /** Stores whatever is missing and returns the number of events created by this run. */
  private long generate(int events) {
    long[] categories = terms(CATEGORY, Shapes.CATEGORIES);
    long[] tags = terms(TAG, Shapes.TAGS);
    long[] venues = records("venue", Shapes.venues(events));
    long[] organizers = records("organizer", Shapes.organizers(events));
    long existing = count("event");
    analyze();
    var searchIndex = new SearchIndexPause(database);
    if (existing < events) searchIndex.begin();
    Parallel.forEach("events", existing, events, threads, out, i -> {
      // statistics while the tables grow
      long done = i - existing;
      if (done > 0 && done % ANALYZE_FIRST == 0 && (Long.bitCount(done / ANALYZE_FIRST) == 1 || done % ANALYZE_EVERY == 0)) {
        analyze();
      }
      long id = client.create("/events", shapes.event(i, venues, organizers, categories, tags));
      for (String language : List.of("en", "fr")) {
        if (Shapes.hasLanguage(i, language)) client.translate("/events/" + id, language, shapes.text(i, language));
      }
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
    if (!database.isSqlite()) database.dsl().execute("ANALYZE");
  }

  /** Creates the categories (level by level, so parents exist) or tags; a name already stored gives its id. */
  private long[] terms(String taxonomy, int count) {
    boolean categories = taxonomy.equals(CATEGORY);
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
    List<Long> stored = database.dsl().select(ID).from(RECORDS).where(TYPE.eq(type)).orderBy(ID).fetch(ID);
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

  /** The records of the type; for events, those the generator created (a series' later occurrences follow it). */
  private long count(String type) {
    if (!type.equals("event")) return database.dsl().fetchCount(RECORDS, TYPE.eq(type));
    Field<Long> series = field(name("events", "series_id"), Long.class);
    return database.dsl().fetchCount(table(name("events")), series.isNull().or(series.eq(EVENT_ID)));
  }

  /** The ids of the events anyone can read by id (published, no password), one a line, for the benchmark. */
  private void writeIds(Path file) {
    List<Long> ids = database.dsl().select(ID).from(RECORDS).join(table(name("events"))).on(EVENT_ID.eq(ID))
        .where(TYPE.eq("event").and(STATUS.eq("publish")).and(PASSWORD.isNull().or(PASSWORD.eq(""))))
        .orderBy(ID).fetch(ID);
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
