-- The triggers that fill change_log (V7) on PostgreSQL; db/vendor/sqlite has the same for SQLite.
--
-- The first time a write transaction touches a record, its row is opened with the record as it is before that
-- statement (hence BEFORE triggers where the statement changes what the row reads: the status, author and
-- password of records and events; a new record's row is opened AFTER its insert, with before_exists 0). Each
-- later touch adds to the same row: the language whose text it wrote, or "shared" for any other stored field.
-- change.ChangeLog stamps the rows at the end of the transaction. Writers run side by side here: each opens
-- rows under its own transaction id (tx), so two writers of one record never wait for each other's open row.
--
-- Terms existing before this migration were last modified at an unknown time: the migration's.

UPDATE terms SET modified_utc = extract(epoch FROM now())::BIGINT;

-- Opens the row of (p_kind, p_id) in this transaction if it has none, then notes the language or the shared change.
CREATE FUNCTION change_log_touch(p_kind VARCHAR, p_id BIGINT, p_lang VARCHAR, p_shared BOOLEAN, p_fresh BOOLEAN)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := txid_current();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM change_log c
                 WHERE c.version IS NULL AND c.tx = t AND c.kind = p_kind AND c.record_id = p_id) THEN
    IF p_fresh THEN
      INSERT INTO change_log (tx, kind, record_id, before_exists) VALUES (t, p_kind, p_id, 0);
    ELSIF p_kind IN ('cal_events_cat', 'post_tag') THEN
      INSERT INTO change_log (tx, kind, record_id, before_exists, before_languages)
      SELECT t, p_kind, p_id,
        (SELECT count(*) FROM terms x WHERE x.id = p_id),
        coalesce((SELECT string_agg(tt.lang, ',') FROM term_translations tt WHERE tt.term_id = p_id), '');
    ELSE
      INSERT INTO change_log (tx, kind, record_id, before_exists, before_status, before_author, before_protected,
          before_languages)
      SELECT t, p_kind, p_id,
        (SELECT count(*) FROM records r WHERE r.id = p_id),
        (SELECT r.status FROM records r WHERE r.id = p_id),
        (SELECT r.author FROM records r WHERE r.id = p_id),
        (SELECT count(*) FROM events e WHERE e.id = p_id AND e.password IS NOT NULL AND e.password <> ''),
        coalesce((SELECT string_agg(tr.lang, ',') FROM translations tr WHERE tr.record_id = p_id), '');
    END IF;
  END IF;
  IF p_shared THEN
    UPDATE change_log c SET shared = 1
    WHERE c.version IS NULL AND c.tx = t AND c.kind = p_kind AND c.record_id = p_id;
  ELSIF p_lang IS NOT NULL THEN
    UPDATE change_log c SET languages = CASE
        WHEN position(',' || p_lang || ',' IN ',' || c.languages || ',') > 0 THEN c.languages
        WHEN c.languages = '' THEN p_lang ELSE c.languages || ',' || p_lang END
    WHERE c.version IS NULL AND c.tx = t AND c.kind = p_kind AND c.record_id = p_id;
  END IF;
END $$;

-- events, venues, organizers: their shared row (modified_utc alone does not count: it changes with something else)
CREATE FUNCTION change_log_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM change_log_touch(NEW.type, NEW.id, NULL, true, true);
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM change_log_touch(NEW.type, NEW.id, NULL, true, false);
    RETURN NEW;
  END IF;
  PERFORM change_log_touch(OLD.type, OLD.id, NULL, true, false);
  RETURN OLD;
END $$;
CREATE TRIGGER change_log_records_insert AFTER INSERT ON records
  FOR EACH ROW EXECUTE FUNCTION change_log_records();
CREATE TRIGGER change_log_records_update BEFORE UPDATE ON records
  FOR EACH ROW WHEN (OLD.author IS DISTINCT FROM NEW.author OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.status_before_trash IS DISTINCT FROM NEW.status_before_trash OR OLD.date_utc IS DISTINCT FROM NEW.date_utc
    OR OLD.image IS DISTINCT FROM NEW.image OR OLD.website IS DISTINCT FROM NEW.website)
  EXECUTE FUNCTION change_log_records();
CREATE TRIGGER change_log_records_delete BEFORE DELETE ON records
  FOR EACH ROW EXECUTE FUNCTION change_log_records();

