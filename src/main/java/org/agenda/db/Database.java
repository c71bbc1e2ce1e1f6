package org.agenda.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.agenda.config.Config;
import org.agenda.config.SqliteFile;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
import org.jooq.exception.IntegrityConstraintViolationException;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultConfiguration;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** The connection pool, the migrated schema and the jOOQ context, for SQLite or PostgreSQL. */
public final class Database implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Database.class);
  private static final int ATTEMPTS = 3;
  /** The first key of the advisory locks of {@link #guarded} writes ("AGWG"); the second is the scope's hash. */
  private static final int GUARD_LOCK_CLASS = 0x41475747;
  private static final String ADVANCE_VERSION = "UPDATE data_version SET version = version + 1 WHERE id = 1 RETURNING version";
  private static final String READ_VERSION = "SELECT version FROM data_version WHERE id = 1";

  private final HikariDataSource dataSource;
  private final DSLContext dsl;
  private final AtomicLong statements = new AtomicLong();
  /**
   * SQLite runs one write transaction at a time. Writers of this process queue here, and those that queued while one
   * wrote share a commit; without it they would all begin and wait in SQLite's busy handler, which polls with sleeps
   * of up to 100 ms. Null for PostgreSQL, whose writers run side by side.
   */
  private final WriteGroups sqliteWrites;
  /** The data version, read once for all requests that ask while a read is under way. */
  private final SharedRead versionReads = new SharedRead(this::readDataVersion);
  private Connection versionConnection;
  private PreparedStatement versionStatement;
  /**
   * PostgreSQL: whether another process writes to the database too; null for SQLite, whose version read is a
   * cheap read of a page in this process's memory.
   */
  private WriterLease lease;
  /** The highest data version this process committed or read while the only writer (see {@link WriterLease}). */
  private final AtomicLong countedVersion = new AtomicLong(Long.MIN_VALUE);
  /** The transaction of the {@link #guarded} write open on this thread, if any. */
  private final ThreadLocal<DSLContext> guarded = new ThreadLocal<>();
  /** The scope of the {@link #alongsideGuarded} write under way on this thread, if any. */
  private final ThreadLocal<String> sharedScope = new ThreadLocal<>();
  /** What every write transaction runs last, after the data version advanced (see {@link #atEveryCommit}). */
  private final List<CommitStep> commitSteps = new CopyOnWriteArrayList<>();
  /** What a write of this process does after it committed, before its version is counted (see {@link #beforeCounting}). */
  private final List<LongConsumer> countingSteps = new CopyOnWriteArrayList<>();

  /**
   * Work at the end of a write transaction, in it, with the data version it just advanced to. Versions are handed
   * out one writer at a time and in commit order: the advance locks the version's row until the commit.
   */
  @FunctionalInterface
  public interface CommitStep {
    void run(DSLContext transaction, long version);
  }

  private Database(HikariDataSource dataSource, SQLDialect dialect, int writerWaitMillis) {
    this.dataSource = dataSource;
    var listener = new ExecuteListener() {
      @Override
      public void executeStart(ExecuteContext ctx) {
        statements.incrementAndGet();
      }
    };
    Function<Configuration, Configuration> configure = configuration -> configuration
        .set(dialect)
        .set(new Settings().withExecuteLogging(false).withRenderSchema(false))
        .set(new DefaultExecuteListenerProvider(listener));
    this.dsl = DSL.using(configure.apply(new DefaultConfiguration().set(dataSource)));
    this.sqliteWrites = dialect == SQLDialect.SQLITE ? new WriteGroups(dataSource, configure, writerWaitMillis) : null;
  }

  /** Opens the pool and brings the schema up to date; refuses a schema written by a newer version. */
  public static Database open(String url, String user, String password) {
    return open(url, user, password, Config.DEFAULT_DB_BUSY_TIMEOUT_MILLIS);
  }

  /**
   * The same with the SQLite busy timeout: a write waits at most about {@value #ATTEMPTS} times that long for a
   * lock held by another process before it fails with {@link DatabaseBusyException}.
   */
  public static Database open(String url, String user, String password, int busyTimeoutMillis) {
    boolean sqlite = url.startsWith("jdbc:sqlite:");
    if (!sqlite && !url.startsWith("jdbc:postgresql:")) {
      throw new DatabaseException("AGENDA_DB_URL must start with jdbc:sqlite: or jdbc:postgresql:");
    }
    var config = new HikariConfig();
    config.setPoolName("agenda");
    if (sqlite) {
      SqliteFile.of(url).ifPresent(Database::createParentDirectory);
      var sqliteConfig = new SQLiteConfig();
      sqliteConfig.enforceForeignKeys(true);
      sqliteConfig.setJournalMode(SQLiteConfig.JournalMode.WAL);
      // FULL: a committed write survives a power loss too (NORMAL in WAL mode may lose the last ones).
      sqliteConfig.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
      sqliteConfig.setBusyTimeout(busyTimeoutMillis);
      // Deferred transactions that read before writing fail with SQLITE_BUSY under concurrency.
      sqliteConfig.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
      // Every pooled connection keeps its own copy of the pages it read, in native memory on top of the heap
      // (SQLite's default is 2 MiB each); the operating system's file cache serves the rest at a small cost.
      sqliteConfig.setCacheSize(-512);
      config.setDataSource(new StatementKeepingSqlite(url, sqliteConfig));
      config.setMaximumPoolSize(8);
    } else {
      config.setJdbcUrl(url);
      if (user != null && !user.isEmpty()) config.setUsername(user);
      if (password != null && !password.isEmpty()) config.setPassword(password);
      config.setMaximumPoolSize(16);
    }
    config.setConnectionTimeout(5_000);
    HikariDataSource dataSource;
    try {
      dataSource = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new DatabaseException("cannot connect to " + url + ": " + rootMessage(e));
    }
    try {
      migrate(dataSource, sqlite);
    } catch (RuntimeException e) {
      dataSource.close();
      throw new DatabaseException("database migration failed: " + rootMessage(e));
    }
    var database = new Database(dataSource, sqlite ? SQLDialect.SQLITE : SQLDialect.POSTGRES, busyTimeoutMillis);
    if (!sqlite) {
      var credentials = new Properties();
      if (user != null && !user.isEmpty()) credentials.setProperty("user", user);
      if (password != null && !password.isEmpty()) credentials.setProperty("password", password);
      try {
        database.lease = WriterLease.take(url, credentials, database.versionReads::get,
            version -> database.countedVersion.accumulateAndGet(version, Math::max));
      } catch (RuntimeException e) {
        dataSource.close();
        throw e;
      }
    }
    return database;
  }

  private static void migrate(HikariDataSource dataSource, boolean sqlite) {
    migrations(dataSource, sqlite)
        // Flyway ignores "future" migrations by default; a schema newer than this build must be refused.
        .ignoreMigrationPatterns(new String[0])
        .load()
        .migrate();
  }

  /** Agenda's migrations, on both databases; also what a backup is checked against before a restore. */
  static FluentConfiguration migrations(DataSource dataSource, boolean sqlite) {
    return Flyway.configure()
        .dataSource(dataSource)
        // db/migration serves both databases; db/vendor/* holds what differs (the search index)
        .locations("classpath:db/migration", "classpath:db/vendor/" + (sqlite ? "sqlite" : "postgresql"))
        .placeholders(Map.of("id_pk", sqlite
            ? "INTEGER PRIMARY KEY AUTOINCREMENT"
            : "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"))
        .validateMigrationNaming(true);
  }

  private static void createParentDirectory(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    try {
      if (parent != null) Files.createDirectories(parent);
    } catch (java.io.IOException e) {
      throw new DatabaseException("cannot create directory " + parent + ": " + e.getMessage());
    }
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) t = t.getCause();
    String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return message.replace('\n', ' ');
  }

  /**
   * Statements outside any transaction, which see what was committed; on a thread inside a {@link #guarded}
   * write, that write's transaction, so that what it reads (its preconditions, the answer it renders) includes
   * what it wrote.
   */
  public DSLContext dsl() {
    DSLContext inGuardedWrite = guarded.get();
    return inGuardedWrite != null ? inGuardedWrite : dsl;
  }

  /**
   * The data version that reads with {@code dsl} are served at, read once for a whole answer and before
   * anything is loaded, so that an object is never kept under a version older than the data it was read
   * from; {@code readForTheRequest}, when not null, is one read so before this request loaded anything. Null
   * inside a transaction: it may see its own uncommitted writes, so nothing may be kept or served.
   */
  public Long versionOf(DSLContext dsl, Long readForTheRequest) {
    if (dsl != this.dsl) return null;
    return readForTheRequest != null ? readForTheRequest : dataVersion();
  }

  /**
   * Adds a step that every write transaction runs last, after the data version advanced and before it commits:
   * whatever it writes commits with the transaction, under that version (or not at all).
   */
  public void atEveryCommit(CommitStep step) {
    commitSteps.add(step);
  }

  /**
   * Adds work that reads at a new data version would otherwise wait for (following the change log up to it), for a
   * write of this process to do after it committed. While this process is the only writer of its PostgreSQL
   * database, reads are served at the version it counts ({@link WriterLease}), and it counts a write's version only
   * once this work is done: reads go on at the version before meanwhile instead of waiting for it. Elsewhere (SQLite,
   * several writers) a read sees a commit at once and does the work itself, so it is not run.
   */
  public void beforeCounting(LongConsumer step) {
    countingSteps.add(step);
  }

  /**
   * Runs the work in one transaction: everything or nothing is written, and the data version advances
   * with it; then the {@linkplain #atEveryCommit commit steps} run in it. A unique-constraint conflict with a concurrent writer (two requests taking the same free
   * slug), a deadlock or serialization failure, or a database still busy after its busy timeout rolls
   * back and runs the work again; after {@value #ATTEMPTS} attempts a busy database is
   * {@link DatabaseBusyException}.
   */
  public <T> T transaction(Function<DSLContext, T> work) {
    DSLContext enclosing = guarded.get();
    if (enclosing != null) {
      // Inside a guarded write: a savepoint, so a refused write undoes only itself; a failure of the guarded
      // transaction's connection (busy, deadlock) ends it, and it is retried whole.
      return enclosing.transactionResult(configuration -> work.apply(configuration.dsl()));
    }
    if (lease != null && !lease.held()) throw new DatabaseBusyException(null);
    for (int attempt = 1; ; attempt++) {
      try {
        long[] committed = new long[1];
        Function<DSLContext, T> unit = transaction -> {
          String shared = sharedScope.get();
          if (shared != null) {
            transaction.fetch("SELECT pg_advisory_xact_lock_shared(?, ?)", GUARD_LOCK_CLASS, shared.hashCode());
          }
          T done = work.apply(transaction);
          committed[0] = ((Number) transaction.fetchValue(ADVANCE_VERSION)).longValue();
          for (CommitStep step : commitSteps) step.run(transaction, committed[0]);
          return done;
        };
        T result = sqliteWrites != null ? sqliteWrites.run(unit)
            : dsl.transactionResult(configuration -> unit.apply(configuration.dsl()));
        countCommitted(committed[0]);
        return result;
      } catch (WriteGroups.RolledBack undone) {
        // another write of its group failed in the database, which undid this one's work too
        if (attempt == ATTEMPTS) throw new DatabaseBusyException(undone);
      } catch (IntegrityConstraintViolationException conflict) {
        if (attempt == ATTEMPTS) throw conflict;
      } catch (DataAccessException failure) {
        if (!isTransient(failure)) throw failure;
        if (attempt == ATTEMPTS) throw new DatabaseBusyException(failure);
        pauseBeforeRetry(attempt);
      }
    }
  }

  /**
   * Runs {@code work} (the check of a write's preconditions and the write itself) as one transaction that no
   * other guarded work on {@code scope} interleaves with, in this process or another one sharing the database:
   * every {@link #transaction} the thread starts in it joins it, and {@link #dsl()} on the thread is that
   * transaction (nothing read in it is kept: see {@link #versionOf}). SQLite has one writer at a time anyway (the
   * transaction starts IMMEDIATE); PostgreSQL takes a transaction-level advisory lock on the scope first, which
   * writes {@link #alongsideGuarded} take shared. A transient failure runs it again whole, as for a single
   * transaction.
   */
  public <T> T guarded(String scope, Supplier<T> work) {
    if (guarded.get() != null) return work.get();
    return transaction(dsl -> {
      if (dsl.dialect() == SQLDialect.POSTGRES) {
        dsl.fetch("SELECT pg_advisory_xact_lock(?, ?)", GUARD_LOCK_CLASS, scope.hashCode());
      }
      guarded.set(dsl);
      try {
        return work.get();
      } finally {
        guarded.remove();
      }
    });
  }

  /**
   * Runs {@code work}, a write of {@code scope} without preconditions, so that it never comes between the check and
   * the write of a {@link #guarded} one: on PostgreSQL each transaction it starts takes the scope's advisory lock
   * shared (such writes do not wait for each other, only for a guarded one); SQLite has one writer at a time anyway.
   */
  public <T> T alongsideGuarded(String scope, Supplier<T> work) {
    if (isSqlite() || sharedScope.get() != null) return work.get();
    sharedScope.set(scope);
    try {
      return work.get();
    } finally {
      sharedScope.remove();
    }
  }

  private void countCommitted(long version) {
    WriterLease writers = lease;
    try {
      if (writers != null && writers.sole()) {
        for (LongConsumer step : countingSteps) {
          try {
            step.accept(version);
          } catch (RuntimeException e) {
            // the write is committed; a read at its version does what failed here itself
            LOG.warn("could not follow the write of data version {}: {}", version, rootMessage(e));
          }
        }
      }
    } finally {
      countedVersion.accumulateAndGet(version, Math::max);
    }
  }

  /** PostgreSQL deadlocks and serialization failures, SQLite's SQLITE_BUSY and SQLITE_LOCKED. */
  private static boolean isTransient(DataAccessException failure) {
    String state = failure.sqlState();
    if ("40001".equals(state) || "40P01".equals(state)) return true;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLiteException sqlite && isBusy(sqlite)) return true;
    }
    return false;
  }

  /** SQLITE_BUSY or SQLITE_LOCKED, in any of their extended forms: another connection holds the lock. */
  static boolean isBusy(SQLiteException failure) {
    SQLiteErrorCode code = failure.getResultCode();
    return code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED
        || code.name().startsWith("SQLITE_BUSY_") || code.name().startsWith("SQLITE_LOCKED_");
  }

  /** A short random pause, so that writers that collided do not collide again at once. */
  private static void pauseBeforeRetry(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(5, 25L * attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The data version: it changes with every committed write transaction, of this process or of another
   * one sharing the database. Every write committed before the call is counted in it (see {@link SharedRead}).
   */
  public long dataVersion() {
    WriterLease writers = lease;
    if (writers != null && writers.sole()) return countedVersion.get();
    return versionReads.get();
  }

  /**
   * Plain JDBC on a connection and statement kept for it (preparing the statement and taking a connection
   * from the pool were half its cost); {@link SharedRead} runs one read at a time. A failed connection is
   * given back and a fresh one tried once.
   */
  private long readDataVersion() {
    for (int attempt = 1; ; attempt++) {
      try {
        if (versionStatement == null) {
          versionConnection = dataSource.getConnection();
          versionStatement = versionConnection.prepareStatement(READ_VERSION);
        }
        // closing the result ends SQLite's read transaction, which would otherwise keep an old snapshot
        try (ResultSet result = versionStatement.executeQuery()) {
          statements.incrementAndGet();
          result.next();
          return result.getLong(1);
        }
      } catch (SQLException e) {
        closeVersionReader();
        if (attempt == 2) throw new DatabaseException("cannot read the data version: " + e.getMessage());
      }
    }
  }

  private void closeVersionReader() {
    try (Connection connection = versionConnection; Statement statement = versionStatement) {
      versionConnection = null;
      versionStatement = null;
    } catch (SQLException ignored) {
      // the connection is gone either way
    }
  }

  /** Number of SQL statements executed so far; lets tests show that lists do not query per row. */
  public long statementCount() {
    return statements.get();
  }

  /** SQLite: how many commits the write transactions so far took, a commit serving the writers queued together. */
  long sqliteCommits() {
    return sqliteWrites.commits();
  }

  public boolean isSqlite() {
    return sqliteWrites != null;
  }

  /** True when a trivial query answers within the given number of seconds. */
  public boolean isHealthy(int timeoutSeconds) {
    try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
      statement.setQueryTimeout(timeoutSeconds);
      statement.execute("SELECT 1");
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  @Override
  public void close() {
    if (lease != null) lease.close();
    closeVersionReader();
    dataSource.close();
  }
}
