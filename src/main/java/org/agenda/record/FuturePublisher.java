package org.agenda.record;

import static org.agenda.record.RecordTables.*;

import java.time.Clock;
import java.util.function.ObjLongConsumer;
import org.agenda.db.Database;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * Turns {@code future} records into {@code publish} once their publication date has passed (§4.6).
 * Checked before every request, but the database is only touched when the earliest known due time
 * has come, or every {@value #RECHECK_SECONDS} seconds in case another instance sharing the database
 * stored a {@code future} record, so the check costs one comparison almost always.
 */
public final class FuturePublisher implements Runnable {
  private static final long RECHECK_SECONDS = 30;

  private final Database database;
  private final Clock clock;
  private final ObjLongConsumer<DSLContext> publishing;

  private volatile long nextDue = Long.MIN_VALUE;
  private volatile long nextRecheck = Long.MIN_VALUE;

  /**
   * {@code publishing} runs in the transaction that publishes the records due at the given epoch second, before
   * it: what is derived from published records (the term counts) follows them.
   */
  public FuturePublisher(Database database, Clock clock, ObjLongConsumer<DSLContext> publishing) {
    this.database = database;
    this.clock = clock;
    this.publishing = publishing;
  }

  /** A record was stored as {@code future} with this publication date. */
  public void scheduled(long dateUtc) {
    if (dateUtc < nextDue) nextDue = dateUtc;
  }

  @Override
  public void run() {
    long now = clock.instant().getEpochSecond();
    if (now < nextDue && now < nextRecheck) return;
    synchronized (this) {
      if (now < nextDue && now < nextRecheck) return;
      nextRecheck = now + RECHECK_SECONDS;
      Long earliest = earliestFuture();
      if (earliest != null && earliest <= now) {
        // A write like any other: it advances the data version, so cached answers show the new status.
        database.transaction(dsl -> {
          publishing.accept(dsl, now);
          return dsl.update(RECORDS).set(STATUS, Status.PUBLISH)
              .where(STATUS.eq(Status.FUTURE).and(DATE_UTC.le(now))).execute();
        });
        earliest = earliestFuture();
      }
      nextDue = earliest == null ? Long.MAX_VALUE : earliest;
    }
  }

  private Long earliestFuture() {
    return database.dsl().select(DSL.min(DATE_UTC)).from(RECORDS).where(STATUS.eq(Status.FUTURE)).fetchOne(0, Long.class);
  }
}
