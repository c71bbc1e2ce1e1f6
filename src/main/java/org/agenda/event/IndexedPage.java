package org.agenda.event;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;

/**
 * A page of a list from the {@link EventIndex}: how many events match, and the ids from {@code offset} on, in list
 * order. Every segment of the index is sorted in list order, so its matches come in that order: each segment keeps
 * its first {@code offset + limit} matches as they come and counts the others, and the segments' runs are merged
 * for the page. A collector of the top hits would keep {@code offset + limit} hits in a priority queue per segment
 * and merge those queues, which for a deep page (page 100 of a window) cost more than the whole count.
 */
final class IndexedPage {
  private IndexedPage() {}

  /** The matches of one segment that may be on the page, in list order, and where the merge stands in them. */
  private static final class Run {
    final int[] docs;
    final int size;
    final NumericDocValues start;
    final NumericDocValues id;
    int next;
    long startValue;
    long idValue;

    Run(int[] docs, int size, LeafReaderContext leaf) throws IOException {
      this.docs = docs;
      this.size = size;
      this.start = leaf.reader().getNumericDocValues(EventDocuments.START);
      this.id = leaf.reader().getNumericDocValues(EventDocuments.ID);
    }

    /** Reads the list order of the next match; false when the run is done. */
    boolean advance() throws IOException {
      if (next == size) return false;
      int doc = docs[next++];
      if (!start.advanceExact(doc) || !id.advanceExact(doc)) {
        throw new IllegalStateException("an indexed event has no start or id: document " + doc);
      }
      startValue = start.longValue();
      idValue = id.longValue();
      return true;
    }
  }

  static EventIndex.Page of(IndexSearcher searcher, Query query, long offset, int limit) throws IOException {
    Weight weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
    int wanted = (int) Math.min(Integer.MAX_VALUE - 8, offset + limit);
    int total = 0;
    var runs = new PriorityQueue<Run>((a, b) -> a.startValue != b.startValue
        ? Long.compare(a.startValue, b.startValue) : Long.compare(a.idValue, b.idValue));
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Scorer scorer = weight.scorer(leaf);
      if (scorer == null) continue;
      DocIdSetIterator matches = scorer.iterator();
      Bits live = leaf.reader().getLiveDocs();
      int[] docs = new int[Math.min(wanted, 64)];
      int kept = 0;
      for (int doc = matches.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = matches.nextDoc()) {
        if (live != null && !live.get(doc)) continue;
        total++;
        if (kept < wanted) {
          if (kept == docs.length) docs = Arrays.copyOf(docs, Math.min(wanted, docs.length * 2));
          docs[kept++] = doc;
        }
      }
      var run = new Run(docs, kept, leaf);
      if (run.advance()) runs.add(run);
    }
    List<Long> ids = new ArrayList<>();
    for (long position = 0; position < wanted && !runs.isEmpty(); position++) {
      Run first = runs.poll();
      if (position >= offset) ids.add(first.idValue);
      if (first.advance()) runs.add(first);
    }
    return new EventIndex.Page(total, ids);
  }
}
