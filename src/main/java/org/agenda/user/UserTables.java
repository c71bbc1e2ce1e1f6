package org.agenda.user;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;

/** Handles on the tables {@code users} and {@code app_passwords}; plain names so one query serves SQLite and PostgreSQL. */
final class UserTables {
  static final Table<Record> USERS = DSL.table(DSL.name("users"));
  static final Field<Long> USER_ID = DSL.field(DSL.name("id"), Long.class);
  static final Field<String> USER_NAME = DSL.field(DSL.name("name"), String.class);
  static final Field<String> USER_ROLE = DSL.field(DSL.name("role"), String.class);

  static final Table<Record> APP_PASSWORDS = DSL.table(DSL.name("app_passwords"));
  static final Field<Long> OWNER_ID = DSL.field(DSL.name("user_id"), Long.class);
  static final Field<String> PREFIX = DSL.field(DSL.name("prefix"), String.class);
  static final Field<String> HASH = DSL.field(DSL.name("hash"), String.class);

  /** Both tables have it: epoch seconds of the row's creation. */
  static final Field<Long> CREATED_UTC = DSL.field(DSL.name("created_utc"), Long.class);

  private UserTables() {}
}
