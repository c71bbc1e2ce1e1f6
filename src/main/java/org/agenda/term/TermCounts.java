package org.agenda.term;

import static org.agenda.term.TermTables.*;

import java.util.Collection;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.agenda.record.RecordTables;
import org.agenda.record.Status;
import org.jooq.CaseWhenStep;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

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

  /** Before events of status future dated at or before {@code now} become publish: their terms gain them. */
  public static void publishingDue(DSLContext dsl, long now) {
    SortedMap<Long, Integer> gained = new TreeMap<>();
    dsl.select(ET_TERM).from(EVENT_TERMS).join(RecordTables.RECORDS).on(RecordTables.ID.eq(ET_EVENT))
        .where(RecordTables.STATUS.eq(Status.FUTURE).and(RecordTables.DATE_UTC.le(now)))
        .fetch(ET_TERM).forEach(term -> gained.merge(term, 1, Integer::sum));
    add(dsl, gained);
  }

  /** One statement; the ids in ascending order, so concurrent writers lock term rows in one order. */
  private static void add(DSLContext dsl, SortedMap<Long, Integer> delta) {
    if (delta.isEmpty()) return;
    CaseWhenStep<Long, Integer> change = null;
    for (Map.Entry<Long, Integer> entry : delta.entrySet()) {
      change = change == null ? DSL.choose(ID).when(entry.getKey(), DSL.inline(entry.getValue()))
          : change.when(entry.getKey(), DSL.inline(entry.getValue()));
    }
    dsl.update(TERMS).set(EVENT_COUNT, EVENT_COUNT.plus(change.otherwise(DSL.inline(0))))
        .where(ID.in(delta.keySet())).execute();
  }
}
