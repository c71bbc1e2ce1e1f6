package org.agenda.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.TextList;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.parameter.Cn;
import net.fortuna.ical4j.model.property.Categories;
import net.fortuna.ical4j.model.property.DateProperty;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStamp;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.Geo;
import net.fortuna.ical4j.model.property.LastModified;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.Organizer;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Status;
import net.fortuna.ical4j.model.property.Summary;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.Url;
import net.fortuna.ical4j.model.property.XProperty;
import net.fortuna.ical4j.model.property.immutable.ImmutableCalScale;
import net.fortuna.ical4j.model.property.immutable.ImmutableVersion;
import org.agenda.config.Config;
import org.agenda.http.ApiRequest;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.text.PlainText;
import org.agenda.time.EventTimezone;

/**
 * The iCalendar form of events (RFC 5545), beside their JSON form ({@link EventView}), for {@code /events.ics} and
 * {@code /events/{id}.ics}. Each event becomes a VEVENT made from the event and its JSON representation in the
 * request, so that both show the same text (request language with fallback), URLs and linked records:
 *
 * <ul>
 *   <li>UID {@code event-{id}@{host of the public URL}}: the same in every language and feed, for the event's life;
 *   <li>DTSTAMP and LAST-MODIFIED the event's last change (a calendar without METHOD, where DTSTAMP is the time
 *       of the last revision), SEQUENCE its revision counter, which every write of the event increases;
 *   <li>DTSTART and DTEND: all-day events as VALUE=DATE with the day after the last as the (exclusive) end;
 *       events in a tz database zone as wall-clock times with TZID and a VTIMEZONE ({@link CalendarZones});
 *       events in {@code UTC} or a fixed offset {@code UTC±N} as UTC times (…Z), which every client reads alike
 *       and shows in its own zone (a VTIMEZONE of one's own for "UTC+2" would not be one a client knows); so are
 *       events that start or end in the hour that occurs twice when summer time ends, which readers resolve
 *       differently;
 *   <li>SUMMARY the title, DESCRIPTION the description as plain text (the excerpt when it has none), URL the
 *       event's public page, LOCATION and GEO its first venue, ORGANIZER its first organizer (CN, and mailto:
 *       when it has an e-mail address, else its page), CATEGORIES its categories.
 * </ul>
 */
final class EventCalendar {
  static final String MEDIA_TYPE = "text/calendar; charset=utf-8";
  /** The calendar property that says how many matching events a capped feed left out. */
  static final String OMITTED_PROPERTY = "X-AGENDA-OMITTED";
  private static final String PRODID = "-//Agenda//Agenda event calendar//EN";
  private static final int MAX_SEQUENCE = Integer.MAX_VALUE;

  private final Config config;
  private final Languages languages;
  private final EventView view;

  EventCalendar(Config config, Languages languages, EventView view) {
    this.config = config;
    this.languages = languages;
    this.view = view;
  }

