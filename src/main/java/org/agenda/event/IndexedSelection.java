package org.agenda.event;

import static org.agenda.event.EventDocuments.*;

import java.time.ZoneId;
import java.util.Collection;
import java.util.List;
import org.agenda.http.ApiRequest;
import org.agenda.http.Caller;
import org.agenda.i18n.Languages;
import org.agenda.record.ModifiedFilter;
import org.agenda.record.Status;
import org.agenda.text.SearchTerms;
import org.agenda.user.Role;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * The selection of {@link EventList} (§6.3) as a query of the {@link EventIndex}: the same filters, visibility and
 * text rule as its SQL, field for field, so both give the same events (a test compares them over generated data).
 */
final class IndexedSelection {
  private IndexedSelection() {}

  /** What the list's SQL selects, resolved as it resolves it. */
  record Filters(List<String> statuses, List<EventList.Bound> bounds, Collection<Long> categories,
      Collection<Long> tags, List<Long> withinRadius, boolean unlockedOnly) {}

  /**
   * The question, or null when the index does not hold what the request asks, which the database answers: a search
   * term shorter than the runs of characters it indexes, or only the first occurrence of each series.
   */
  static IndexedQuestion of(ApiRequest request, Languages languages, ZoneId zone, Filters filters) {
    if (Boolean.TRUE.equals(request.bool("hide_subsequent_recurrences"))) return null;
    var query = new BooleanQuery.Builder();
    query.add(term(HIDDEN, NO), Occur.FILTER);
    query.add(visibility(request.caller(), filters.statuses()), Occur.FILTER);
    if (!languages.fallback()) query.add(term(LANGUAGE, request.language()), Occur.FILTER);
    ModifiedFilter modified = ModifiedFilter.of(request, zone);
    if (modified.after() != null) query.add(LongPoint.newRangeQuery(MODIFIED, modified.after() + 1, Long.MAX_VALUE), Occur.FILTER);
    if (modified.before() != null) query.add(LongPoint.newRangeQuery(MODIFIED, Long.MIN_VALUE, modified.before() - 1), Occur.FILTER);
    if (request.has("search")) {
      Query search = search(request, languages, SearchTerms.parse(request.string("search")));
      if (search == null) return null;
      query.add(search, Occur.FILTER);
    }
    if (request.has("featured")) query.add(term(FEATURED, request.bool("featured") ? YES : NO), Occur.FILTER);
    if (request.has("include")) query.add(LongPoint.newSetQuery(ID, request.<Long>list("include")), Occur.FILTER);
    if (request.has("post_parent")) query.add(term(PARENT, request.integer("post_parent").toString()), Occur.FILTER);
    if (filters.categories() != null) query.add(anyOf(TERM, filters.categories()), Occur.FILTER);
    if (filters.tags() != null) query.add(anyOf(TERM, filters.tags()), Occur.FILTER);
    if (request.has("venue")) query.add(anyOf(VENUE, request.<Long>list("venue")), Occur.FILTER);
    if (request.has("organizer")) query.add(anyOf(ORGANIZER, request.<Long>list("organizer")), Occur.FILTER);
    if (request.has("geoloc")) query.add(term(LOCATED, request.bool("geoloc") ? YES : NO), Occur.FILTER);
    if (filters.withinRadius() != null) query.add(anyOf(VENUE, filters.withinRadius()), Occur.FILTER);
    if (filters.unlockedOnly()) query.add(unlocked(request), Occur.FILTER);
    return new IndexedQuestion(query.build(), window(filters.bounds()));
  }

  /** The date bounds as one window of seconds on the start and on the end, both ends inclusive. */
  private static IndexedQuestion.Window window(List<EventList.Bound> bounds) {
    var window = IndexedQuestion.Window.ALL;
    for (EventList.Bound bound : bounds) {
      long at = bound.at().getEpochSecond();
      window = bound.lower()
          ? window.from(bound.onStart(), bound.exclusive() ? at + 1 : at)
          : window.to(bound.onStart(), bound.exclusive() ? at - 1 : at);
    }
    return window;
  }

  /** {@code ListQueries.visibility}: the status filter and can_read (§4.4, §4.7). */
  private static Query visibility(Caller caller, List<String> statuses) {
    if (!caller.atLeast(Role.CONTRIBUTOR)) return term(STATUS, Status.PUBLISH);
    Query inStatuses = anyOfText(STATUS, statuses);
    if (!statuses.contains(Status.TRASH)) return inStatuses;
    return all(inStatuses, either(not(term(STATUS, Status.TRASH)), canEdit(caller)));
  }

