package org.agenda.record;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the tables shared by events, venues and organizers (see V1__schema.sql, V2__search_fields.sql). */
public final class RecordTables {
  private RecordTables() {}

  public static final Table<Record> RECORDS = table(name("records"));
  public static final Field<Long> ID = field(name("records", "id"), Long.class);
  public static final Field<String> TYPE = field(name("records", "type"), String.class);
  public static final Field<Long> AUTHOR = field(name("records", "author"), Long.class);
  public static final Field<String> STATUS = field(name("records", "status"), String.class);
  public static final Field<String> STATUS_BEFORE_TRASH = field(name("records", "status_before_trash"), String.class);
  public static final Field<Long> DATE_UTC = field(name("records", "date_utc"), Long.class);
  public static final Field<Long> MODIFIED_UTC = field(name("records", "modified_utc"), Long.class);
  public static final Field<String> IMAGE = field(name("records", "image"), String.class);
  public static final Field<String> WEBSITE = field(name("records", "website"), String.class);

  /** A link table from events to venues or organizers (§6.4), with the link order. */
  public record LinkTable(Table<Record> table, Field<Long> event, Field<Long> target, Field<Integer> position) {
    static LinkTable named(String tableName, String targetColumn) {
      return new LinkTable(org.jooq.impl.DSL.table(name(tableName)), field(name(tableName, "event_id"), Long.class),
          field(name(tableName, targetColumn), Long.class), field(name(tableName, "position"), Integer.class));
    }
  }

  public static final LinkTable VENUE_LINKS = LinkTable.named("event_venues", "venue_id");
  public static final LinkTable ORGANIZER_LINKS = LinkTable.named("event_organizers", "organizer_id");

  /**
   * The event columns that other lists filter on: their linked events' start (§6.7), and the password that
   * hides an event's links (§4.8).
   */
  public static final Table<Record> EVENTS = table(name("events"));
  public static final Field<Long> EVENT_ID = field(name("events", "id"), Long.class);
  public static final Field<Long> EVENT_START_UTC = field(name("events", "start_utc"), Long.class);
  public static final Field<String> EVENT_PASSWORD = field(name("events", "password"), String.class);
  /** The series of an event (V10): stored term counts count a series once, on its own row. */
  public static final Field<Long> EVENT_SERIES_ID = field(name("events", "series_id"), Long.class);

  /** Lower-cased shared text fields of venues and organizers that their {@code search} looks at (§6.7). */
  public static final Table<Record> SEARCH_FIELDS = table(name("search_fields"));
  public static final Field<Long> SF_RECORD = field(name("search_fields", "record_id"), Long.class);
  public static final Field<String> SF_FOLDED = field(name("search_fields", "folded"), String.class);

  public static final Table<Record> TRANSLATIONS = table(name("translations"));
  public static final Field<Long> T_RECORD = field(name("translations", "record_id"), Long.class);
  public static final Field<String> T_TYPE = field(name("translations", "type"), String.class);
  public static final Field<String> T_LANG = field(name("translations", "lang"), String.class);
  public static final Field<String> T_NAME = field(name("translations", "name"), String.class);
  public static final Field<String> T_DESCRIPTION = field(name("translations", "description"), String.class);
  public static final Field<String> T_EXCERPT = field(name("translations", "excerpt"), String.class);
  public static final Field<String> T_SLUG = field(name("translations", "slug"), String.class);
  public static final Field<String> T_NAME_FOLDED = field(name("translations", "name_folded"), String.class);
  public static final Field<String> T_BODY_FOLDED = field(name("translations", "body_folded"), String.class);
}
