package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.q;
import static org.agenda.api.CalendarChecks.byId;
import static org.agenda.api.CalendarChecks.day;
import static org.agenda.api.CalendarChecks.ids;
import static org.agenda.api.CalendarChecks.instant;
import static org.agenda.api.CalendarChecks.parameter;
import static org.agenda.api.CalendarChecks.parse;
import static org.agenda.api.CalendarChecks.value;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.component.VTimeZone;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The iCalendar forms of events: the feed {@code GET /events.ics} (the events of {@code GET /events} for the same
 * parameters, with its own default window and cap) and {@code GET /events/{id}.ics} (the access rules and errors
 * of {@code GET /events/{id}}). Every answer is parsed back by ical4j in strict mode and validated. The clock is
 * 2026-03-10 14:05 in Europe/Amsterdam (the site time zone), so the default feed runs from 2026-02-08 to
 * 2027-03-10; the two daylight-saving changes of 2026 are on 29 March and 25 October.
 */
class EventCalendarApiTest {
  private static final String NS = "/cal/events/v1";
  private static final String EVENTS = NS + "/events";
  private static final String FEED = NS + "/events.ics";
  /** A window holding every event of the fixtures. */
  private static final String EVERYTHING = "start_date=2025-01-01&end_date=2028-12-31";

  static TestServer server;
  static TestServer.Caller admin, ed, au, co, anonymous;
  static long venue, organizer, organizerWithoutEmail;
  static long spring, autumn, secondTwoThirty, allDay, multiDayAllDay, offset, multiDay, past, recent, nextYear;
  static long draft, trashed, locked, lockedByEd, hidden;

