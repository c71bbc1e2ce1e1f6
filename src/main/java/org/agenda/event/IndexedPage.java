package org.agenda.event;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Supplier;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Weight;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * A page of a list from the {@link EventIndex}: how many events match, and the ids and facts of those from {@code
 * offset} on, in list order, counted without visiting every match.
 *
 * <p>Each segment is sorted in list order, so the events that start within the window are one run of documents, found
 * by a binary search of the starts; the filters' matches are a bitmap kept per segment ({@link SegmentFacts}), whose
 * count over a run of documents is a sum of population counts. What a bound on the end excludes is found by looking at
 * the few documents it can exclude: since an event starts before it ends and lasts at most {@code longest} seconds
 * (but for a few, looked at one by one), only the events that start within {@code longest} before a bound on the end
 * may fall on either side of it. The count then costs what the window's edges hold, not what the window holds.
 *
 * <p>Each segment keeps its first {@code offset + limit} matches in order, and the segments' runs are merged for the
 * page.
 */
final class IndexedPage {
  private IndexedPage() {}

  /** The matches of one segment that may be on the page, in list order, and where the merge stands in them. */
  private static final class Run {
    final int[] docs;
    final int size;
    final SegmentFacts.Columns columns;
    final NumericDocValues id;
    final BinaryDocValues facts;
    int next;
    int doc;
    long startValue;
    long idValue;

    Run(int[] docs, int size, SegmentFacts.Columns columns, LeafReaderContext leaf) throws IOException {
      this.docs = docs;
      this.size = size;
      this.columns = columns;
      this.id = leaf.reader().getNumericDocValues(EventDocuments.ID);
      this.facts = leaf.reader().getBinaryDocValues(EventDocuments.FACTS);
    }

    /** Reads the list order of the next match; false when the run is done. */
    boolean advance() throws IOException {
      if (next == size) return false;
      doc = docs[next++];
      if (!id.advanceExact(doc)) throw new IllegalStateException("an indexed event has no id: document " + doc);
      startValue = columns.start(doc);
      idValue = id.longValue();
      return true;
    }

    /** The facts of the match read last; the matches of a run are read in document order, as doc values are. */
    EventFacts facts() throws IOException {
      if (facts == null || !facts.advanceExact(doc)) {
        throw new IllegalStateException("an indexed event has no facts: document " + doc);
      }
      return EventFacts.read(facts.binaryValue());
    }
  }

  /** What one segment holds of a question: how many match, and its first matches in list order. */
  private record SegmentPage(int total, int[] docs, int size) {}

  /** A segment's columns and its matches of the question's filters, and which of those are deleted. */
  private record Segment(LeafReaderContext leaf, SegmentFacts.Columns columns, RoaringBitmap matches,
      RoaringBitmap deleted, RoaringBitmap deletedMatches) {
    SegmentPage page(IndexedQuestion.Window window, int wanted) {
      return segment(columns, matches, deleted, deletedMatches, window, wanted);
    }

    Counted counted(IndexedQuestion.Window window) {
      return IndexedPage.counted(columns, matches, deleted, deletedMatches, window, true);
    }
  }

  /**
   * A segment's matches that a window holds, countable before any document: those of the run of documents that start
   * in the window ({@code from} to {@code to}, from the bitmaps), less the documents of the run that the window's
   * edges or their long duration exclude ({@code excluded}: {@code excludedCount} of them, listed only when asked for),
   * plus the long events before the run that it holds ({@code added}), both sorted. Since documents are in list order,
   * the events that start before a time are those before a document, so a bisection of the window's starts counts each
   * step from this, found once a question: found again at each of its thirty-odd steps, the edges and long events were
   * walked thirty-odd times for a page deep in a window.
   */
  private record Counted(int from, int to, RoaringBitmap matches, RoaringBitmap deletedMatches, int[] excluded,
      int excludedCount, int[] added) {
    static final Counted NONE = new Counted(0, 0, NO_MATCHES, null, NO_DOCS, 0, NO_DOCS);

    /** How many of the documents before {@code doc} the window holds; {@code excluded} must be listed. */
    int before(int doc) {
      return inRun(doc) - below(excluded, doc) + below(added, doc);
    }

    int total() {
      return inRun(to) - excludedCount + added.length;
    }

    /** The run's matches before {@code doc}, those that the edges and long events exclude included. */
    private int inRun(int doc) {
      int end = Math.min(doc, to);
      return end <= from ? 0 : (int) (matches.rangeCardinality(from, end)
          - (deletedMatches == null ? 0 : deletedMatches.rangeCardinality(from, end)));
    }

    /** How many of the sorted {@code docs} are below {@code doc}. */
    private static int below(int[] docs, int doc) {
      int found = Arrays.binarySearch(docs, doc);
      return found >= 0 ? found : -found - 1;
    }
  }

