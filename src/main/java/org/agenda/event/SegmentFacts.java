package org.agenda.event;

import com.github.benmanes.caffeine.cache.Cache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.packed.PackedInts;
import org.apache.lucene.util.packed.PackedLongValues;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RoaringBitmapWriter;

/**
 * What the index keeps of each segment between questions: its events' starts and ends, and the documents each filter
 * query matches in it from some start on, as compressed bitmaps (RoaringBitmap). A segment does not change while it
 * lives: a write adds a small segment and marks documents of the others deleted, so what is kept of the large segments
 * serves every data version until a merge replaces them. Deleted documents are kept per reader, which a write's
 * deletions renew.
 */
final class SegmentFacts {
  /**
   * What a kept entry costs besides its bitmap's content: the bitmap's objects, its key and the cache's node. Not the
   * filters' query (about a KiB) that the key holds: one object of it serves every segment ({@link #shared}), and
   * {@code askedFilters} bounds those. Weighed with the query, each of the eight large segments of 100 000 events paid
   * for it again, and the budget held a third of the filters the mixed-traffic route asked: a miss found them anew
   * in every segment, 0.85 times a question.
   */
  private static final int ENTRY_BYTES = 192;

  private final Map<Object, Columns> columns = new ConcurrentHashMap<>();
  private final Map<Object, RoaringBitmap> deleted = new ConcurrentHashMap<>();
  private final Cache<MatchesKey, KeptMatches> matches;
  /** The same for the small segments, counted rather than weighed. */
  private final Cache<MatchesKey, KeptMatches> smallMatches;
  /** One object for each filter query asked lately, which the kept matches of every segment share as their key. */
  private final Cache<Query, Query> askedFilters;
  private final int keptFromDocuments;

  private record MatchesKey(Object segment, Query filters) {}

  /** A segment's matches of a filter among documents {@code from} (inclusive) to {@code to} (exclusive). */
  private record KeptMatches(int from, int to, RoaringBitmap documents) {
    boolean covers(int first, int end) {
      return from <= first && to >= end;
    }
  }

  /**
   * Matches are kept up to {@code maximumBytes}, of segments of at least {@code keptFromDocuments} documents. The
   * segments a write adds are smaller, and a merge replaces them within a second or two: their matches, a few bytes
   * each, are kept apart, at most {@code smallMatches} of them, so that they do not fill the budget of the large
   * ones with keys. Found anew for every question in each of the ten or so small segments that ten writes a second
   * keep, they were 7 % of the CPU of the mixed-traffic route and a fifth of what it allocated. Their keys share the
   * filters' query objects ({@code askedFilters} of them): a query of a request kept with each entry, about a KiB,
   * filled the old generation with what a merge then let go.
   */
  SegmentFacts(long maximumBytes, int keptFromDocuments, int smallMatches, int askedFilters) {
    this.keptFromDocuments = keptFromDocuments;
    this.matches = Caches.builder().maximumWeight(maximumBytes)
        .weigher((MatchesKey key, KeptMatches kept) -> kept.documents().getSizeInBytes() + ENTRY_BYTES).build();
    this.smallMatches = Caches.builder().maximumSize(smallMatches).build();
    this.askedFilters = Caches.builder().maximumSize(askedFilters).build();
  }

  /** The object kept for a query equal to {@code filters}, which becomes that object when there is none. */
  Query shared(Query filters) {
    return askedFilters.get(filters, asked -> asked);
  }

  /**
   * The starts and ends of a segment's documents, in document order, which is list order (start, then id). Events
   * last at most {@code longest} seconds but for a few, listed in {@code lasting}: a bound on the end then decides
   * alone only for the documents that start within {@code longest} of it, or that are among those few.
   *
   * <p>Kept packed (Lucene's {@link PackedLongValues}): the starts as a monotonic sequence, the ends as each event's
   * length. As two arrays of longs they were 16 bytes an event, 16 MB of a million events that stayed in the old
   * generation beside the caches' budgets, where full collections found 137–147 MB live in 171.
   */
  static final class Columns {
    private final PackedLongValues starts;
    private final PackedLongValues lengths;
    private final int size;
    final long longest;
    final int[] lasting;