  /**
   * The calendar named {@code name} of these events, in list order, as the request shows them (its language and
   * URLs); {@code omitted} matching events were left out (then said in {@value #OMITTED_PROPERTY}). A calendar
   * without events holds the VTIMEZONE of the site time zone as it is today: RFC 5545 wants one component at least.
   *
   * <p>An event of a series is shown through its series: one VEVENT with the series' RRULE, RDATE and EXDATE (its
   * DTSTART the series' first start, always in its time zone so that the rule keeps the wall-clock time), and a
   * VEVENT with the series' UID and a RECURRENCE-ID for each occurrence that differs from the rule (moved, its own
   * text or links, cancelled or postponed), so that calendar apps show the occurrences the API lists. With
   * {@code occurrenceAlone} an occurrence is shown alone, as a single event (the form of one occurrence).
   */
  String render(String name, List<Event> events, EventView.Related related, ApiRequest request, int omitted,
      boolean occurrenceAlone) {
    String requestLanguage = request.language();
    Urls urls = request.urls();
    var zones = new CalendarZones();
    if (events.isEmpty()) {
      Instant today = request.today(config.timezone()).atStartOfDay(config.timezone()).toInstant();
      zones.use(EventTimezone.of(config.timezone()), today, today);
    }
    var vevents = new ArrayList<VEvent>();
    String host = host(urls);
    var seriesShown = new java.util.HashSet<Long>();
    for (Event event : events) {
      if (event.seriesId != null && !occurrenceAlone) {
        // a series is one VEVENT with its rule, its changed occurrences VEVENTs with a RECURRENCE-ID
        var series = related.series().get(event.seriesId);
        if (series == null) continue;
        if (seriesShown.add(event.seriesId)) {
          vevents.add(vevent(series.event(), shown(series.event(), request, related), host, zones, null));
        }
        if (event.isOccurrence() && (!event.overrides.isEmpty() || event.statusDetail != null)) {
          vevents.add(vevent(event, shown(event, request, related), host, zones, series.event()));
        }
        continue;
      }
      vevents.add(vevent(event, shown(event, request, related), host, zones, null));
    }
    Calendar calendar = new Calendar();
    calendar.add(new ProdId(PRODID));
    calendar.add(ImmutableVersion.VERSION_2_0);
    calendar.add(ImmutableCalScale.GREGORIAN);
    calendar.add(new XProperty("X-WR-CALNAME", text(name)));
    calendar.add(new XProperty("X-WR-TIMEZONE", config.timezone().getId()));
    if (omitted > 0) calendar.add(new XProperty(OMITTED_PROPERTY, Integer.toString(omitted)));
    // the time zones before the events that use them, as most producers do (some readers need them first)
    zones.components().forEach(calendar::add);
    vevents.forEach(calendar::add);
    var text = new StringWriter();
    try {
      new CalendarOutputter(false).output(calendar, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** The host of the public URL, in lower case: the domain part of every UID. */
  private static String host(Urls urls) {
    String host = URI.create(urls.publicUrl()).getHost();
    return host == null ? "localhost" : host.toLowerCase(Locale.ROOT);
  }

  private ObjectNode shown(Event event, ApiRequest request, EventView.Related related) {
    String textLanguage = languages.textLanguage(request.language(), event.translations.keySet()).orElseThrow();
    return view.render(event, new EventView.Shape(textLanguage, false, false), request.language(), request.urls(),
        related);
  }

  /** {@code exceptionOf}: for an occurrence shown as an exception of its series, the series; else null. */
  private VEvent vevent(Event event, ObjectNode shown, String host, CalendarZones zones, Event exceptionOf) {
    VEvent vevent = new VEvent(false);
    vevent.add(new Uid("event-" + (exceptionOf != null ? exceptionOf.id : event.id) + "@" + host));
    Instant modified = Instant.ofEpochSecond(event.modifiedUtc);
    vevent.add(new DtStamp(modified));
    vevent.add(new Sequence((int) Math.min(event.revision, MAX_SEQUENCE)));
    vevent.add(new LastModified(modified));
    addDates(vevent, event, zones, event.isSeries());
    if (event.isSeries()) CalendarRules.addRule(vevent, event, zones);
    if (exceptionOf != null) CalendarRules.addRecurrenceId(vevent, event, zones);
    if ("cancelled".equals(event.statusDetail)) vevent.add(new Status(Status.VALUE_CANCELLED));
    vevent.add(new Summary(text(shown.path("title").asText())));
    String description = text(PlainText.fromHtmlWithBreaks(shown.path("description").asText()));
    if (description.isEmpty()) description = text(PlainText.fromHtmlWithBreaks(shown.path("excerpt").asText()));
    if (!description.isEmpty()) vevent.add(new Description(description));
    URI page = uri(shown.path("url").asText());
    if (page != null) vevent.add(new Url(page));
    JsonNode venue = first(shown.path("venue"));
    if (venue != null) addVenue(vevent, venue);
    JsonNode organizer = first(shown.path("organizer"));
    if (organizer != null) addOrganizer(vevent, organizer);
    var categories = new ArrayList<String>();
    shown.path("categories").forEach(category -> categories.add(text(category.path("name").asText())));
    if (!categories.isEmpty()) vevent.add(new Categories(new TextList(categories)));
    return vevent;
  }

  /** {@code series}: DTSTART and DTEND in the event's zone whenever it has one, as an RRULE needs. */
  private static void addDates(VEvent vevent, Event event, CalendarZones zones, boolean series) {
    if (event.allDay) {
      // stored as 00:00:00 of the first day to 23:59:59 of the last (§8.5); DTEND is the day after, exclusive
      vevent.add(new DtStart<>(LocalDate.parse(event.startLocal.substring(0, 10))));
      vevent.add(new DtEnd<>(LocalDate.parse(event.endLocal.substring(0, 10)).plusDays(1)));
      return;
    }
    Instant start = Instant.ofEpochSecond(event.startUtc);
    Instant end = Instant.ofEpochSecond(event.endUtc);
    EventTimezone zone = EventView.zone(event);
    if (!(zone.zoneId() instanceof ZoneOffset)
        && (series || !twice(start, zone.zoneId()) && !twice(end, zone.zoneId()))) {
      zones.use(zone, start, end);
      vevent.add(inZone(new DtStart<>(ZonedDateTime.ofInstant(start, zone.zoneId())), zones));
      vevent.add(inZone(new DtEnd<>(ZonedDateTime.ofInstant(end, zone.zoneId())), zones));
    } else {
      vevent.add(new DtStart<>(start));
      vevent.add(new DtEnd<>(end));
    }
  }

  /**
   * True when the wall clock of the instant occurs twice in the zone (the hour repeated when summer time ends).
   * RFC 5545 reads such a TZID time as the first, as the service stores it (§8.2), but readers differ (ical.js
   * takes the second): those events get UTC times, which no reader can take for another instant.
   */
  private static boolean twice(Instant instant, ZoneId zone) {
    return zone.getRules().getValidOffsets(LocalDateTime.ofInstant(instant, zone)).size() > 1;
  }

  /** The property, resolving its TZID through the calendar's zones (the JDK's). */
  static <T extends Temporal, P extends DateProperty<T>> P inZone(P property, CalendarZones zones) {
    property.setTimeZoneRegistry(zones);
    return property;
  }

  /** LOCATION: name and address of the venue, on one line; GEO: its coordinates. */
  private static void addVenue(VEvent vevent, JsonNode venue) {
    var parts = new ArrayList<String>();
    for (String key : List.of("venue", "address")) addText(parts, venue.path(key).asText());
    addText(parts, (venue.path("zip").asText() + " " + venue.path("city").asText()).trim());
    String region = venue.path("stateprovince").asText();
    if (region.isEmpty()) region = venue.path("province").asText();
    if (region.isEmpty()) region = venue.path("state").asText();
    addText(parts, region);
    addText(parts, venue.path("country").asText());
    if (!parts.isEmpty()) vevent.add(new Location(text(String.join(", ", parts))));
    if (venue.path("geo_lat").isNumber() && venue.path("geo_lng").isNumber()) {
      vevent.add(new Geo(venue.path("geo_lat").decimalValue(), venue.path("geo_lng").decimalValue()));
    }
  }

  private static void addText(List<String> parts, String text) {
    if (!text.isBlank()) parts.add(text.trim());
  }

  /** ORGANIZER: mailto: its e-mail address, else its page, with its name as CN. */
  private static void addOrganizer(VEvent vevent, JsonNode organizer) {
    String email = organizer.path("email").asText();
    URI address = email.isEmpty() ? null : uri("mailto:" + email);
    if (address == null) address = uri(organizer.path("url").asText());
    if (address == null) return;
    Organizer property = new Organizer(address);
    String name = organizer.path("organizer").asText();
    if (!name.isEmpty()) property.add(new Cn(text(name)));
    vevent.add(property);
  }

  /**
   * Text as an iCalendar TEXT value may hold it (RFC 5545 §3.3.11): line ends as LF (written {@code \n}), and no
   * other control character than a tab, which stored text may contain but no client could read.
   */
  static String text(String value) {
    String lines = value.replace("\r\n", "\n").replace('\r', '\n');
    var out = new StringBuilder(lines.length());
    lines.codePoints().filter(c -> c == '\n' || c == '\t' || !Character.isISOControl(c)).forEach(out::appendCodePoint);
    return out.toString();
  }

  /** An embedded venue or organizer is an object, a list of them an array (§5.2): the first one, or null. */
  private static JsonNode first(JsonNode embedded) {
    if (embedded.isObject()) return embedded;
    return embedded.isArray() && !embedded.isEmpty() ? embedded.get(0) : null;
  }

  private static URI uri(String text) {
    if (text.isEmpty()) return null;
    try {
      return new URI(text);
    } catch (java.net.URISyntaxException e) {
      return null;
    }
  }
}
