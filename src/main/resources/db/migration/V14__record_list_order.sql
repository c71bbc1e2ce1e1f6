-- Venue and organizer lists are in the order (date_utc, id), newest first, of one type and the statuses the caller
-- sees (§6.7, §6.10). Without an index in that order, SQLite walked the published records of every type by date
-- (records_future) until it had a page of venues: 290 ms at a million events, where the venues are one record in a
-- hundred; for a signed-in member it sorted all the venues. With these, a page reads its own rows, and the count of
-- one type and status stays a walk of this index alone.
DROP INDEX records_type_status;
CREATE INDEX records_type_status ON records(type, status, date_utc, id);
CREATE INDEX records_type_date ON records(type, date_utc, id);