  /** {@code ListQueries.canEdit}: can_edit of §4.4 for the caller. */
  private static Query canEdit(Caller caller) {
    if (caller.atLeast(Role.EDITOR)) return new MatchAllDocsQuery();
    Query own = term(AUTHOR, Long.toString(caller.id()));
    if (caller.is(Role.AUTHOR)) return own;
    if (caller.is(Role.CONTRIBUTOR)) return all(own, anyOfText(STATUS_UNTRASHED, List.of(Status.DRAFT, Status.PENDING)));
    return new MatchNoDocsQuery();
  }

  /** §4.8: the event has no password, the request gives it, or the caller can edit the event. */
  private static Query unlocked(ApiRequest request) {
    var unlocked = new BooleanQuery.Builder();
    unlocked.add(term(PROTECTED, NO), Occur.SHOULD);
    unlocked.add(canEdit(request.caller()), Occur.SHOULD);
    if (request.has("password")) unlocked.add(term(PASSWORD, request.string("password")), Occur.SHOULD);
    return unlocked.build();
  }

  /**
   * The search rule of §6.3 in the text language T of each event (the first language of the request's preference
   * that the event has text in): every required term in its title, or in its body when the request unlocks it; no
   * excluded term in its title, nor in its body when unlocked.
   */
  private static Query search(ApiRequest request, Languages languages, SearchTerms terms) {
    if (terms.required().stream().anyMatch(IndexedSelection::shorterThanARun)
        || terms.excluded().stream().anyMatch(IndexedSelection::shorterThanARun)) {
      return null;
    }
    Query unlocked = unlocked(request);
    var inTextLanguage = new BooleanQuery.Builder();
    List<String> preference = languages.preference(request.language());
    for (int i = 0; i < preference.size(); i++) {
      String language = preference.get(i);
      var match = new BooleanQuery.Builder();
      match.add(term(LANGUAGE, language), Occur.FILTER);
      for (String earlier : preference.subList(0, i)) match.add(term(LANGUAGE, earlier), Occur.MUST_NOT);
      for (String term : terms.required()) {
        match.add(either(contains("name", language, term), all(unlocked, contains("body", language, term))),
            Occur.FILTER);
      }
      for (String term : terms.excluded()) {
        match.add(contains("name", language, term), Occur.MUST_NOT);
        match.add(all(unlocked, contains("body", language, term)), Occur.MUST_NOT);
      }
      inTextLanguage.add(match.build(), Occur.SHOULD);
    }
    return inTextLanguage.build();
  }

  /**
   * The text ({@code part} in {@code language}) contains {@code term}. A term of letters and digits: one of the text's
   * words contains it, or the text has words longer than its word field holds ({@link EventDocuments#LONG_WORDS}) and
   * contains it by its runs. Any other term: by its runs alone.
   */
  private static Query contains(String part, String language, String term) {
    String text = text(part, language);
    Query runs = runsOf(text, term);
    if (!isWord(term)) return runs;
    return either(new WordsContaining(words(part, language), term), all(term(LONG_WORDS, text), runs));
  }

  /** A term with fewer characters than a run of the text fields: the index cannot find it (the database does). */
  private static boolean shorterThanARun(String term) {
    return term.codePointCount(0, term.length()) < EventIndex.TextAnalyzer.GRAM;
  }

  /** The text of {@code field} contains {@code term}: its runs of three characters, one after the other. */
  private static Query runsOf(String field, String term) {
    int[] codePoints = term.codePoints().toArray();
    int gram = EventIndex.TextAnalyzer.GRAM;
    if (codePoints.length == gram) return new TermQuery(new Term(field, term));
    var phrase = new PhraseQuery.Builder();
    for (int i = 0; i + gram <= codePoints.length; i++) {
      phrase.add(new Term(field, new String(codePoints, i, gram)), i);
    }
    return phrase.build();
  }

  private static Query term(String field, String value) {
    return new TermQuery(new Term(field, value));
  }

  private static Query anyOf(String field, Collection<Long> ids) {
    return anyOfText(field, ids.stream().map(String::valueOf).toList());
  }

  private static Query anyOfText(String field, Collection<String> values) {
    if (values.isEmpty()) return new MatchNoDocsQuery();
    return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
  }

  private static Query all(Query first, Query second) {
    return new BooleanQuery.Builder().add(first, Occur.FILTER).add(second, Occur.FILTER).build();
  }

  private static Query either(Query first, Query second) {
    return new BooleanQuery.Builder().add(first, Occur.SHOULD).add(second, Occur.SHOULD).build();
  }

  private static Query not(Query query) {
    return new BooleanQuery.Builder().add(new MatchAllDocsQuery(), Occur.FILTER).add(query, Occur.MUST_NOT).build();
  }
}
