package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * A page from the index merges the segments' matches in list order, and counts them from the window's edges: it gives
 * what Lucene's own sorted top hits and count give for the filters and the window as point ranges, over an index of
 * many segments (no merges) with deleted documents, events sharing a start, a few events far longer than the others,
 * bounds on the start and on the end, with the facts of the page's events, every depth of page (those from {@link
 * IndexedPage#COUNTED_FROM} on count the events before them), and the same questions asked again (kept matches, kept
 * over a window's run and then asked over a run that ends later, or that starts sooner).
 */
class IndexedPageTest {
  @Test
  void aPageIsTheSortedTopHitsFromItsOffsetWithTheExactCount() throws IOException {
    var random = new Random(21);
    try (var directory = new ByteBuffersDirectory();
        var writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer())
            .setIndexSort(EventIndex.LIST_ORDER).setMergePolicy(NoMergePolicy.INSTANCE))) {
      for (int id = 1; id <= 3_000; id++) {
        var document = new Document();
        document.add(new StringField(EventDocuments.ID, Long.toString(id), Store.NO));
        document.add(new NumericDocValuesField(EventDocuments.ID, id));
        document.add(facts(id));
        long start = 1_000L * random.nextInt(300); // many events share a start: the id orders them
        // most last up to 3 000 s, a few far longer: those are the ones the count looks at one by one
        long end = start + (random.nextInt(40) == 0 ? 1_000L * random.nextInt(200) : random.nextInt(3_001));
        document.add(new LongPoint(EventDocuments.START, start));
        document.add(new NumericDocValuesField(EventDocuments.START, start));
        document.add(new LongPoint(EventDocuments.END, end));
        document.add(new NumericDocValuesField(EventDocuments.END, end));
        document.add(new StringField(EventDocuments.FEATURED, random.nextInt(4) == 0 ? "y" : "n", Store.NO));
        document.add(new StringField(EventDocuments.VENUE, Integer.toString(random.nextInt(3)), Store.NO));
        writer.addDocument(document);
        if (id % 241 == 0) writer.flush(); // a segment of its own
        if (id % 7 == 0) writer.deleteDocuments(new Term(EventDocuments.ID, Long.toString(id - random.nextInt(50))));
      }
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        assertThat(reader.leaves().size()).isGreaterThan(10);
        assertThat(reader.numDeletedDocs()).isGreaterThan(100);
        var searcher = new IndexSearcher(reader);
        // every segment's matches kept as the large ones', as the small ones', and none kept
        List<SegmentFacts> facts = List.of(new SegmentFacts(1 << 20, 0, 0, 16),
            new SegmentFacts(1 << 20, 1_000, 100, 16), new SegmentFacts(1 << 20, 1_000, 0, 0));
        var all = IndexedQuestion.Window.ALL;
        Query featured = new TermQuery(new Term(EventDocuments.FEATURED, "y"));
        Query atVenue = new TermQuery(new Term(EventDocuments.VENUE, "1"));
        // conjunctions, as a list's filters are (IndexedSelection)
        List<Query> filters = List.of(new MatchAllDocsQuery(), featured,
            new TermQuery(new Term(EventDocuments.FEATURED, "none")),
            new BooleanQuery.Builder().add(featured, Occur.FILTER).add(atVenue, Occur.FILTER).build(),
            new BooleanQuery.Builder().add(featured, Occur.FILTER).add(atVenue, Occur.MUST_NOT).build());
        // a filter is first asked with a window of a few starts: its matches are kept over its run, and found again
        // for a window that ends later; then with a window that starts late, and found again for those that start sooner
        List<IndexedQuestion.Window> windows = List.of(all.from(true, 10_000).to(true, 20_000), all.from(true, 15_000),
            all.from(true, 100_000),
            all.from(true, 50_000).to(true, 220_000), all, all.from(true, 60_000).to(false, 150_000),
            all.to(false, 120_500),
            all.from(false, 100_500), all.from(false, 90_000).to(false, 91_000), all.from(true, 10_000).from(false, 140_200)
                .to(false, 240_000).to(true, 200_000), all.from(true, 100_001).to(true, 99_999), all.to(false, -1));
        var questions = new ArrayList<IndexedQuestion>();
        for (Query filter : filters) for (var window : windows) questions.add(new IndexedQuestion(filter, window));
        questions.addAll(List.copyOf(questions));
        for (IndexedQuestion question : questions) {
          var window = question.window();
          Query query = new BooleanQuery.Builder().add(question.filters(), Occur.FILTER)
              .add(LongPoint.newRangeQuery(EventDocuments.START, window.startFrom(), window.startTo()), Occur.FILTER)
              .add(LongPoint.newRangeQuery(EventDocuments.END, window.endFrom(), window.endTo()), Occur.FILTER).build();
          int total = searcher.count(query);
          int counted = (int) IndexedPage.COUNTED_FROM;
          for (int[] page : new int[][] {{0, 10}, {0, 1}, {10, 10}, {990, 10}, {counted - 1, 10}, {counted, 10},
              {counted + 37, 25}, {total / 2, 50}, {total - 3, 10}, {total, 10}, {total + 20, 10}, {0, 0}, {5, 2_000},
              {counted + 3, 0}}) {
            var expected = new ArrayList<Long>();
            if (total > 0) {
              ScoreDoc[] hits = searcher.search(query, total, EventIndex.LIST_ORDER).scoreDocs;
              for (int i = Math.max(0, page[0]); i < Math.min(hits.length, page[0] + page[1]); i++) {
                expected.add((Long) ((FieldDoc) hits[i]).fields[1]);
              }
            }
            for (SegmentFacts kept : facts) {
              EventIndex.Page found = IndexedPage.of(searcher, question, Math.max(0, page[0]), page[1], kept,
                  true);
              assertThat(found.total()).as(query + " total").isEqualTo(total);
              assertThat(found.ids()).as(query + " page " + page[0] + "+" + page[1]).isEqualTo(expected);
              assertThat(found.facts()).as("the facts of the page's events").extracting(event -> event.id)
                  .isEqualTo(expected);
            }
          }
        }
      }
    }
  }

  /**
   * A segment none of whose events the window holds is not searched for the filters' matches: each write adds a segment
   * of a few events, and a window of days holds none of most of them.
   */
  @Test
  void aSegmentNoneOfWhoseEventsTheWindowHoldsIsNotSearched() throws IOException {
    try (var directory = new ByteBuffersDirectory();
        var writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer())
            .setIndexSort(EventIndex.LIST_ORDER).setMergePolicy(NoMergePolicy.INSTANCE))) {
      long id = 1;
      // segment s: three events that start at 10 000 s + 100 s apart and last 50 s
      for (int segment = 0; segment < 4; segment++) {
        for (int i = 0; i < 3; i++) {
          long start = 10_000L * segment + 100 * i;
          var document = new Document();
          document.add(new StringField(EventDocuments.ID, Long.toString(id), Store.NO));
          document.add(facts(id));
          document.add(new NumericDocValuesField(EventDocuments.ID, id++));
          document.add(new NumericDocValuesField(EventDocuments.START, start));
          document.add(new NumericDocValuesField(EventDocuments.END, start + 50));
          writer.addDocument(document);
        }
        writer.flush();
      }
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        assertThat(reader.leaves()).hasSize(4);
        var filters = new SegmentsAsked();
        // ends at 20 100 or later and starts by 25 000: the last two events of the third segment
        var window = IndexedQuestion.Window.ALL.from(false, 20_100).to(true, 25_000);
        EventIndex.Page page = IndexedPage.of(new IndexSearcher(reader), new IndexedQuestion(filters, window), 0, 10,
            new SegmentFacts(1 << 20, 1_000, 0, 0), false);
        assertThat(page.total()).isEqualTo(2);
        assertThat(page.ids()).containsExactly(8L, 9L);
        assertThat(page.facts()).as("not asked for").isNull();
        assertThat(filters.asked).as("the segments searched").containsExactly(reader.leaves().get(2).ord);
      }
    }
  }

  /** The facts of an event as the index keeps them in its document. */
  private static BinaryDocValuesField facts(long id) {
    Event event = new Event();
    event.id = id;
    event.status = "publish";
    return new BinaryDocValuesField(EventDocuments.FACTS, EventFacts.of(event, List.of("nl")).bytes());
  }

  /** Every document, noting the segments it is asked for. */
  private static final class SegmentsAsked extends Query {
    final Set<Integer> asked = ConcurrentHashMap.newKeySet();

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) throws IOException {
      return new FilterWeight(this, new MatchAllDocsQuery().createWeight(searcher, scoreMode, boost)) {
        @Override
        public Scorer scorer(LeafReaderContext context) throws IOException {
          asked.add(context.ord);
          return super.scorer(context);
        }
      };
    }

    @Override
    public String toString(String field) {
      return "SegmentsAsked";
    }

    @Override
    public void visit(QueryVisitor visitor) {
      visitor.visitLeaf(this);
    }

    @Override
    public boolean equals(Object other) {
      return other == this;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }
}
