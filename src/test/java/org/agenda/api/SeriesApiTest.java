package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Recurring events (issue 24): a series and its occurrences through the event routes. The clock starts on
 * Tuesday 2026-03-10 14:05 CET; Europe/Amsterdam moves to CEST on 2026-03-29 and back on 2026-10-25.
 */
class SeriesApiTest {
  static final String EVENTS = "/cal/events/v1/events";
  /** A window that holds every occurrence of the bounded series below. */
  static final String WINDOW = "start_date=2026-03-01&end_date=2027-12-31&per_page=50";

  static TestServer server;
  static TestServer.Caller ed;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void resetClock() {
    server.clock.set(TestServer.DEFAULT_NOW);
  }

  static JsonNode ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  /** A weekly Tuesday 19:30–21:00 Europe/Amsterdam course from 2026-03-17, with the given rule lines. */
  static JsonNode course(String title, String recurrence, String extra) {
    HttpResult created = ed.postJson(EVENTS, "{\"title\":" + q(title) + ",\"start_date\":\"2026-03-17 19:30:00\","
        + "\"end_date\":\"2026-03-17 21:00:00\",\"timezone\":\"Europe/Amsterdam\",\"recurrence\":" + recurrence
        + (extra.isEmpty() ? "" : "," + extra) + "}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created.json();
  }

  /** The series' events in the window (the series itself first), as the list shows them to {@code caller}. */
  static List<JsonNode> listed(TestServer.Caller caller, long series) {
    var found = new ArrayList<JsonNode>();
    int total = Integer.MAX_VALUE;
    for (int page = 1; (page - 1) * 50 < total; page++) {
      JsonNode list = ok(caller.get(EVENTS + "?" + WINDOW + "&page=" + page));
      total = list.path("total").asInt();
      for (JsonNode event : list.path("events")) {
        if (event.path("series_id").asLong() == series) found.add(event);
      }
    }
    return found;
  }

  static List<String> starts(List<JsonNode> events) {
    return events.stream().map(e -> e.path("start_date").asText()).toList();
  }

  @Test
  void aWeeklySeriesIsListedAsEventsThatStayAtTheirLocalTimeAcrossDst() {
    JsonNode series = course("Cursus", "[\"RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=5\"]", "");
    long id = id(series);
    assertThat(series.path("series_id").asLong()).isEqualTo(id);
    assertThat(series.path("recurrence").get(0).asText()).startsWith("RRULE:FREQ=WEEKLY");
    assertThat(series.path("original_start_date").asText()).isEqualTo("2026-03-17 19:30:00");

    List<JsonNode> events = listed(server.anonymous(), id);
    assertThat(starts(events)).containsExactly("2026-03-17 19:30:00", "2026-03-24 19:30:00", "2026-03-31 19:30:00",
        "2026-04-07 19:30:00", "2026-04-14 19:30:00");
    assertThat(events.stream().map(e -> e.path("utc_start_date").asText()).toList()).containsExactly(
        "2026-03-17 18:30:00", "2026-03-24 18:30:00", "2026-03-31 17:30:00", "2026-04-07 17:30:00",
        "2026-04-14 17:30:00");
    assertThat(events.stream().map(e -> e.path("end_date").asText()).toList()).allMatch(e -> e.endsWith("21:00:00"));
    JsonNode second = events.get(1);
    assertThat(id(second)).isNotEqualTo(id);
    assertThat(second.path("post_parent").asLong()).isEqualTo(id);
    assertThat(second.path("series_id").asLong()).isEqualTo(id);
    assertThat(second.path("original_start_date").asText()).isEqualTo("2026-03-24 19:30:00");
    assertThat(second.path("slug").asText()).isEqualTo("cursus-2026-03-24");
    assertThat(second.has("recurrence")).isFalse();
    assertThat(second.path("recurrence_text").asText()).isNotEmpty().isEqualTo(series.path("recurrence_text").asText());

    // the later occurrences by post_parent, counted in total; one by id and by slug
    JsonNode children = ok(server.anonymous().get(EVENTS + "?" + WINDOW + "&post_parent=" + id));
    assertThat(children.path("total").asInt()).isEqualTo(4);
    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + id(second)));
    assertThat(read.path("start_date").asText()).isEqualTo("2026-03-24 19:30:00");
    assertThat(read.path("json_ld").path("superEvent").path("@type").asText()).isEqualTo("EventSeries");
    assertThat(read.path("json_ld").path("superEvent").path("name").asText()).isEqualTo("Cursus");
    assertThat(ok(server.anonymous().get(EVENTS + "/by-slug/cursus-2026-03-31")).path("id").asLong())
        .isEqualTo(id(events.get(2)));
  }

  @Test
  void theLongestSeriesIsWrittenInOneRequest() {
    long started = System.nanoTime();
    HttpResult created = ed.postJson(EVENTS, "{\"title\":\"Dagelijks\",\"start_date\":\"2026-04-01 09:00:00\","
        + "\"end_date\":\"2026-04-01 10:00:00\",\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=1000\"],\"categories\":[\"Lang\"]}");
    long createMillis = (System.nanoTime() - started) / 1_000_000;
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    long id = id(created.json());
    assertThat(ok(ed.get(EVENTS + "?start_date=2026-01-01&end_date=2029-12-31&post_parent=" + id)).path("total").asInt())
        .isEqualTo(999);
    started = System.nanoTime();
    ok(ed.patchJson(EVENTS + "/" + id, "{\"title\":\"Dagelijks bijgewerkt\"}"));
    long patchMillis = (System.nanoTime() - started) / 1_000_000;
    System.out.println("SeriesApiTest: 1000 occurrences created in " + createMillis + " ms, re-synced in " + patchMillis + " ms");
    ok(ed.delete(EVENTS + "/" + id + "?force=true"));
    assertThat(ok(ed.get(EVENTS + "?start_date=2026-01-01&end_date=2029-12-31&search=dagelijks&status=publish,trash"))
        .path("total").asInt()).isZero();
  }

  @Test
  void aSundayMorningInBrusselsStaysAtTenWhenSummerTimeEnds() {
    HttpResult created = ed.postJson(EVENTS, "{\"title\":\"Brunch\",\"start_date\":\"2026-10-18 10:00:00\","
        + "\"end_date\":\"2026-10-18 12:00:00\",\"timezone\":\"Europe/Brussels\","
        + "\"recurrence\":[\"RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20261101T235959Z\"]}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    List<JsonNode> events = listed(server.anonymous(), id(created.json()));
    assertThat(starts(events)).containsExactly("2026-10-18 10:00:00", "2026-10-25 10:00:00", "2026-11-01 10:00:00");
    assertThat(events.stream().map(e -> e.path("utc_start_date").asText()).toList())
        .containsExactly("2026-10-18 08:00:00", "2026-10-25 09:00:00", "2026-11-01 09:00:00");
    assertThat(events.stream().map(e -> e.path("timezone_abbr").asText()).toList()).containsExactly("CEST", "CET", "CET");
  }

  @Test
  void theSentenceFollowsTheRequestLanguage() {
    long id = id(course("Taal", "[\"RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T235959Z\"]", ""));
    String nl = ok(server.anonymous().get("/nl" + EVENTS + "/" + id)).path("recurrence_text").asText();
    String en = ok(server.anonymous().get("/en" + EVENTS + "/" + id)).path("recurrence_text").asText();
    String fr = ok(server.anonymous().get("/fr" + EVENTS + "/" + id)).path("recurrence_text").asText();
    assertThat(nl).contains("dinsdag");
    assertThat(en).contains("Tuesday");
    assertThat(fr).contains("mardi");
  }

  @Test
  void filtersMatchOccurrencesAndHideSubsequentRecurrencesKeepsTheFirstComing() {
    long id = id(course("Zoekbare reeks", "[\"RRULE:FREQ=WEEKLY;COUNT=4\"]", "\"featured\":true"));
    JsonNode found = ok(server.anonymous().get(EVENTS + "?" + WINDOW + "&search=zoekbare&featured=true"));
    assertThat(found.path("total").asInt()).isEqualTo(4);
    JsonNode strict = ok(server.anonymous().get(EVENTS + "?start_date=2026-03-24&end_date=2026-03-24&search=zoekbare"));
    assertThat(strict.path("total").asInt()).isEqualTo(1);
    assertThat(strict.path("events").get(0).path("post_parent").asLong()).isEqualTo(id);

    // links and tags are copied: the venue, organizer, tag and geoloc filters and include match occurrences
    HttpResult linked = ed.patchJson(EVENTS + "/" + id, "{\"venue\":{\"venue\":\"Reekszaal\",\"geo_lat\":52.09,"
        + "\"geo_lng\":5.12},\"organizer\":{\"organizer\":\"Reeksstichting\"},\"tags\":[\"reekstag\"]}");
    JsonNode series = ok(linked);
    long venue = series.path("venue").path("id").asLong();
    long organizer = series.path("organizer").get(0).path("id").asLong();
    long tag = series.path("tags").get(0).path("id").asLong();
    for (String filter : List.of("venue=" + venue, "organizer=" + organizer, "tags=" + tag, "geoloc=true",
        "geoloc_lat=52.1&geoloc_lng=5.1&geoloc_radius=5")) {
      assertThat(ok(server.anonymous().get(EVENTS + "?" + WINDOW + "&search=zoekbare&" + filter)).path("total").asInt())
          .as(filter).isEqualTo(4);
    }
    long third = id(listed(server.anonymous(), id).get(2));
    assertThat(ok(server.anonymous().get(EVENTS + "?include=" + third)).path("events").get(0).path("id").asLong())
        .isEqualTo(third);

    server.clock.advance(Duration.ofDays(10)); // 2026-03-20: the first coming one is the 2026-03-24 occurrence
    JsonNode first = ok(server.anonymous().get(EVENTS + "?search=zoekbare&hide_subsequent_recurrences=true"));
    assertThat(first.path("total").asInt()).isEqualTo(1);
    assertThat(first.path("events").get(0).path("start_date").asText()).isEqualTo("2026-03-24 19:30:00");
  }

  @Test
  void anAllDaySeriesKeepsWholeDays() {
    HttpResult created = ed.postJson(EVENTS, "{\"title\":\"Markt\",\"start_date\":\"2026-03-28\",\"end_date\":\"2026-03-28\","
        + "\"all_day\":true,\"timezone\":\"Europe/Brussels\",\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=3\"]}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    List<JsonNode> events = listed(server.anonymous(), id(created.json()));
    assertThat(starts(events)).containsExactly("2026-03-28 00:00:00", "2026-03-29 00:00:00", "2026-03-30 00:00:00");
    assertThat(events).allMatch(e -> e.path("all_day").asBoolean() && e.path("end_date").asText().endsWith("23:59:59"));
  }

  @Test
  void anOccurrenceEditedAloneKeepsItsChangesWhenTheSeriesIsEdited() {
    long id = id(course("Koor", "[\"RRULE:FREQ=WEEKLY;COUNT=4\"]", ""));
    List<JsonNode> before = listed(server.anonymous(), id);
    long third = id(before.get(2));
    ok(ed.patchJson(EVENTS + "/" + third, "{\"title\":\"Koor: concert\",\"start_date\":\"2026-03-31 20:00:00\","
        + "\"end_date\":\"2026-03-31 22:00:00\",\"status_detail\":\"postponed\"}"));

    JsonNode edited = ok(ed.patchJson(EVENTS + "/" + id, "{\"title\":\"Koor Noord\",\"start_date\":\"2026-03-17 19:00:00\","
        + "\"end_date\":\"2026-03-17 21:00:00\",\"featured\":true}"));
    assertThat(edited.path("title").asText()).isEqualTo("Koor Noord");
    List<JsonNode> after = listed(server.anonymous(), id);
    assertThat(after.stream().map(ApiChecks::id).toList()).isEqualTo(before.stream().map(ApiChecks::id).toList());
    assertThat(starts(after)).containsExactly("2026-03-17 19:00:00", "2026-03-24 19:00:00", "2026-03-31 20:00:00",
        "2026-04-07 19:00:00");
    assertThat(after.stream().map(e -> e.path("title").asText()).toList())
        .containsExactly("Koor Noord", "Koor Noord", "Koor: concert", "Koor Noord");
    assertThat(after).allMatch(e -> e.path("featured").asBoolean());
    assertThat(after.get(2).path("status_detail").asText()).isEqualTo("postponed");
    assertThat(after.get(1).has("status_detail")).isFalse();
    assertThat(ok(server.anonymous().get(EVENTS + "/" + third)).path("json_ld").path("eventStatus").asText())
        .isEqualTo("https://schema.org/EventPostponed");
    assertThat(after.get(3).path("slug").asText()).isEqualTo("koor-2026-04-07");

    // a text in another language stays the occurrence's own too
    ok(ed.patchJson(EVENTS + "/" + third + "?translation_language=fr", "{\"title\":\"Chorale : concert\"}"));
    ok(ed.patchJson(EVENTS + "/" + id + "?translation_language=fr", "{\"title\":\"Chorale\"}"));
    assertThat(ok(server.anonymous().get("/fr" + EVENTS + "/" + third + "?translation_language=fr")).path("title").asText())
        .isEqualTo("Chorale : concert");
    assertThat(ok(server.anonymous().get("/fr" + EVENTS + "/" + id(after.get(1)) + "?translation_language=fr"))
        .path("title").asText()).isEqualTo("Chorale");
  }

  @Test
  void aChangedRuleKeepsTheOccurrencesWhoseDateStaysAndReplacesTheOthers() {
    long id = id(course("Yoga", "[\"RRULE:FREQ=WEEKLY;COUNT=3\"]", ""));
    List<JsonNode> before = listed(server.anonymous(), id);
    ok(ed.patchJson(EVENTS + "/" + id, "{\"recurrence\":[\"RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=3\"]}"));
    List<JsonNode> after = listed(server.anonymous(), id);
    assertThat(starts(after)).containsExactly("2026-03-17 19:30:00", "2026-03-31 19:30:00", "2026-04-14 19:30:00");
    assertThat(id(after.get(1))).isEqualTo(id(before.get(2)));
    assertThat(server.anonymous().get(EVENTS + "/" + id(before.get(1))).status()).isEqualTo(404);

    // [] makes it a single event again
    JsonNode single = ok(ed.patchJson(EVENTS + "/" + id, "{\"recurrence\":[]}"));
    assertThat(single.has("series_id")).isFalse();
    assertThat(ok(server.anonymous().get(EVENTS + "?" + WINDOW + "&post_parent=" + id)).path("total").asInt()).isZero();
  }

  @Test
  void deletingAnOccurrenceExcludesItsDateAndFollowingEndsTheSeries() {
    long id = id(course("Dans", "[\"RRULE:FREQ=WEEKLY;COUNT=6\"]", ""));
    List<JsonNode> events = listed(server.anonymous(), id);
    JsonNode gone = ok(ed.delete(EVENTS + "/" + id(events.get(1))));
    assertThat(gone.path("id").asLong()).isEqualTo(id(events.get(1)));
    assertThat(server.anonymous().get(EVENTS + "/" + id(events.get(1))).status()).isEqualTo(404);
    JsonNode series = ok(ed.get(EVENTS + "/" + id));
    assertThat(series.path("recurrence").toString()).contains("EXDATE").contains("20260324T193000");
    assertThat(starts(listed(server.anonymous(), id))).containsExactly("2026-03-17 19:30:00", "2026-03-31 19:30:00",
        "2026-04-07 19:30:00", "2026-04-14 19:30:00", "2026-04-21 19:30:00");

    ok(ed.delete(EVENTS + "/" + id(events.get(4)) + "?following=true"));
    assertThat(starts(listed(server.anonymous(), id))).containsExactly("2026-03-17 19:30:00", "2026-03-31 19:30:00",
        "2026-04-07 19:30:00");
    assertThat(ok(ed.get(EVENTS + "/" + id)).path("recurrence").toString()).contains("UNTIL=").doesNotContain("COUNT");
    assertThat(server.anonymous().get(EVENTS + "/" + id(events.get(5))).status()).isEqualTo(404);
  }

  @Test
  void whatCannotBeServedIs400WithADetailCode() {
    String start = "\"title\":\"Fout\",\"start_date\":\"2026-03-17 19:30:00\",\"end_date\":\"2026-03-17 21:00:00\",";
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"RRULE:FREQ=HOURLY;COUNT=5\"]}"), "recurrence",
        "recurrence_too_frequent");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=5;UNTIL=20270101T000000Z\"]}"),
        "recurrence", "recurrence_count_and_until");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=5000\"]}"), "recurrence",
        "recurrence_too_many");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=1\"]}"), "recurrence",
        "recurrence_no_occurrence");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"XRULE:FREQ=DAILY\"]}"), "recurrence",
        "recurrence_unknown_part");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=abc\"]}"), "recurrence",
        "recurrence_malformed");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"recurrence\":[17]}"), "recurrence", "rest_invalid_type");
    assertInvalid(ed.postJson(EVENTS, "{" + start + "\"status_detail\":\"late\"}"), "status_detail", "rest_invalid_value");
    assertThat(ok(ed.get(EVENTS + "?search=fout")).path("total").asInt()).isZero();

    long id = id(course("Vast", "[\"RRULE:FREQ=WEEKLY;COUNT=3\"]", ""));
    long occurrence = id(listed(ed, id).get(1));
    assertInvalid(ed.patchJson(EVENTS + "/" + occurrence, "{\"status\":\"draft\"}"), "status", "series_field_of_occurrence");
    assertInvalid(ed.patchJson(EVENTS + "/" + occurrence, "{\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=3\"]}"),
        "recurrence", "series_field_of_occurrence");
    assertInvalid(ed.patchJson(EVENTS + "/" + id, "{\"recurrence\":[\"RRULE:FREQ=MINUTELY\"]}"), "recurrence",
        "recurrence_too_frequent");
    assertThat(listed(ed, id)).hasSize(3);
  }

  @Test
  void aDraftOrProtectedSeriesHidesItsOccurrencesAndTrashAndRestoreFollowTheSeries() {
    long id = id(course("Besloten", "[\"RRULE:FREQ=WEEKLY;COUNT=3\"]", "\"status\":\"draft\""));
    long occurrence = id(listed(ed, id).get(1));
    assertThat(listed(server.anonymous(), id)).isEmpty();
    assertThat(server.anonymous().get(EVENTS + "/" + occurrence).status()).isEqualTo(403);

    ok(ed.patchJson(EVENTS + "/" + id, "{\"status\":\"publish\",\"password\":\"geheim\"}"));
    assertThat(server.anonymous().get(EVENTS + "/" + occurrence).code()).isEqualTo("event-password-protected");
    assertThat(ok(server.anonymous().get(EVENTS + "/" + occurrence + "?password=geheim")).path("title").asText())
        .isEqualTo("Besloten");
    ok(ed.patchJson(EVENTS + "/" + id, "{\"password\":\"\"}"));
    assertThat(listed(server.anonymous(), id)).hasSize(3);

    ok(ed.delete(EVENTS + "/" + id));
    assertThat(listed(server.anonymous(), id)).isEmpty();
    assertThat(ok(ed.get(EVENTS + "/" + occurrence)).path("status").asText()).isEqualTo("trash");
    ok(ed.patchJson(EVENTS + "/" + id, "{\"status\":\"publish\"}"));
    assertThat(listed(server.anonymous(), id)).hasSize(3);

    ok(ed.delete(EVENTS + "/" + id + "?force=true"));
    assertThat(ed.get(EVENTS + "/" + occurrence).status()).isEqualTo(404);
  }

  @Test
  void aSeriesCountsOnceForItsTerms() {
    HttpResult category = ed.postJson("/cal/events/v1/categories", "{\"name\":\"Reekscategorie\"}");
    assertThat(category.status()).as(category.toString()).isEqualTo(201);
    long term = id(category.json());
    long id = id(course("Geteld", "[\"RRULE:FREQ=WEEKLY;COUNT=5\"]", "\"categories\":[" + term + "]"));
    String path = "/cal/events/v1/categories/" + term;
    assertThat(ok(ed.get(path)).path("count").asInt()).isEqualTo(1);
    assertThat(ok(server.anonymous().get(EVENTS + "?" + WINDOW + "&categories=" + term)).path("total").asInt())
        .isEqualTo(5);
    ok(ed.delete(EVENTS + "/" + id));
    assertThat(ok(ed.get(path)).path("count").asInt()).isZero();

    // scheduled: the series and its occurrences are published together, and still count once
    JsonNode future = course("Later geteld", "[\"RRULE:FREQ=WEEKLY;COUNT=5\"]",
        "\"categories\":[" + term + "],\"date\":\"+2 days\"");
    assertThat(future.path("status").asText()).isEqualTo("future");
    assertThat(ok(ed.get(path)).path("count").asInt()).isZero();
    server.clock.advance(Duration.ofDays(3));
    assertThat(listed(server.anonymous(), id(future))).hasSize(5);
    assertThat(ok(ed.get(path)).path("count").asInt()).isEqualTo(1);
  }

  @Test
  void anOpenEndedSeriesMovesOnAsTimePasses() {
    long id = id(course("Open", "[\"RRULE:FREQ=WEEKLY\"]", ""));
    String far = "?start_date=2028-06-01&end_date=2028-07-01&post_parent=" + id;
    assertThat(ok(server.anonymous().get(EVENTS + far)).path("total").asInt()).isZero();
    JsonNode near = ok(server.anonymous().get(EVENTS + "?start_date=2028-02-01&end_date=2028-03-01&post_parent=" + id));
    assertThat(near.path("total").asInt()).isEqualTo(5);

    server.clock.advance(Duration.ofDays(200));
    assertThat(ok(server.anonymous().get(EVENTS + far)).path("total").asInt()).isEqualTo(4);
  }

  @Test
  void iCalendarShowsASeriesAsOneRuleWithItsExceptions() {
    long id = id(course("Kalender", "[\"RRULE:FREQ=WEEKLY;COUNT=4\"]", ""));
    List<JsonNode> events = listed(server.anonymous(), id);
    ok(ed.delete(EVENTS + "/" + id(events.get(1))));
    ok(ed.patchJson(EVENTS + "/" + id(events.get(2)), "{\"start_date\":\"2026-03-31 20:00:00\","
        + "\"end_date\":\"2026-03-31 21:30:00\"}"));
    ok(ed.patchJson(EVENTS + "/" + id(events.get(3)), "{\"status_detail\":\"cancelled\"}"));

    String feed = server.anonymous().get(EVENTS + ".ics?" + WINDOW + "&search=kalender").body().replace("\r\n ", "");
    String uid = "UID:event-" + id + "@";
    assertThat(feed.split("BEGIN:VEVENT", -1)).hasSize(4); // the series and two exceptions
    assertThat(feed.split(uid, -1)).hasSize(4);
    assertThat(feed).contains("RRULE:FREQ=WEEKLY;COUNT=4")
        .contains("DTSTART;TZID=Europe/Amsterdam:20260317T193000")
        .contains("EXDATE;TZID=Europe/Amsterdam:20260324T193000")
        .contains("RECURRENCE-ID;TZID=Europe/Amsterdam:20260331T193000")
        .contains("DTSTART;TZID=Europe/Amsterdam:20260331T200000")
        .contains("RECURRENCE-ID;TZID=Europe/Amsterdam:20260407T193000")
        .contains("STATUS:CANCELLED");

    String one = server.anonymous().get(EVENTS + "/" + id + ".ics").body().replace("\r\n ", "");
    assertThat(one.split("BEGIN:VEVENT", -1)).hasSize(4);
    String occurrence = server.anonymous().get(EVENTS + "/" + id(events.get(2)) + ".ics").body();
    assertThat(occurrence).doesNotContain("RRULE").contains("UID:event-" + id(events.get(2)) + "@");
  }

  @Test
  void aSeriesInAFixedOffsetHasUtcTimesInICalendar() {
    HttpResult created = ed.postJson(EVENTS, "{\"title\":\"Offset\",\"start_date\":\"2026-03-17 19:30:00\","
        + "\"end_date\":\"2026-03-17 21:00:00\",\"timezone\":\"UTC+3\",\"recurrence\":[\"RRULE:FREQ=WEEKLY;COUNT=3\"]}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    long id = id(created.json());
    ok(ed.delete(EVENTS + "/" + id(listed(server.anonymous(), id).get(1))));
    String calendar = server.anonymous().get(EVENTS + "/" + id + ".ics").body().replace("\r\n ", "");
    assertThat(calendar).contains("DTSTART:20260317T163000Z").contains("RRULE:FREQ=WEEKLY;COUNT=3")
        .contains("EXDATE:20260324T163000Z");
  }

  @Test
  void writesOfASeriesAndOfItsOccurrencesAtOnceApplyOneAfterTheOther() throws Exception {
    long id = id(course("Samen", "[\"RRULE:FREQ=WEEKLY;COUNT=8\"]", ""));
    long occurrence = id(listed(ed, id).get(3));
    var failures = java.util.Collections.synchronizedList(new ArrayList<String>());
    Thread series = new Thread(() -> {
      for (int i = 0; i < 15; i++) {
        HttpResult r = ed.patchJson(EVENTS + "/" + id, "{\"title\":\"Samen " + i + "\",\"featured\":" + (i % 2 == 0) + "}");
        if (r.status() != 200) failures.add(r.toString());
      }
    });
    Thread one = new Thread(() -> {
      for (int i = 0; i < 15; i++) {
        HttpResult r = ed.patchJson(EVENTS + "/" + occurrence, "{\"excerpt\":\"<p>Eigen " + i + "</p>\"}");
        if (r.status() != 200) failures.add(r.toString());
      }
    });
    series.start();
    one.start();
    series.join();
    one.join();
    assertThat(failures).isEmpty();
    JsonNode after = ok(ed.get(EVENTS + "/" + occurrence));
    assertThat(after.path("title").asText()).isEqualTo("Samen 14");
    assertThat(after.path("featured").asBoolean()).isTrue();
    assertThat(after.path("excerpt").asText()).isEqualTo("<p>Eigen 14</p>");
    assertThat(listed(ed, id)).hasSize(8).allMatch(e -> e.path("title").asText().equals("Samen 14"));
  }
  @Test
  void aChangeOfWhatOnlyASeriesHasIsShownAtOnceAndInTheChangeFeed() {
    long id = id(course("Lezing", "[\"RRULE:FREQ=WEEKLY;COUNT=3\"]", ""));
    long second = id(listed(ed, id).get(1));
    assertThat(ok(ed.get(EVENTS + "/" + second)).has("status_detail")).isFalse();
    String since = headOfTheChangeFeed();

    // status_detail alone, then the rule alone: each the only stored field that changes
    ok(ed.patchJson(EVENTS + "/" + second, "{\"status_detail\":\"cancelled\"}"));
    assertThat(ok(ed.get(EVENTS + "/" + second)).path("status_detail").asText()).isEqualTo("cancelled");
    assertThat(listed(server.anonymous(), id).get(1).path("status_detail").asText()).isEqualTo("cancelled");
    ok(ed.patchJson(EVENTS + "/" + id, "{\"recurrence\":[\"RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=1\"]}"));
    assertThat(ok(ed.get(EVENTS + "/" + id)).path("recurrence").get(0).asText()).isEqualTo("RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=1");

    JsonNode changes = ok(ed.get("/cal/events/v1/changes?since=" + since));
    assertThat(changes.path("changes").findValuesAsText("id")).contains(Long.toString(second), Long.toString(id));
  }

  private static String headOfTheChangeFeed() {
    JsonNode page = ok(ed.get("/cal/events/v1/changes?per_page=100"));
    while (page.path("more").asBoolean()) {
      page = ok(ed.get("/cal/events/v1/changes?per_page=100&since=" + page.path("next").asText()));
    }
    return page.path("next").asText();
  }
}
