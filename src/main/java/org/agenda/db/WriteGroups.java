package org.agenda.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import javax.sql.DataSource;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.Transaction;
import org.jooq.TransactionContext;
import org.jooq.TransactionProvider;
import org.jooq.exception.DataAccessException;
import org.jooq.exception.IntegrityConstraintViolationException;
import org.jooq.impl.DSL;

/**
 * SQLite's write transactions, one at a time, committed in groups: writers that queue while one writes run each in a
 * savepoint of one open transaction, and the last of them commits it for all. With {@code synchronous=FULL} every
 * commit waits for the disk (an fsync of the write-ahead log); that wait was 37 % of the time a create held the one
 * writer's turn (100 000 events, 32 writers, a wall-clock profile), so a commit shared by the writers queued behind
 * it is what lets more writes a second through. Every write is still durable before it is answered: a writer returns
 * only after the commit that holds its work. A unit that throws is rolled back to its savepoint and the group goes on;
 * a failure of the database itself (not a constraint) rolls the whole group back: the writer whose unit failed gets
 * that failure, and each of the others {@link RolledBack}, to run its work again.
 */
final class WriteGroups {
  /** At most this many writes share a commit, so that a steady stream of writers does not hold one open for long. */
  static final int MOST_IN_A_GROUP = 32;
  /** How often a writer waiting for its group's commit checks that some writer is still coming to make it. */
  private static final long COMMIT_CHECK_MILLIS = 20;

  /** The writers' turn: one unit of work at a time, in the group open now. */
  private final ReentrantLock turn = new ReentrantLock();
  private final DataSource dataSource;
  private final Function<Configuration, Configuration> configure;
  private final int turnWaitMillis;
  /** The group that the writer holding the turn adds to; null when none is open. Read and written holding the turn. */
  private Group open;
  /** Groups committed so far (not those whose commit failed). */
  private final AtomicLong commits = new AtomicLong();

  /** A group's work as a whole was undone (its commit or a unit failed in the database): run it again. */
  static final class RolledBack extends RuntimeException {
    RolledBack(Throwable cause) {
      super("the write was rolled back with the others of its group", cause);
    }
  }

  /**
   * {@code configure}: the jOOQ configuration of the service's statements, given one for the group's connection;
   * {@code turnWaitMillis}: how long a writer waits for its turn before {@link DatabaseBusyException}.
   */
  WriteGroups(DataSource dataSource, Function<Configuration, Configuration> configure, int turnWaitMillis) {
    this.dataSource = dataSource;
    this.configure = configure;
    this.turnWaitMillis = turnWaitMillis;
  }

