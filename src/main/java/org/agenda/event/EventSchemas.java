package org.agenda.event;

import static org.agenda.http.JsonSchema.arrayOf;
import static org.agenda.http.JsonSchema.bool;
import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.dateTime;
import static org.agenda.http.JsonSchema.enumOf;
import static org.agenda.http.JsonSchema.integer;
import static org.agenda.http.JsonSchema.nullableBoolean;
import static org.agenda.http.JsonSchema.oneOf;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;
import static org.agenda.http.JsonSchema.withPattern;

import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.http.ListPage;
import org.agenda.http.OperationDoc;
import org.agenda.record.RecordSchemas;
import org.agenda.term.TermSchemas;

/** How /doc describes events (§5.2–§5.4, §5.10, §6.3–§6.6). */
final class EventSchemas {
  private static final String ISO_WITH_OFFSET = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$";

  private EventSchemas() {}

  /** {@code venues} and {@code organizers}: the resources whose representations an event embeds. */
  static ApiResource resource(ApiResource venues, ApiResource organizers) {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("Event", event());
    schemas.put("DateDetails", dateDetails());
    schemas.put("CostDetails", costDetails());
    schemas.put("EventJsonLd", eventJsonLd());
    schemas.put("EventList", ListPage.schema("events", "Event", "A page of events (§5.11).", true));
    schemas.putAll(RecordSchemas.shared());
    schemas.putAll(TermSchemas.embedded());
    schemas.putAll(venues.schemas());
    schemas.putAll(organizers.schemas());
    return ApiResource.of("events", "Events", "event", "Event",
            "Events: dates, cost, flags, and links to venues, organizers, categories and tags.")
        .with(ApiResource.Trait.PAGES_END, ApiResource.Trait.HIDES_RECORDS, ApiResource.Trait.TRASHES,
            ApiResource.Trait.UNKNOWN_ID_IS_NOT_FOUND)
        .forbiddenOnRead("event-not-accessible", "event-no-longer-available", "event-password-protected")
        .withSchemas(schemas);
  }

  private static ObjectNode event() {
    var keys = new Keys();
    RecordSchemas.head(keys, "event");
    keys.always("title", string("Title in the text language."));
    keys.always("description", string("Description in the text language, sanitised HTML; \"\" if none."));
    keys.always("excerpt", string("Excerpt in the text language, sanitised HTML; \"\" if none."));
    keys.always("slug", string("Slug in the text language."));
    // A typed false, so that client generators make a wrapper for both shapes instead of assuming an object.
    keys.always("image", oneOf("The image, or false when there is none.", ref("Image"),
        bool("No image.").set("const", BooleanNode.FALSE)));
    keys.always("all_day", nullableBoolean("All-day event; null in a password-protected list item."));
    for (String prefix : List.of("", "utc_")) {
      String zone = prefix.isEmpty() ? "wall clock in the event time zone" : "in UTC";
      keys.always(prefix + "start_date", dateTime("Start, " + zone + "."));
      keys.always(prefix + "start_date_details", ref("DateDetails"));
      keys.always(prefix + "end_date", dateTime("End, " + zone + "."));
      keys.always(prefix + "end_date_details", ref("DateDetails"));
    }
    keys.always("timezone", string("The event time zone as stored: an IANA name, UTC or UTC±N."));
    keys.always("timezone_abbr", string("Time zone abbreviation in effect at the start."));
    keys.always("cost", string("Formatted cost (§5.4); \"\" if none."));
    keys.always("cost_details", ref("CostDetails"));
    keys.always("website", string("The event website; \"\" when cleared, the event url when never set."));
    keys.always("show_map", nullableBoolean("Show a map of the venue."));
    keys.always("show_map_link", nullableBoolean("Show a link to a map of the venue."));
    keys.always("hide_from_listings", nullableBoolean("Hidden from every event list."));
    keys.always("sticky", nullableBoolean("Sticky flag."));
    keys.always("featured", nullableBoolean("Featured event."));
    keys.always("categories", arrayOf(ref("EmbeddedTerm"), "Categories in assignment order."));
    keys.always("tags", arrayOf(ref("EmbeddedTerm"), "Tags in assignment order."));
    keys.always("venue", oneOf("The linked venue when there is exactly one; otherwise an array of venues ([] for none).",
        ref("Venue"), arrayOf(ref("Venue"), null)));
    keys.always("organizer", arrayOf(ref("Organizer"), "Linked organizers in link order."));
    keys.always("post_parent", integer("Id of the parent event, 0 if none; the series' id on its later occurrences."));
    keys.optional("series_id", integer("The series the event belongs to: its id, on the series itself (its first "
        + "occurrence) and on each occurrence. Only on events of a series."));
    keys.optional("original_start_date", dateTime("The occurrence's start in the rule, wall clock in the event time "
        + "zone: its key in the series, kept when the occurrence is moved. Only on events of a series."));
    keys.optional("recurrence", arrayOf(string(null), "The RFC 5545 lines of the series (RRULE, RDATE, EXDATE), "
        + "normalised. Only on the series itself."));
    keys.optional("recurrence_text", string("The series' rule as a sentence in the request language. Only on events "
        + "of a series."));
    keys.optional("status_detail", enumOf(EventFields.STATUS_DETAILS, "The event is cancelled or postponed (schema.org "
        + "eventStatus). Only when set."));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    keys.optional("json_ld", ref("EventJsonLd"));
    return keys.object("An event (§5.2). In password-protected list items the flags are null and the text, "
        + "image, cost and links are empty (§4.8); json_ld is present only on single reads.");
  }

