package org.agenda.importer;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** The {@code imported} table (V11): what a source's record became in Agenda, and what was written for it. */
final class Mapping {
  private static final Table<Record> IMPORTED = table(name("imported"));
  private static final Field<String> SOURCE = field(name("source"), String.class);
  private static final Field<String> KIND = field(name("kind"), String.class);
  private static final Field<Long> SOURCE_ID = field(name("source_id"), Long.class);
  private static final Field<Long> AGENDA_ID = field(name("agenda_id"), Long.class);
  private static final Field<Integer> TRANSLATION = field(name("translation"), Integer.class);
  private static final Field<String> SOURCE_MODIFIED = field(name("source_modified"), String.class);
  private static final Field<String> FINGERPRINT = field(name("fingerprint"), String.class);
  private static final Table<Record> RECORDS = table(name("records"));
  private static final Table<Record> TERMS = table(name("terms"));
  private static final Field<Long> ID = field(name("id"), Long.class);

  /** One row: the Agenda id, whether the source record is a translation, and what was last written. */
  record Row(long agendaId, boolean translation, String fingerprint) {}

  private final String source;

  Mapping(String source) {
    this.source = source;
  }

  Row find(DSLContext dsl, String kind, long sourceId) {
    Record row = dsl.select(AGENDA_ID, TRANSLATION, FINGERPRINT).from(IMPORTED)
        .where(SOURCE.eq(source).and(KIND.eq(kind)).and(SOURCE_ID.eq(sourceId))).fetchOne();
    return row == null ? null : new Row(row.get(AGENDA_ID), row.get(TRANSLATION) == 1, row.get(FINGERPRINT));
  }

  void save(DSLContext dsl, String kind, long sourceId, Row row, String modified) {
    long agendaId = row.agendaId();
    int translation = row.translation() ? 1 : 0;
    String fingerprint = row.fingerprint();
    int updated = dsl.update(IMPORTED).set(AGENDA_ID, agendaId).set(TRANSLATION, translation)
        .set(SOURCE_MODIFIED, modified)
        .set(FINGERPRINT, fingerprint)
        .where(SOURCE.eq(source).and(KIND.eq(kind)).and(SOURCE_ID.eq(sourceId))).execute();
    if (updated == 0) {
      dsl.insertInto(IMPORTED).set(SOURCE, source).set(KIND, kind).set(SOURCE_ID, sourceId).set(AGENDA_ID, agendaId)
          .set(TRANSLATION, translation).set(SOURCE_MODIFIED, modified).set(FINGERPRINT, fingerprint).execute();
    }
  }

  /** Whether Agenda already has a record (events, venues, organizers) or a term (categories, tags) with the id. */
  static boolean idTaken(DSLContext dsl, boolean term, long id) {
    return dsl.fetchExists(dsl.selectOne().from(term ? TERMS : RECORDS).where(ID.eq(id)));
  }
}
