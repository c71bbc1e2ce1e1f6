package org.agenda.record;

import static org.agenda.record.RecordTables.*;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agenda.db.KeptIds;
import org.agenda.http.Caller;
import org.agenda.text.Folding;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;

/** Reads and writes the shared {@code records} rows of events, venues and organizers. */
public final class Records {
  /** The {@code records.type} of events. */
  public static final String EVENT = "event";

  private Records() {}

  /** Inserts a record row of the type and returns the new id (ids are shared by the three types; see {@link KeptIds}). */
  public static long insert(DSLContext dsl, String type, RecordRow row) {
    Map<Field<?>, Object> values = values(row);
    values.put(TYPE, type);
    Long kept = KeptIds.take();
    if (kept != null) values.put(ID, kept);
    long id = dsl.insertInto(RECORDS).set(values)
        .returningResult(ID)
        .fetchOne()
        .value1();
    if (kept != null) KeptIds.afterInsert(dsl, "records");
    return id;
  }

  /** "event", "venue", "organizer", or null when no record has the id. */
  public static String typeOf(DSLContext dsl, long id) {
    return dsl.select(TYPE).from(RECORDS).where(ID.eq(id)).fetchOne(TYPE);
  }

  /** True when the id is an event's (of any status); list filters such as {@code event} refer to events. */
  public static boolean isEvent(DSLContext dsl, long id) {
    return EVENT.equals(typeOf(dsl, id));
  }

  /** Whether the caller may see what the event links ({@link Access#canSeeLinks}); false for any other id. */
  public static boolean eventLinksVisible(DSLContext dsl, Caller caller, long eventId) {
    Record row = dsl.select(ID, AUTHOR, STATUS, STATUS_BEFORE_TRASH, DATE_UTC, MODIFIED_UTC, IMAGE, WEBSITE, EVENT_PASSWORD)
        .from(RECORDS).join(EVENTS).on(EVENT_ID.eq(ID)).where(ID.eq(eventId)).fetchOne();
    if (row == null) return false;
    String password = row.get(EVENT_PASSWORD);
    return Access.canSeeLinks(caller, of(row), password != null && !password.isEmpty());
  }

  /** Writes every shared field of the row. */
  public static void update(DSLContext dsl, RecordRow row) {
    dsl.update(RECORDS).set(values(row)).where(ID.eq(row.id())).execute();
  }

  /** The shared columns of a row, for insert and update alike. */
  private static Map<Field<?>, Object> values(RecordRow row) {
    Map<Field<?>, Object> values = new LinkedHashMap<>();
    values.put(AUTHOR, row.author());
    values.put(STATUS, row.status());
    values.put(STATUS_BEFORE_TRASH, row.statusBeforeTrash());
    values.put(DATE_UTC, row.dateUtc());
    values.put(MODIFIED_UTC, row.modifiedUtc());
    values.put(IMAGE, row.image());
    values.put(WEBSITE, row.website());
    return values;
  }

  /** Permanent delete: translations, links and the type's own row go with it (foreign keys cascade). */
  public static void delete(DSLContext dsl, long id) {
    dsl.deleteFrom(RECORDS).where(ID.eq(id)).execute();
  }

  /**
   * The record rows of the type with these ids. The type is checked here, not in the query: with {@code type = ?}
   * beside the ids, SQLite walked an index on the type through every record of it instead of looking the ids up by key
   * (a venue cost 10 000 index entries at a million events; loading venues was 26 % of the mixed route's CPU).
   */
  public static Map<Long, RecordRow> load(DSLContext dsl, String type, Collection<Long> ids) {
    Map<Long, RecordRow> rows = new LinkedHashMap<>();
    if (ids.isEmpty()) return rows;
    dsl.select(ID, TYPE, AUTHOR, STATUS, STATUS_BEFORE_TRASH, DATE_UTC, MODIFIED_UTC, IMAGE, WEBSITE).from(RECORDS)
        .where(ID.in(ids)).fetch()
        .forEach(row -> {
          if (type.equals(row.get(TYPE))) rows.put(row.get(ID), of(row));
        });
    return rows;
  }

  public static RecordRow of(Record row) {
    return new RecordRow(row.get(ID), row.get(AUTHOR), row.get(STATUS), row.get(STATUS_BEFORE_TRASH),
        row.get(DATE_UTC), row.get(MODIFIED_UTC), row.get(IMAGE), row.get(WEBSITE));
  }

  /**
   * Locks the record's row until the transaction ends, before a write reads it, so that concurrent
   * updates of one record apply one after the other and none loses the fields of another (PostgreSQL;
   * SQLite's write transactions already run one at a time).
   */
  public static void lockForWrite(DSLContext dsl, long id) {
    if (dsl.dialect() == org.jooq.SQLDialect.POSTGRES) dsl.execute("SELECT id FROM records WHERE id = ? FOR UPDATE", id);
  }

  /**
   * Serialises find-or-create by name (§6.4 inline venues and organizers) on PostgreSQL until the
   * transaction ends, so that two events naming the same new venue share one. SQLite's write transactions
   * already run one at a time.
   */
  public static void lockName(DSLContext dsl, String type, String language, String name) {
    lockUntilCommit(dsl, type + "\u001f" + language + "\u001f" + Folding.lower(name));
  }

  /**
   * Serialises the choice of a slug from one base on PostgreSQL until the transaction ends: records created
   * at once with one title would otherwise all see the same first free suffix, and all but one fail on the
   * unique constraint however often they were retried (§3.5). Only writers of the same base wait for each
   * other; the rare clash of a suffix with another title ("markt-2") is settled by that constraint and a retry.
   */
  static void lockSlugBase(DSLContext dsl, String type, String language, String base) {
    lockUntilCommit(dsl, "slug\u001f" + type + "\u001f" + language + "\u001f" + base);
  }

  /** A PostgreSQL advisory lock on the key's hash until the transaction ends; SQLite writers already take turns. */
  private static void lockUntilCommit(DSLContext dsl, String key) {
    if (dsl.dialect() != org.jooq.SQLDialect.POSTGRES) return;
    dsl.execute("SELECT pg_advisory_xact_lock(?)", (long) key.hashCode());
  }

  /** A non-trashed record of the type whose name in the language equals {@code name}, case-insensitively. */
  public static Long findByName(DSLContext dsl, String type, String language, String name) {
    return dsl.select(T_RECORD).from(TRANSLATIONS).join(RECORDS).on(ID.eq(T_RECORD))
        .where(T_TYPE.eq(type).and(T_LANG.eq(language)).and(T_NAME_FOLDED.eq(Folding.lower(name)))
            .and(STATUS.ne(Status.TRASH)))
        .orderBy(T_RECORD).limit(1).fetchOne(T_RECORD);
  }
}
