package org.agenda.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether this process is the only one that writes to its PostgreSQL database. While it is, the data version
 * it counts from its own commits is the database's, and answers from the cache need no read of the version:
 * that read, shared by the requests that arrive while one runs, was a fifth of the server's work per cached
 * answer (async-profiler, issue #9), mostly threads put to sleep and woken while it ran.
 *
 * <p>Every Agenda process on a PostgreSQL database holds the advisory lock {@link #KEY} on a connection of its
 * own from open to close: exclusively while it is the only one (sole), shared otherwise, and it writes only
 * while it holds it. A process that finds the lock held exclusively asks the holder to share it (NOTIFY on
 * {@link #CHANNEL}, repeated until it gets the lock). The holder stops trusting its own count before it lets
 * go of its exclusive hold, so no other process commits a write that the sole one would not read. A process
 * that shares the lock tries every {@link #RETRY_MILLIS} ms to hold it alone again, which succeeds when it is the
 * last one; it then reads the version once and counts from there.
 */
final class WriterLease implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WriterLease.class);
  /** "Agenda" in ASCII: the advisory lock of Agenda's writers. */
  private static final long KEY = 0x4167656e6461L;
  private static final String CHANNEL = "agenda_writer_lease";
  private static final int RETRY_MILLIS = 1_000;
  /** How long the lease thread waits for a question at a time: what closing the lease may wait for. */
  private static final int LISTEN_MILLIS = 100;
  private static final int JOIN_MILLIS = 10_000;
  private static final int ASK_EVERY_MILLIS = 20;

  private final String url;
  private final Properties credentials;
  /** Reads the data version from the database, when this process becomes the sole writer. */
  private final LongSupplier readVersion;
  /** Called with the version read when this process becomes the sole writer, before {@link #sole()} says so. */
  private final LongConsumer countFrom;
  private final Thread thread;
  /** The lease's own connection; its session holds the lock. Used by the lease thread once it runs. */
  private volatile Connection connection;
  private int backendPid;
  private volatile boolean sole;
  private volatile boolean held;
  private volatile boolean closed;

  private WriterLease(String url, Properties credentials, LongSupplier readVersion,
      LongConsumer countFrom) {
    this.url = url;
    this.credentials = credentials;
    this.readVersion = readVersion;
    this.countFrom = countFrom;
    this.thread = new Thread(this::listen, "agenda-writer-lease");
    thread.setDaemon(true);
  }

  /**
   * Takes the lease for a process on the database of {@code url}: alone if no other Agenda holds it, else
   * shared once the sole holder has let go of its exclusive hold (at most {@value #JOIN_MILLIS} ms).
   */
  static WriterLease take(String url, Properties credentials, LongSupplier readVersion,
      LongConsumer countFrom) {
    var lease = new WriterLease(url, credentials, readVersion, countFrom);
    try {
      lease.join();
    } catch (SQLException | RuntimeException e) {
      // closing the connection lets go of whatever part of the lock it took
      lease.closeConnection();
      throw new DatabaseException("cannot take the writer lease: " + Database.rootMessage(e));
    }
    lease.thread.start();
    return lease;
  }

  /** True while no other process writes to the database: the version this process counts is the database's. */
  boolean sole() {
    return sole;
  }

  /** True while this process may write: it holds the lease, alone or shared. */
  boolean held() {
    return held;
  }

  private void join() throws SQLException {
    connection = DriverManager.getConnection(url, credentials);
    connection.setAutoCommit(true);
    backendPid = connection.unwrap(PGConnection.class).getBackendPID();
    execute("LISTEN " + CHANNEL);
    if (tryLock("pg_try_advisory_lock")) {
      becomeSole();
      held = true;
      return;
    }
    long deadline = System.nanoTime() + JOIN_MILLIS * 1_000_000L;
    while (System.nanoTime() < deadline) {
      // asked again each time: a sharing process may have become the sole one since the last question
      execute("NOTIFY " + CHANNEL);
      if (tryLock("pg_try_advisory_lock_shared")) {
        held = true;
        return;
      }
      try {
        Thread.sleep(ASK_EVERY_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new SQLException("another Agenda holds the writer lock of this database alone and did not share it"
        + " within " + JOIN_MILLIS / 1000 + " s (it stopped answering, or its connection died and PostgreSQL has"
        + " not noticed yet)");
  }

  /** The lease thread: shares the lock when asked, tries to hold it alone again when not. */
  private void listen() {
    long lastTry = System.nanoTime();
    while (!closed) {
      try {
        if (connection == null) {
          join();
          LOG.info("writer lease taken again ({})", sole ? "the only writer" : "shared");
        }
        PGNotification[] notifications = connection.unwrap(PGConnection.class).getNotifications(LISTEN_MILLIS);
        boolean asked = false;
        if (notifications != null) {
          for (PGNotification notification : notifications) asked |= notification.getPID() != backendPid;
        }
        if (sole && asked) {
          share();
        } else if (!sole && !asked && System.nanoTime() - lastTry > RETRY_MILLIS * 1_000_000L) {
          lastTry = System.nanoTime();
          if (tryLock("pg_try_advisory_lock")) {
            becomeSole();
            execute("SELECT pg_advisory_unlock_shared(" + KEY + ")");
          }
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) return;
        // Without the lock this process may neither count the version nor write until it has it again.
        sole = false;
        held = false;
        LOG.warn("writer lease lost, taking it again: {}", Database.rootMessage(e));
        closeConnection();
        try {
          Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException interrupted) {
          return;
        }
      }
    }
  }

  private void becomeSole() {
    countFrom.accept(readVersion.getAsLong());
    sole = true;
  }

  /** Another process asks to write: from now on the version is read, and then the lock is shared. */
  private void share() throws SQLException {
    sole = false;
    tryLock("pg_try_advisory_lock_shared");
    execute("SELECT pg_advisory_unlock(" + KEY + ")");
  }

  private boolean tryLock(String function) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT " + function + "(" + KEY + ")")) {
      return result.next() && result.getBoolean(1);
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private void closeConnection() {
    try {
      if (connection != null) connection.close();
    } catch (SQLException ignored) {
      // closing releases the lock; a connection already gone has released it
    }
    connection = null;
  }

  /** Lets go of the lease: closing its connection releases the lock. */
  @Override
  public void close() {
    closed = true;
    sole = false;
    held = false;
    try {
      thread.join(LISTEN_MILLIS * 5L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeConnection();
  }
}
