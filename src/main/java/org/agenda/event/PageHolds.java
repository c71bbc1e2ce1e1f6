package org.agenda.event;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.agenda.db.ByIdLoader;
import org.agenda.db.Database;
import org.agenda.http.ReadAnswers;
import org.agenda.organizer.Organizers;
import org.agenda.record.Records;
import org.agenda.term.TermTables;
import org.agenda.venue.Venues;

/**
 * Whether a page of the event list made at one data version is what a read at a later one makes: the index finds
 * the same {@code total} and the same events on the page, and no change in between touched those events, their
 * series, or the venues, organizers and terms (with their counts) they embed. Then every byte is the same: the items
 * are rendered from those records alone, and the navigation from the total. A write elsewhere (another window,
 * category or venue) leaves such a page kept, where it used to send every list back to being built.
 */
final class PageHolds implements ReadAnswers.StillHolds {
  private static final List<String> RECORD_KINDS = List.of(Records.EVENT, Venues.TYPE, Organizers.TYPE);
  private static final List<String> CATEGORY_KINDS = List.of(TermTables.CATEGORY);

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
  /** Whether the question names categories, which stand for their descendants when the page was made. */
  private final boolean namesCategories;

  /**
   * {@code records}: the events shown, their series, venues and organizers, and those the filters name; {@code terms}:
   * the terms they embed and those the filters name.
   */
  PageHolds(Database database, ByIdLoader.Factory changes, EventIndex index, IndexedQuestion question, long madeAt,
      long offset, int limit, EventIndex.Page page, Set<Long> records, Set<Long> terms, boolean namesCategories) {
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
    this.namesCategories = namesCategories;
  }

  @Override
  public boolean at(long version) {
    var dsl = database.dsl();
    if (!changes.untouched(dsl, madeAt, version, RECORD_KINDS, records)) return false;
    if (!changes.untouched(dsl, madeAt, version, TermTables.CHANGE_KINDS, terms)) return false;
    // a category added or moved below a named one changes what the question asks, not what the index answers to it
    if (namesCategories && !changes.unchanged(dsl, madeAt, version, CATEGORY_KINDS)) return false;
    return page.equals(index.page(question, version, offset, limit));
  }
}
