package org.agenda.event;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.agenda.record.RecordTables;
import org.agenda.term.TermTables;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the event tables (see V1__schema.sql); the events table itself is in {@link RecordTables}. */
final class EventTables {
  private EventTables() {}

  static final Field<Long> START_UTC = RecordTables.EVENT_START_UTC;
  static final Field<Long> END_UTC = field(name("events", "end_utc"), Long.class);
  static final Field<String> START_LOCAL = field(name("events", "start_local"), String.class);
  static final Field<String> END_LOCAL = field(name("events", "end_local"), String.class);
  static final Field<String> TIMEZONE = field(name("events", "timezone"), String.class);
  static final Field<Integer> ALL_DAY = field(name("events", "all_day"), Integer.class);
  static final Field<String> PASSWORD = field(name("events", "password"), String.class);
  static final Field<String> COST = field(name("events", "cost"), String.class);
  static final Field<Integer> SHOW_MAP = field(name("events", "show_map"), Integer.class);
  static final Field<Integer> SHOW_MAP_LINK = field(name("events", "show_map_link"), Integer.class);
  static final Field<Integer> HIDE_FROM_LISTINGS = field(name("events", "hide_from_listings"), Integer.class);
  static final Field<Integer> STICKY = field(name("events", "sticky"), Integer.class);
  static final Field<Integer> FEATURED = field(name("events", "featured"), Integer.class);
  static final Field<Long> POST_PARENT = field(name("events", "post_parent"), Long.class);
  /** Adds one with every write that changes the event (V9): the SEQUENCE of its iCalendar form. */
  static final Field<Long> REVISION = field(name("events", "revision"), Long.class);

  /** Series (V10): see V10__event_series.sql. */
  static final Field<Long> SERIES_ID = RecordTables.EVENT_SERIES_ID;
  static final Field<String> ORIGINAL_START = field(name("events", "original_start"), String.class);
  static final Field<String> RECURRENCE = field(name("events", "recurrence"), String.class);
  static final Field<Long> EXPANDED_UNTIL = field(name("events", "expanded_until"), Long.class);
  static final Field<String> OVERRIDES = field(name("events", "overrides"), String.class);
  static final Field<String> STATUS_DETAIL = field(name("events", "status_detail"), String.class);

  static final Table<Record> EVENT_VENUES = RecordTables.VENUE_LINKS.table();
  static final Field<Long> EV_EVENT = RecordTables.VENUE_LINKS.event();
  static final Field<Long> EV_VENUE = RecordTables.VENUE_LINKS.target();
  static final Field<Integer> EV_POSITION = RecordTables.VENUE_LINKS.position();

  static final Table<Record> EVENT_ORGANIZERS = RecordTables.ORGANIZER_LINKS.table();
  static final Field<Long> EO_EVENT = RecordTables.ORGANIZER_LINKS.event();
  static final Field<Long> EO_ORGANIZER = RecordTables.ORGANIZER_LINKS.target();
  static final Field<Integer> EO_POSITION = RecordTables.ORGANIZER_LINKS.position();

  static final Table<Record> EVENT_TERMS = TermTables.EVENT_TERMS;
  static final Field<Long> ET_EVENT = TermTables.ET_EVENT;
  static final Field<Long> ET_TERM = TermTables.ET_TERM;
  static final Field<Integer> ET_POSITION = field(name("event_terms", "position"), Integer.class);
}
