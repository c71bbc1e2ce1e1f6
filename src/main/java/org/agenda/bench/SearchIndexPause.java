package org.agenda.bench;

import org.agenda.db.Database;
import org.jooq.DSLContext;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.impl.DSL;

/**
 * On SQLite the generator writes without the triggers that keep the search index ({@code translation_text},
 * migration V6) in step, and builds the index once at the end, as V6 does over existing data. With the triggers,
 * every translation written merged trigrams into an index that grew with the data set, and generation slowed
 * from 345 events/s at 10 000 events to 125/s near 300 000. The triggers' SQL is kept in a table of its own in
 * the transaction that drops them, so a generation that is interrupted and run again (generate is resumable)
 * finishes the pause it began; until then the database has no search index and should not be served.
 */
final class SearchIndexPause {
  private static final String SAVED = "generator_paused_triggers";

  private final Database database;

  SearchIndexPause(Database database) {
    this.database = database;
  }

  /** Drops the search index's triggers, keeping their SQL; nothing when already paused or on PostgreSQL. */
  void begin() {
    if (!database.isSqlite() || paused()) return;
    database.transaction(dsl -> {
      dsl.execute("CREATE TABLE " + SAVED + " AS SELECT name, sql FROM sqlite_master"
          + " WHERE type = 'trigger' AND tbl_name = 'translations' AND name LIKE 'translation_text_%'");
      for (Record2<String, String> trigger : saved(dsl)) dsl.execute("DROP TRIGGER " + trigger.value1());
      return null;
    });
  }

  /** Builds the index over every translation and restores the triggers, in one transaction; false if not paused. */
  boolean end() {
    if (!database.isSqlite() || !paused()) return false;
    database.transaction(dsl -> {
      dsl.execute("INSERT INTO translation_text (translation_text) VALUES ('delete-all')");
      // the rowid and text of migration V6's triggers
      dsl.execute("INSERT INTO translation_text (rowid, text)"
          + " SELECT record_id * 1024 + (unicode(lang) - 97) * 26 + unicode(substr(lang, 2)) - 97,"
          + " name_folded || char(10) || body_folded FROM translations");
      for (Record2<String, String> trigger : saved(dsl)) dsl.execute(trigger.value2());
      dsl.execute("DROP TABLE " + SAVED);
      return null;
    });
    return true;
  }

  private boolean paused() {
    return database.dsl().fetchExists(database.dsl().selectOne().from("sqlite_master")
        .where("type = 'table' AND name = ?", SAVED));
  }

  private static Result<Record2<String, String>> saved(DSLContext dsl) {
    return dsl.resultQuery("SELECT name, sql FROM " + SAVED)
        .coerce(DSL.field("name", String.class), DSL.field("sql", String.class)).fetch();
  }
}
