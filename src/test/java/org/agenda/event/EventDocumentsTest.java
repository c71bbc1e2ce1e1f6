package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * The facts of a page's events are read from the index by id: over several segments, those of the live document of
 * each event only (an event written again has its earlier document deleted), none for an event deleted or never
 * indexed, and none for a document written without them.
 */
class EventDocumentsTest {
  private static Document document(long id, int revision) {
    Event event = new Event();
    event.id = id;
    event.status = "publish";
    event.revision = revision;
    event.categoryIds = List.of(id * 10);
    Document document = new Document();
    document.add(new StringField(EventDocuments.ID, Long.toString(id), Store.NO));
    document.add(new LongPoint(EventDocuments.ID, id));
    document.add(new BinaryDocValuesField(EventDocuments.FACTS, EventFacts.of(event, List.of("nl")).bytes()));
    return document;
  }

  @Test
  void theFactsOfTheLiveDocumentOfEachEventAsked() throws IOException {
    try (var directory = new ByteBuffersDirectory();
        var writer = new IndexWriter(directory,
            new IndexWriterConfig(new StandardAnalyzer()).setMergePolicy(NoMergePolicy.INSTANCE))) {
      for (long id = 1; id <= 6; id++) writer.addDocument(document(id, 1));
      writer.commit();
      writer.updateDocument(new Term(EventDocuments.ID, "2"), document(2, 2));
      writer.deleteDocuments(new Term(EventDocuments.ID, "3"));
      Document withoutFacts = new Document();
      withoutFacts.add(new StringField(EventDocuments.ID, "7", Store.NO));
      withoutFacts.add(new LongPoint(EventDocuments.ID, 7));
      writer.addDocument(withoutFacts);
      writer.commit();
      try (var reader = DirectoryReader.open(directory)) {
        assertThat(reader.leaves()).hasSize(2);
        Map<Long, EventFacts> facts = EventDocuments.facts(new IndexSearcher(reader), List.of(2L, 3L, 5L, 7L, 99L));
        assertThat(facts).containsOnlyKeys(2L, 5L);
        assertThat(facts.get(2L).stamp).startsWith("2.");
        assertThat(facts.get(5L).stamp).startsWith("1.");
        assertThat(facts.get(5L).categoryIds()).containsExactly(50L);
      }
    }
  }

  /**
   * The word fields hold every run of letters and digits whole, up to the longest a text may have without being searched
   * by its runs of three characters too: a longer one is cut by the tokenizer, so the text is marked.
   */
  @Test
  void aWordUpToTheLongestIsOneTokenAndALongerOneMarksItsText() throws IOException {
    String supplementary = new String(Character.toChars(0x1D4D0)); // a letter outside the basic plane: two chars
    String longest = "é".repeat(EventDocuments.LONGEST_WORD - 2) + supplementary;
    String text = "ab-" + longest + ", 12cd";
    assertThat(EventDocuments.longestWord(text)).isEqualTo(EventDocuments.LONGEST_WORD);
    assertThat(tokens(EventDocuments.words("body", "nl"), text)).containsExactly("ab", longest, "12cd");
    String tooLong = "x".repeat(300);
    assertThat(EventDocuments.longestWord("a " + tooLong + " b")).isEqualTo(300);
    assertThat(tokens(EventDocuments.words("body", "nl"), tooLong)).hasSizeGreaterThan(1);
    assertThat(tokens(EventDocuments.text("body", "nl"), "abcd")).containsExactly("abc", "bcd");
    assertThat(EventDocuments.isWord("straße2")).isTrue();
    assertThat(EventDocuments.isWord("rock-concert")).isFalse();
    assertThat(EventDocuments.isWord("l'été")).isFalse();
  }

  private static List<String> tokens(String field, String text) throws IOException {
    var tokens = new ArrayList<String>();
    try (var analyzer = new EventIndex.TextAnalyzer(); var stream = analyzer.tokenStream(field, text)) {
      var term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) tokens.add(term.toString());
      stream.end();
    }
    return tokens;
  }
}