  /**
   * Runs {@code unit} in a savepoint of the open group's transaction and returns once that transaction committed.
   * Inside a unit on this thread, a nested call runs in a savepoint of it and leaves committing to the outer one.
   */
  <T> T run(Function<DSLContext, T> unit) {
    try {
      if (!turn.tryLock(turnWaitMillis, TimeUnit.MILLISECONDS)) throw new DatabaseBusyException(null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DatabaseBusyException(e);
    }
    Group group;
    T result;
    try {
      if (turn.getHoldCount() > 1) return open.dsl.transactionResult(nested -> unit.apply(nested.dsl()));
      if (open == null) open = Group.begin(dataSource, configure);
      group = open;
      try {
        result = group.dsl.transactionResult(savepoint -> unit.apply(savepoint.dsl()));
      } catch (IntegrityConstraintViolationException refused) {
        // the statement alone was undone; the savepoint took back the rest of the unit
        closeOrLeave(group);
        throw refused;
      } catch (DataAccessException failure) {
        // SQLite may have rolled back the whole transaction (a full disk, an I/O error): undo the group for all
        open = null;
        group.end(failure);
        throw failure;
      } catch (RuntimeException | Error refused) {
        closeOrLeave(group);
        throw refused;
      }
      closeOrLeave(group);
    } finally {
      turn.unlock();
    }
    awaitCommit(group);
    return result;
  }

  /** After a unit, holding the turn: commits the group, unless a writer waits for the turn and there is room for it. */
  private void closeOrLeave(Group group) {
    group.size++;
    if (turn.hasQueuedThreads() && group.size < MOST_IN_A_GROUP) return;
    commit(group);
  }

  /** Commits the open group, holding the turn. */
  private void commit(Group group) {
    open = null;
    group.commit();
    if (group.failure == null) commits.incrementAndGet();
  }

  /** How many commits the writes so far took. */
  long commits() {
    return commits.get();
  }

  /**
   * Waits until {@code group} committed, and throws {@link RolledBack} when it did not. A writer that was waiting for
   * the turn, and so left the group open, may give up waiting: then the group is committed here.
   */
  private void awaitCommit(Group group) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          if (group.ended.await(COMMIT_CHECK_MILLIS, TimeUnit.MILLISECONDS)) break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
        if (turn.tryLock()) {
          try {
            if (open == group) commit(group);
          } finally {
            turn.unlock();
          }
        }
      }
    } finally {
      if (interrupted) Thread.currentThread().interrupt();
    }
    if (group.failure != null) throw new RolledBack(group.failure);
  }

  /** One transaction on a connection of the pool, shared by the units of its writers. */
  private static final class Group {
    final Connection connection;
    final DSLContext dsl;
    final CountDownLatch ended = new CountDownLatch(1);
    int size;
    /** Why the group's work was not committed; null once it committed. Written before {@link #ended} counts down. */
    volatile Throwable failure;

    private Group(Connection connection, DSLContext dsl) {
      this.connection = connection;
      this.dsl = dsl;
    }

    /** Takes a connection and begins the transaction (SQLite's BEGIN IMMEDIATE: the database's write lock). */
    static Group begin(DataSource dataSource, Function<Configuration, Configuration> configure) {
      Connection connection = null;
      try {
        connection = dataSource.getConnection();
        connection.setAutoCommit(false);
        Configuration configuration = configure.apply(DSL.using(connection).configuration().derive());
        return new Group(connection, DSL.using(configuration.derive(new Savepoints(connection))));
      } catch (SQLException e) {
        // sqlite-jdbc notes the mode before its BEGIN, which a busy database refused
        if (connection != null) giveBack(connection, false);
        throw new DataAccessException("cannot begin a write transaction: " + e.getMessage(), e);
      }
    }

    /**
     * Commits by leaving manual commit, which commits the transaction under way (JDBC): sqlite-jdbc's {@code commit()}
     * begins the next transaction at once, and a failure of that BEGIN would make a committed group look rolled back.
     */
    void commit() {
      try {
        connection.setAutoCommit(true);
        end(null);
      } catch (SQLException e) {
        end(new DataAccessException("cannot commit: " + e.getMessage(), e));
      }
    }

    /** Rolls back unless it committed ({@code cause} null), gives the connection back, and lets the writers go on. */
    void end(Throwable cause) {
      giveBack(connection, cause != null);
      failure = cause;
      ended.countDown();
    }

    /** Gives the connection back to the pool in automatic commit, with no transaction open on it. */
    private static void giveBack(Connection connection, boolean rollBack) {
      if (rollBack) {
        try (Statement statement = connection.createStatement()) {
          statement.execute("ROLLBACK");
        } catch (SQLException noneOpen) {
          // SQLite rolls a transaction back by itself on some failures
        }
      }
      try {
        connection.setAutoCommit(true);
      } catch (SQLException nothingToCommit) {
        // the mode is set before its COMMIT runs
      }
      try {
        connection.close();
      } catch (SQLException ignored) {
        // the pool replaces a connection that fails
      }
    }
  }

  /** jOOQ's transactions on the group's connection, each a savepoint: their commit releases it, not the group's. */
  private record Savepoints(Connection connection) implements TransactionProvider {
    private record Mark(Savepoint savepoint) implements Transaction {}

    @Override
    public void begin(TransactionContext context) {
      try {
        context.transaction(new Mark(connection.setSavepoint()));
      } catch (SQLException e) {
        throw new DataAccessException("cannot set a savepoint: " + e.getMessage(), e);
      }
    }

    @Override
    public void commit(TransactionContext context) {
      try {
        connection.releaseSavepoint(((Mark) context.transaction()).savepoint());
      } catch (SQLException e) {
        throw new DataAccessException("cannot release a savepoint: " + e.getMessage(), e);
      }
    }

    @Override
    public void rollback(TransactionContext context) {
      Savepoint savepoint = ((Mark) context.transaction()).savepoint();
      try {
        connection.rollback(savepoint);
        connection.releaseSavepoint(savepoint);
      } catch (SQLException e) {
        throw new DataAccessException("cannot roll back to a savepoint: " + e.getMessage(), e);
      }
    }
  }
}
