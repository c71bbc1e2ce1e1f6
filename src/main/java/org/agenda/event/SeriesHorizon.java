package org.agenda.event;

import static org.agenda.event.EventTables.EXPANDED_UNTIL;
import static org.agenda.record.RecordTables.EVENTS;
import static org.agenda.record.RecordTables.EVENT_ID;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.agenda.db.Database;
import org.agenda.record.Records;
import org.agenda.series.Recurrence;
import org.agenda.series.RecurrenceException;

/**
 * Moves the expansion of open-ended series on as time passes: their occurrences exist up to now +
 * {@link Recurrence#HORIZON}. Run before every request, like {@link org.agenda.record.FuturePublisher}, it looks at
 * the database at most once per {@value #RECHECK_SECONDS} seconds, and extends a series once its expansion ends
 * more than {@value #SLACK_DAYS} days before the horizon (so each series is written at most once a week).
 */
public final class SeriesHorizon implements Runnable {
  private static final long RECHECK_SECONDS = 3600;
  private static final long SLACK_DAYS = 7;

  private final Database database;
  private final Clock clock;
  private volatile long nextCheck = Long.MIN_VALUE;

  public SeriesHorizon(Database database, Clock clock) {
    this.database = database;
    this.clock = clock;
  }

  @Override
  public void run() {
    Instant now = clock.instant();
    if (now.getEpochSecond() < nextCheck) return;
    synchronized (this) {
      if (now.getEpochSecond() < nextCheck) return;
      nextCheck = now.getEpochSecond() + RECHECK_SECONDS;
      long due = now.atZone(ZoneOffset.UTC).plus(Recurrence.HORIZON).minusDays(SLACK_DAYS).toEpochSecond();
      List<Long> series = database.dsl().select(EVENT_ID).from(EVENTS).where(EXPANDED_UNTIL.lt(due))
          .orderBy(EVENT_ID).fetch(EVENT_ID);
      if (series.isEmpty()) return;
      // A write like any other: it advances the data version, so cached lists show the new occurrences.
      database.transaction(dsl -> {
        for (long id : series) {
          Records.lockForWrite(dsl, id);
          Event stored = EventStore.lookup(dsl, id).event();
          if (stored == null || !stored.isSeries() || stored.expandedUntil == null) continue;
          Event extended = stored.copy();
          EventSeries.Expansion expansion;
          try {
            expansion = EventSeries.expand(extended, EventSeries.recurrence(extended), now);
          } catch (RecurrenceException e) {
            continue; // checked when written; a rule this version no longer reads keeps its occurrences
          }
          dsl.update(EVENTS).set(EXPANDED_UNTIL, expansion.expandedUntil()).where(EVENT_ID.eq(id)).execute();
          extended.expandedUntil = expansion.expandedUntil();
          EventSeries.sync(dsl, extended, expansion, now);
        }
        return series.size();
      });
    }
  }
}
