-- Recurring events (series). A series is an event with a recurrence; each later occurrence is an event row of its
-- own (the way the original's add-on makes them), so lists, counts, filters and access need nothing new.
-- series_id: the series' id, on the series row itself and on each occurrence; null for a single event.
-- original_start: the occurrence's start in the rule (local wall time, YYYY-MM-DD HH:MM:SS), its stable key.
-- recurrence: the RFC 5545 lines (a JSON array of strings), on the series row only.
-- expanded_until: for an open-ended series, the epoch second up to which its occurrences exist (it moves on with
-- time, see event.SeriesHorizon); null for a series with an end.
-- overrides: the fields an occurrence changed itself (a JSON array of names, text fields as "title@fr"), which a
-- later edit of the series leaves alone.
-- status_detail: null, 'cancelled' or 'postponed' (schema.org eventStatus).
ALTER TABLE events ADD COLUMN series_id BIGINT;
ALTER TABLE events ADD COLUMN original_start VARCHAR(19);
ALTER TABLE events ADD COLUMN recurrence TEXT;
ALTER TABLE events ADD COLUMN expanded_until BIGINT;
ALTER TABLE events ADD COLUMN overrides TEXT;
ALTER TABLE events ADD COLUMN status_detail VARCHAR(10);
CREATE INDEX events_series ON events(series_id);