-- their text in one language
CREATE FUNCTION change_log_translations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_log_touch(NEW.type, NEW.record_id, NEW.lang, false, false);
  RETURN NULL;
END $$;
CREATE TRIGGER change_log_translations_insert AFTER INSERT ON translations
  FOR EACH ROW EXECUTE FUNCTION change_log_translations();
CREATE TRIGGER change_log_translations_update AFTER UPDATE ON translations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.excerpt IS DISTINCT FROM NEW.excerpt OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION change_log_translations();

-- the rows of their own type (BEFORE for events: their password decides who may read them)
CREATE FUNCTION change_log_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_log_touch(TG_ARGV[0], NEW.id, NULL, true, false);
  RETURN NEW;
END $$;
-- the event's stored fields by name, as on SQLite: a column added later for another purpose (events.revision,
-- which every write of the event's text moves too) is not a change of a shared field
CREATE TRIGGER change_log_events_update BEFORE UPDATE ON events
  FOR EACH ROW WHEN ((OLD.start_utc, OLD.end_utc, OLD.start_local, OLD.end_local, OLD.timezone, OLD.all_day,
      OLD.password, OLD.cost, OLD.show_map, OLD.show_map_link, OLD.hide_from_listings, OLD.sticky, OLD.featured,
      OLD.post_parent)
    IS DISTINCT FROM (NEW.start_utc, NEW.end_utc, NEW.start_local, NEW.end_local, NEW.timezone, NEW.all_day,
      NEW.password, NEW.cost, NEW.show_map, NEW.show_map_link, NEW.hide_from_listings, NEW.sticky, NEW.featured,
      NEW.post_parent))
  EXECUTE FUNCTION change_log_details('event');
CREATE TRIGGER change_log_venues_update AFTER UPDATE ON venues
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION change_log_details('venue');
CREATE TRIGGER change_log_organizers_update AFTER UPDATE ON organizers
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION change_log_details('organizer');

-- what an event links: venues, organizers, categories and tags (also when the linked record is deleted)
CREATE FUNCTION change_log_event_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM change_log_touch('event', NEW.event_id, NULL, true, false);
  ELSE
    PERFORM change_log_touch('event', OLD.event_id, NULL, true, false);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER change_log_event_venues AFTER INSERT OR DELETE ON event_venues
  FOR EACH ROW EXECUTE FUNCTION change_log_event_links();
CREATE TRIGGER change_log_event_organizers AFTER INSERT OR DELETE ON event_organizers
  FOR EACH ROW EXECUTE FUNCTION change_log_event_links();
CREATE TRIGGER change_log_event_terms AFTER INSERT OR DELETE ON event_terms
  FOR EACH ROW EXECUTE FUNCTION change_log_event_links();

-- categories and tags: the term row (its parent; not its count of events) and its text per language
CREATE FUNCTION change_log_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM change_log_touch(NEW.taxonomy, NEW.id, NULL, true, true);
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM change_log_touch(NEW.taxonomy, NEW.id, NULL, true, false);
    RETURN NULL;
  END IF;
  PERFORM change_log_touch(OLD.taxonomy, OLD.id, NULL, true, false);
  RETURN OLD;
END $$;
CREATE TRIGGER change_log_terms_insert AFTER INSERT ON terms
  FOR EACH ROW EXECUTE FUNCTION change_log_terms();
CREATE TRIGGER change_log_terms_update AFTER UPDATE OF parent ON terms
  FOR EACH ROW WHEN (OLD.parent IS DISTINCT FROM NEW.parent) EXECUTE FUNCTION change_log_terms();
CREATE TRIGGER change_log_terms_delete BEFORE DELETE ON terms
  FOR EACH ROW EXECUTE FUNCTION change_log_terms();

CREATE FUNCTION change_log_term_translations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_log_touch(NEW.taxonomy, NEW.term_id, NEW.lang, false, false);
  RETURN NULL;
END $$;
CREATE TRIGGER change_log_term_translations_insert AFTER INSERT ON term_translations
  FOR EACH ROW EXECUTE FUNCTION change_log_term_translations();
CREATE TRIGGER change_log_term_translations_update AFTER UPDATE ON term_translations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION change_log_term_translations();
