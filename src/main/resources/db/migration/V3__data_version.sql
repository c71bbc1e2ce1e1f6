-- A counter that every committed write transaction advances (db.Database.transaction): cached responses are
-- valid for one value only, so a write is visible to the next read through any instance sharing the database.
CREATE TABLE data_version (
  id INTEGER PRIMARY KEY,
  version BIGINT NOT NULL
);
INSERT INTO data_version (id, version) VALUES (1, 0);
