-- A term's count of published events (terms.event_count, kept by term.TermCounts) changes with its events, not with
-- the term: the change feed does not show it, but what keeps terms across data versions (the embedded terms of
-- event answers) must drop a term whose count moved. Such a change opens a row of kind 'term_count', which the feed
-- leaves out (change.ChangeRoutes) and db.ChangedRecords reports like any other kind.
CREATE TRIGGER change_log_term_counts AFTER UPDATE OF event_count ON terms
  WHEN OLD.event_count IS NOT NEW.event_count
BEGIN
  INSERT INTO change_log (tx, kind, record_id, before_exists)
    SELECT 0, 'term_count', NEW.id, 1
    WHERE NOT EXISTS (SELECT 1 FROM change_log WHERE change_log.version IS NULL AND change_log.tx = 0
      AND change_log.kind = 'term_count' AND change_log.record_id = NEW.id);
END;
