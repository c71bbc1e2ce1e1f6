package org.agenda.change;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.agenda.db.Database;
import org.agenda.term.TermTables;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.SQLDialect;
import org.jooq.Table;

/**
 * The stored side of the change feed: the table {@code change_log} (migrations V7, V8), whose rows the triggers of
 * V8 open in a write transaction for every record it touches, and which this class stamps at the end of that
 * transaction, right after the data version advanced ({@link Database#atEveryCommit}): with that version, the time,
 * and the record as it is after the transaction (and as it was before: after its previous change). The data version is advanced by an update of a single row that
 * stays locked until the commit, so versions are handed out in commit order; a reader that has seen version v
 * has seen every transaction before it, on every instance sharing the database. Rows older than the retention are
 * removed on a write at most once a minute (by the service clock), and the position of the last removed row is
 * kept as the horizon.
 */
public final class ChangeLog implements Database.CommitStep {
  private static final long PRUNE_EVERY_SECONDS = 60;
  private static final String TERM_KINDS = "('" + TermTables.CATEGORY + "', '" + TermTables.TAG + "', '"
      + TermTables.COUNT_CHANGE + "')";
  private static final String OF_RECORD = " FROM records WHERE records.id = change_log.record_id";
  /** The committed changes of the same record as an open row of the transaction. */
  private static final String EARLIER = " FROM change_log earlier WHERE earlier.kind = change_log.kind"
      + " AND earlier.record_id = change_log.record_id AND earlier.version IS NOT NULL";
  private static final String LATEST = " ORDER BY earlier.version DESC, earlier.id DESC LIMIT 1)";
  /**
   * The record before the transaction is the record after its latest committed change. Not for a change of a term's
   * count, which the feed does not show: a popular term has one for each of its events' writes, and looking up the
   * latest of them cost every create a sort of all of them (PostgreSQL at 10 000 events: 369 → 68 creates/s).
   * The triggers read it too, but a writer that did not lock the record (a cascade from a deleted venue or term, the
   * publication of future records) may have read it before another writer of it committed.
   */
  private static final String CHAIN = "UPDATE change_log SET"
      + " before_exists = (SELECT earlier.after_exists" + EARLIER + LATEST + ","
      + " before_status = (SELECT earlier.after_status" + EARLIER + LATEST + ","
      + " before_author = (SELECT earlier.after_author" + EARLIER + LATEST + ","
      + " before_protected = (SELECT earlier.after_protected" + EARLIER + LATEST + ","
      + " before_languages = (SELECT earlier.after_languages" + EARLIER + LATEST
      + " WHERE version IS NULL AND kind <> '" + TermTables.COUNT_CHANGE + "' AND EXISTS (SELECT 1" + EARLIER + ")";
  /** The record after the transaction; a term has no status, author or password. */
  private static final String STAMP = "UPDATE change_log SET version = ?, changed_utc = ?,"
      + " after_exists = CASE WHEN kind IN " + TERM_KINDS
      + " THEN (SELECT count(*) FROM terms WHERE terms.id = change_log.record_id)"
      + " ELSE (SELECT count(*)" + OF_RECORD + ") END,"
      + " after_status = CASE WHEN kind IN " + TERM_KINDS + " THEN NULL ELSE (SELECT records.status" + OF_RECORD + ") END,"
      + " after_author = CASE WHEN kind IN " + TERM_KINDS + " THEN NULL ELSE (SELECT records.author" + OF_RECORD + ") END,"
      + " after_protected = (SELECT count(*) FROM events WHERE events.id = change_log.record_id"
      + " AND change_log.kind = 'event' AND events.password IS NOT NULL AND events.password <> ''),"
      + " after_languages = coalesce(CASE WHEN kind IN " + TERM_KINDS
      + " THEN (SELECT %1$s FROM term_translations WHERE term_translations.term_id = change_log.record_id)"
      + " ELSE (SELECT %1$s FROM translations WHERE translations.record_id = change_log.record_id) END, '')"
      + " WHERE version IS NULL";

  static final Table<Record> CHANGE_LOG = table(name("change_log"));
  static final Field<Long> ID = field(name("change_log", "id"), Long.class);
  static final Field<Long> VERSION = field(name("change_log", "version"), Long.class);
  static final Field<String> KIND = field(name("change_log", "kind"), String.class);
  static final Field<Long> RECORD_ID = field(name("change_log", "record_id"), Long.class);
  static final Field<String> LANGUAGES = field(name("change_log", "languages"), String.class);
  static final Field<Integer> SHARED = field(name("change_log", "shared"), Integer.class);
  static final Field<Integer> BEFORE_EXISTS = field(name("change_log", "before_exists"), Integer.class);
  static final Field<String> BEFORE_STATUS = field(name("change_log", "before_status"), String.class);
  static final Field<Long> BEFORE_AUTHOR = field(name("change_log", "before_author"), Long.class);
  static final Field<Integer> BEFORE_PROTECTED = field(name("change_log", "before_protected"), Integer.class);
  static final Field<String> BEFORE_LANGUAGES = field(name("change_log", "before_languages"), String.class);
  static final Field<Integer> AFTER_EXISTS = field(name("change_log", "after_exists"), Integer.class);
  static final Field<String> AFTER_STATUS = field(name("change_log", "after_status"), String.class);
  static final Field<Long> AFTER_AUTHOR = field(name("change_log", "after_author"), Long.class);
  static final Field<Integer> AFTER_PROTECTED = field(name("change_log", "after_protected"), Integer.class);
  static final Field<String> AFTER_LANGUAGES = field(name("change_log", "after_languages"), String.class);
  static final Field<Long> CHANGED_UTC = field(name("change_log", "changed_utc"), Long.class);
  private static final List<Field<?>> COLUMNS = List.of(ID, VERSION, KIND, RECORD_ID, LANGUAGES, SHARED, BEFORE_EXISTS,
      BEFORE_STATUS, BEFORE_AUTHOR, BEFORE_PROTECTED, BEFORE_LANGUAGES, AFTER_EXISTS, AFTER_STATUS, AFTER_AUTHOR,
      AFTER_PROTECTED, AFTER_LANGUAGES, CHANGED_UTC);

