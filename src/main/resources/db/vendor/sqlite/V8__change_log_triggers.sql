-- The triggers that fill change_log (V7) on SQLite; db/vendor/postgresql has the same for PostgreSQL.
--
-- The first time a write transaction touches a record, its row is opened with the record as it is before that
-- statement (hence BEFORE triggers where the statement changes what the row reads: the status, author and
-- password of records and events; a new record's row is opened AFTER its insert, with before_exists 0). Each
-- later touch adds to the same row: the language whose text it wrote, or "shared" for any other stored field.
-- change.ChangeLog stamps the rows at the end of the transaction. SQLite has one writer at a time: tx is 0.
--
-- Terms existing before this migration were last modified at an unknown time: the migration's.

UPDATE terms SET modified_utc = CAST(strftime('%s', 'now') AS INTEGER);

-- events, venues, organizers: their shared row (modified_utc alone does not count: it changes with something else)
CREATE TRIGGER change_log_records_insert AFTER INSERT ON records
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists)
    SELECT 0, NEW.type, NEW.id, 0
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.type AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = NEW.type AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_records_update BEFORE UPDATE ON records
  WHEN OLD.author IS NOT NEW.author OR OLD.status IS NOT NEW.status OR OLD.status_before_trash IS NOT NEW.status_before_trash
    OR OLD.date_utc IS NOT NEW.date_utc OR OLD.image IS NOT NEW.image OR OLD.website IS NOT NEW.website
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, NEW.type, NEW.id,
      (SELECT count(*) FROM records WHERE records.id = NEW.id),
      (SELECT records.status FROM records WHERE records.id = NEW.id),
      (SELECT records.author FROM records WHERE records.id = NEW.id),
      (SELECT count(*) FROM events WHERE events.id = NEW.id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.type AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = NEW.type AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_records_delete BEFORE DELETE ON records
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, OLD.type, OLD.id,
      (SELECT count(*) FROM records WHERE records.id = OLD.id),
      (SELECT records.status FROM records WHERE records.id = OLD.id),
      (SELECT records.author FROM records WHERE records.id = OLD.id),
      (SELECT count(*) FROM events WHERE events.id = OLD.id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = OLD.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = OLD.type AND change_log.record_id = OLD.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = OLD.type AND record_id = OLD.id;
END;

-- their text in one language
CREATE TRIGGER change_log_translations_insert AFTER INSERT ON translations
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, NEW.type, NEW.record_id,
      (SELECT count(*) FROM records WHERE records.id = NEW.record_id),
      (SELECT records.status FROM records WHERE records.id = NEW.record_id),
      (SELECT records.author FROM records WHERE records.id = NEW.record_id),
      (SELECT count(*) FROM events WHERE events.id = NEW.record_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.record_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.type AND change_log.record_id = NEW.record_id);
  UPDATE change_log SET languages = CASE
      WHEN instr(',' || languages || ',', ',' || NEW.lang || ',') > 0 THEN languages
      WHEN languages = '' THEN NEW.lang ELSE languages || ',' || NEW.lang END
    WHERE version IS NULL AND tx = 0 AND kind = NEW.type AND record_id = NEW.record_id;
END;

CREATE TRIGGER change_log_translations_update AFTER UPDATE ON translations
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.excerpt IS NOT NEW.excerpt
    OR OLD.slug IS NOT NEW.slug
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, NEW.type, NEW.record_id,
      (SELECT count(*) FROM records WHERE records.id = NEW.record_id),
      (SELECT records.status FROM records WHERE records.id = NEW.record_id),
      (SELECT records.author FROM records WHERE records.id = NEW.record_id),
      (SELECT count(*) FROM events WHERE events.id = NEW.record_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.record_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.type AND change_log.record_id = NEW.record_id);
  UPDATE change_log SET languages = CASE
      WHEN instr(',' || languages || ',', ',' || NEW.lang || ',') > 0 THEN languages
      WHEN languages = '' THEN NEW.lang ELSE languages || ',' || NEW.lang END
    WHERE version IS NULL AND tx = 0 AND kind = NEW.type AND record_id = NEW.record_id;
END;

-- the rows of their own type (BEFORE for events: their password decides who may read them)
CREATE TRIGGER change_log_events_update BEFORE UPDATE ON events
  WHEN OLD.start_utc IS NOT NEW.start_utc OR OLD.end_utc IS NOT NEW.end_utc OR OLD.start_local IS NOT NEW.start_local
    OR OLD.end_local IS NOT NEW.end_local OR OLD.timezone IS NOT NEW.timezone OR OLD.all_day IS NOT NEW.all_day
    OR OLD.password IS NOT NEW.password OR OLD.cost IS NOT NEW.cost OR OLD.show_map IS NOT NEW.show_map
    OR OLD.show_map_link IS NOT NEW.show_map_link OR OLD.hide_from_listings IS NOT NEW.hide_from_listings OR OLD.sticky IS NOT NEW.sticky
    OR OLD.featured IS NOT NEW.featured OR OLD.post_parent IS NOT NEW.post_parent
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', NEW.id,
      (SELECT count(*) FROM records WHERE records.id = NEW.id),
      (SELECT records.status FROM records WHERE records.id = NEW.id),
      (SELECT records.author FROM records WHERE records.id = NEW.id),
      (SELECT count(*) FROM events WHERE events.id = NEW.id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_venues_update AFTER UPDATE ON venues
  WHEN OLD.address IS NOT NEW.address OR OLD.city IS NOT NEW.city OR OLD.country IS NOT NEW.country
    OR OLD.province IS NOT NEW.province OR OLD.state IS NOT NEW.state OR OLD.stateprovince IS NOT NEW.stateprovince
    OR OLD.zip IS NOT NEW.zip OR OLD.phone IS NOT NEW.phone OR OLD.show_map IS NOT NEW.show_map
    OR OLD.show_map_link IS NOT NEW.show_map_link OR OLD.geo_lat IS NOT NEW.geo_lat OR OLD.geo_lng IS NOT NEW.geo_lng
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'venue', NEW.id,
      (SELECT count(*) FROM records WHERE records.id = NEW.id),
      (SELECT records.status FROM records WHERE records.id = NEW.id),
      (SELECT records.author FROM records WHERE records.id = NEW.id),
      (SELECT count(*) FROM events WHERE events.id = NEW.id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'venue' AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'venue' AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_organizers_update AFTER UPDATE ON organizers
  WHEN OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'organizer', NEW.id,
      (SELECT count(*) FROM records WHERE records.id = NEW.id),
      (SELECT records.status FROM records WHERE records.id = NEW.id),
      (SELECT records.author FROM records WHERE records.id = NEW.id),
      (SELECT count(*) FROM events WHERE events.id = NEW.id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'organizer' AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'organizer' AND record_id = NEW.id;
END;

-- what an event links: venues, organizers, categories and tags (also when the linked record is deleted)
CREATE TRIGGER change_log_event_venues_insert AFTER INSERT ON event_venues
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', NEW.event_id,
      (SELECT count(*) FROM records WHERE records.id = NEW.event_id),
      (SELECT records.status FROM records WHERE records.id = NEW.event_id),
      (SELECT records.author FROM records WHERE records.id = NEW.event_id),
      (SELECT count(*) FROM events WHERE events.id = NEW.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = NEW.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = NEW.event_id;
END;

CREATE TRIGGER change_log_event_venues_delete AFTER DELETE ON event_venues
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', OLD.event_id,
      (SELECT count(*) FROM records WHERE records.id = OLD.event_id),
      (SELECT records.status FROM records WHERE records.id = OLD.event_id),
      (SELECT records.author FROM records WHERE records.id = OLD.event_id),
      (SELECT count(*) FROM events WHERE events.id = OLD.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = OLD.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = OLD.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = OLD.event_id;
END;

CREATE TRIGGER change_log_event_organizers_insert AFTER INSERT ON event_organizers
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', NEW.event_id,
      (SELECT count(*) FROM records WHERE records.id = NEW.event_id),
      (SELECT records.status FROM records WHERE records.id = NEW.event_id),
      (SELECT records.author FROM records WHERE records.id = NEW.event_id),
      (SELECT count(*) FROM events WHERE events.id = NEW.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = NEW.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = NEW.event_id;
END;

CREATE TRIGGER change_log_event_organizers_delete AFTER DELETE ON event_organizers
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', OLD.event_id,
      (SELECT count(*) FROM records WHERE records.id = OLD.event_id),
      (SELECT records.status FROM records WHERE records.id = OLD.event_id),
      (SELECT records.author FROM records WHERE records.id = OLD.event_id),
      (SELECT count(*) FROM events WHERE events.id = OLD.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = OLD.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = OLD.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = OLD.event_id;
END;

CREATE TRIGGER change_log_event_terms_insert AFTER INSERT ON event_terms
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', NEW.event_id,
      (SELECT count(*) FROM records WHERE records.id = NEW.event_id),
      (SELECT records.status FROM records WHERE records.id = NEW.event_id),
      (SELECT records.author FROM records WHERE records.id = NEW.event_id),
      (SELECT count(*) FROM events WHERE events.id = NEW.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = NEW.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = NEW.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = NEW.event_id;
END;

CREATE TRIGGER change_log_event_terms_delete AFTER DELETE ON event_terms
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
      before_languages)
    SELECT 0, 'event', OLD.event_id,
      (SELECT count(*) FROM records WHERE records.id = OLD.event_id),
      (SELECT records.status FROM records WHERE records.id = OLD.event_id),
      (SELECT records.author FROM records WHERE records.id = OLD.event_id),
      (SELECT count(*) FROM events WHERE events.id = OLD.event_id AND events.password IS NOT NULL AND events.password <> ''),
      coalesce((SELECT group_concat(translations.lang) FROM translations WHERE translations.record_id = OLD.event_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'event' AND change_log.record_id = OLD.event_id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = 'event' AND record_id = OLD.event_id;
END;

-- categories and tags: the term row (its parent; not its count of events) and its text per language
CREATE TRIGGER change_log_terms_insert AFTER INSERT ON terms
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists)
    SELECT 0, NEW.taxonomy, NEW.id, 0
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.taxonomy AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = NEW.taxonomy AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_terms_update AFTER UPDATE OF parent ON terms
  WHEN OLD.parent IS NOT NEW.parent
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_languages)
    SELECT 0, NEW.taxonomy, NEW.id,
      (SELECT count(*) FROM terms WHERE terms.id = NEW.id),
      coalesce((SELECT group_concat(term_translations.lang) FROM term_translations
        WHERE term_translations.term_id = NEW.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.taxonomy AND change_log.record_id = NEW.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = NEW.taxonomy AND record_id = NEW.id;
END;

CREATE TRIGGER change_log_terms_delete BEFORE DELETE ON terms
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_languages)
    SELECT 0, OLD.taxonomy, OLD.id,
      (SELECT count(*) FROM terms WHERE terms.id = OLD.id),
      coalesce((SELECT group_concat(term_translations.lang) FROM term_translations
        WHERE term_translations.term_id = OLD.id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = OLD.taxonomy AND change_log.record_id = OLD.id);
  UPDATE change_log SET shared = 1
    WHERE version IS NULL AND tx = 0 AND kind = OLD.taxonomy AND record_id = OLD.id;
END;

CREATE TRIGGER change_log_term_translations_insert AFTER INSERT ON term_translations
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_languages)
    SELECT 0, NEW.taxonomy, NEW.term_id,
      (SELECT count(*) FROM terms WHERE terms.id = NEW.term_id),
      coalesce((SELECT group_concat(term_translations.lang) FROM term_translations
        WHERE term_translations.term_id = NEW.term_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.taxonomy AND change_log.record_id = NEW.term_id);
  UPDATE change_log SET languages = CASE
      WHEN instr(',' || languages || ',', ',' || NEW.lang || ',') > 0 THEN languages
      WHEN languages = '' THEN NEW.lang ELSE languages || ',' || NEW.lang END
    WHERE version IS NULL AND tx = 0 AND kind = NEW.taxonomy AND record_id = NEW.term_id;
END;

CREATE TRIGGER change_log_term_translations_update AFTER UPDATE ON term_translations
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.slug IS NOT NEW.slug
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists, before_languages)
    SELECT 0, NEW.taxonomy, NEW.term_id,
      (SELECT count(*) FROM terms WHERE terms.id = NEW.term_id),
      coalesce((SELECT group_concat(term_translations.lang) FROM term_translations
        WHERE term_translations.term_id = NEW.term_id), '')
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = NEW.taxonomy AND change_log.record_id = NEW.term_id);
  UPDATE change_log SET languages = CASE
      WHEN instr(',' || languages || ',', ',' || NEW.lang || ',') > 0 THEN languages
      WHEN languages = '' THEN NEW.lang ELSE languages || ',' || NEW.lang END
    WHERE version IS NULL AND tx = 0 AND kind = NEW.taxonomy AND record_id = NEW.term_id;
END;
