package org.agenda.db;

import java.util.function.Supplier;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;

/**
 * The id that the next record or term inserted on this thread is to keep: an import from another calendar keeps
 * the ids its front-ends ask for (issue 22), and writes through the same routes as any client, whose inserts
 * otherwise take the next id of the table. Only the first insert of the work takes it (a record, not the rows it
 * creates on the way). PostgreSQL's identity sequence does not see an id given explicitly: it is moved past it, so
 * that records created afterwards get higher ids; SQLite's AUTOINCREMENT does so by itself.
 */
public final class KeptIds {
  private static final ThreadLocal<Long> WANTED = new ThreadLocal<>();

  private KeptIds() {}

  /** Runs {@code work} so that its first insert of a record or term takes {@code id}. */
  public static <T> T inserting(long id, Supplier<T> work) {
    WANTED.set(id);
    try {
      return work.get();
    } finally {
      WANTED.remove();
    }
  }

  /** The id the insert under way is to keep, or null; taken once. */
  public static Long take() {
    Long id = WANTED.get();
    WANTED.remove();
    return id;
  }

  /** After an insert with a kept id into {@code table}: its sequence never hands out that id or a lower one. */
  public static void afterInsert(DSLContext dsl, String table) {
    if (dsl.dialect() != SQLDialect.POSTGRES) return;
    String sequence = "pg_get_serial_sequence('" + table + "', 'id')";
    // GREATEST with nextval: never moves the sequence back below an id another writer already took
    dsl.fetch("SELECT setval(" + sequence + ", GREATEST((SELECT MAX(id) FROM " + table + "), nextval(" + sequence
        + ")))");
  }
}