    private Columns(PackedLongValues starts, PackedLongValues lengths, long longest, int[] lasting) {
      this.starts = starts;
      this.lengths = lengths;
      this.size = (int) starts.size();
      this.longest = longest;
      this.lasting = lasting;
    }

    int size() {
      return size;
    }

    long start(int doc) {
      return starts.get(doc);
    }

    /** How long the event of {@code doc} lasts: it ends at its start plus this. */
    long length(int doc) {
      return lengths.get(doc);
    }

    /** The first document that starts at {@code at} or later ({@code size()} when none). */
    int firstStartingFrom(long at) {
      int low = 0;
      int high = size;
      while (low < high) {
        int middle = (low + high) >>> 1;
        if (starts.get(middle) < at) low = middle + 1; else high = middle;
      }
      return low;
    }

    /** The first document that starts after {@code at}. */
    int firstStartingAfter(long at) {
      return at == Long.MAX_VALUE ? size : firstStartingFrom(at + 1);
    }

    static Columns of(LeafReader reader) throws IOException {
      int size = reader.maxDoc();
      long[] starts = read(reader, EventDocuments.START, size);
      long[] lengths = read(reader, EventDocuments.END, size);
      for (int doc = 0; doc < size; doc++) lengths[doc] -= starts[doc];
      // about one event in a thousand may last longer than the others: each is checked on its own
      int few = Math.max(16, size / 1024);
      long longest = 0;
      if (size > few) {
        long[] sorted = lengths.clone();
        Arrays.sort(sorted);
        longest = sorted[size - few - 1];
      }
      int count = 0;
      int[] lasting = new int[Math.min(size, few + 1)];
      for (int doc = 0; doc < size; doc++) {
        if (lengths[doc] <= longest) continue;
        if (count == lasting.length) lasting = Arrays.copyOf(lasting, count * 2);
        lasting[count++] = doc;
      }
      return new Columns(packed(PackedLongValues.monotonicBuilder(PackedInts.DEFAULT), starts),
          packed(PackedLongValues.packedBuilder(PackedInts.DEFAULT), lengths), longest, Arrays.copyOf(lasting, count));
    }

    private static PackedLongValues packed(PackedLongValues.Builder builder, long[] values) {
      for (long value : values) builder.add(value);
      return builder.build();
    }

    private static long[] read(LeafReader reader, String field, int size) throws IOException {
      long[] values = new long[size];
      NumericDocValues source = reader.getNumericDocValues(field);
      for (int doc = 0; doc < size; doc++) {
        if (source == null || !source.advanceExact(doc)) {
          throw new IllegalStateException("an indexed event has no " + field + ": document " + doc);
        }
        values[doc] = source.longValue();
      }
      return values;
    }
  }

  private Cache<MatchesKey, KeptMatches> matchesOf(int segmentSize) {
    return segmentSize < keptFromDocuments ? smallMatches : matches;
  }

