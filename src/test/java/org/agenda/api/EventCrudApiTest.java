package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.event;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §12 C and D: creating, reading and updating events through the id routes, the event representation
 * (§5.1–§5.5, §5.10), dates and time zones (§8). "Tomorrow" is 2026-03-11 (the clock starts at
 * 2026-03-10 14:05 CET).
 */
class EventCrudApiTest {
  static final String EVENTS = "/cal/events/v1/events";
  static final String TOMORROW = "2026-03-11";

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

  // ---------------------------------------------------------------- helpers

  static JsonNode create(String body) {
    HttpResult response = ed.postJson(EVENTS, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static HttpResult patch(long id, String body) {
    return ed.patchJson(EVENTS + "/" + id, body);
  }

  static JsonNode patchOk(long id, String body) {
    HttpResult response = patch(id, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  static final List<String> EVENT_KEYS = List.of("id", "global_id", "global_id_lineage", "author", "status",
      "date", "date_utc", "modified", "modified_utc", "url", "rest_url", "title", "description", "excerpt", "slug",
      "image", "all_day", "start_date", "start_date_details", "end_date", "end_date_details", "utc_start_date",
      "utc_start_date_details", "utc_end_date", "utc_end_date_details", "timezone", "timezone_abbr", "cost",
      "cost_details", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured",
      "categories", "tags", "venue", "organizer", "post_parent", "language", "translations");

  // ---------------------------------------------------------------- §12 C: create and read

  @Test
  void createAnswers201WithLocationAndTheDocumentedDefaults() {
    HttpResult response = ed.postJson(EVENTS,
        "{\"title\":\"Jazz avond\",\"start_date\":\"tomorrow 20:00\",\"end_date\":\"tomorrow 22:30\"}");
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    JsonNode e = response.json();
    long id = id(e);
    assertThat(id).isPositive();
    String restUrl = server.url(EVENTS + "/" + id);
    assertThat(response.header("Location")).isEqualTo(restUrl);
    assertThat(e.path("rest_url").asText()).isEqualTo(restUrl);
    assertThat(e.path("global_id").asText()).isEqualTo("localhost?id=" + id);
    assertThat(e.path("global_id_lineage").toString()).isEqualTo("[\"localhost?id=" + id + "\"]");
    assertThat(e.path("status").asText()).isEqualTo("publish");
    assertThat(e.path("author").isTextual()).as("author is a JSON string").isTrue();
    assertThat(e.path("author").asText()).isEqualTo(String.valueOf(server.userId("ed")));
    assertThat(e.path("date").asText()).isEqualTo("2026-03-10 14:05:00");
    assertThat(e.path("date_utc").asText()).isEqualTo("2026-03-10 13:05:00");
    assertThat(e.path("modified").asText()).isEqualTo("2026-03-10 14:05:00");
    assertThat(e.path("modified_utc").asText()).isEqualTo("2026-03-10 13:05:00");
    assertThat(e.path("title").asText()).isEqualTo("Jazz avond");
    assertThat(e.path("description").asText()).isEmpty();
    assertThat(e.path("excerpt").asText()).isEmpty();
    assertThat(e.path("slug").asText()).isEqualTo("jazz-avond");
    assertThat(e.path("start_date").asText()).isEqualTo(TOMORROW + " 20:00:00");
    assertThat(e.path("end_date").asText()).isEqualTo(TOMORROW + " 22:30:00");
    assertThat(e.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 19:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo(TOMORROW + " 21:30:00");
    assertThat(e.path("timezone").asText()).isEqualTo("Europe/Amsterdam");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("CET");
    assertThat(e.path("all_day").isBoolean()).isTrue();
    assertThat(e.path("all_day").asBoolean()).isFalse();
    assertThat(e.path("image").isBoolean()).isTrue();
    assertThat(e.path("image").asBoolean()).isFalse();
    for (String flag : List.of("show_map", "show_map_link", "hide_from_listings", "sticky", "featured")) {
      assertThat(e.path(flag).isBoolean()).as(flag).isTrue();
      assertThat(e.path(flag).asBoolean()).as(flag).isFalse();
    }
    assertThat(e.path("categories").toString()).isEqualTo("[]");
    assertThat(e.path("tags").toString()).isEqualTo("[]");
    assertThat(e.path("venue").toString()).isEqualTo("[]");
    assertThat(e.path("organizer").toString()).isEqualTo("[]");
    assertThat(e.path("cost").asText()).isEmpty();
    assertThat(e.path("cost_details").toString())
        .isEqualTo("{\"currency_symbol\":\"\",\"currency_code\":\"\",\"currency_position\":\"\",\"values\":[]}");
    String page = server.url("/nl/event/jazz-avond/");
    assertThat(e.path("url").asText()).isEqualTo(page);
    assertThat(e.path("website").asText()).isEqualTo(page);
    assertThat(e.path("post_parent").isIntegralNumber()).isTrue();
    assertThat(e.path("post_parent").asLong()).isZero();
    assertThat(e.path("language").asText()).isEqualTo("nl");
    assertThat(e.path("translations").toString()).isEqualTo(
        "{\"nl\":{\"slug\":\"jazz-avond\",\"rest_url\":\"" + server.url("/nl" + EVENTS + "/" + id) + "\"}}");
    assertThat(e.has("json_ld")).as("no json_ld in write responses").isFalse();
    assertThat(e.has("custom_fields")).isFalse();
    assertThat(response.header("Content-Language")).isEqualTo("nl");
  }

  @Test
  void createdEventHasTheKeysOfTheRepresentationTableInOrder() {
    JsonNode e = create(event("Sleutelvolgorde", "\"image\":\"https://cdn.example.org/k.png\",\"cost\":\"15\""));
    assertThat(keys(e)).containsExactlyElementsOf(EVENT_KEYS);
    List<String> details = List.of("year", "month", "day", "hour", "minutes", "seconds");
    for (String key : List.of("start_date_details", "end_date_details", "utc_start_date_details", "utc_end_date_details")) {
      assertThat(keys(e.path(key))).as(key).containsExactlyElementsOf(details);
    }
    assertThat(keys(e.path("cost_details")))
        .containsExactly("currency_symbol", "currency_code", "currency_position", "values");
    assertThat(keys(e.path("image"))).containsExactly("url", "extension");
    assertThat(keys(e.path("translations").path("nl"))).containsExactly("slug", "rest_url");

    HttpResult read = server.anonymous().get(EVENTS + "/" + id(e));
    assertThat(read.status()).isEqualTo(200);
    List<String> withJsonLd = new ArrayList<>(EVENT_KEYS);
    withJsonLd.add("json_ld");
    assertThat(keys(read.json())).containsExactlyElementsOf(withJsonLd);
  }

  @Test
  void singleReadAddsJsonLdAndAllowDependsOnTheCaller() {
    JsonNode created = create(event("Leesbaar concert", "\"excerpt\":\"<p>Kort &amp; <b>goed</b></p>\""));
    long id = id(created);
    HttpResult anon = server.anonymous().get(EVENTS + "/" + id);
    assertThat(anon.status()).isEqualTo(200);
    assertThat(anon.header("Allow")).isEqualTo("GET");
    JsonNode ld = anon.json().path("json_ld");
    assertThat(keys(ld)).containsExactly("@context", "@type", "name", "description", "url", "eventAttendanceMode",
        "eventStatus", "startDate", "endDate", "performer");
    assertThat(ld.path("@context").asText()).isEqualTo("http://schema.org");
    assertThat(ld.path("@type").asText()).isEqualTo("Event");
    assertThat(ld.path("name").asText()).isEqualTo("Leesbaar concert");
    assertThat(ld.path("description").asText()).isEqualTo("Kort & goed");
    assertThat(ld.path("url").asText()).isEqualTo(created.path("url").asText());
    assertThat(ld.path("startDate").asText()).isEqualTo(TOMORROW + "T20:00:00+01:00");
    assertThat(ld.path("endDate").asText()).isEqualTo(TOMORROW + "T22:30:00+01:00");
    assertThat(ld.path("performer").asText()).isEqualTo("Organization");

    HttpResult asEditor = ed.get(EVENTS + "/" + id);
    assertThat(asEditor.status()).isEqualTo(200);
    assertThat(asEditor.header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    assertThat(asEditor.header("Cache-Control")).isEqualTo("private, no-store");
  }

  @Test
  void jsonLdHasImageAndOffersWhenTheEventHasThem() {
    JsonNode created = create(event("Betaald concert",
        "\"cost\":[\"25\",\"15\"],\"image\":\"https://cdn.example.org/p.webp\""));
    JsonNode ld = server.anonymous().get(EVENTS + "/" + id(created)).json().path("json_ld");
    assertThat(keys(ld)).containsExactly("@context", "@type", "name", "description", "image", "url",
        "eventAttendanceMode", "eventStatus", "startDate", "endDate", "offers", "performer");
    assertThat(ld.path("image").asText()).isEqualTo("https://cdn.example.org/p.webp");
    assertThat(ld.path("offers").toString()).isEqualTo("{\"@type\":\"Offer\",\"price\":\"15\",\"priceCurrency\":\"EUR\","
        + "\"url\":" + q(created.path("url").asText()) + ",\"category\":\"primary\",\"availability\":\"inStock\","
        + "\"validFrom\":\"2026-03-10T13:05:00+00:00\"}");
  }

  @Test
  void dateDetailsAreZeroPaddedStringsOfEachDate() {
    JsonNode e = create("{\"title\":\"Details\",\"start_date\":\"2026-04-05 09:07:03\",\"end_date\":\"2026-04-06 00:00\"}");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-04-05 09:07:03");
    assertThat(e.path("start_date_details").toString()).isEqualTo(
        "{\"year\":\"2026\",\"month\":\"04\",\"day\":\"05\",\"hour\":\"09\",\"minutes\":\"07\",\"seconds\":\"03\"}");
    assertThat(e.path("end_date_details").toString()).isEqualTo(
        "{\"year\":\"2026\",\"month\":\"04\",\"day\":\"06\",\"hour\":\"00\",\"minutes\":\"00\",\"seconds\":\"00\"}");
    assertThat(e.path("utc_start_date").asText()).isEqualTo("2026-04-05 07:07:03");
    assertThat(e.path("utc_start_date_details").toString()).isEqualTo(
        "{\"year\":\"2026\",\"month\":\"04\",\"day\":\"05\",\"hour\":\"07\",\"minutes\":\"07\",\"seconds\":\"03\"}");
    assertThat(e.path("utc_end_date").asText()).isEqualTo("2026-04-05 22:00:00");
    assertThat(e.path("utc_end_date_details").toString()).isEqualTo(
        "{\"year\":\"2026\",\"month\":\"04\",\"day\":\"05\",\"hour\":\"22\",\"minutes\":\"00\",\"seconds\":\"00\"}");
  }

  @Test
  void missingDatesAreListedInDeclarationOrder() {
    HttpResult response = ed.postJson(EVENTS, "{\"title\":\"Zonder datum\"}");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_missing_callback_param");
    assertThat(response.json().path("message").asText()).isEqualTo("Missing parameter(s): start_date, end_date");
    assertThat(response.json().path("data").path("params").toString()).isEqualTo("[\"start_date\",\"end_date\"]");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(400);

    HttpResult nothing = ed.postJson(EVENTS, "{\"title\":null,\"end_date\":\"tomorrow\"}");
    assertThat(nothing.status()).isEqualTo(400);
    assertThat(nothing.code()).isEqualTo("rest_missing_callback_param");
    assertThat(nothing.json().path("data").path("params").toString()).isEqualTo("[\"title\",\"start_date\"]");
  }

  @Test
  void invalidDateIsReportedWithTheInvalidDateDetail() {
    HttpResult response = ed.postJson(EVENTS,
        "{\"title\":\"Fout\",\"start_date\":\"not a date\",\"end_date\":\"tomorrow 09:00\"}");
    assertInvalid(response, "start_date", "rest_invalid_date");
    assertThat(response.json().path("message").asText()).isEqualTo("Invalid parameter(s): start_date");
  }

  @Test
  void endBeforeStartIsRejectedOnCreate() {
    HttpResult response = ed.postJson(EVENTS,
        "{\"title\":\"Omgekeerd\",\"start_date\":\"tomorrow 10:00\",\"end_date\":\"tomorrow 09:00\"}");
    assertInvalid(response, "end_date", "rest_date_order");
  }

  @Test
  void titleLongerThan500CharactersIsTooLongAnd500IsAccepted() {
    HttpResult tooLong = ed.postJson(EVENTS, event("x".repeat(501), ""));
    assertInvalid(tooLong, "title", "rest_too_long");
    JsonNode ok = create(event("y".repeat(500), ""));
    assertThat(ok.path("title").asText()).hasSize(500);
  }

  @Test
  void malformedJsonIsRejected() {
    HttpResult response = ed.postJson(EVENTS, "{\"title\":");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_invalid_json");
    assertThat(response.json().path("message").asText()).isEqualTo("Invalid JSON body passed.");
  }

  @Test
  void bodyWithAnUnsupportedContentTypeIsRejected() {
    HttpResult response = ed.send("POST", EVENTS, "text/plain", event("Platte tekst", ""), Map.of());
    assertThat(response.status()).isEqualTo(415);
    assertThat(response.code()).isEqualTo("rest_unsupported_media_type");
  }

  @Test
  void bodyAboveTheLimitIsRejected() throws Exception {
    // A plain socket: the service answers before reading the body and closes, which java.net.http sometimes
    // reports as a failed read instead of the answer (see TransportApiTest.rawRequest).
    byte[] huge = event("Te groot", "\"description\":" + q("a".repeat(2 * 1024 * 1024)))
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    var response = TransportApiTest.rawRequest(server, TransportApiTest.postHead(EVENTS, "", huge.length), huge);
    assertThat(response.status()).isEqualTo(413);
    assertThat(response.json().path("code").asText()).isEqualTo("rest_payload_too_large");
  }

  @Test
  void formEncodedCreateIsAccepted() {
    HttpResult response = ed.postForm(EVENTS,
        "title=Workshop&start_date=%2B2%20days%2010am&end_date=%2B2%20days%2012pm&featured=yes");
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.json().path("start_date").asText()).isEqualTo("2026-03-12 10:00:00");
    assertThat(response.json().path("end_date").asText()).isEqualTo("2026-03-12 12:00:00");
    assertThat(response.json().path("featured").asBoolean()).isTrue();
  }

  @Test
  void formEncodedListsAndMultipartBodiesAreAccepted() {
    HttpResult form = ed.postForm(EVENTS,
        "title=Formulier&start_date=tomorrow%2010%3A00&end_date=tomorrow%2011%3A00&cost%5B%5D=20&cost%5B%5D=10");
    assertThat(form.status()).as(form.toString()).isEqualTo(201);
    assertThat(form.json().path("cost").asText()).isEqualTo("€10 – €20");

    String boundary = "agendaboundary42";
    String multipart = part(boundary, "title", "Meerdelig") + part(boundary, "start_date", "tomorrow 10:00")
        + part(boundary, "end_date", "tomorrow 12:00") + part(boundary, "sticky", "true") + "--" + boundary + "--\r\n";
    HttpResult response = ed.send("POST", EVENTS, "multipart/form-data; boundary=" + boundary, multipart, Map.of());
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.json().path("title").asText()).isEqualTo("Meerdelig");
    assertThat(response.json().path("end_date").asText()).isEqualTo(TOMORROW + " 12:00:00");
    assertThat(response.json().path("sticky").asBoolean()).isTrue();
  }

  static String part(String boundary, String name, String value) {
    return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
  }

  @Test
  void fieldLengthLimitsAreEnforced() {
    assertInvalid(ed.postJson(EVENTS, event("Lang excerpt", "\"excerpt\":" + q("e".repeat(10_001)))), "excerpt", "rest_too_long");
    assertInvalid(ed.postJson(EVENTS, event("Lang wachtwoord", "\"password\":" + q("p".repeat(256)))), "password",
        "rest_too_long");
    StringBuilder costs = new StringBuilder("[");
    for (int i = 1; i <= 21; i++) costs.append(i == 1 ? "" : ",").append('"').append(i).append('"');
    assertInvalid(ed.postJson(EVENTS, event("Veel prijzen", "\"cost\":" + costs + "]")), "cost", "rest_too_long");
    assertInvalid(ed.postJson(EVENTS, event("Lange prijs", "\"cost\":" + q("9".repeat(201)))), "cost", "rest_too_long");
    JsonNode ok = create(event("Net genoeg", "\"excerpt\":" + q("e".repeat(10_000)) + ",\"password\":" + q("p".repeat(255))));
    assertThat(ok.path("excerpt").asText()).hasSize(10_000);
  }

  // ---------------------------------------------------------------- §8: dates and time zones

  @Test
  void ianaZoneIsStoredInCanonicalSpellingAndDatesAreReadInIt() {
    // 2026-03-10 14:05 CET is 09:05 EDT in New York (US daylight saving time began on 8 March).
    JsonNode e = create("{\"title\":\"NY\",\"timezone\":\"america/new_york\",\"start_date\":\"tomorrow 09:00\","
        + "\"end_date\":\"tomorrow 10:00\"}");
    assertThat(e.path("timezone").asText()).isEqualTo("America/New_York");
    assertThat(e.path("start_date").asText()).isEqualTo(TOMORROW + " 09:00:00");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("EDT");
    assertThat(e.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 13:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo(TOMORROW + " 14:00:00");
  }

  @Test
  void unixTimestampsAreInstantsConvertedToTheEventZone() {
    long start = Instant.parse(TOMORROW + "T18:00:00Z").getEpochSecond();
    JsonNode e = create("{\"title\":\"Tijdstempel\",\"start_date\":" + start + ",\"end_date\":" + (start + 3600) + "}");
    assertThat(e.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 18:00:00");
    assertThat(e.path("start_date").asText()).isEqualTo(TOMORROW + " 19:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo(TOMORROW + " 19:00:00");
    assertThat(e.path("end_date").asText()).isEqualTo(TOMORROW + " 20:00:00");

    JsonNode asStrings = create("{\"title\":\"Tijdstempel tekst\",\"timezone\":\"UTC\",\"start_date\":\"" + start
        + "\",\"end_date\":\"" + (start + 3600) + "\"}");
    assertThat(asStrings.path("start_date").asText()).isEqualTo(TOMORROW + " 18:00:00");
    assertThat(asStrings.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 18:00:00");
  }

  @Test
  void offsetFormIsAnInstant() {
    JsonNode e = create("{\"title\":\"Offset\",\"start_date\":\"2026-07-04T18:00:00Z\",\"end_date\":\"2026-07-04 22:00:00+02:00\"}");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-07-04 20:00:00");
    assertThat(e.path("end_date").asText()).isEqualTo("2026-07-04 22:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo("2026-07-04 20:00:00");
  }

  @Test
  void allDayCoversWholeDaysOfTheEventZone() {
    JsonNode e = create("{\"title\":\"Dagje uit\",\"all_day\":true,\"start_date\":\"tomorrow 9am\",\"end_date\":\"+3 days 11am\"}");
    assertThat(e.path("all_day").asBoolean()).isTrue();
    assertThat(e.path("start_date").asText()).isEqualTo(TOMORROW + " 00:00:00");
    assertThat(e.path("end_date").asText()).isEqualTo("2026-03-13 23:59:59");
    assertThat(e.path("utc_start_date").asText()).isEqualTo("2026-03-10 23:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo("2026-03-13 22:59:59");
  }

  @Test
  void allDayIsAppliedOnUpdatesAndClearingItKeepsTheTimes() {
    long id = id(create(event("Hele dag later", "")));
    JsonNode allDay = patchOk(id, "{\"all_day\":true}");
    assertThat(allDay.path("all_day").asBoolean()).isTrue();
    assertThat(allDay.path("start_date").asText()).isEqualTo(TOMORROW + " 00:00:00");
    assertThat(allDay.path("end_date").asText()).isEqualTo(TOMORROW + " 23:59:59");

    // all_day omitted on an all-day event while dates are given: the new dates are normalised too
    JsonNode moved = patchOk(id, "{\"start_date\":\"2026-03-20 15:00\",\"end_date\":\"2026-03-21 10:00\"}");
    assertThat(moved.path("all_day").asBoolean()).isTrue();
    assertThat(moved.path("start_date").asText()).isEqualTo("2026-03-20 00:00:00");
    assertThat(moved.path("end_date").asText()).isEqualTo("2026-03-21 23:59:59");

    JsonNode cleared = patchOk(id, "{\"all_day\":false}");
    assertThat(cleared.path("all_day").asBoolean()).isFalse();
    assertThat(cleared.path("start_date").asText()).isEqualTo("2026-03-20 00:00:00");
    assertThat(cleared.path("end_date").asText()).isEqualTo("2026-03-21 23:59:59");
  }

  @Test
  void timezoneAbbreviationFollowsDaylightSavingTime() {
    JsonNode winter = create("{\"title\":\"Winter\",\"start_date\":\"2026-03-28 20:00\",\"end_date\":\"2026-03-28 21:00\"}");
    assertThat(winter.path("timezone_abbr").asText()).isEqualTo("CET");
    assertThat(winter.path("utc_start_date").asText()).isEqualTo("2026-03-28 19:00:00");
    JsonNode summer = create("{\"title\":\"Zomer\",\"start_date\":\"2026-03-29 20:00\",\"end_date\":\"2026-03-29 21:00\"}");
    assertThat(summer.path("timezone_abbr").asText()).isEqualTo("CEST");
    assertThat(summer.path("utc_start_date").asText()).isEqualTo("2026-03-29 18:00:00");
    JsonNode utc = create("{\"title\":\"UTC\",\"timezone\":\"UTC\",\"start_date\":\"2026-07-01 20:00\",\"end_date\":\"2026-07-01 21:00\"}");
    assertThat(utc.path("timezone").asText()).isEqualTo("UTC");
    assertThat(utc.path("timezone_abbr").asText()).isEqualTo("UTC");
    assertThat(utc.path("utc_start_date").asText()).isEqualTo("2026-07-01 20:00:00");
  }

  @Test
  void fixedOffsetTimezonesAreStoredAsGiven() {
    JsonNode plusTwo = create("{\"title\":\"Plus twee\",\"timezone\":\"UTC+2\",\"start_date\":\"tomorrow 20:00\",\"end_date\":\"tomorrow 21:00\"}");
    assertThat(plusTwo.path("timezone").asText()).isEqualTo("UTC+2");
    assertThat(plusTwo.path("timezone_abbr").asText()).isEqualTo("UTC+2");
    assertThat(plusTwo.path("start_date").asText()).isEqualTo(TOMORROW + " 20:00:00");
    assertThat(plusTwo.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 18:00:00");

    JsonNode minus = create("{\"title\":\"Min vijf half\",\"timezone\":\"UTC-5.5\",\"start_date\":\"2026-03-11 20:00\",\"end_date\":\"2026-03-11 21:00\"}");
    assertThat(minus.path("timezone").asText()).isEqualTo("UTC-5.5");
    assertThat(minus.path("timezone_abbr").asText()).isEqualTo("UTC-5.5");
    assertThat(minus.path("utc_start_date").asText()).isEqualTo("2026-03-12 01:30:00");
    assertThat(minus.path("utc_end_date").asText()).isEqualTo("2026-03-12 02:30:00");

    JsonNode zero = create("{\"title\":\"Nul\",\"timezone\":\"UTC+0\",\"start_date\":\"2026-03-11 20:00\",\"end_date\":\"2026-03-11 21:00\"}");
    assertThat(zero.path("timezone").asText()).isEqualTo("UTC");
  }

  @Test
  void timezoneAbbreviationsAndOtherOffsetFormsAreRejected() {
    for (String zone : List.of("CEST", "+02:00", "GMT+2", "Mars/Olympus")) {
      HttpResult response = ed.postJson(EVENTS, "{\"title\":\"Zone\",\"timezone\":" + q(zone)
          + ",\"start_date\":\"tomorrow 20:00\",\"end_date\":\"tomorrow 21:00\"}");
      assertThat(response.status()).as(zone + ": " + response).isEqualTo(400);
      assertInvalid(response, "timezone", "rest_invalid_timezone");
    }
  }

  @Test
  void wallClockInTheSpringForwardGapMovesForward() {
    JsonNode e = create("{\"title\":\"Zomertijd\",\"start_date\":\"2026-03-29 02:30\",\"end_date\":\"2026-03-29 04:00\"}");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-03-29 03:30:00");
    assertThat(e.path("utc_start_date").asText()).isEqualTo("2026-03-29 01:30:00");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("CEST");
  }

  @Test
  void ambiguousWallClockInTheAutumnOverlapTakesTheEarlierOffset() {
    JsonNode e = create("{\"title\":\"Wintertijd\",\"start_date\":\"2026-10-25 02:30\",\"end_date\":\"2026-10-25 04:00\"}");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-10-25 02:30:00");
    assertThat(e.path("utc_start_date").asText()).isEqualTo("2026-10-25 00:30:00");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("CEST");
    assertThat(e.path("utc_end_date").asText()).isEqualTo("2026-10-25 03:00:00");
  }

  @Test
  void invalidCalendarDatesAreRejected() {
    assertInvalid(ed.postJson(EVENTS, "{\"title\":\"Februari\",\"start_date\":\"2026-02-30\",\"end_date\":\"2026-03-02\"}"),
        "start_date", "rest_invalid_date");
    assertInvalid(ed.postJson(EVENTS, "{\"title\":\"Laat\",\"start_date\":\"2026-03-02 10:00\",\"end_date\":\"2026-03-02 25:00\"}"),
        "end_date", "rest_invalid_date");
  }

  @Test
  void everyInvalidFieldIsReportedInDeclarationOrder() {
    HttpResult response = ed.postJson(EVENTS, "{\"website\":\"ftp://x.example/\",\"status\":\"bogus\",\"image\":\"nope\","
        + "\"title\":\"Veel fouten\",\"start_date\":\"nope\",\"end_date\":\"tomorrow\",\"featured\":\"maybe\"}");
    assertThat(response.status()).as(response.toString()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_invalid_param");
    assertThat(response.json().path("message").asText())
        .isEqualTo("Invalid parameter(s): start_date, status, image, website, featured");
    assertThat(keys(response.json().path("data").path("params")))
        .containsExactly("start_date", "status", "image", "website", "featured");
    JsonNode details = response.json().path("data").path("details");
    assertThat(keys(details)).containsExactly("start_date", "status", "image", "website", "featured");
    assertThat(details.path("status").path("code").asText()).isEqualTo("rest_invalid_value");
    assertThat(details.path("featured").path("code").asText()).isEqualTo("rest_invalid_type");
    assertThat(details.path("featured").path("data").path("param").asText()).isEqualTo("featured");
  }

  @Test
  void booleanFieldsAcceptTheDocumentedSpellingsOnly() {
    JsonNode e = create(event("Booleans", "\"featured\":\"YES\",\"sticky\":1,\"show_map\":\"on\",\"show_map_link\":\"false\""));
    assertThat(e.path("featured").asBoolean()).isTrue();
    assertThat(e.path("sticky").asBoolean()).isTrue();
    assertThat(e.path("show_map").asBoolean()).isTrue();
    assertThat(e.path("show_map_link").asBoolean()).isFalse();
    assertInvalid(ed.postJson(EVENTS, event("Booleans fout", "\"all_day\":\"\"")), "all_day", "rest_empty_value");
    assertInvalid(ed.postJson(EVENTS, event("Booleans fout", "\"sticky\":2")), "sticky", "rest_invalid_type");
  }

  @Test
  void publicationDateIsReadInTheSiteTimezoneAndDateUtcWins() {
    JsonNode e = create(event("Publicatiedatum", "\"date\":\"2026-03-01 10:00\""));
    assertThat(e.path("date").asText()).isEqualTo("2026-03-01 10:00:00");
    assertThat(e.path("date_utc").asText()).isEqualTo("2026-03-01 09:00:00");
    assertThat(e.path("status").asText()).isEqualTo("publish");
    JsonNode both = create(event("Publicatiedatum utc", "\"date\":\"2026-03-01 10:00\",\"date_utc\":\"2026-03-02 10:00\""));
    assertThat(both.path("date_utc").asText()).isEqualTo("2026-03-02 10:00:00");
    assertThat(both.path("date").asText()).isEqualTo("2026-03-02 11:00:00");
  }

  // ---------------------------------------------------------------- §5.4 cost, §5.5 image, website

  @Test
  void costExamplesOfTheContractTable() {
    String[][] rows = {
        // input JSON, cost, currency_symbol, currency_position, values
        {"\"15\"", "€15", "", "", "[\"15\"]"},
        {"15", "€15", "", "", "[\"15\"]"},
        {"\"20$\"", "20$", "$", "postfix", "[\"20\"]"},
        {"\"€15 - €25\"", "€15 – €25", "€", "prefix", "[\"15\",\"25\"]"},
        {"\"15 - 25 €\"", "15€ – 25€", "€", "postfix", "[\"15\",\"25\"]"},
        {"[\"0\", \"20 €\", \"30 €\"]", "Gratis – 30€", "€", "postfix", "[\"0\",\"20\",\"30\"]"},
        {"\"0\"", "Gratis", "", "", "[\"0\"]"},
        {"0", "Gratis", "", "", "[\"0\"]"},
        {"\"12,50 EUR\"", "12.50EUR", "EUR", "postfix", "[\"12.50\"]"},
        {"[\"10 $\", \"20 €\"]", "€10 – €20", "", "", "[\"10\",\"20\"]"},
        {"\"From 10 €\"", "10€", "€", "postfix", "[\"10\"]"},
        {"\"Donation\"", "Donation", "", "", "[\"donation\"]"},
        {"\"\"", "", "", "", "[]"},
        {"null", "", "", "", "[]"},
        {"[]", "", "", "", "[]"},
    };
    int n = 0;
    for (String[] row : rows) {
      JsonNode e = create(event("Kosten " + (n++), "\"cost\":" + row[0]));
      assertThat(e.path("cost").asText()).as("cost of " + row[0]).isEqualTo(row[1]);
      JsonNode details = e.path("cost_details");
      assertThat(details.path("currency_symbol").asText()).as("symbol of " + row[0]).isEqualTo(row[2]);
      assertThat(details.path("currency_code").asText()).as("code of " + row[0]).isEmpty();
      assertThat(details.path("currency_position").asText()).as("position of " + row[0]).isEqualTo(row[3]);
      assertThat(details.path("values").toString()).as("values of " + row[0]).isEqualTo(row[4]);
    }
  }

  @Test
  void freeIsWrittenInTheRequestLanguage() {
    JsonNode e = create(event("Gratis toegang", "\"cost\":\"0\""));
    assertThat(e.path("cost").asText()).isEqualTo("Gratis");
    assertThat(e.path("cost_details").path("values").toString()).isEqualTo("[\"0\"]");
    long id = id(e);
    assertThat(server.anonymous().get("/en" + EVENTS + "/" + id).json().path("cost").asText()).isEqualTo("Free");
    assertThat(server.anonymous().get(EVENTS + "/" + id + "?translation_language=fr").json().path("cost").asText())
        .isEqualTo("Gratuit");
    JsonNode range = create(event("Gratis of niet", "\"cost\":[\"0\",\"20 €\",\"30 €\"]"));
    assertThat(server.anonymous().get("/en" + EVENTS + "/" + id(range)).json().path("cost").asText())
        .isEqualTo("Free – 30€");
  }

  @Test
  void costIsClearedByAnEmptyValueOnUpdate() {
    long id = id(create(event("Kosten wissen", "\"cost\":\"10\"")));
    assertThat(patchOk(id, "{\"cost\":[]}").path("cost").asText()).isEmpty();
    assertThat(patchOk(id, "{\"cost\":\"5\"}").path("cost").asText()).isEqualTo("€5");
    JsonNode cleared = patchOk(id, "{\"cost\":\"\"}");
    assertThat(cleared.path("cost").asText()).isEmpty();
    assertThat(cleared.path("cost_details").path("values").toString()).isEqualTo("[]");
  }

  @Test
  void imageUrlBecomesAnObjectWithTheLowerCasedExtension() {
    JsonNode e = create(event("Affiche", "\"image\":\"https://cdn.example.org/a/b/poster.JPG\""));
    assertThat(e.path("image").toString())
        .isEqualTo("{\"url\":\"https://cdn.example.org/a/b/poster.JPG\",\"extension\":\"jpg\"}");
    JsonNode noExtension = create(event("Affiche zonder", "\"image\":\"https://cdn.example.org/img/affiche\""));
    assertThat(noExtension.path("image").path("extension").asText()).isEmpty();
    JsonNode cleared = patchOk(id(e), "{\"image\":\"\"}");
    assertThat(cleared.path("image").isBoolean()).isTrue();
    assertThat(cleared.path("image").asBoolean()).isFalse();
  }

  @Test
  void imageMustBeAnAbsoluteHttpUrl() {
    assertInvalid(ed.postJson(EVENTS, event("Affiche nummer", "\"image\":12")), "image", "rest_invalid_url");
    assertInvalid(ed.postJson(EVENTS, event("Affiche ftp", "\"image\":\"ftp://cdn.example.org/a.png\"")), "image",
        "rest_invalid_url");
    assertInvalid(ed.postJson(EVENTS, event("Affiche relatief", "\"image\":\"/a.png\"")), "image", "rest_invalid_url");
  }

  @Test
  void websiteDefaultsToThePageUrlAndCanBeClearedToEmpty() {
    JsonNode e = create(event("Website standaard", ""));
    assertThat(e.path("website").asText()).isEqualTo(server.url("/nl/event/website-standaard/"));
    long id = id(e);
    assertThat(patchOk(id, "{\"website\":\"https://muziek.example/zomer\"}").path("website").asText())
        .isEqualTo("https://muziek.example/zomer");
    JsonNode cleared = patchOk(id, "{\"website\":\"\"}");
    assertThat(cleared.path("website").asText()).isEmpty();
    assertThat(server.anonymous().get(EVENTS + "/" + id).json().path("website").asText()).isEmpty();
    patchOk(id, "{\"website\":\"https://muziek.example/weer\"}");
    assertThat(patchOk(id, "{\"website\":null}").path("website").asText()).isEmpty();
    assertInvalid(ed.postJson(EVENTS, event("Website fout", "\"website\":\"javascript:alert(1)\"")), "website",
        "rest_invalid_url");
  }

  // ---------------------------------------------------------------- §5.1 sanitising

  @Test
  void descriptionIsSanitisedWithTheAllowList() {
    JsonNode e = create(event("Opgeschoond", "\"description\":"
        + q("<p onclick=\"steal()\" class=\"intro\">Hallo<script>alert(1)</script> <a href=\"javascript:x()\">link</a>"
            + " <a href=\"https://ok.example/\" target=\"_blank\">ok</a><!-- weg --></p><style>p{}</style><blink>knip</blink>")));
    assertThat(e.path("description").asText()).isEqualTo(
        "<p class=\"intro\">Hallo <a>link</a> <a href=\"https://ok.example/\" target=\"_blank\">ok</a></p>knip");
  }

  @Test
  void titleTagsAreStrippedAndEntitiesKept() {
    JsonNode e = create(event("  <b>Rock</b> &amp; <i>Roll</i> a < b  ", ""));
    assertThat(e.path("title").asText()).isEqualTo("Rock &amp; Roll a < b");
  }

  @Test
  void emptyTitleIsRejected() {
    assertInvalid(ed.postJson(EVENTS, event("", "")), "title", "rest_empty_value");
    assertInvalid(ed.postJson(EVENTS, event("<b></b>", "")), "title", "rest_empty_value");
    long id = id(create(event("Titel blijft", "")));
    assertInvalid(patch(id, "{\"title\":\"\"}"), "title", "rest_empty_value");
    assertThat(ed.get(EVENTS + "/" + id).json().path("title").asText()).isEqualTo("Titel blijft");
  }

  // ---------------------------------------------------------------- §12 D: updates

  @Test
  void patchingTheTitleKeepsSlugAndOtherFieldsAndMovesModified() {
    JsonNode before = create(event("Jazz zondag", "\"show_map\":true,\"status\":\"draft\""));
    long id = id(before);
    server.clock.advance(Duration.ofMinutes(10));
    JsonNode after = patchOk(id, "{\"title\":\"Jazzzondag\"}");
    assertThat(after.path("title").asText()).isEqualTo("Jazzzondag");
    assertThat(after.path("slug").asText()).isEqualTo("jazz-zondag");
    for (String key : List.of("start_date", "end_date", "status", "show_map", "website", "date", "timezone", "author")) {
      assertThat(after.path(key)).as(key).isEqualTo(before.path(key));
    }
    assertThat(after.path("modified").asText()).isEqualTo("2026-03-10 14:15:00");
    assertThat(after.path("modified_utc").asText()).isEqualTo("2026-03-10 13:15:00");
  }

  @Test
  void omittedFieldsAreNeverReset() {
    long id = id(create("{\"title\":\"Volledig\",\"start_date\":\"2026-04-02 19:30\",\"end_date\":\"2026-04-02 23:00\","
        + "\"timezone\":\"Europe/London\",\"status\":\"private\",\"date\":\"2026-03-01 08:00\",\"description\":\"<p>Lang</p>\","
        + "\"image\":\"https://cdn.example.org/v.png\",\"website\":\"https://volledig.example/\","
        + "\"show_map\":true,\"show_map_link\":true,\"hide_from_listings\":true,\"sticky\":true}"));
    patchOk(id, "{\"featured\":true,\"cost\":\"10\"}");
    HttpResult put = ed.putJson(EVENTS + "/" + id, "{\"excerpt\":\"Kort\"}");
    assertThat(put.status()).as(put.toString()).isEqualTo(200);
    JsonNode e = put.json();
    assertThat(e.path("excerpt").asText()).isEqualTo("Kort");
    assertThat(e.path("featured").asBoolean()).isTrue();
    assertThat(e.has("json_ld")).as("no json_ld in update responses").isFalse();
    assertThat(e.path("cost").asText()).isEqualTo("€10");
    assertThat(e.path("description").asText()).isEqualTo("<p>Lang</p>");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-04-02 19:30:00");
    assertThat(e.path("end_date").asText()).isEqualTo("2026-04-02 23:00:00");
    assertThat(e.path("timezone").asText()).isEqualTo("Europe/London");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("BST");
    assertThat(e.path("status").asText()).isEqualTo("private");
    assertThat(e.path("date").asText()).isEqualTo("2026-03-01 08:00:00");
    assertThat(e.path("image").path("url").asText()).isEqualTo("https://cdn.example.org/v.png");
    assertThat(e.path("website").asText()).isEqualTo("https://volledig.example/");
    for (String flag : List.of("show_map", "show_map_link", "hide_from_listings", "sticky")) {
      assertThat(e.path(flag).asBoolean()).as(flag).isTrue();
    }
  }

  @Test
  void oneDateAloneIsCheckedAgainstTheStoredOther() {
    long id = id(create(event("Eindtijd", "")));
    assertInvalid(patch(id, "{\"end_date\":\"tomorrow 19:00\"}"), "end_date", "rest_date_order");
    JsonNode later = patchOk(id, "{\"end_date\":\"tomorrow 23:00\"}");
    assertThat(later.path("start_date").asText()).isEqualTo(TOMORROW + " 20:00:00");
    assertThat(later.path("end_date").asText()).isEqualTo(TOMORROW + " 23:00:00");
    assertInvalid(patch(id, "{\"start_date\":\"tomorrow 23:30\"}"), "start_date", "rest_date_order");
    JsonNode earlier = patchOk(id, "{\"start_date\":\"tomorrow 18:00\"}");
    assertThat(earlier.path("start_date").asText()).isEqualTo(TOMORROW + " 18:00:00");
    assertThat(earlier.path("end_date").asText()).isEqualTo(TOMORROW + " 23:00:00");
  }

  @Test
  void changingOnlyTheTimezoneKeepsTheWallClock() {
    long id = id(create(event("Londen", "")));
    JsonNode e = patchOk(id, "{\"timezone\":\"Europe/London\"}");
    assertThat(e.path("timezone").asText()).isEqualTo("Europe/London");
    assertThat(e.path("start_date").asText()).isEqualTo(TOMORROW + " 20:00:00");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("GMT");
    assertThat(e.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 20:00:00");
    assertThat(e.path("utc_end_date").asText()).isEqualTo(TOMORROW + " 22:30:00");

    JsonNode back = patchOk(id, "{\"timezone\":\"\"}");
    assertThat(back.path("timezone").asText()).isEqualTo("Europe/Amsterdam");
    assertThat(back.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 19:00:00");
    patchOk(id, "{\"timezone\":\"UTC\"}");
    JsonNode nulled = patchOk(id, "{\"timezone\":null}");
    assertThat(nulled.path("timezone").asText()).isEqualTo("Europe/Amsterdam");
    assertThat(nulled.path("utc_start_date").asText()).isEqualTo(TOMORROW + " 19:00:00");
  }

  @Test
  void timezoneAndDatesTogetherAreReadInTheNewZone() {
    long id = id(create(event("Tokio", "")));
    JsonNode e = patchOk(id, "{\"timezone\":\"Asia/Tokyo\",\"start_date\":\"2026-03-12 09:00\",\"end_date\":\"2026-03-12 10:00\"}");
    assertThat(e.path("start_date").asText()).isEqualTo("2026-03-12 09:00:00");
    assertThat(e.path("utc_start_date").asText()).isEqualTo("2026-03-12 00:00:00");
    assertThat(e.path("timezone_abbr").asText()).isEqualTo("JST");
  }

  @Test
  void pathIdWinsOverQueryAndBodyId() {
    JsonNode target = create(event("Doel", ""));
    JsonNode other = create(event("Ander", ""));
    HttpResult put = ed.putJson(EVENTS + "/" + id(target) + "?id=" + id(other),
        "{\"id\":" + id(other) + ",\"title\":\"Doel nieuw\"}");
    assertThat(put.status()).as(put.toString()).isEqualTo(200);
    assertThat(id(put.json())).isEqualTo(id(target));
    assertThat(put.json().path("title").asText()).isEqualTo("Doel nieuw");
    assertThat(ed.get(EVENTS + "/" + id(other)).json().path("title").asText()).isEqualTo("Ander");
    assertThat(ed.get(EVENTS + "/" + id(other)).json().path("modified").asText())
        .isEqualTo(other.path("modified").asText());
  }

  @Test
  void anUpdateThatChangesNothingLeavesModifiedUnchanged() {
    JsonNode before = create(event("Niets nieuws", "\"cost\":\"5\""));
    long id = id(before);
    server.clock.advance(Duration.ofHours(1));
    JsonNode empty = patchOk(id, "{}");
    assertThat(empty.path("modified").asText()).isEqualTo(before.path("modified").asText());
    JsonNode same = patchOk(id, "{\"title\":\"Niets nieuws\",\"cost\":\"5\",\"featured\":false}");
    assertThat(same.path("modified").asText()).isEqualTo(before.path("modified").asText());
    assertThat(same.path("modified_utc").asText()).isEqualTo(before.path("modified_utc").asText());
    HttpResult noBody = ed.send("PATCH", EVENTS + "/" + id, null, null, Map.of());
    assertThat(noBody.status()).as(noBody.toString()).isEqualTo(200);
    assertThat(noBody.json().path("modified").asText()).isEqualTo(before.path("modified").asText());

    server.clock.advance(Duration.ofMinutes(1));
    JsonNode changed = patchOk(id, "{\"featured\":true}");
    assertThat(changed.path("modified").asText()).isEqualTo("2026-03-10 15:06:00");
  }

  @Test
  void postPutAndPatchAreTheSameUpdate() {
    String update = "{\"excerpt\":\"Samenvatting\",\"end_date\":\"tomorrow 23:15\",\"featured\":true,\"cost\":\"7,50\"}";
    List<JsonNode> results = new ArrayList<>();
    for (String method : List.of("POST", "PUT", "PATCH")) {
      long id = id(create(event("Methode " + method, "\"sticky\":true")));
      HttpResult response = ed.send(method, EVENTS + "/" + id, "application/json", update, Map.of());
      assertThat(response.status()).as(method + " " + response).isEqualTo(200);
      results.add(response.json());
    }
    for (JsonNode result : results) {
      for (String key : List.of("excerpt", "start_date", "end_date", "featured", "sticky", "cost", "cost_details", "status")) {
        assertThat(result.path(key)).as(key).isEqualTo(results.get(0).path(key));
      }
      assertThat(result.path("end_date").asText()).isEqualTo(TOMORROW + " 23:15:00");
      assertThat(result.path("sticky").asBoolean()).isTrue();
      assertThat(result.path("cost").asText()).isEqualTo("€7.50");
    }
  }

  @Test
  void unknownEventIdsAreNotFound() {
    HttpResult patch = patch(999999, "{\"title\":\"x\"}");
    assertThat(patch.status()).isEqualTo(404);
    assertThat(patch.code()).isEqualTo("rest-event-not-found");
    assertThat(patch.json().path("message").asText()).isEqualTo("Event with ID 999999 does not exist.");

    HttpResult anonymous = server.anonymous().patchJson(EVENTS + "/999999", "{\"title\":\"x\"}");
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.code()).isEqualTo("rest_not_logged_in");

    HttpResult zero = server.anonymous().get(EVENTS + "/0");
    assertThat(zero.status()).isEqualTo(404);
    assertThat(zero.code()).isEqualTo("rest-event-not-found");

    HttpResult huge = server.anonymous().get(EVENTS + "/99999999999999999999");
    assertThat(huge.status()).isEqualTo(404);
    assertThat(huge.code()).isEqualTo("rest-event-not-found");
    assertThat(ed.delete(EVENTS + "/18446744073709551617").status()).isEqualTo(404);
    assertThat(ed.delete(EVENTS + "/999999").code()).isEqualTo("rest-event-not-found");
  }

  // ---------------------------------------------------------------- post_parent

  @Test
  void postParentMustExistAndMustNotCreateACycle() {
    long parent = id(create(event("Ouder", "")));
    JsonNode child = create(event("Kind", "\"post_parent\":" + parent));
    assertThat(child.path("post_parent").asLong()).isEqualTo(parent);
    long grandChild = id(create(event("Kleinkind", "\"post_parent\":" + id(child))));

    assertInvalid(ed.postJson(EVENTS, event("Wees", "\"post_parent\":999999")), "post_parent", "rest_not_found");
    assertInvalid(patch(parent, "{\"post_parent\":" + id(child) + "}"), "post_parent", "rest_invalid_parent");
    assertInvalid(patch(parent, "{\"post_parent\":" + grandChild + "}"), "post_parent", "rest_invalid_parent");
    assertInvalid(patch(parent, "{\"post_parent\":" + parent + "}"), "post_parent", "rest_invalid_parent");
    assertThat(ed.get(EVENTS + "/" + parent).json().path("post_parent").asLong()).isZero();

    assertThat(patchOk(id(child), "{\"post_parent\":0}").path("post_parent").asLong()).isZero();
    assertThat(patchOk(id(child), "{\"post_parent\":" + parent + "}").path("post_parent").asLong()).isEqualTo(parent);
    assertThat(patchOk(id(child), "{\"post_parent\":null}").path("post_parent").asLong()).isZero();
  }
}
