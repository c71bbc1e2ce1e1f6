-- The event's update trigger of V8 with the columns that V10 added to what an event shows (its series, its rule,
-- the fields an occurrence overrides, status_detail): a write that changes only those is a change of the event, for
-- the change feed and for what follows the change log (the event index, the objects kept across data versions).
-- events.expanded_until is not: it says how far the series was expanded, which the expansion's new events show.
DROP TRIGGER change_log_events_update;

CREATE TRIGGER change_log_events_update BEFORE UPDATE ON events
  WHEN OLD.start_utc IS NOT NEW.start_utc OR OLD.end_utc IS NOT NEW.end_utc OR OLD.start_local IS NOT NEW.start_local
    OR OLD.end_local IS NOT NEW.end_local OR OLD.timezone IS NOT NEW.timezone OR OLD.all_day IS NOT NEW.all_day
    OR OLD.password IS NOT NEW.password OR OLD.cost IS NOT NEW.cost OR OLD.show_map IS NOT NEW.show_map
    OR OLD.show_map_link IS NOT NEW.show_map_link OR OLD.hide_from_listings IS NOT NEW.hide_from_listings OR OLD.sticky IS NOT NEW.sticky
    OR OLD.featured IS NOT NEW.featured OR OLD.post_parent IS NOT NEW.post_parent
    OR OLD.series_id IS NOT NEW.series_id OR OLD.original_start IS NOT NEW.original_start
    OR OLD.recurrence IS NOT NEW.recurrence OR OLD.overrides IS NOT NEW.overrides OR OLD.status_detail IS NOT NEW.status_detail
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

