package org.agenda.organizer;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;

/** Columns of the organizer table (see V1__schema.sql). */
final class OrganizerTables {
  private OrganizerTables() {}

  static final Table<Record> ORGANIZERS = table(name("organizers"));
  static final Field<Long> ID = field(name("organizers", "id"), Long.class);
  static final Field<String> PHONE = field(name("organizers", "phone"), String.class);
  static final Field<String> EMAIL = field(name("organizers", "email"), String.class);
}