  @BeforeAll
  static void start() {
    server = TestServer.start(Map.of("AGENDA_PUBLIC_URL", "https://agenda.example.org"));
    admin = server.asAdmin();
    anonymous = server.anonymous();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    venue = id(created(ed.postJson(NS + "/venues", "{\"venue\":\"Grote Zaal\",\"address\":\"Kerkstraat 1\","
        + "\"city\":\"Utrecht\",\"zip\":\"3511 AB\",\"country\":\"Nederland\",\"geo_lat\":52.0907,\"geo_lng\":5.1214}")));
    organizer = id(created(ed.postJson(NS + "/organizers",
        "{\"organizer\":\"Stichting Muziek\",\"email\":\"info@muziek.example\"}")));
    organizerWithoutEmail = id(created(ed.postJson(NS + "/organizers", "{\"organizer\":\"Buurtvereniging\"}")));

    // Europe/Amsterdam through the spring change (02:00 CET → 03:00 CEST): 01:30 CET – 03:30 CEST is one hour
    spring = event(ed, "Lentenacht", "2026-03-29 01:30", "2026-03-29 03:30",
        "\"description\":\"<p>Door de <b>zomertijd</b> heen.</p><p>Tweede alinea; met, tekens\\\\ en é.</p>\","
            + "\"venue\":" + venue + ",\"organizer\":" + organizer + ",\"categories\":[\"Concerten\",\"Nacht, laat\"],"
            + "\"featured\":true");
    // through the autumn change (03:00 CEST → 02:00 CET): 22:00 CEST – 04:00 CET is seven hours
    autumn = event(ed, "Herfstnacht", "2026-10-24 22:00", "2026-10-25 04:00",
        "\"organizer\":" + organizerWithoutEmail + ",\"excerpt\":\"<p>Korte tekst</p>\"");
    // 02:30 occurs twice that night; given as the instant of the second one (CET), it is stored as the wall clock
    // 02:30, which means the first (§8.2)
    secondTwoThirty = event(ed, "Tweede half drie", "2026-10-25T01:30:00Z", "2026-10-25T02:30:00Z", "");
    allDay = event(ed, "Markt", "2026-04-04", "2026-04-04", "\"all_day\":true");
    multiDayAllDay = event(ed, "Feestweek", "2026-04-06 09:00", "2026-04-10 11:00",
        "\"all_day\":true,\"timezone\":\"America/New_York\"");
    offset = event(ed, "Lezing op afstand", "2026-05-20 20:00", "2026-05-20 21:30", "\"timezone\":\"UTC+5.5\"");
    multiDay = event(ed, "Festival", "2026-06-12 18:00", "2026-06-14 23:00",
        "\"timezone\":\"America/New_York\",\"categories\":[\"Concerten\"]");
    past = event(ed, "Lang geleden", "2026-01-15 20:00", "2026-01-15 22:00", "");
    recent = event(ed, "Vorige maand", "2026-02-20 20:00", "2026-02-20 22:00", "");
    nextYear = event(ed, "Volgend jaar", "2027-06-01 20:00", "2027-06-01 22:00", "");

    draft = event(au, "Concept", "2026-04-01 20:00", "2026-04-01 22:00", "\"status\":\"draft\"");
    trashed = event(au, "Weggegooid", "2026-04-02 20:00", "2026-04-02 22:00", "");
    assertThat(admin.delete(EVENTS + "/" + trashed).status()).isEqualTo(200);
    locked = event(au, "Besloten", "2026-04-03 20:00", "2026-04-03 22:00",
        "\"password\":\"geheim\",\"description\":\"<p>verborgen tekst</p>\"");
    lockedByEd = event(ed, "Besloten ed", "2026-04-03 21:00", "2026-04-03 23:00", "\"password\":\"anders\"");
    hidden = event(ed, "Verborgen", "2026-04-05 20:00", "2026-04-05 22:00", "\"hide_from_listings\":true");

    // French text for the spring night; no English anywhere (English falls back to Dutch)
    assertThat(ed.patchJson("/fr" + EVENTS + "/" + spring,
        "{\"title\":\"Nuit de printemps\",\"description\":\"<p>À travers l'heure d'été.</p>\"}").status()).isEqualTo(200);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode created(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static long event(TestServer.Caller caller, String title, String start, String end, String extra) {
    return id(created(caller.postJson(EVENTS, "{\"title\":" + q(title) + ",\"start_date\":" + q(start)
        + ",\"end_date\":" + q(end) + (extra.isEmpty() ? "" : "," + extra) + "}")));
  }

  /** A UTC date-time of the JSON form ({@code 2026-03-29 00:30:00}) as an instant. */
  static Instant utc(String dateTime) {
    return LocalDateTime.parse(dateTime.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
  }

  static Calendar feed(TestServer.Caller caller, String query) {
    return parse(caller.get(FEED + (query.isEmpty() ? "" : "?" + query)));
  }

  static VEvent single(TestServer.Caller caller, long id, String query) {
    Calendar calendar = parse(caller.get(EVENTS + "/" + id + ".ics" + (query.isEmpty() ? "" : "?" + query)));
    List<VEvent> events = CalendarChecks.events(calendar);
    assertThat(events).hasSize(1);
    assertThat(CalendarChecks.id(events.get(0))).isEqualTo(id);
    return events.get(0);
  }

  // ------------------------------------------------------------------ the calendar and its events

  @Test
  void feedIsAValidCalendarWithTheCalendarProperties() {
    HttpResult response = anonymous.get(FEED);
    Calendar calendar = parse(response);
    assertThat(value(calendar, Property.PRODID)).isEqualTo("-//Agenda//Agenda event calendar//EN");
    assertThat(value(calendar, Property.VERSION)).isEqualTo("2.0");
    assertThat(value(calendar, Property.CALSCALE)).isEqualTo("GREGORIAN");
    assertThat(value(calendar, "X-WR-CALNAME")).isEqualTo("Agenda");
    assertThat(value(calendar, "X-WR-TIMEZONE")).isEqualTo("Europe/Amsterdam");
    assertThat(value(calendar, "X-AGENDA-OMITTED")).isNull();
    assertThat(response.header("Content-Language")).isEqualTo("nl");
    assertThat(response.header("Allow")).isEqualTo("GET");
    assertThat(response.header("X-Cal-Total")).isEqualTo(Integer.toString(ids(calendar).size()));
    assertThat(response.header("X-Cal-Omitted")).isEqualTo("0");
    // the time zones come before the events, one per zone whose times the calendar writes with a TZID
    List<String> order = new ArrayList<>();
    calendar.getComponents().forEach(component -> order.add(((Component) component).getName()));
    assertThat(order.indexOf("VEVENT")).isGreaterThan(order.lastIndexOf("VTIMEZONE"));
    List<String> zones = new ArrayList<>();
    calendar.<VTimeZone>getComponents(Component.VTIMEZONE).forEach(zone -> zones.add(value(zone, Property.TZID)));
    assertThat(zones).containsExactlyInAnyOrder("Europe/Amsterdam", "America/New_York");

    HttpResult head = anonymous.send("HEAD", FEED, null, null, Map.of());
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.header("Content-Type")).isEqualTo(CalendarChecks.MEDIA_TYPE);
    assertThat(head.body()).isEmpty();
  }

  @Test
  void aTimedEventCarriesItsTextLinksAndChangeProperties() {
    JsonNode json = anonymous.get(EVENTS + "/" + spring).json();
    VEvent event = byId(feed(anonymous, "")).get(spring);
    assertThat(value(event, Property.UID)).isEqualTo("event-" + spring + "@agenda.example.org");
    assertThat(value(event, Property.SUMMARY)).isEqualTo("Lentenacht");
    assertThat(value(event, Property.DESCRIPTION)).isEqualTo("Door de zomertijd heen.\n\nTweede alinea; met, tekens\\ en é.");
    assertThat(value(event, Property.URL)).isEqualTo(json.path("url").asText());
    assertThat(value(event, Property.LOCATION)).isEqualTo("Grote Zaal, Kerkstraat 1, 3511 AB Utrecht, Nederland");
    assertThat(value(event, Property.GEO)).isEqualTo("52.0907;5.1214");
    assertThat(value(event, Property.ORGANIZER)).isEqualTo("mailto:info@muziek.example");
    assertThat(parameter(event, Property.ORGANIZER, "CN")).isEqualTo("Stichting Muziek");
    assertThat(event.getProperty(Property.CATEGORIES).orElseThrow().getValue()).isEqualTo("Concerten,Nacht\\, laat");
    Instant modified = utc(json.path("modified_utc").asText());
    assertThat(instant(event, Property.LAST_MODIFIED)).isEqualTo(modified);
    assertThat(instant(event, Property.DTSTAMP)).isEqualTo(modified);

    // no e-mail address: the organizer's page; no description: the excerpt
    VEvent autumnNight = byId(feed(anonymous, "")).get(autumn);
    assertThat(value(autumnNight, Property.ORGANIZER)).startsWith("https://agenda.example.org/");
    assertThat(parameter(autumnNight, Property.ORGANIZER, "CN")).isEqualTo("Buurtvereniging");
    assertThat(value(autumnNight, Property.DESCRIPTION)).isEqualTo("Korte tekst");
    assertThat(autumnNight.getProperty(Property.LOCATION)).isEmpty();
    assertThat(autumnNight.getProperty(Property.GEO)).isEmpty();
    assertThat(autumnNight.getProperty(Property.CATEGORIES)).isEmpty();

    // control characters that stored text may hold but iCalendar text may not are left out; tabs stay
    long odd = event(ed, "Bel\u0007 en\ttab", "2026-04-20 20:00", "2026-04-20 21:00",
        "\"description\":\"regel\\r\\nregel\\u001b\"");
    VEvent oddEvent = single(anonymous, odd, "");
    assertThat(value(oddEvent, Property.SUMMARY)).isEqualTo("Bel en\ttab");
    assertThat(value(oddEvent, Property.DESCRIPTION)).isEqualTo("regel regel");
  }

  @Test
  void datesAcrossBothDaylightSavingChangesNameTheStoredInstants() {
    Calendar calendar = feed(anonymous, "");
    Map<Long, VEvent> events = byId(calendar);
    VEvent springNight = events.get(spring);
    assertThat(parameter(springNight, Property.DTSTART, "TZID")).isEqualTo("Europe/Amsterdam");
    assertThat(value(springNight, Property.DTSTART)).isEqualTo("20260329T013000");
    assertThat(value(springNight, Property.DTEND)).isEqualTo("20260329T033000");
    // read with the feed's own VTIMEZONE: 00:30Z – 01:30Z, one hour, as the JSON says
    assertThat(instant(springNight, Property.DTSTART)).isEqualTo(Instant.parse("2026-03-29T00:30:00Z"));
    assertThat(instant(springNight, Property.DTEND)).isEqualTo(Instant.parse("2026-03-29T01:30:00Z"));
    JsonNode json = anonymous.get(EVENTS + "/" + spring).json();
    assertThat(json.path("utc_start_date").asText()).isEqualTo("2026-03-29 00:30:00");

    VEvent autumnNight = events.get(autumn);
    assertThat(value(autumnNight, Property.DTSTART)).isEqualTo("20261024T220000");
    assertThat(value(autumnNight, Property.DTEND)).isEqualTo("20261025T040000");
    assertThat(Duration.between(instant(autumnNight, Property.DTSTART), instant(autumnNight, Property.DTEND)))
        .isEqualTo(Duration.ofHours(7));
    assertThat(instant(autumnNight, Property.DTEND)).isEqualTo(Instant.parse("2026-10-25T03:00:00Z"));

    // 02:30 of the autumn night occurs twice: the service takes the first (CEST, §8.2), as RFC 5545 reads a TZID
    // time, but readers differ: UTC times
    VEvent twice = events.get(secondTwoThirty);
    JsonNode twiceJson = anonymous.get(EVENTS + "/" + secondTwoThirty).json();
    assertThat(twiceJson.path("start_date").asText()).isEqualTo("2026-10-25 02:30:00");
    assertThat(parameter(twice, Property.DTSTART, "TZID")).isNull();
    assertThat(value(twice, Property.DTSTART)).isEqualTo("20261025T003000Z");
    assertThat(instant(twice, Property.DTSTART)).isEqualTo(utc(twiceJson.path("utc_start_date").asText()));
    assertThat(instant(twice, Property.DTEND)).isEqualTo(utc(twiceJson.path("utc_end_date").asText()));

    // the VTIMEZONE has both changes of the year, as observed by the JDK's rules
    VTimeZone amsterdam = calendar.<VTimeZone>getComponents(Component.VTIMEZONE).stream()
        .filter(zone -> value(zone, Property.TZID).equals("Europe/Amsterdam")).findFirst().orElseThrow();
    String text = amsterdam.toString();
    assertThat(text).contains("BEGIN:DAYLIGHT", "TZNAME:CEST", "DTSTART:20260329T020000", "BEGIN:STANDARD",
        "TZNAME:CET", "DTSTART:20251026T030000", "DTSTART:20261025T030000").doesNotContain("RDATE", "RRULE");
  }

  @Test
  void allDayEventsAreDatesWithAnExclusiveEnd() {
    Map<Long, VEvent> events = byId(feed(anonymous, ""));
    assertThat(day(events.get(allDay), Property.DTSTART)).isEqualTo(LocalDate.of(2026, 4, 4));
    assertThat(day(events.get(allDay), Property.DTEND)).isEqualTo(LocalDate.of(2026, 4, 5));
    // all-day in another zone: the same days, no time zone
    assertThat(day(events.get(multiDayAllDay), Property.DTSTART)).isEqualTo(LocalDate.of(2026, 4, 6));
    assertThat(day(events.get(multiDayAllDay), Property.DTEND)).isEqualTo(LocalDate.of(2026, 4, 11));
    assertThat(parameter(events.get(multiDayAllDay), Property.DTSTART, "TZID")).isNull();
  }

  @Test
  void multiDayAndFixedOffsetEvents() {
    Map<Long, VEvent> events = byId(feed(anonymous, ""));
    VEvent festival = events.get(multiDay);
    assertThat(parameter(festival, Property.DTSTART, "TZID")).isEqualTo("America/New_York");
    assertThat(value(festival, Property.DTSTART)).isEqualTo("20260612T180000");
    assertThat(value(festival, Property.DTEND)).isEqualTo("20260614T230000");
    assertThat(instant(festival, Property.DTSTART)).isEqualTo(Instant.parse("2026-06-12T22:00:00Z"));
    assertThat(instant(festival, Property.DTEND)).isEqualTo(Instant.parse("2026-06-15T03:00:00Z"));
    // UTC+5.5 is no tz database zone: UTC times
    VEvent lecture = events.get(offset);
    assertThat(parameter(lecture, Property.DTSTART, "TZID")).isNull();
    assertThat(value(lecture, Property.DTSTART)).isEqualTo("20260520T143000Z");
    assertThat(value(lecture, Property.DTEND)).isEqualTo("20260520T160000Z");
  }

  // ------------------------------------------------------------------ languages

  @Test
  void textInTheRequestLanguageWithFallbackAndOneUidInEveryLanguage() {
    VEvent dutch = byId(feed(anonymous, "")).get(spring);
    VEvent french = byId(parse(anonymous.get("/fr" + FEED))).get(spring);
    VEvent frenchByParameter = byId(feed(anonymous, "translation_language=fr")).get(spring);
    VEvent english = byId(parse(anonymous.get("/en" + FEED))).get(spring);
    assertThat(value(french, Property.SUMMARY)).isEqualTo("Nuit de printemps");
    assertThat(value(french, Property.DESCRIPTION)).isEqualTo("À travers l'heure d'été.");
    assertThat(value(french, Property.URL)).contains("/fr/");
    assertThat(value(frenchByParameter, Property.SUMMARY)).isEqualTo("Nuit de printemps");
    assertThat(value(english, Property.SUMMARY)).isEqualTo("Lentenacht");
    assertThat(value(english, Property.URL)).isEqualTo(value(dutch, Property.URL));
    for (VEvent event : List.of(french, frenchByParameter, english, single(anonymous, spring, "translation_language=fr"))) {
      assertThat(value(event, Property.UID)).isEqualTo(value(dutch, Property.UID));
      assertThat(value(event, Property.SEQUENCE)).isEqualTo(value(dutch, Property.SEQUENCE));
      assertThat(value(event, Property.DTSTART)).isEqualTo(value(dutch, Property.DTSTART));
    }
    assertThat(anonymous.get("/fr" + FEED).header("Content-Language")).isEqualTo("fr");
    assertThat(value(single(anonymous, spring, ""), Property.SUMMARY)).isEqualTo("Lentenacht");
    assertThat(value(parse(anonymous.get("/fr" + EVENTS + "/" + spring + ".ics")), "X-WR-CALNAME"))
        .isEqualTo("Nuit de printemps");
  }

  @Test
  void withoutFallbackAnEventWithoutTextInTheLanguageIsLeftOutOrNotFound() {
    try (TestServer strict = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"))) {
      var editor = strict.asAdmin();
      long dutchOnly = id(created(editor.postJson(EVENTS,
          "{\"title\":\"Alleen Nederlands\",\"start_date\":\"2026-04-01 20:00\",\"end_date\":\"2026-04-01 22:00\"}")));
      assertThat(ids(parse(strict.anonymous().get(FEED)))).containsExactly(dutchOnly);
      assertThat(ids(parse(strict.anonymous().get("/en" + FEED)))).isEmpty();
      HttpResult english = strict.anonymous().get("/en" + EVENTS + "/" + dutchOnly + ".ics");
      assertThat(english.status()).isEqualTo(404);
      assertThat(english.code()).isEqualTo("translation-not-found");
    }
  }

  // ------------------------------------------------------------------ the same events as the list

  @Test
  void theFeedHoldsTheEventsOfTheListForTheSameParameters() {
    String category = anonymous.get(EVENTS + "/" + spring).json().path("categories").get(0).path("slug").asText();
    for (String query : List.of(EVERYTHING, EVERYTHING + "&categories=" + category, EVERYTHING + "&search=nacht",
        EVERYTHING + "&featured=true", EVERYTHING + "&venue=" + venue, EVERYTHING + "&organizer=" + organizer,
        EVERYTHING + "&geoloc=true", "include=" + spring + "," + past + "," + nextYear,
        "starts_after=2026-04-01&starts_before=2026-06-30", "start_date=2026-03-29T02:00&strict_dates=true&end_date=2026-04-05",
        "ends_before=2026-03-01")) {
      for (TestServer.Caller caller : List.of(anonymous, ed)) {
        List<Long> listed = listIds(caller, query);
        // the list shows the protected events it does not unlock stripped (§4.8); the feed leaves them out
        if (caller == anonymous) listed.removeAll(List.of(locked, lockedByEd));
        assertThat(ids(feed(caller, query))).as(query).containsExactlyElementsOf(listed);
      }
    }
    // page and per_page are not parameters of a feed: ignored, even when invalid
    assertThat(ids(feed(anonymous, EVERYTHING + "&per_page=1&page=3"))).isEqualTo(ids(feed(anonymous, EVERYTHING)));
    assertThat(ids(feed(anonymous, "page=abc&per_page=-1"))).isEqualTo(ids(feed(anonymous, "")));
    // the filters' validation is the list's
    HttpResult invalid = anonymous.get(FEED + "?start_date=someday&featured=maybe");
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.header("Content-Type")).isEqualTo("application/json; charset=UTF-8");
    assertThat(invalid.json().path("data").path("params").has("start_date")).isTrue();
    assertThat(invalid.json().path("data").path("params").has("featured")).isTrue();
  }

  /** The ids of every page of the JSON list for the query. */
  static List<Long> listIds(TestServer.Caller caller, String query) {
    List<Long> ids = new ArrayList<>();
    for (int page = 1; ; page++) {
      JsonNode list = caller.get(EVENTS + "?" + query + "&per_page=50&page=" + page).json();
      list.path("events").forEach(event -> ids.add(id(event)));
      if (page >= list.path("total_pages").asInt()) return ids;
    }
  }

  @Test
  void theDefaultWindowRunsFromThirtyDaysAgoToAYearAheadAndMovesWithTheDate() {
    List<Long> shown = ids(feed(anonymous, ""));
    assertThat(shown).contains(recent, spring, autumn).doesNotContain(past, nextYear);
    // the list's own default window starts today
    assertThat(listIds(anonymous, "")).doesNotContain(recent);
    // an explicit window replaces the default
    assertThat(ids(feed(anonymous, "start_date=2026-01-01"))).contains(past, recent).doesNotContain(nextYear);
    assertThat(ids(feed(anonymous, "end_date=2027-12-31"))).contains(recent, nextYear).doesNotContain(past);
    assertThat(ids(feed(anonymous, "ends_after=2026-01-01"))).contains(past, nextYear);

    // two months later the window has moved on: the answer kept before is not served
    Instant now = server.clock.instant();
    try {
      server.clock.set(Instant.parse("2026-05-10T10:00:00Z"));
      List<Long> later = ids(feed(anonymous, ""));
      assertThat(later).doesNotContain(recent, spring).contains(autumn);
    } finally {
      server.clock.set(now);
    }
    assertThat(ids(feed(anonymous, ""))).isEqualTo(shown);
  }

  // ------------------------------------------------------------------ changes

  @Test
  void sequenceGrowsWithEveryUpdateAndTheUidStays() {
    long changing = event(ed, "Wisselend", "2026-07-01 20:00", "2026-07-01 22:00", "");
    VEvent first = single(anonymous, changing, "");
    assertThat(value(first, Property.SEQUENCE)).isEqualTo("0");
    server.clock.advance(Duration.ofMinutes(5));
    assertThat(ed.patchJson(EVENTS + "/" + changing, "{\"title\":\"Gewijzigd\"}").status()).isEqualTo(200);
    VEvent second = single(anonymous, changing, "");
    assertThat(value(second, Property.SEQUENCE)).isEqualTo("1");
    assertThat(value(second, Property.SUMMARY)).isEqualTo("Gewijzigd");
    assertThat(instant(second, Property.LAST_MODIFIED)).isEqualTo(instant(first, Property.LAST_MODIFIED).plusSeconds(300));
    // twice within one second still counts twice
    assertThat(ed.patchJson(EVENTS + "/" + changing, "{\"start_date\":\"2026-07-01 19:00\"}").status()).isEqualTo(200);
    assertThat(ed.patchJson("/fr" + EVENTS + "/" + changing, "{\"title\":\"Changeant\"}").status()).isEqualTo(200);
    assertThat(value(byId(feed(anonymous, "")).get(changing), Property.SEQUENCE)).isEqualTo("3");
    // an update that changes nothing writes nothing
    assertThat(ed.patchJson(EVENTS + "/" + changing, "{\"title\":\"Gewijzigd\"}").status()).isEqualTo(200);
    assertThat(value(single(anonymous, changing, ""), Property.SEQUENCE)).isEqualTo("3");
    // trash and restore are updates too
    assertThat(ed.delete(EVENTS + "/" + changing).status()).isEqualTo(200);
    assertThat(value(single(ed, changing, ""), Property.SEQUENCE)).isEqualTo("4");
    assertThat(ed.patchJson(EVENTS + "/" + changing, "{\"status\":\"publish\"}").status()).isEqualTo(200);
    VEvent restored = single(anonymous, changing, "");
    assertThat(value(restored, Property.SEQUENCE)).isEqualTo("5");
    assertThat(value(restored, Property.UID)).isEqualTo(value(first, Property.UID));
  }

  // ------------------------------------------------------------------ who sees what

  @Test
  void draftsTrashAndLockedEventsOnlyForThoseWhoMayReadThem() {
    Set<Long> hiddenFromAnonymous = Set.of(draft, trashed, locked, lockedByEd, hidden);
    assertThat(ids(feed(anonymous, EVERYTHING))).doesNotContainAnyElementsOf(hiddenFromAnonymous);
    assertThat(ids(feed(anonymous, EVERYTHING + "&password=geheim"))).contains(locked)
        .doesNotContain(draft, trashed, lockedByEd, hidden);
    // a subscriber reads as the anonymous do
    var su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    assertThat(ids(feed(su, EVERYTHING))).doesNotContainAnyElementsOf(hiddenFromAnonymous);
    // the author: drafts of anyone, its own protected event; not another's protected one, not the trash by default
    assertThat(ids(feed(au, EVERYTHING))).contains(draft, locked).doesNotContain(trashed, lockedByEd, hidden);
    assertThat(ids(feed(au, EVERYTHING + "&status=trash"))).containsExactly(trashed);
    assertThat(ids(feed(co, EVERYTHING + "&status=trash"))).isEmpty();
    // the editor: every protected event
    assertThat(ids(feed(ed, EVERYTHING))).contains(draft, locked, lockedByEd).doesNotContain(trashed, hidden);
    assertThat(ids(feed(ed, EVERYTHING + "&status=trash"))).containsExactly(trashed);
    // the protected text never shows unless unlocked
    assertThat(CalendarChecks.unfolded(anonymous.get(FEED + "?" + EVERYTHING).body())).doesNotContain("verborgen tekst");
    assertThat(value(byId(feed(anonymous, EVERYTHING + "&password=geheim")).get(locked), Property.DESCRIPTION))
        .isEqualTo("verborgen tekst");

    HttpResult statusRefused = anonymous.get(FEED + "?status=draft");
    assertThat(statusRefused.status()).isEqualTo(400);
    assertThat(statusRefused.json().path("data").path("details").path("status").path("code").asText())
        .isEqualTo("rest_not_allowed");
  }

  @Test
  void oneEventHasTheAccessRulesAndErrorsOfItsJsonRead() {
    record Case(TestServer.Caller caller, long id, String query) {}
    var venueId = venue;
    for (Case c : List.of(new Case(anonymous, draft, ""), new Case(anonymous, trashed, ""),
        new Case(anonymous, locked, ""), new Case(anonymous, locked, "password=geheim"),
        new Case(anonymous, locked, "password=fout"), new Case(au, draft, ""), new Case(au, trashed, ""),
        new Case(co, trashed, ""), new Case(au, lockedByEd, ""), new Case(ed, lockedByEd, ""),
        new Case(anonymous, hidden, ""), new Case(anonymous, 999_999, ""), new Case(anonymous, venueId, ""),
        new Case(anonymous, spring, "password="))) {
      String query = c.query().isEmpty() ? "" : "?" + c.query();
      HttpResult json = c.caller().get(EVENTS + "/" + c.id() + query);
      HttpResult calendar = c.caller().get(EVENTS + "/" + c.id() + ".ics" + query);
      assertThat(calendar.status()).as(c + ": " + calendar).isEqualTo(json.status());
      if (json.status() == 200) {
        assertThat(CalendarChecks.id(CalendarChecks.events(parse(calendar)).get(0))).isEqualTo(c.id());
      } else {
        assertThat(calendar.header("Content-Type")).isEqualTo("application/json; charset=UTF-8");
        assertThat(calendar.code()).as(c.toString()).isEqualTo(json.code());
      }
    }
    assertThat(anonymous.get(EVENTS + "/" + draft + ".ics").code()).isEqualTo("event-not-accessible");
    assertThat(anonymous.get(EVENTS + "/" + trashed + ".ics").code()).isEqualTo("event-no-longer-available");
    assertThat(anonymous.get(EVENTS + "/" + locked + ".ics").code()).isEqualTo("event-password-protected");
    assertThat(anonymous.get(EVENTS + "/999999.ics").code()).isEqualTo("rest-event-not-found");
    assertThat(anonymous.get(EVENTS + "/" + venue + ".ics").code()).isEqualTo("rest-invalid-event-id");
  }

  // ------------------------------------------------------------------ routing

  @Test
  void routesMatchAsBeforeAndASlugEndingInIcsIsStillASlug() {
    HttpResult bySlug = anonymous.get(EVENTS + "/by-slug/lentenacht.ics");
    assertThat(bySlug.status()).as(bySlug.toString()).isEqualTo(400);
    assertThat(bySlug.json().path("data").path("details").path("slug").path("code").asText()).isEqualTo("rest_not_found");
    assertThat(anonymous.get(EVENTS + "/" + spring).header("Content-Type")).startsWith("application/json");
    assertThat(anonymous.get(EVENTS + "/by-slug/lentenacht").json().path("id").asLong()).isEqualTo(spring);
    assertThat(anonymous.get(EVENTS + "/" + spring + ".ICS").status()).isEqualTo(200);
    assertThat(anonymous.get(NS + "/Events.ics/").status()).isEqualTo(200);
    for (String path : List.of(EVENTS + "/.ics", EVENTS + "/abc.ics", EVENTS + "/12.ics.ics", EVENTS + "/12.icsx",
        EVENTS + "/-1.ics", EVENTS + "/1.5.ics", NS + "/venues/" + venue + ".ics", NS + "/events.ics/12")) {
      HttpResult response = anonymous.get(path);
      assertThat(response.status()).as(path).isEqualTo(404);
      assertThat(response.code()).as(path).isEqualTo("rest_no_route");
    }
    HttpResult post = ed.postJson(FEED, "{}");
    assertThat(post.status()).isEqualTo(405);
    assertThat(post.header("Allow")).isEqualTo("GET");
  }

  @Test
  void theNamespaceIndexAndDocDescribeBothRoutes() {
    JsonNode routes = anonymous.get(NS).json().path("routes");
    JsonNode feedRoute = routes.path("/cal/events/v1/events\\.ics");
    assertThat(feedRoute.path("methods").toString()).isEqualTo("[\"GET\"]");
    assertThat(feedRoute.path("_links").path("self").get(0).path("href").asText())
        .isEqualTo("https://agenda.example.org/cal/events/v1/events.ics");
    JsonNode args = feedRoute.path("endpoints").get(0).path("args");
    assertThat(args.has("page")).isFalse();
    assertThat(args.has("per_page")).isFalse();
    assertThat(args.path("start_date").path("description").asText()).contains("30 days ago", "at most 1000 events",
        "page and per_page are ignored");
    assertThat(args.path("end_date").path("description").asText()).contains("1 year after today");
    JsonNode single = routes.path("/cal/events/v1/events/(?P<id>\\d+)\\.ics");
    assertThat(single.path("endpoints").get(0).path("args").path("password").isObject()).isTrue();
    assertThat(single.has("_links")).isFalse();

    JsonNode paths = anonymous.get(NS + "/doc").json().path("paths");
    JsonNode list = paths.path("/events.ics").path("get");
    assertThat(list.path("operationId").asText()).isEqualTo("listEventsAsICalendar");
    assertThat(list.path("responses").path("200").path("content").has("text/calendar")).isTrue();
    assertThat(list.path("responses").has("404")).isFalse();
    assertThat(list.path("responses").path("200").path("headers").has("X-Cal-Omitted")).isTrue();
    JsonNode one = paths.path("/events/{id}.ics").path("get");
    assertThat(one.path("operationId").asText()).isEqualTo("getEventAsICalendar");
    assertThat(one.path("responses").path("403").path("description").asText()).contains("event-password-protected");
    assertThat(one.path("responses").path("404").path("content").has("application/json")).isTrue();
    assertThat(paths.path("/events").path("get").path("operationId").asText()).isEqualTo("listEvents");
  }
}
