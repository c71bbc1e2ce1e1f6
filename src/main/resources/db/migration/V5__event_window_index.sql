-- The list window's index also holds what counting a window reads (§5.11 total: end_utc for the end bound,
-- hide_from_listings), so that a count walks this index alone instead of looking up every event row in the
-- window: at 107 000 events 100 ms → 25 ms (SQLite). Its order (start_utc, id) is still the order of lists.
DROP INDEX events_start;
CREATE INDEX events_start ON events(start_utc, id, end_utc, hide_from_listings);
