package org.agenda.db;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Field;

/**
 * Which records the committed writes between two data versions touched, read from the change log that
 * {@code change.ChangeLog} stamps at every commit: what is derived from the records (the event index, the
 * objects the caches keep across versions) follows the data with it.
 */
public final class ChangedRecords {
  private static final Field<Long> VERSION = field(name("change_log", "version"), Long.class);
  private static final Field<String> KIND = field(name("change_log", "kind"), String.class);
  private static final Field<Long> RECORD_ID = field(name("change_log", "record_id"), Long.class);
  private static final Field<Long> HORIZON_VERSION = field(name("change_horizon", "version"), Long.class);

  /**
   * The most changes read at once. Beyond them the changes are followed in steps ({@link #step}), or what is derived
   * is derived again ({@link #touched}): read in one go, the event index of a million events written with no list
   * read between them caught up with 1.8 million changes at the next start, and overflowed a 256 MiB heap.
   */
  public static final int MOST_FOLLOWED = 20_000;

  private ChangedRecords() {}

  /**
   * What the changes stamped after version {@code after} and up to version {@code reached} touched: the ids of the
   * records per kind.
   */
  public record Step(long reached, Map<String, Set<Long>> touched) {}

  /**
   * The ids of the records of these kinds (record types or taxonomies) that the changes stamped after version
   * {@code after} and not after {@code upTo} touched, per kind; null when changes after {@code after} were removed
   * for their age, or when they take more than one {@link #step} (more than {@link #MOST_FOLLOWED} of them, over more
   * than one version), so that what is derived from the data cannot follow them and must be derived again.
   */
  public static Map<String, Set<Long>> touched(DSLContext dsl, long after, long upTo, Collection<String> kinds) {
    Step step = step(dsl, after, upTo, kinds);
    return step == null || step.reached() < upTo ? null : step.touched();
  }

  /**
   * The first step of the changes after version {@code after} up to {@code upTo}: the whole versions, from the
   * first, of at most {@link #MOST_FOLLOWED} changes in all (or the first version alone, when it has more); null
   * when changes after {@code after} were removed for their age. Followed step after step, changes of any number are
   * followed in bounded memory.
   */
  public static Step step(DSLContext dsl, long after, long upTo, Collection<String> kinds) {
    Long horizon = dsl.select(HORIZON_VERSION).from(table(name("change_horizon"))).fetchOne(HORIZON_VERSION);
    if (horizon != null && horizon > after) return null;
    // the kinds are picked here, not in the statement: given "kind IN (…)", SQLite walked every row of those kinds
    // (index change_log_record) instead of the few rows of the versions asked (change_log_order), a cost that grew
    // with the log at every write (5 ms at 63 000 rows, while every list read at the new version waited)
    var rows = dsl.select(VERSION, KIND, RECORD_ID).from(table(name("change_log")))
        .where(VERSION.gt(after).and(VERSION.le(upTo))).orderBy(VERSION).limit(MOST_FOLLOWED + 1).fetch();
    long reached = upTo;
    if (rows.size() > MOST_FOLLOWED) {
      // the last version read may have more rows than were read: it is left to the next step
      reached = rows.get(MOST_FOLLOWED).value1() - 1;
      if (reached <= after) {
        reached = rows.get(0).value1();
        rows = dsl.select(VERSION, KIND, RECORD_ID).from(table(name("change_log"))).where(VERSION.eq(reached)).fetch();
      }
    }
    Map<String, Set<Long>> touched = new HashMap<>();
    for (var row : rows) {
      if (row.value1() <= reached && kinds.contains(row.value2())) {
        touched.computeIfAbsent(row.value2(), kind -> new HashSet<>()).add(row.value3());
      }
    }
    return new Step(reached, touched);
  }
}