  private static ObjectNode dateDetails() {
    var keys = new Keys();
    keys.always("year", withPattern(string(null), "^[0-9]{4}$"));
    for (String part : List.of("month", "day", "hour", "minutes", "seconds")) {
      keys.always(part, withPattern(string(null), "^[0-9]{2}$"));
    }
    return keys.object("The parts of a date-time string, zero-padded strings (§5.3).");
  }

  private static ObjectNode costDetails() {
    var keys = new Keys();
    keys.always("currency_symbol", string("The common currency symbol of the cost, or \"\"."));
    keys.always("currency_code", string("Always \"\"."));
    keys.always("currency_position", enumOf(List.of("prefix", "postfix", ""), "Where the symbol goes."));
    keys.always("values", arrayOf(string(null), "Canonical numeric values, ascending; or slugs of non-numeric costs."));
    return keys.object("The parts of the cost (§5.4).");
  }

  private static ObjectNode eventJsonLd() {
    var keys = new Keys();
    keys.always("@context", constant("http://schema.org"));
    keys.always("@type", constant("Event"));
    keys.always("name", string("Title."));
    keys.always("description", string("Plain text of the excerpt, or of the description."));
    keys.optional("image", string("Image URL."));
    keys.always("url", string("Public web page."));
    keys.always("eventAttendanceMode", string(null));
    keys.always("eventStatus", string(null));
    keys.always("startDate", withPattern(string("Start, ISO 8601 with the event time zone's offset."), ISO_WITH_OFFSET));
    keys.always("endDate", withPattern(string("End, ISO 8601 with the event time zone's offset."), ISO_WITH_OFFSET));
    keys.optional("location", ref("PlaceJsonLd"));
    keys.optional("organizer", ref("PersonJsonLd"));
    var offer = new Keys();
    offer.always("@type", constant("Offer"));
    for (String member : List.of("price", "priceCurrency", "url", "category", "availability", "validFrom")) {
      offer.always(member, string(null));
    }
    keys.optional("offers", offer.object("Present when the cost holds a number."));
    keys.always("performer", string(null));
    var series = new Keys();
    series.always("@type", constant("EventSeries"));
    series.always("@id", string("The series' REST URL."));
    series.always("name", string("The series' title."));
    series.always("url", string("The series' public web page."));
    keys.optional("superEvent", series.object("The series of an event that belongs to one (its first occurrence "
        + "included)."));
    return keys.object("schema.org Event of a single event read (§5.10); eventStatus is EventCancelled or "
        + "EventPostponed as status_detail says, else EventScheduled.");
  }

  /** The body of an iCalendar answer, for /doc: a text, not JSON. */
  private static ObjectNode calendarBody(String description) {
    return string(description).put("contentMediaType", "text/calendar");
  }

  /** {@code GET /events.ics}: the list's events as one iCalendar feed (§6.3 filters, not paged). */
  static OperationDoc feedDoc() {
    Map<String, ObjectNode> headers = new LinkedHashMap<>();
    headers.put("X-Cal-Total", integer("Number of matching events."));
    headers.put("X-Cal-Omitted", integer("Matching events left out of the feed by its cap (0 when none)."));
    return new OperationDoc("listEventsAsICalendar", "Subscribe to events (iCalendar feed)",
        "The events that GET /events would list for the same parameters (every filter, status, the caller's "
            + "visibility, the request language), as one iCalendar (RFC 5545) calendar to subscribe to. Not paged: "
            + "page and per_page are ignored. Without date filters it holds the events from " + EventList.FEED_DAYS_BACK
            + " days ago to a year ahead, at most " + EventList.FEED_CAP + " of them, the earliest first. Protected "
            + "events appear only when the password parameter or the caller's rights unlock them. Each event has "
            + "the UID event-{id}@{host}, the same in every language, and a SEQUENCE that grows with every update; "
            + "events in a fixed UTC offset have UTC times.",
        "text/calendar",
        "The calendar (text/calendar). X-Cal-Total gives the number of matching events, X-Cal-Omitted how many "
            + "of them the cap left out.",
        calendarBody("An iCalendar (RFC 5545) calendar: a VTIMEZONE for each time zone used, a VEVENT per event."),
        headers, Map.of());
  }

  /** {@code GET /events/{id}.ics}: one event as an iCalendar calendar, with the access rules of §6.5.1. */
  static OperationDoc eventCalendarDoc() {
    return new OperationDoc("getEventAsICalendar", "Read an event by id as iCalendar",
        "The event as an iCalendar (RFC 5545) calendar of one VEVENT, for adding it to a calendar: the same access "
            + "rules and error answers as GET /events/{id}, including password for a protected event.",
        "text/calendar", "The event as a calendar (text/calendar).",
        calendarBody("An iCalendar (RFC 5545) calendar with one VEVENT and the VTIMEZONE it uses."), Map.of(),
        Map.of());
  }
}
