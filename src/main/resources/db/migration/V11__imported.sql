-- What `agenda import tec` brought over from another calendar (issue 22): per source (its REST root), kind and id
-- at the source, the Agenda id it became, the source's modified date and a fingerprint of what was written. A re-run
-- updates what changed and leaves the rest; a run that was stopped (kill -9 included) continues, since each record
-- is written in one transaction with its row here.
CREATE TABLE imported (
  source VARCHAR(500) NOT NULL,
  kind VARCHAR(10) NOT NULL,
  source_id BIGINT NOT NULL,
  agenda_id BIGINT NOT NULL,
  -- 1: the source record is a translation (WPML) of another one, written as the text of that one's Agenda record
  translation INTEGER NOT NULL,
  source_modified VARCHAR(19),
  fingerprint VARCHAR(64) NOT NULL,
  PRIMARY KEY (source, kind, source_id)
);
