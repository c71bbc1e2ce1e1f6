-- The change feed (GET /changes, package change): one row per record (event, venue, organizer, category, tag)
-- that a committed write transaction created, changed or deleted. Triggers (V8, per database) add the row when the
-- transaction first touches the record, with the record as it was before (existence, status, author, password,
-- languages), and note the languages whose text it writes or that it wrote shared fields ("shared"). At the end of
-- the transaction, right after the data version advanced (db.Database.transaction), change.ChangeLog stamps the
-- transaction's rows with that version, the time and the record as it is after. Data versions are handed out
-- one writer at a time in commit order, so "version > v ORDER BY version, id" never skips a row that commits later.
--
-- tx: the transaction that adds the row (PostgreSQL's txid; 0 on SQLite, which has one writer at a time), so
-- that concurrent writers of one record never meet on the open row's unique key. kind: records.type, or
-- terms.taxonomy. languages (written by the transaction), before_languages, after_languages (those the record has):
-- language codes separated by commas. The record before a change is the record after its previous change, when
-- the log still has that one (ChangeLog), so the changes of one record chain up whatever the triggers saw.
CREATE TABLE change_log (
  id ${id_pk},
  tx BIGINT NOT NULL,
  version BIGINT,
  kind VARCHAR(20) NOT NULL,
  record_id BIGINT NOT NULL,
  languages TEXT NOT NULL DEFAULT '',
  shared INTEGER NOT NULL DEFAULT 0,
  before_exists INTEGER NOT NULL,
  before_status VARCHAR(10),
  before_author BIGINT,
  before_protected INTEGER NOT NULL DEFAULT 0,
  before_languages TEXT NOT NULL DEFAULT '',
  after_exists INTEGER,
  after_status VARCHAR(10),
  after_author BIGINT,
  after_protected INTEGER,
  after_languages TEXT,
  changed_utc BIGINT
);
-- At most one open (not yet stamped) row per record and transaction.
CREATE UNIQUE INDEX change_log_open ON change_log (tx, kind, record_id) WHERE version IS NULL;
-- The order of the feed.
CREATE INDEX change_log_order ON change_log (version, id);
-- The previous change of a record.
CREATE INDEX change_log_record ON change_log (kind, record_id, version);

-- The position (version, id) of the last row removed because it was older than AGENDA_CHANGES_RETENTION: a change
-- token before it answers 410, and a feed without a token starts after it.
CREATE TABLE change_horizon (
  id INTEGER PRIMARY KEY,
  version BIGINT NOT NULL,
  change_id BIGINT NOT NULL
);
INSERT INTO change_horizon (id, version, change_id) VALUES (1, 0, 0);

-- When a category or tag last changed (its text, slug, description or parent; not its count of events), in epoch
-- seconds, for the modified_after and modified_before filters of their lists. Set by every term write; existing
-- terms get the time of this migration (V8), the first moment at which they are known not to have changed since.
ALTER TABLE terms ADD COLUMN modified_utc BIGINT NOT NULL DEFAULT 0;
