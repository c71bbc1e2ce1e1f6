-- A revision counter per event: the SEQUENCE of its iCalendar form (RFC 5545 §3.8.7.4, /events.ics). Every write
-- that changes a stored value of the event (update, trash, restore) adds one, in the same statement; modified_utc
-- cannot serve, since two writes within one second leave it the same. Events written before it start at 0.
ALTER TABLE events ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
