package org.agenda.app;

import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import io.javalin.router.EndpointNotFound;
import java.io.PrintStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.agenda.cache.CachedReads;
import org.agenda.cache.ChangeFollower;
import org.agenda.cache.DiskCache;
import org.agenda.change.ChangeLog;
import org.agenda.change.ChangeRoutes;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.doc.NamespaceIndex;
import org.agenda.doc.OpenApiDocument;
import org.agenda.doc.ReferencePage;
import org.agenda.event.EventIndex;
import org.agenda.event.EventRoutes;
import org.agenda.event.SeriesHorizon;
import org.agenda.http.Dispatcher;
import org.agenda.http.JsonErrorHandler;
import org.agenda.http.RouteTable;
import org.agenda.http.WriteGuard;
import org.agenda.i18n.Languages;
import org.agenda.operations.NativeHeapTrim;
import org.agenda.operations.Observability;
import org.agenda.operations.OperatorRoutes;
import org.agenda.organizer.Organizers;
import org.agenda.record.FuturePublisher;
import org.agenda.record.RecordRoutes;
import org.agenda.record.RecordTables;
import org.agenda.record.RecordWrites;
import org.agenda.term.TermCounts;
import org.agenda.term.TermRoutes;
import org.agenda.term.TermTables;
import org.agenda.user.Authenticator;
import org.agenda.user.Users;
import org.agenda.venue.Venues;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** Wires the whole service by hand, in one place, and runs it on Javalin. */
public final class Application implements AutoCloseable {
  private static final List<HandlerType> METHODS = List.of(HandlerType.GET, HandlerType.HEAD, HandlerType.POST,
      HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE, HandlerType.OPTIONS);

  /**
   * Jetty's request threads a core (64 at least); connections beyond them wait in Jetty's queue. Javalin's default
   * pool grows to 250 threads, one for each connection with a request under way, and each thread that ran SQLite or
   * wrote an answer kept native memory of its own (its stack, the JDK's buffers, its share of glibc's arenas). At
   * 10 000 events, 256 connections of the mixed-traffic route on two cores: 269 threads in the process, a resident
   * peak of 512 MiB, 1 206 answers a second, p99 1.2 s; with 64 request threads, 83 in the process, 450 MiB, 1 668,
   * 270 ms (one run each). The benchmark's 32 connections need some 40, so it runs as before; a bound of 16 did better
   * under 256 connections (409 MiB, 2 126 a second) but answered 9-13 % fewer of those 32 at 161 236 events
   * (performance.md, Memory and the JVM).
   */
  private static final int THREADS_PER_CORE = 32;
  /** How long a read waits for a turn to build its answer before it goes on without one. */
  private static final long TURN_WAIT_MILLIS = 20;

  static {
    // Jetty otherwise rewrites "application/json; charset=UTF-8" to its cached "application/json;charset=utf-8";
    // the contract spells the header out (§2.6). Must be set before Jetty's HttpGenerator class loads.
    System.setProperty("org.eclipse.jetty.http.HttpGenerator.STRICT", "true");
  }

  private final Database database;
  private final EventIndex eventIndex;
  private final Dispatcher dispatcher;
  private final Javalin server;
  /** Null where the JVM trims its native heap by itself. */
  private final NativeHeapTrim nativeHeapTrim;

  private static QueuedThreadPool requestThreads() {
    int most = Math.max(64, THREADS_PER_CORE * Runtime.getRuntime().availableProcessors());
    var pool = new QueuedThreadPool(most, 8);
    pool.setName("JettyServerThreadPool");
    return pool;
  }

  private Application(Database database, EventIndex eventIndex, Dispatcher dispatcher, Javalin server,
      NativeHeapTrim nativeHeapTrim) {
    this.database = database;
    this.eventIndex = eventIndex;
    this.dispatcher = dispatcher;
    this.server = server;
    this.nativeHeapTrim = nativeHeapTrim;
  }

  /**
   * Opens and migrates the database, creates the bootstrap user if there is none (printing a generated
   * password on {@code out}), and starts serving. {@code log} receives the access log.
   */
  public static Application start(Config config, Clock clock, PrintStream out, PrintStream log) {
    Database database = Database.open(config.dbUrl(), config.dbUser(), config.dbPassword(), config.dbBusyTimeoutMillis());
    EventIndex eventIndex = null;
    try {
      // the event list's derived index, caught up with the database before the first answer
      eventIndex = config.eventIndexFolder() == null ? null : EventIndex.open(config.eventIndexFolder(), database, out);
      var dispatcher = wire(database, config, clock, out, log, true, eventIndex);
      Javalin server = Javalin.create(javalin -> {
        javalin.startup.showJavalinBanner = false;
        javalin.startup.showOldJavalinVersionWarning = false;
        javalin.http.maxRequestSize = Long.MAX_VALUE;
        javalin.jetty.port = config.port();
        javalin.jetty.threadPool = requestThreads();
        javalin.jetty.modifyServer(jetty -> jetty.setErrorHandler(new JsonErrorHandler()));
        javalin.jetty.modifyServletContextHandler(context -> context.setErrorHandler(new JsonErrorHandler()));
        javalin.jetty.modifyHttpConfiguration(http -> {
          // Above the 8 192-byte target limit, so that the service itself answers 414 in JSON (§10.5).
          http.setRequestHeaderSize(512 * 1024);
          http.setUriCompliance(UriCompliance.LEGACY);
          http.setSendServerVersion(false);
        });
        // Every request goes to the dispatcher, which routes with the route table (§2.3 rules); methods that
        // Javalin has no handler type for arrive as "endpoint not found" and get the dispatcher's 405 or 404.
        for (String path : List.of("/", "/<path>")) {
          for (HandlerType method : METHODS) javalin.routes.addHttpHandler(method, path, dispatcher::handle);
        }
        javalin.routes.exception(EndpointNotFound.class, (unknownMethod, ctx) -> dispatcher.handle(ctx));
      });
      try {
        server.start();
      } catch (RuntimeException e) {
        dispatcher.close();
        throw e;
      }
      return new Application(database, eventIndex, dispatcher, server, NativeHeapTrim.start().orElse(null));
    } catch (RuntimeException e) {
      if (eventIndex != null) eventIndex.close();
      database.close();
      throw e;
    }
  }

