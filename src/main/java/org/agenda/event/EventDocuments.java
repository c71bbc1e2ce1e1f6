package org.agenda.event;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agenda.record.RecordTables;
import org.agenda.record.Status;
import org.agenda.venue.VenueTables;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.jooq.DSLContext;

/**
 * What the event index ({@link EventIndex}) holds of each event: every value that a list filter of §6.3 tests, read
 * from the database in a few statements per batch of events. The names of the fields are the vocabulary shared with
 * {@link IndexedSelection}, which asks the questions.
 */
final class EventDocuments {
  static final String ID = "id";
  static final String START = "start";
  static final String END = "end";
  static final String MODIFIED = "modified";
  static final String STATUS = "status";
  /** The status a trashed event had before: what a contributor's right to edit it depends on (§4.4). */
  static final String STATUS_UNTRASHED = "status_untrashed";
  static final String AUTHOR = "author";
  static final String HIDDEN = "hidden";
  static final String FEATURED = "featured";
  static final String PASSWORD = "password";
  static final String PROTECTED = "protected";
  static final String PARENT = "parent";
  static final String TERM = "term";
  static final String VENUE = "venue";
  static final String ORGANIZER = "organizer";
  /** Linked to a venue that is not in the trash and has coordinates (the {@code geoloc} filter). */
  static final String LOCATED = "located";
  /** The languages the event has text in. */
  static final String LANGUAGE = "language";
  /**
   * What a list needs of the event besides its item ({@link EventFacts}), as doc values: read by id for the events of a
   * page, in place of three statements for those the cache of facts does not hold.
   */
  static final String FACTS = "facts";
  static final String YES = "1";
  static final String NO = "0";

  private EventDocuments() {}

  /**
   * The texts (by {@link #text} field) that have a word of more than {@link #LONGEST_WORD} characters: the tokenizer of
   * the word fields cuts a word at 255, so a term found in such a text by the words alone could be missed; those texts
   * are searched by their runs of three characters as well.
   */
  static final String LONG_WORDS = "long_words";
  /** Below the tokenizer's cut ({@code CharTokenizer.DEFAULT_MAX_WORD_LEN}), with room to spare. */
  static final int LONGEST_WORD = 200;
  private static final String WORDS = "words_";
  /** Words are only looked up, never scored nor matched as phrases: their documents are all the postings keep. */
  private static final FieldType WORDS_TYPE = wordsType();

  /** The field of the folded title (name) or body (description and excerpt) in one language. */
  static String text(String part, String language) {
    return part + "_" + language;
  }

  /**
   * The field of the words of a folded text ({@link #text}): its runs of letters and digits between other characters
   * ({@link EventIndex.TextAnalyzer}). A search term of letters and digits only occurs in a text exactly where it occurs
   * in one of them, so the words that contain it find it by their dictionary, without matching runs of three characters
   * at consecutive positions in every text that has them: a search's new filter took half the time at 100 000 and
   * at 300 000 events (docs/performance.md, the event index).
   */
  static String words(String part, String language) {
    return WORDS + text(part, language);
  }

  static boolean isWords(String field) {
    return field.startsWith(WORDS);
  }

  /** Whether every character of {@code term} is a letter or digit: a term the word fields can find. */
  static boolean isWord(String term) {
    return !term.isEmpty() && term.codePoints().allMatch(Character::isLetterOrDigit);
  }

