package org.agenda.event;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agenda.db.ByIdLoader;
import org.agenda.db.Database;
import org.agenda.http.ApiResponse;
import org.agenda.http.ReadAnswers;
import org.agenda.http.Utf8Buffer;
import org.agenda.organizer.Organizers;
import org.agenda.record.Records;
import org.agenda.term.TermTables;
import org.agenda.venue.Venues;

/**
 * Whether a page of the event list made at one data version is what a read at a later one makes: the index finds
 * the same {@code total} and the same events on the page, and no change in between touched those events, their
 * series, or the venues, organizers and terms they embed. Then every byte is the same: the items are rendered from
 * those records alone, and the navigation from the total. A write elsewhere (another window, category or venue) leaves
 * such a page kept, where it used to send every list back to being built. When the terms it embeds changed only in
 * their counts, the page is given with their current forms put in their places: every new event of a popular tag
 * changes its count, and at 100 000 events that sent 98 % of the pages kept back to being built.
 */
final class PageHolds implements ReadAnswers.StillHolds {
  private static final List<String> RECORD_KINDS = List.of(Records.EVENT, Venues.TYPE, Organizers.TYPE);
  /** A term's own changes (its name, slug, parent, text or deletion), apart from those of its count. */
  private static final List<String> TERM_KINDS = List.of(TermTables.CATEGORY, TermTables.TAG);
  private static final List<String> COUNT_KINDS = List.of(TermTables.COUNT_CHANGE);

  /** The forms of these terms as the page embeds them, at a data version; null when one is gone or not shown. */
  @FunctionalInterface
  interface TermForms {
    Map<Long, ByIdLoader.Form> at(long version, Collection<Long> terms);
  }

  private final Database database;
  private final ByIdLoader.Factory changes;
  private final EventIndex index;
  private final IndexedQuestion question;
  private final long madeAt;
  private final long offset;
  private final int limit;
  private final EventIndex.Page page;
  private final Collection<Long> records;
  private final Collection<Long> terms;
  /**
   * The kinds of records whose every change may change what the question asks rather than what the index answers to
   * it: categories, when it names some (they stand for their descendants), venues, when it has a radius (which venues
   * are within it).
   */
  private final List<String> questionKinds;
  private final TermPlaces places;
  private final Set<Long> placedTerms;
  private final TermForms termForms;

  /**
   * {@code records}: the events shown, their series, venues and organizers, and those the filters name; {@code terms}:
   * the terms they embed and those the filters name; {@code questionKinds}: see {@link #questionKinds};
   * {@code places}: where the embedded terms stand in the page.
   */
  PageHolds(Database database, ByIdLoader.Factory changes, EventIndex index, IndexedQuestion question, long madeAt,
      long offset, int limit, EventIndex.Page page, Set<Long> records, Set<Long> terms, List<String> questionKinds,
      TermPlaces places, TermForms termForms) {
    this(database, changes, index, question, madeAt, offset, limit, page, records, terms, questionKinds, places,
        places.terms(), termForms);
  }

  private PageHolds(Database database, ByIdLoader.Factory changes, EventIndex index, IndexedQuestion question,
      long madeAt, long offset, int limit, EventIndex.Page page, Collection<Long> records, Collection<Long> terms,
      List<String> questionKinds, TermPlaces places, Set<Long> placedTerms, TermForms termForms) {
    this.database = database;
    this.changes = changes;
    this.index = index;
    this.question = question;
    this.madeAt = madeAt;
    this.offset = offset;
    this.limit = limit;
    this.page = page;
    this.records = records;
    this.terms = terms;
    this.questionKinds = questionKinds;
    this.places = places;
    this.placedTerms = placedTerms;
    this.termForms = termForms;
  }

  @Override
  public ReadAnswers.Held at(long version, ApiResponse kept) {
    var dsl = database.dsl();
    if (!changes.untouched(dsl, madeAt, version, RECORD_KINDS, records)) return null;
    if (!changes.untouched(dsl, madeAt, version, TERM_KINDS, terms)) return null;
    if (!questionKinds.isEmpty() && !changes.unchanged(dsl, madeAt, version, questionKinds)) return null;
    if (!page.sameAs(index.page(question, version, offset, limit, false))) return null;
    if (changes.untouched(dsl, madeAt, version, COUNT_KINDS, placedTerms)) {
      return new ReadAnswers.Held(kept, madeAt(version, places));
    }
    Map<Long, ByIdLoader.Form> forms = termForms.at(version, placedTerms);
    if (forms == null) return null;
    var body = new Utf8Buffer(kept.bodyLength() + 64 * placedTerms.size());
    TermPlaces moved = places.rewrite(kept.bodyArray(), kept.bodyLength(), forms, body);
    return new ReadAnswers.Held(kept.withBody(body), madeAt(version, moved));
  }

  /**
   * The same check of the page as it is at {@code version}: a change before it was looked at already, and scanning
   * the change log from then on costs what was written since.
   */
  private PageHolds madeAt(long version, TermPlaces placesThen) {
    return new PageHolds(database, changes, index, question, version, offset, limit, page, records, terms,
        questionKinds, placesThen, placedTerms, termForms);
  }
}