  /**
   * Every part of the service on an open database, up to the dispatcher: the change log's commit step, the bootstrap
   * user (its generated password on {@code out}), the routes, the answer cache and the write guard. Only a
   * {@code serving} process keeps answers on disk and has the {@code eventIndex} (null: event lists are answered by the
   * database): the file and the index folder are the server's.
   */
  private static Dispatcher wire(Database database, Config config, Clock clock, PrintStream out, PrintStream log,
      boolean serving, EventIndex eventIndex) {
    // every write transaction stamps the changes it made with its data version (the change feed)
    database.atEveryCommit(new ChangeLog(clock, config.changesRetention()));
    var users = new Users(database, clock);
    users.bootstrap(config.adminPassword()).ifPresent(password ->
        out.println("Created user \"admin\" (administrator). Application password: " + password));
    var authenticator = new Authenticator(users, config.authFailureLimit(), config.authFailureWindowSeconds(), clock);
    var languages = new Languages(config.languages(), config.defaultLanguage(), config.languageFallback());
    var observability = new Observability(log, config.jsonLog(), clock);
    observability.recordGauges(recordCounts(database));
    var publisher = new FuturePublisher(database, clock, TermCounts::publishingDue);
    var seriesHorizon = new SeriesHorizon(database, clock);

    var routes = new RouteTable(config.languages());
    routes.add(new NamespaceIndex(routes).route());
    routes.add(new OpenApiDocument(routes).route());
    LongPredicate userExists = id -> users.byId(id).isPresent();
    var venues = new Venues(config, languages);
    var organizers = new Organizers(config, languages);
    var writes = new RecordWrites(config.timezone());
    var disk = new DiskCache(serving ? config.diskCacheFile() : null, config.diskCacheBytes());
    var changes = new ChangeFollower(disk);
    // Where reads are served at the version this process counts (the only writer on PostgreSQL), a write brings
    // the kept objects and the event index up to its version before reads are served at it, so they never wait for
    // that: on the mixed-traffic route, the reads holding a build turn waited 40 % of their time for the index.
    database.beforeCounting(version -> changes.follow(database.dsl(), version));
    if (eventIndex != null) database.beforeCounting(eventIndex::follow);
    new EventRoutes(database, config, languages, venues, organizers, writes, userExists, publisher,
        changes, eventIndex).register(routes);
    new RecordRoutes<>(database, config, languages, venues, writes, userExists, publisher).register(routes);
    new RecordRoutes<>(database, config, languages, organizers, writes, userExists, publisher).register(routes);
    // categories and tags (R11–R14)
    new TermRoutes(database, config, languages).register(routes);
    // the change feed of mirrors
    new ChangeRoutes(database, config).register(routes);
    ReferencePage.routes().forEach(routes::add);
    OperatorRoutes.of(config, database, observability).forEach(routes::add);

    // Two reads building at once per core (see BuildTurns). On PostgreSQL, four per core served more while reads
    // waited for the event index to follow writes over round trips; since the only writer follows its own writes
    // before they are counted, two gave 5-8 % more answers a second there too (mixed-traffic route, two pairs).
    int buildTurns = Runtime.getRuntime().availableProcessors() * 2;
    var answers = CachedReads.open(database::dataVersion, disk, buildTurns, TURN_WAIT_MILLIS);
    return new Dispatcher(routes, config, authenticator, clock, observability, () -> {
          publisher.run();
          seriesHorizon.run();
        }, answers,
        new WriteGuard() {
          @Override
          public <T> T guarded(String collection, Supplier<T> write) {
            return database.guarded(collection, write);
          }

          @Override
          public <T> T alongside(String collection, Supplier<T> write) {
            return database.alongsideGuarded(collection, write);
          }
        });
  }

  /**
   * The service without its HTTP server, for a command that writes through the routes in this process (the import
   * of another calendar): see {@link LocalApi}.
   */
  public static LocalApi local(Config config, Clock clock, PrintStream out) {
    Database database = Database.open(config.dbUrl(), config.dbUser(), config.dbPassword(), config.dbBusyTimeoutMillis());
    try {
      return new LocalApi(database, wire(database, config, clock, out, out, false, null), new Users(database, clock));
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
  }

  private static Map<String, ToDoubleFunction<String>> recordCounts(Database database) {
    Map<String, ToDoubleFunction<String>> counts = new LinkedHashMap<>();
    for (String type : List.of("event", "venue", "organizer")) {
      counts.put(type + "s", t -> database.dsl().fetchCount(RecordTables.RECORDS, RecordTables.TYPE.eq(type)));
    }
    counts.put("categories", t -> database.dsl().fetchCount(TermTables.TERMS, TermTables.TAXONOMY.eq(TermTables.CATEGORY)));
    counts.put("tags", t -> database.dsl().fetchCount(TermTables.TERMS, TermTables.TAXONOMY.eq(TermTables.TAG)));
    return counts;
  }

  public int port() {
    return server.port();
  }

  public Database database() {
    return database;
  }

  @Override
  public void close() {
    if (nativeHeapTrim != null) nativeHeapTrim.close();
    server.stop();
    dispatcher.close();
    if (eventIndex != null) eventIndex.close();
    database.close();
  }
}