  private static final Table<Record> HORIZON = table(name("change_horizon"));
  private static final Field<Integer> HORIZON_ROW = field(name("change_horizon", "id"), Integer.class);
  private static final Field<Long> HORIZON_VERSION = field(name("change_horizon", "version"), Long.class);
  private static final Field<Long> HORIZON_CHANGE = field(name("change_horizon", "change_id"), Long.class);

  private static final String STAMP_POSTGRES = String.format(STAMP, "string_agg(lang, ',')");
  private static final String STAMP_SQLITE = String.format(STAMP, "group_concat(lang)");

  private final Clock clock;
  private final long retentionSeconds;
  /** The epoch second from which the next write removes old changes. */
  private final AtomicLong nextPrune = new AtomicLong(Long.MIN_VALUE);

  public ChangeLog(Clock clock, Duration retention) {
    this.clock = clock;
    this.retentionSeconds = retention.getSeconds();
  }

  /** Stamps the changes of the transaction (none: nothing), then now and then removes the ones kept long enough. */
  @Override
  public void run(DSLContext transaction, long version) {
    long now = clock.instant().getEpochSecond();
    transaction.execute(CHAIN);
    boolean postgres = transaction.dialect() == SQLDialect.POSTGRES;
    transaction.execute(postgres ? STAMP_POSTGRES : STAMP_SQLITE, version, now);
    long due = nextPrune.get();
    if (now >= due && nextPrune.compareAndSet(due, now + PRUNE_EVERY_SECONDS)) prune(transaction, now - retentionSeconds);
  }

  /**
   * Removes the changes stamped before {@code cutoff}, as a prefix of the feed: up to the first version that has a
   * later change (the rows of one version share their time; with instances whose clocks differ, a later version may
   * carry an earlier time, and stays until the versions before it go). The horizon moves to the last one removed.
   */
  private static void prune(DSLContext dsl, long cutoff) {
    Long keptFrom = dsl.select(VERSION).from(CHANGE_LOG).where(VERSION.isNotNull().and(CHANGED_UTC.ge(cutoff)))
        .orderBy(VERSION).limit(1).fetchOne(VERSION);
    Condition removed = keptFrom == null ? VERSION.isNotNull() : VERSION.lt(keptFrom);
    Record2<Long, Long> last = dsl.select(VERSION, ID).from(CHANGE_LOG).where(removed)
        .orderBy(VERSION.desc(), ID.desc()).limit(1).fetchOne();
    if (last == null) return;
    dsl.deleteFrom(CHANGE_LOG).where(removed).execute();
    Position horizon = new Position(last.value1(), last.value2());
    if (horizon(dsl).isBefore(horizon)) {
      dsl.update(HORIZON).set(HORIZON_VERSION, horizon.version()).set(HORIZON_CHANGE, horizon.id())
          .where(HORIZON_ROW.eq(1)).execute();
    }
  }

  /** The position of the last change removed for its age ({@link Position#START} when none was). */
  static Position horizon(DSLContext dsl) {
    Record2<Long, Long> row = dsl.select(HORIZON_VERSION, HORIZON_CHANGE).from(HORIZON).where(HORIZON_ROW.eq(1)).fetchOne();
    return row == null ? Position.START : new Position(row.value1(), row.value2());
  }

  /** The position of the last committed change, or the horizon when every change was removed. */
  static Position head(DSLContext dsl) {
    Record2<Long, Long> last = dsl.select(VERSION, ID).from(CHANGE_LOG).where(VERSION.isNotNull())
        .orderBy(VERSION.desc(), ID.desc()).limit(1).fetchOne();
    Position horizon = horizon(dsl);
    return last == null ? horizon : Position.later(horizon, new Position(last.value1(), last.value2()));
  }

  /** Up to {@code limit} committed changes after {@code after} and not after {@code upTo}, in the feed's order. */
  static List<Record> after(DSLContext dsl, Position after, Position upTo, int limit) {
    Condition range = VERSION.between(after.version(), upTo.version())
        .and(VERSION.gt(after.version()).or(ID.gt(after.id())))
        .and(VERSION.lt(upTo.version()).or(ID.le(upTo.id())));
    return dsl.select(COLUMNS).from(CHANGE_LOG).where(range).orderBy(VERSION, ID).limit(limit).fetch();
  }
}