  /**
   * From this offset on, the events before the page are counted, not walked: walking them cost time that grew with
   * the offset (a page in the middle of six years of 100 000 events walked 50 000 documents through the merge), and
   * counting them costs a few dozen counts from the window's edges, whatever the offset.
   */
  static final long COUNTED_FROM = 2_048;

  /** The page from {@code offset} on, with the facts of its events when {@code withFacts}. */
  static EventIndex.Page of(IndexSearcher searcher, IndexedQuestion question, long offset, int limit, SegmentFacts facts,
      boolean withFacts) throws IOException {
    // the filters' weight, needed only where a segment's matches are not kept
    Supplier<Weight> weight = EventView.memoized(() -> {
      try {
        return searcher.createWeight(searcher.rewrite(question.filters()), ScoreMode.COMPLETE_NO_SCORES, 1f);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    Query filters = facts.shared(question.filters());
    List<Segment> segments = new ArrayList<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      SegmentFacts.Columns columns = facts.columns(leaf);
      // no document that starts outside the window is looked at (a page narrows the window, never widens it), and a
      // segment none of whose events the window may hold is not asked for its matches at all: each write adds a
      // segment of a few events, and a window of days holds none of most of them
      int first = columns.firstStartingFrom(question.window().startFrom());
      int to = runEnd(columns, question.window());
      RoaringBitmap matches = mayHold(columns, question.window(), first, to)
          ? facts.matches(leaf, filters, first, to, weight) : NO_MATCHES;
      RoaringBitmap deleted = facts.deleted(leaf);
      segments.add(new Segment(leaf, columns, matches, deleted,
          deleted == null || matches == NO_MATCHES ? null : RoaringBitmap.and(matches, deleted)));
    }
    IndexedQuestion.Window window = question.window();
    int before = 0;
    if (offset >= COUNTED_FROM) {
      List<Counted> counted = new ArrayList<>(segments.size());
      for (Segment segment : segments) counted.add(segment.counted(window));
      long startAt = firstStartOfOffset(segments, counted, window, offset);
      if (startAt > window.startFrom()) {
        before = startingBefore(segments, counted, startAt);
        window = window.from(true, startAt);
      }
    }
    long skip = offset - before;
    int wanted = (int) Math.min(Integer.MAX_VALUE - 8, skip + limit);
    int total = before;
    var runs = new PriorityQueue<Run>((a, b) -> a.startValue != b.startValue
        ? Long.compare(a.startValue, b.startValue) : Long.compare(a.idValue, b.idValue));
    for (Segment segment : segments) {
      SegmentPage page = segment.page(window, wanted);
      total += page.total();
      if (page.size() == 0) continue;
      var run = new Run(page.docs(), page.size(), segment.columns(), segment.leaf());
      if (run.advance()) runs.add(run);
    }
    List<Long> ids = new ArrayList<>();
    List<EventFacts> pageFacts = withFacts ? new ArrayList<>() : null;
    for (long position = 0; position < wanted && !runs.isEmpty(); position++) {
      Run first = runs.poll();
      if (position >= skip) {
        ids.add(first.idValue);
        if (withFacts) pageFacts.add(first.facts());
      }
      if (first.advance()) runs.add(first);
    }
    return new EventIndex.Page(total, ids, pageFacts);
  }

  /**
   * The latest start such that at most {@code offset} events of the window start before it: the page's first event
   * starts then, or later when the window ends sooner. A bisection of the window's starts, in seconds.
   */
  private static long firstStartOfOffset(List<Segment> segments, List<Counted> counted, IndexedQuestion.Window window,
      long offset) {
    long low = Long.MAX_VALUE;
    long high = Long.MIN_VALUE;
    for (Segment segment : segments) {
      SegmentFacts.Columns columns = segment.columns();
      if (columns.size() == 0) continue;
      low = Math.min(low, columns.start(0));
      high = Math.max(high, columns.start(columns.size() - 1));
    }
    if (low > high) return window.startFrom();
    low = Math.max(low, window.startFrom());
    high = Math.min(high, window.startTo());
    if (low >= high) return low;
    // count(start < low) is 0; find the largest t in [low, high + 1] with count(start < t) <= offset
    high = high + 1;
    while (low < high) {
      long middle = low + (high - low + 1) / 2;
      if (startingBefore(segments, counted, middle) <= offset) low = middle; else high = middle - 1;
    }
    return low;
  }

  /** How many of the window's events ({@code counted}, a segment's each) start before {@code at}. */
  private static int startingBefore(List<Segment> segments, List<Counted> counted, long at) {
    int count = 0;
    for (int i = 0; i < segments.size(); i++) {
      count += counted.get(i).before(segments.get(i).columns().firstStartingFrom(at));
    }
    return count;
  }

  /** One segment's count of the window's matches, and its first {@code wanted} of them in list order. */
  private static SegmentPage segment(SegmentFacts.Columns columns, RoaringBitmap matches, RoaringBitmap deleted,
      RoaringBitmap deletedMatches, IndexedQuestion.Window window, int wanted) {
    Counted counted = counted(columns, matches, deleted, deletedMatches, window, false);
    if (counted.from() >= counted.to() && counted.added().length == 0) return new SegmentPage(0, NO_DOCS, 0);
    // the page's first documents: long events before the run that are in the window, then the run
    int[] docs = wanted == 0 ? NO_DOCS : new int[Math.min(wanted, 64)];
    int size = 0;
    for (int doc : counted.added()) {
      if (size == wanted) break;
      if (size == docs.length) docs = Arrays.copyOf(docs, Math.min(wanted, docs.length * 2));
      docs[size++] = doc;
    }
    PeekableIntIterator inWindow = matches.getIntIterator();
    inWindow.advanceIfNeeded(counted.from());
    while (size < wanted && inWindow.hasNext() && inWindow.peekNext() < counted.to()) {
      int doc = inWindow.next();
      if (!isLive(doc, deleted) || !holds(window, columns, doc)) continue;
      if (size == docs.length) docs = Arrays.copyOf(docs, Math.min(wanted, docs.length * 2));
      docs[size++] = doc;
    }
    return new SegmentPage(counted.total(), docs, size);
  }

  /**
   * One segment: {@code from} to {@code to} are the documents whose start alone does not exclude them; among them,
   * only those in the edges near a bound on the end, and the few long events, may still be excluded by the end.
   * Long events that start before {@code from} may still end within the window: they are the only ones before it.
   */
  private static Counted counted(SegmentFacts.Columns columns, RoaringBitmap matches, RoaringBitmap deleted,
      RoaringBitmap deletedMatches, IndexedQuestion.Window window, boolean listExcluded) {
    long longest = columns.longest;
    int first = columns.firstStartingFrom(window.startFrom());
    int to = runEnd(columns, window);
    if (first >= to) return Counted.NONE;
    int from = shortFrom(columns, window, first, to);
    // the documents whose end may exclude them: those that start before the lowest end allowed, and those that start
    // within `longest` before the highest, as runs [start, end) in document order
    int lowEdgeEnd = window.endFrom() == Long.MIN_VALUE ? from
        : Math.max(from, Math.min(to, columns.firstStartingFrom(window.endFrom())));
    int highEdgeStart = window.endTo() == Long.MAX_VALUE ? to
        : Math.min(to, Math.max(from, columns.firstStartingAfter(saturatedMinus(window.endTo(), longest))));
    int[] edges = highEdgeStart <= lowEdgeEnd ? new int[] {from, to} : new int[] {from, lowEdgeEnd, highEdgeStart, to};

    int[] excluded = NO_DOCS;
    int excludedCount = 0;
    for (int i = 0; i < edges.length; i += 2) {
      PeekableIntIterator inEdge = matches.getIntIterator();
      inEdge.advanceIfNeeded(edges[i]);
      while (inEdge.hasNext() && inEdge.peekNext() < edges[i + 1]) {
        int doc = inEdge.next();
        if (!isLive(doc, deleted) || holds(window, columns, doc)) continue;
        if (listExcluded) excluded = withDoc(excluded, excludedCount, doc);
        excludedCount++;
      }
    }
    int[] added = NO_DOCS;
    int addedCount = 0;
    boolean unsorted = false;
    for (int doc : columns.lasting) {
      if (doc >= to) break;
      if (doc < first || !matches.contains(doc) || !isLive(doc, deleted)) continue;
      boolean holds = holds(window, columns, doc);
      if (doc < from) {
        if (!holds) continue;
        added = withDoc(added, addedCount++, doc);
      } else if (!holds && !inEdges(doc, edges)) {
        if (listExcluded) excluded = withDoc(excluded, excludedCount, doc);
        excludedCount++;
        unsorted = true;
      }
    }
    if (listExcluded) {
      excluded = Arrays.copyOf(excluded, excludedCount);
      if (unsorted) Arrays.sort(excluded);
    }
    return new Counted(from, to, matches, deletedMatches, listExcluded ? excluded : null, excludedCount,
        Arrays.copyOf(added, addedCount));
  }

  /** {@code docs} with {@code doc} at {@code count}, grown when full. */
  private static int[] withDoc(int[] docs, int count, int doc) {
    if (count == docs.length) docs = Arrays.copyOf(docs, Math.max(16, count * 2));
    docs[count] = doc;
    return docs;
  }

  private static final int[] NO_DOCS = new int[0];
  private static final RoaringBitmap NO_MATCHES = new RoaringBitmap();

  /**
   * The first document from {@code first} on that may be in the window as a short event: one that starts more than
   * {@code longest} before the lowest end allowed ends before it. At most {@code to}.
   */
  private static int shortFrom(SegmentFacts.Columns columns, IndexedQuestion.Window window, int first, int to) {
    int from = window.endFrom() == Long.MIN_VALUE ? first
        : Math.max(first, columns.firstStartingFrom(saturatedMinus(window.endFrom(), columns.longest)));
    return Math.min(from, to);
  }

  /**
   * Whether the window may hold an event of the segment: one of its short events starts where the window allows, or
   * it holds one of the long ones (all of a segment of 16 events or fewer that last at all). A window that a page
   * narrows it to holds none either. {@code first} to {@code to}: the run of documents that start in the window.
   */
  private static boolean mayHold(SegmentFacts.Columns columns, IndexedQuestion.Window window, int first, int to) {
    if (first >= to) return false;
    if (shortFrom(columns, window, first, to) < to) return true;
    for (int doc : columns.lasting) {
      if (doc >= first && doc < to && holds(window, columns, doc)) return true;
    }
    return false;
  }

  /** The end (exclusive) of the run of documents that start in the window: the first that starts after it may end. */
  private static int runEnd(SegmentFacts.Columns columns, IndexedQuestion.Window window) {
    return columns.firstStartingAfter(Math.min(window.startTo(), window.endTo()));
  }

  private static boolean holds(IndexedQuestion.Window window, SegmentFacts.Columns columns, int doc) {
    long start = columns.start(doc);
    return window.holds(start, start + columns.length(doc));
  }

  private static boolean isLive(int doc, RoaringBitmap deleted) {
    return deleted == null || !deleted.contains(doc);
  }

  private static boolean inEdges(int doc, int[] edges) {
    for (int i = 0; i < edges.length; i += 2) if (doc >= edges[i] && doc < edges[i + 1]) return true;
    return false;
  }

  private static long saturatedMinus(long at, long seconds) {
    return at < Long.MIN_VALUE + seconds ? Long.MIN_VALUE : at - seconds;
  }
}
