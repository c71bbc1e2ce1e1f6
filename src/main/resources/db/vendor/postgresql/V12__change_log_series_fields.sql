-- The event's update trigger of V8 with the columns that V10 added to what an event shows (its series, its rule,
-- the fields an occurrence overrides, status_detail): a write that changes only those is a change of the event, for
-- the change feed and for what follows the change log (the event index, the objects kept across data versions).
-- events.expanded_until is not: it says how far the series was expanded, which the expansion's new events show.
DROP TRIGGER change_log_events_update ON events;
CREATE TRIGGER change_log_events_update BEFORE UPDATE ON events
  FOR EACH ROW WHEN ((OLD.start_utc, OLD.end_utc, OLD.start_local, OLD.end_local, OLD.timezone, OLD.all_day,
      OLD.password, OLD.cost, OLD.show_map, OLD.show_map_link, OLD.hide_from_listings, OLD.sticky, OLD.featured,
      OLD.post_parent, OLD.series_id, OLD.original_start, OLD.recurrence, OLD.overrides, OLD.status_detail)
    IS DISTINCT FROM (NEW.start_utc, NEW.end_utc, NEW.start_local, NEW.end_local, NEW.timezone, NEW.all_day,
      NEW.password, NEW.cost, NEW.show_map, NEW.show_map_link, NEW.hide_from_listings, NEW.sticky, NEW.featured,
      NEW.post_parent, NEW.series_id, NEW.original_start, NEW.recurrence, NEW.overrides, NEW.status_detail))
  EXECUTE FUNCTION change_log_details('event');
