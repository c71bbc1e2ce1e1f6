package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class SegmentFactsTest {
  /**
   * The columns are kept packed: every start and end reads back as indexed, across the packed pages of a segment of
   * thousands of events whose starts spread over centuries, with ties, and whose lengths range from none to decades.
   */
  @Test
  void aSegmentsStartsAndEndsReadBackAsIndexed() throws IOException {
    var random = new Random(24);
    int size = 5_000;
    long[] starts = new long[size];
    long[] ends = new long[size];
    for (int i = 0; i < size; i++) {
      starts[i] = random.nextInt(8) == 0 ? -2_208_988_800L + random.nextInt(1_000) // 1900, some at the same second
          : 1_700_000_000L + (long) random.nextInt(200_000_000) * (random.nextInt(50) == 0 ? 40 : 1);
    }
    Arrays.sort(starts);
    for (int i = 0; i < size; i++) {
      int kind = random.nextInt(100);
      ends[i] = starts[i] + (kind == 0 ? 40L * 365 * 86_400 + random.nextInt(1_000) : kind < 10 ? 0 : random.nextInt(
          86_400 * 3));
    }
    try (var directory = new ByteBuffersDirectory();
        var writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer())
            .setIndexSort(EventIndex.LIST_ORDER))) {
      for (int i = 0; i < size; i++) {
        var document = new Document();
        document.add(new NumericDocValuesField(EventDocuments.ID, i + 1));
        document.add(new NumericDocValuesField(EventDocuments.START, starts[i]));
        document.add(new NumericDocValuesField(EventDocuments.END, ends[i]));
        writer.addDocument(document);
      }
      writer.forceMerge(1);
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        LeafReader segment = reader.leaves().get(0).reader();
        var columns = SegmentFacts.Columns.of(segment);
        assertThat(columns.size()).isEqualTo(size);
        long longest = 0;
        for (int doc = 0; doc < size; doc++) {
          // documents are in list order: start, then id, and the ids follow the sorted starts
          assertThat(columns.start(doc)).as("start of %d", doc).isEqualTo(starts[doc]);
          assertThat(columns.start(doc) + columns.length(doc)).as("end of %d", doc).isEqualTo(ends[doc]);
          if (Arrays.binarySearch(columns.lasting, doc) < 0) longest = Math.max(longest, ends[doc] - starts[doc]);
        }
        assertThat(longest).as("the events not listed as lasting last at most `longest`").isEqualTo(columns.longest);
        assertThat(columns.lasting).as("some events last longer than the others").isNotEmpty();
        for (long at : new long[] {Long.MIN_VALUE, starts[0], starts[0] + 1, starts[size / 2], starts[size - 1],
            starts[size - 1] + 1, Long.MAX_VALUE - 1}) {
          int first = 0;
          while (first < size && starts[first] < at) first++;
          assertThat(columns.firstStartingFrom(at)).as("first starting from %d", at).isEqualTo(first);
        }
        assertThat(columns.firstStartingAfter(Long.MAX_VALUE)).isEqualTo(size);
      }
    }
  }
}
