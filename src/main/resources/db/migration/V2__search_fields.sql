-- The shared text fields that venue and organizer search looks at (§6.7, §6.10), lower-cased in Java when a
-- record is written (SQLite's lower() folds ASCII only), one row per non-empty field: a record matches when
-- one field contains every fragment.
CREATE TABLE search_fields (
  record_id BIGINT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
  folded TEXT NOT NULL
);
CREATE INDEX search_fields_record ON search_fields(record_id);

-- Venues and organizers created from event payloads before this table existed. lower() here folds ASCII
-- only on SQLite; the next write of such a record stores the exact Java folding.
INSERT INTO search_fields (record_id, folded) SELECT id, lower(address) FROM venues WHERE address IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(city) FROM venues WHERE city IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(province) FROM venues WHERE province IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(state) FROM venues WHERE state IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(stateprovince) FROM venues WHERE stateprovince IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(zip) FROM venues WHERE zip IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(phone) FROM venues WHERE phone IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(phone) FROM organizers WHERE phone IS NOT NULL;
INSERT INTO search_fields (record_id, folded) SELECT id, lower(email) FROM organizers WHERE email IS NOT NULL;
INSERT INTO search_fields (record_id, folded)
  SELECT id, lower(website) FROM records WHERE type = 'organizer' AND website IS NOT NULL;
