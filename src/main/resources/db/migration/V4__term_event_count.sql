-- The number of published events that carry each term (§5.8), stored so that reading a term never counts
-- events (§10.5). Kept exact by the transactions that change it: event create, update, trash, delete and the
-- automatic future → publish change (term.TermCounts).
ALTER TABLE terms ADD COLUMN event_count INTEGER NOT NULL DEFAULT 0;
UPDATE terms SET event_count = (
  SELECT count(*) FROM event_terms JOIN records ON records.id = event_terms.event_id
  WHERE event_terms.term_id = terms.id AND records.status = 'publish');
