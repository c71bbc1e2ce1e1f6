package org.agenda.term;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the category and tag tables (see V1__schema.sql). */
public final class TermTables {
  private TermTables() {}

  public static final String CATEGORY = "cal_events_cat";
  public static final String TAG = "post_tag";
  /**
   * The change log's kind of a change of a term's count of events (V13): not shown by the change feed, followed by
   * what keeps terms across data versions.
   */
  public static final String COUNT_CHANGE = "term_count";
  /** The change log's kinds of what a term as embedded shows: its taxonomy's rows and its count. */
  public static final List<String> CHANGE_KINDS = List.of(CATEGORY, TAG, COUNT_CHANGE);

  public static final Table<Record> TERMS = table(name("terms"));
  public static final Field<Long> ID = field(name("terms", "id"), Long.class);
  public static final Field<String> TAXONOMY = field(name("terms", "taxonomy"), String.class);
  public static final Field<Long> PARENT = field(name("terms", "parent"), Long.class);
  /** Published events carrying the term, kept by {@link TermCounts} (V4__term_event_count.sql). */
  public static final Field<Integer> EVENT_COUNT = field(name("terms", "event_count"), Integer.class);
  /** When the term's text or parent last changed, epoch seconds (V7__change_log.sql). */
  public static final Field<Long> MODIFIED_UTC = field(name("terms", "modified_utc"), Long.class);

  public static final Table<Record> TERM_TRANSLATIONS = table(name("term_translations"));
  public static final Field<Long> TT_TERM = field(name("term_translations", "term_id"), Long.class);
  public static final Field<String> TT_TAXONOMY = field(name("term_translations", "taxonomy"), String.class);
  public static final Field<String> TT_LANG = field(name("term_translations", "lang"), String.class);
  public static final Field<String> TT_SLUG = field(name("term_translations", "slug"), String.class);
  public static final Field<String> TT_NAME = field(name("term_translations", "name"), String.class);
  public static final Field<String> TT_NAME_FOLDED = field(name("term_translations", "name_folded"), String.class);
  public static final Field<String> TT_DESCRIPTION = field(name("term_translations", "description"), String.class);

  /** The links of events to terms; written with the events, read here for counts and the post filter. */
  public static final Table<Record> EVENT_TERMS = table(name("event_terms"));
  public static final Field<Long> ET_EVENT = field(name("event_terms", "event_id"), Long.class);
  public static final Field<Long> ET_TERM = field(name("event_terms", "term_id"), Long.class);
}
