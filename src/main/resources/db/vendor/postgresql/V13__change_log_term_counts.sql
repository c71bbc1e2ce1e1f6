-- A term's count of published events (terms.event_count, kept by term.TermCounts) changes with its events, not with
-- the term: the change feed does not show it, but what keeps terms across data versions (the embedded terms of
-- event answers) must drop a term whose count moved. Such a change opens a row of kind 'term_count', which the feed
-- leaves out (change.ChangeRoutes) and db.ChangedRecords reports like any other kind.
CREATE FUNCTION change_log_term_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists)
    SELECT txid_current(), 'term_count', NEW.id, 1
    WHERE NOT EXISTS (SELECT 1 FROM change_log c WHERE c.version IS NULL AND c.tx = txid_current()
      AND c.kind = 'term_count' AND c.record_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER change_log_term_counts AFTER UPDATE OF event_count ON terms
  FOR EACH ROW WHEN (OLD.event_count IS DISTINCT FROM NEW.event_count) EXECUTE FUNCTION change_log_term_counts();