  Columns columns(LeafReaderContext leaf) throws IOException {
    IndexReader.CacheHelper segment = leaf.reader().getCoreCacheHelper();
    if (segment == null) return Columns.of(leaf.reader());
    Columns kept = columns.get(segment.getKey());
    if (kept != null) return kept;
    // one question reads a segment's columns, the others that ask meanwhile wait for them: at a million events, the
    // 32 connections of the first questions after a start each read the large segments' (24 MB at a time while
    // packed), and the collector ran 40 full collections in three seconds
    boolean[] readHere = {false};
    try {
      kept = columns.computeIfAbsent(segment.getKey(), key -> {
        readHere[0] = true;
        try {
          return Columns.of(leaf.reader());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (readHere[0]) {
      // a segment's matches are in the one cache its size selects: the large cache holds thousands of entries, and a
      // write's small segment, closed within seconds, would otherwise walk them all on every merge
      var segmentMatches = matchesOf(leaf.reader().maxDoc());
      segment.addClosedListener(key -> {
        columns.remove(key);
        segmentMatches.asMap().keySet().removeIf(entry -> entry.segment() == key);
      });
    }
    return kept;
  }

  /**
   * The documents of the segment (deleted ones too) that {@code filters} match, among documents {@code from} to {@code
   * to} (exclusive) at least (those outside may be missing); {@code weight} gives the filters' weight, which only
   * matches not kept need.
   *
   * <p>A list asks only for the events that start within its window, and a segment is in list order: the documents
   * outside the window's run are never looked at. So matches are found and kept over the run, widened to steps of a
   * 64th of the segment (so that windows close together share them), and serve every later question whose run lies
   * within; a question whose run does not finds them over both runs and what lies between. Most questions look ahead
   * from today; their filters' matches take the part of memory and of the work that their window is of the segment:
   * kept up to the segment's end whatever the window, the matches of a new filter in a window of days were walked
   * through the three years after it (at a million events, 29 % of the CPU of the mixed-traffic route).
   */
  RoaringBitmap matches(LeafReaderContext leaf, Query filters, int from, int to, Supplier<Weight> weight)
      throws IOException {
    IndexReader.CacheHelper segment = leaf.reader().getCoreCacheHelper();
    if (segment == null) return matching(leaf, weight.get(), from, to);
    int size = leaf.reader().maxDoc();
    int step = Math.max(1, size / 64);
    int keptFrom = from / step * step;
    int keptTo = (int) Math.min(size, ((long) to + step - 1) / step * step);
    var cache = matchesOf(size);
    var key = new MatchesKey(segment.getKey(), filters);
    KeptMatches found = cache.getIfPresent(key);
    if (found != null && found.covers(from, to)) return found.documents();
    try {
      // one question finds them, the others that ask meanwhile wait for its answer
      return cache.asMap().compute(key, (unused, latest) -> {
        if (latest != null && latest.covers(from, to)) return latest;
        int first = latest == null ? keptFrom : Math.min(keptFrom, latest.from());
        int end = latest == null ? keptTo : Math.max(keptTo, latest.to());
        try {
          return new KeptMatches(first, end, matching(leaf, weight.get(), first, end));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).documents();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static RoaringBitmap matching(LeafReaderContext leaf, Weight weight, int from, int to) throws IOException {
    RoaringBitmapWriter<RoaringBitmap> documents = RoaringBitmapWriter.writer().get();
    Scorer scorer = weight.scorer(leaf);
    if (scorer != null && from < Math.min(to, leaf.reader().maxDoc())) {
      DocIdSetIterator iterator = scorer.iterator();
      for (int doc = iterator.advance(from); doc < to; doc = iterator.nextDoc()) {
        documents.add(doc);
      }
    }
    RoaringBitmap found = documents.get();
    found.runOptimize();
    return found;
  }

  /** The deleted documents of this reader of a segment; null when it has none. */
  RoaringBitmap deleted(LeafReaderContext leaf) {
    Bits live = leaf.reader().getLiveDocs();
    if (live == null) return null;
    IndexReader.CacheHelper reader = leaf.reader().getReaderCacheHelper();
    if (reader == null) return deletedOf(live);
    return deleted.computeIfAbsent(reader.getKey(), key -> {
      reader.addClosedListener(deleted::remove);
      return deletedOf(live);
    });
  }

  private static RoaringBitmap deletedOf(Bits live) {
    RoaringBitmapWriter<RoaringBitmap> documents = RoaringBitmapWriter.writer().get();
    for (int doc = 0; doc < live.length(); doc++) if (!live.get(doc)) documents.add(doc);
    return documents.get();
  }
}
