package org.agenda.term;

import static org.agenda.term.TermTables.*;

import java.util.Collection;
import java.util.SortedMap;
import java.util.TreeMap;
import org.agenda.record.RecordTables;
import org.agenda.record.Status;
import org.jooq.DSLContext;

/**
 * The stored {@code count} of every term: the number of events with status publish that carry it (§5.8).
 * Each transaction that changes an event's status or terms adjusts it by the difference, so reading a term
 * costs no count over events (§10.5) and the number is exact at every commit.
 */
public final class TermCounts {
  private TermCounts() {}

  /**
   * After an event went from {@code before} terms and published-or-not to {@code after}: the terms it
   * stopped counting for lose one, those it started counting for gain one. Empty lists for a new or
   * deleted event.
   */
  public static void eventChanged(DSLContext dsl, Collection<Long> before, boolean publishedBefore,
      Collection<Long> after, boolean publishedAfter) {
    SortedMap<Long, Integer> delta = new TreeMap<>();
    if (publishedBefore) before.forEach(term -> delta.merge(term, -1, Integer::sum));
    if (publishedAfter) after.forEach(term -> delta.merge(term, 1, Integer::sum));
    delta.values().removeIf(change -> change == 0);
    add(dsl, delta);
  }

  /**
   * Before events of status future dated at or before {@code now} become publish: their terms gain them. The later
   * occurrences of a series do not count (a series counts once, on its own row).
   */
  public static void publishingDue(DSLContext dsl, long now) {
    SortedMap<Long, Integer> gained = new TreeMap<>();
    dsl.select(ET_TERM).from(EVENT_TERMS).join(RecordTables.RECORDS).on(RecordTables.ID.eq(ET_EVENT))
        .join(RecordTables.EVENTS).on(RecordTables.EVENT_ID.eq(ET_EVENT))
        .where(RecordTables.STATUS.eq(Status.FUTURE).and(RecordTables.DATE_UTC.le(now))
            .and(RecordTables.EVENT_SERIES_ID.isNull().or(RecordTables.EVENT_SERIES_ID.eq(ET_EVENT))))
        .fetch(ET_TERM).forEach(term -> gained.merge(term, 1, Integer::sum));
    add(dsl, gained);
  }

  /**
   * One statement per term, in ascending id order: every writer then locks term rows in the same order.
   * (One UPDATE of several rows locked them in the order PostgreSQL happened to meet them, and concurrent
   * creates deadlocked.)
   */
  private static void add(DSLContext dsl, SortedMap<Long, Integer> delta) {
    delta.forEach((term, change) ->
        dsl.update(TERMS).set(EVENT_COUNT, EVENT_COUNT.plus(change)).where(ID.eq(term)).execute());
  }
}
