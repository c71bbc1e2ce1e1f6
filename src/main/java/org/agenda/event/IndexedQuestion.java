package org.agenda.event;

import org.apache.lucene.search.Query;

/**
 * A list's selection as the {@link EventIndex} answers it: the filters other than dates as a Lucene query, whose
 * matches in a segment do not change while the segment lives (so they are kept, {@link SegmentFacts}), and the date
 * window, which differs from one question to the next and is applied to the segment's sorted starts.
 */
record IndexedQuestion(Query filters, Window window) {
  /** Bounds in epoch seconds on the start and on the end of an event, each inclusive. */
  record Window(long startFrom, long startTo, long endFrom, long endTo) {
    static final Window ALL = new Window(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE);

    Window from(boolean onStart, long at) {
      return onStart ? new Window(Math.max(startFrom, at), startTo, endFrom, endTo)
          : new Window(startFrom, startTo, Math.max(endFrom, at), endTo);
    }

    Window to(boolean onStart, long at) {
      return onStart ? new Window(startFrom, Math.min(startTo, at), endFrom, endTo)
          : new Window(startFrom, startTo, endFrom, Math.min(endTo, at));
    }

    boolean holds(long start, long end) {
      return start >= startFrom && start <= startTo && end >= endFrom && end <= endTo;
    }
  }
}