  /** The documents of the events among {@code ids} that exist; the others are not in the map. */
  static Map<Long, Document> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Document> documents = new HashMap<>();
    if (ids.isEmpty()) return documents;
    for (var row : dsl.select(RecordTables.EVENT_ID, RecordTables.STATUS, RecordTables.STATUS_BEFORE_TRASH,
            RecordTables.AUTHOR, RecordTables.MODIFIED_UTC, EventTables.START_UTC, EventTables.END_UTC,
            EventTables.PASSWORD, EventTables.HIDE_FROM_LISTINGS, EventTables.FEATURED, EventTables.POST_PARENT)
        .from(RecordTables.EVENTS).join(RecordTables.RECORDS).on(RecordTables.ID.eq(RecordTables.EVENT_ID))
        .where(RecordTables.EVENT_ID.in(ids)).fetch()) {
      long id = row.value1();
      String status = row.value2();
      String untrashed = Status.TRASH.equals(status) && row.value3() != null ? row.value3() : status;
      String password = row.value8();
      boolean isProtected = password != null && !password.isEmpty();
      var document = new Document();
      document.add(new StringField(ID, Long.toString(id), Store.NO));
      document.add(new NumericDocValuesField(ID, id));
      document.add(new LongPoint(ID, id));
      document.add(new NumericDocValuesField(START, row.value6()));
      document.add(new NumericDocValuesField(END, row.value7()));
      document.add(new LongPoint(MODIFIED, row.value5()));
      document.add(new StringField(STATUS, status, Store.NO));
      document.add(new StringField(STATUS_UNTRASHED, untrashed, Store.NO));
      document.add(new StringField(AUTHOR, Long.toString(row.value4()), Store.NO));
      document.add(new StringField(HIDDEN, row.value9() == 0 ? NO : YES, Store.NO));
      document.add(new StringField(FEATURED, row.value10() == 0 ? NO : YES, Store.NO));
      document.add(new StringField(PROTECTED, isProtected ? YES : NO, Store.NO));
      if (isProtected) document.add(new StringField(PASSWORD, password, Store.NO));
      document.add(new StringField(PARENT, Long.toString(row.value11()), Store.NO));
      documents.put(id, document);
    }
    if (documents.isEmpty()) return documents;
    var found = new ArrayList<>(documents.keySet());
    for (var row : dsl.select(RecordTables.T_RECORD, RecordTables.T_LANG, RecordTables.T_NAME_FOLDED,
            RecordTables.T_BODY_FOLDED).from(RecordTables.TRANSLATIONS).where(RecordTables.T_RECORD.in(found)).fetch()) {
      Document document = documents.get(row.value1());
      document.add(new StringField(LANGUAGE, row.value2(), Store.NO));
      addText(document, "name", row.value2(), row.value3());
      addText(document, "body", row.value2(), row.value4());
    }
    for (var row : dsl.select(EventTables.ET_EVENT, EventTables.ET_TERM).from(EventTables.EVENT_TERMS)
        .where(EventTables.ET_EVENT.in(found)).fetch()) {
      documents.get(row.value1()).add(new StringField(TERM, Long.toString(row.value2()), Store.NO));
    }
    for (var row : dsl.select(EventTables.EO_EVENT, EventTables.EO_ORGANIZER).from(EventTables.EVENT_ORGANIZERS)
        .where(EventTables.EO_EVENT.in(found)).fetch()) {
      documents.get(row.value1()).add(new StringField(ORGANIZER, Long.toString(row.value2()), Store.NO));
    }
    var venueRecord = RecordTables.RECORDS.as("venue_record");
    var venueStatus = field(name("venue_record", "status"), String.class);
    Set<Long> located = new HashSet<>();
    for (var row : dsl.select(EventTables.EV_EVENT, EventTables.EV_VENUE, venueStatus, VenueTables.GEO_LAT)
        .from(EventTables.EVENT_VENUES)
        .leftJoin(VenueTables.VENUES).on(VenueTables.ID.eq(EventTables.EV_VENUE))
        .leftJoin(venueRecord).on(field(name("venue_record", "id"), Long.class).eq(EventTables.EV_VENUE))
        .where(EventTables.EV_EVENT.in(found)).fetch()) {
      documents.get(row.value1()).add(new StringField(VENUE, Long.toString(row.value2()), Store.NO));
      if (row.value3() != null && !Status.TRASH.equals(row.value3()) && row.value4() != null) located.add(row.value1());
    }
    documents.forEach((id, document) ->
        document.add(new StringField(LOCATED, located.contains(id) ? YES : NO, Store.NO)));
    EventStore.facts(dsl, found).forEach((id, facts) ->
        documents.get(id).add(new BinaryDocValuesField(FACTS, facts.bytes())));
    return documents;
  }

  private static void addText(Document document, String part, String language, String folded) {
    document.add(new TextField(text(part, language), folded, Store.NO));
    document.add(new Field(words(part, language), folded, WORDS_TYPE));
    if (longestWord(folded) > LONGEST_WORD) document.add(new StringField(LONG_WORDS, text(part, language), Store.NO));
  }

  /** The length in chars of the longest run of letters and digits, as the word fields' tokenizer counts it. */
  static int longestWord(String text) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); ) {
      int codePoint = text.codePointAt(i);
      int chars = Character.charCount(codePoint);
      run = Character.isLetterOrDigit(codePoint) ? run + chars : 0;
      longest = Math.max(longest, run);
      i += chars;
    }
    return longest;
  }

  private static FieldType wordsType() {
    var type = new FieldType();
    type.setTokenized(true);
    type.setIndexOptions(IndexOptions.DOCS);
    type.setOmitNorms(true);
    type.freeze();
    return type;
  }

  /**
   * The facts of the events among {@code ids} whose documents the searcher holds; an event deleted between the
   * statements of {@link #load} has a document without them, and is not in the map either.
   */
  static Map<Long, EventFacts> facts(IndexSearcher searcher, Collection<Long> ids) throws IOException {
    long[] values = new long[ids.size()];
    int i = 0;
    for (long id : ids) values[i++] = id;
    Weight weight = searcher.createWeight(searcher.rewrite(LongPoint.newSetQuery(ID, values)),
        ScoreMode.COMPLETE_NO_SCORES, 1f);
    Map<Long, EventFacts> facts = new HashMap<>(ids.size() * 2);
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      Scorer scorer = weight.scorer(leaf);
      BinaryDocValues column = leaf.reader().getBinaryDocValues(FACTS);
      if (scorer == null || column == null) continue;
      Bits live = leaf.reader().getLiveDocs();
      DocIdSetIterator docs = scorer.iterator();
      for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
        if ((live == null || live.get(doc)) && column.advanceExact(doc)) {
          EventFacts event = EventFacts.read(column.binaryValue());
          facts.put(event.id, event);
        }
      }
    }
    return facts;
  }

  /** The events linked to any of these venues: a venue's trash or coordinates decide their {@link #LOCATED}. */
  static List<Long> atVenues(DSLContext dsl, Collection<Long> venueIds) {
    if (venueIds.isEmpty()) return List.of();
    return dsl.selectDistinct(EventTables.EV_EVENT).from(EventTables.EVENT_VENUES)
        .where(EventTables.EV_VENUE.in(venueIds)).fetch(EventTables.EV_EVENT);
  }
}
