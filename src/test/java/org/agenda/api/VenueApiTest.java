package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.keys;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
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
 * The venue routes R5–R7 (§6.8, §6.9) for single records: create, read by id and by slug, update,
 * translations (§3.4–§3.6), the representation and its {@code json_ld} (§5.6, §5.10), sanitising (§5.1),
 * validation (§2.5, §2.9, §7), statuses and object-level rights (§4.3–§4.7); §12 rows 70–72. Also the
 * venue and organizer entries of the namespace index (§9.2). Trash and delete: {@link VenueTrashApiTest};
 * lists: {@link VenueListApiTest}. Holds the helpers shared by the other Venue and Organizer test classes.
 * The clock stands at 2026-03-10 14:05 CET.
 */
class VenueApiTest {
  static final String NS = "/cal/events/v1";
  static final String VENUES = NS + "/venues";
  static final String ORGANIZERS = NS + "/organizers";
  static final String EVENTS = NS + "/events";
  static final String NOW = "2026-03-10 14:05:00";
  static final String NOW_UTC = "2026-03-10 13:05:00";

  /** §5.6, every key that can be present except json_ld, in order. */
  static final List<String> VENUE_KEYS = List.of("id", "author", "status", "date", "date_utc", "modified",
      "modified_utc", "url", "rest_url", "venue", "description", "slug", "image", "address", "city", "country",
      "province", "state", "zip", "phone", "website", "stateprovince", "geo_lat", "geo_lng", "show_map",
      "show_map_link", "global_id", "global_id_lineage", "language", "translations");

  static TestServer server;
  static TestServer.Caller ed, au, au2, co, co2, su, anon;
  static String edId, auId, coId;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin(); // administrator = editor rights (§4.1)
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    au2 = server.as("au2", server.addUser("au2", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    co2 = server.as("co2", server.addUser("co2", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
    edId = Long.toString(server.userId("admin"));
    auId = Long.toString(server.userId("au"));
    coId = Long.toString(server.userId("co"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void resetClock() {
    server.clock.set(TestServer.DEFAULT_NOW);
  }

  // ---------------------------------------------------------------------------------------------
  // helpers shared by the Venue* and Organizer* test classes

  static ObjectNode obj(Object... namesAndValues) {
    return EventListApiTest.fields(namesAndValues);
  }

  static JsonNode created(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static JsonNode ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  /** POST /venues, 201, the body. */
  static JsonNode venue(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(VENUES, body.toString()));
  }

  static long vid(TestServer.Caller caller, ObjectNode body) {
    return id(venue(caller, body));
  }

  static JsonNode organizer(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(ORGANIZERS, body.toString()));
  }

  static long oid(TestServer.Caller caller, ObjectNode body) {
    return id(organizer(caller, body));
  }

  /** Creates an event (tomorrow 20:00–22:30 unless the body says otherwise) and returns its id. */
  static long eventId(TestServer.Caller caller, ObjectNode body) {
    if (!body.has("start_date")) body.put("start_date", "tomorrow 20:00");
    if (!body.has("end_date")) body.put("end_date", "tomorrow 22:30");
    return id(created(caller.postJson(EVENTS, body.toString())));
  }

  static void assertError(HttpResult response, int status, String code) {
    assertThat(response.status()).as(response.toString()).isEqualTo(status);
    assertThat(response.code()).as(response.toString()).isEqualTo(code);
    assertThat(response.json().path("data").path("status").asInt()).as(response.toString()).isEqualTo(status);
  }

  static void assertForbidden(HttpResult response) {
    assertError(response, 403, "rest_forbidden");
    assertThat(response.json().path("message").asText()).isEqualTo("Sorry, you are not allowed to do that.");
  }

  static void assertNotLoggedIn(HttpResult response) {
    assertError(response, 401, "rest_not_logged_in");
    assertThat(response.json().path("message").asText()).isEqualTo("You are not currently logged in.");
  }

  /** 400 rest_missing_callback_param with exactly these names (§7.1, §7.2). */
  static void assertMissing(HttpResult response, String... params) {
    assertError(response, 400, "rest_missing_callback_param");
    assertThat(texts(response.json().path("data").path("params"))).as(response.toString()).containsExactly(params);
    assertThat(response.json().path("message").asText()).isEqualTo("Missing parameter(s): " + String.join(", ", params));
  }

  /** 400 rest_invalid_param naming {@code param} with detail rest_not_found (§6.9). */
  static void assertNotFound(HttpResult response, String param) {
    assertInvalid(response, param, "rest_not_found");
  }

  static List<String> texts(JsonNode array) {
    var texts = new ArrayList<String>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  /** Ids of a list response's items under {@code key}; the response must be 200. */
  static List<Long> listIds(HttpResult response, String key) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().path(key).isArray()).as(response.toString()).isTrue();
    var ids = new ArrayList<Long>();
    response.json().path(key).forEach(item -> ids.add(item.path("id").asLong()));
    return ids;
  }

  static String translations(String slug, String collection, long id, String... langs) {
    var out = new StringBuilder("{");
    for (int i = 0; i < langs.length; i++) {
      if (i > 0) out.append(',');
      out.append('"').append(langs[i]).append("\":{\"slug\":\"").append(slug.split(",")[i]).append("\",\"rest_url\":\"")
          .append(server.url("/" + langs[i] + NS + "/" + collection + "/" + id)).append("\"}");
    }
    return out.append('}').toString();
  }

  static String path(long id) {
    return VENUES + "/" + id;
  }

  // ---------------------------------------------------------------------------------------------
  // §12 rows 70 and 71

  @Test
  void rows70And71CreateAlwaysMakesANewVenueReadAndPartialUpdate() {
    String body = "{\"venue\":\"Zaal\",\"show_map\":false}";
    HttpResult first = ed.postJson(VENUES, body);
    JsonNode a = created(first);
    JsonNode b = created(ed.postJson(VENUES, body));
    long vz = id(a);
    assertThat(vz).isPositive().isNotEqualTo(id(b));
    assertThat(a.path("slug").asText()).isEqualTo("zaal");
    assertThat(b.path("slug").asText()).isEqualTo("zaal-2");
    assertThat(b.path("url").asText()).isEqualTo(server.url("/nl/venue/zaal-2/"));
    for (JsonNode v : List.of(a, b)) {
      assertThat(v.path("show_map").isBoolean()).isTrue();
      assertThat(v.path("show_map").asBoolean()).isFalse();
      assertThat(v.path("show_map_link").isBoolean()).isTrue();
      assertThat(v.path("show_map_link").asBoolean()).as("default true").isTrue();
      assertThat(v.path("venue").asText()).isEqualTo("Zaal");
    }
    assertThat(first.header("Location")).isEqualTo(server.url(VENUES + "/" + vz));
    assertThat(a.path("rest_url").asText()).isEqualTo(first.header("Location"));
    assertThat(keys(a)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "venue", "slug", "show_map", "show_map_link", "global_id", "global_id_lineage", "language",
        "translations");
    assertThat(a.has("json_ld")).isFalse();

    HttpResult noName = ed.postJson(VENUES, "{\"city\":\"Gent\"}");
    assertMissing(noName, "venue");

    // row 71: the first Zaal, anonymously
    HttpResult read = anon.get(path(vz));
    JsonNode r = ok(read);
    assertThat(read.header("Allow")).isEqualTo("GET");
    assertThat(r.path("rest_url").asText()).isEqualTo(server.url(path(vz)));
    assertThat(r.path("json_ld").path("@type").asText()).isEqualTo("Place");
    assertThat(r.has("address")).isFalse();
    assertThat(r.path("json_ld").has("address")).isFalse();
    assertThat(r.path("show_map").asBoolean()).isFalse();
    assertThat(r.path("show_map_link").asBoolean()).isTrue();

    JsonNode p1 = ok(ed.patchJson(path(vz), "{\"city\":\"Gent\",\"phone\":\"123\"}"));
    assertThat(p1.path("city").asText()).isEqualTo("Gent");
    assertThat(p1.path("phone").asText()).isEqualTo("123");
    assertThat(p1.has("json_ld")).as("no json_ld in write responses").isFalse();
    JsonNode p2 = ok(ed.patchJson(path(vz), "{\"phone\":\"\"}"));
    assertThat(p2.path("city").asText()).isEqualTo("Gent");
    assertThat(p2.has("phone")).isFalse();
    assertThat(p2.path("show_map").asBoolean()).as("show_map unchanged").isFalse();
    assertThat(p2.path("show_map_link").asBoolean()).isTrue();
    assertThat(p2.path("venue").asText()).isEqualTo("Zaal");
    assertThat(p2.path("slug").asText()).isEqualTo("zaal");
    JsonNode after = ok(anon.get(path(vz)));
    assertThat(after.path("json_ld").path("address").toString())
        .isEqualTo("{\"@type\":\"PostalAddress\",\"addressLocality\":\"Gent\"}");
    assertThat(after.path("json_ld").has("telephone")).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // the representation (§5.6, §5.10, §2.10)

  @Test
  void fullVenueInContractOrderAndItsJsonLd() {
    ObjectNode body = obj("venue", "Grote Zaal", "description", "<p>Concertzaal &amp; <b>foyer</b></p>\n<p>800 plaatsen.</p>",
        "image", "https://cdn.example.org/a/zaal.WEBP", "address", "Kerkstraat 1", "city", "Utrecht",
        "country", "Nederland", "province", "Utrecht", "state", "UT", "zip", "3511 AB", "phone", "+31 30 000 0000",
        "website", "https://grotezaal.example", "geo_lat", 52.0907, "geo_lng", 5.1214, "show_map_link", false);
    HttpResult response = ed.postJson(VENUES, body.toString());
    JsonNode v = created(response);
    long id = id(v);
    assertThat(keys(v)).containsExactlyElementsOf(VENUE_KEYS);
    assertThat(v.path("id").isIntegralNumber()).isTrue();
    assertThat(v.path("author").isTextual()).as("author is a JSON string").isTrue();
    assertThat(v.path("author").asText()).isEqualTo(edId);
    assertThat(v.path("status").asText()).isEqualTo("publish");
    assertThat(v.path("date").asText()).isEqualTo(NOW);
    assertThat(v.path("date_utc").asText()).isEqualTo(NOW_UTC);
    assertThat(v.path("modified").asText()).isEqualTo(NOW);
    assertThat(v.path("modified_utc").asText()).isEqualTo(NOW_UTC);
    String page = server.url("/nl/venue/grote-zaal/");
    assertThat(v.path("url").asText()).isEqualTo(page);
    assertThat(v.path("rest_url").asText()).isEqualTo(server.url(path(id)));
    assertThat(v.path("venue").asText()).isEqualTo("Grote Zaal");
    assertThat(v.path("description").asText()).isEqualTo("<p>Concertzaal &amp; <b>foyer</b></p>\n<p>800 plaatsen.</p>");
    assertThat(v.path("slug").asText()).isEqualTo("grote-zaal");
    assertThat(v.path("image").toString())
        .isEqualTo("{\"url\":\"https://cdn.example.org/a/zaal.WEBP\",\"extension\":\"webp\"}");
    assertThat(v.path("address").asText()).isEqualTo("Kerkstraat 1");
    assertThat(v.path("city").asText()).isEqualTo("Utrecht");
    assertThat(v.path("country").asText()).isEqualTo("Nederland");
    assertThat(v.path("province").asText()).isEqualTo("Utrecht");
    assertThat(v.path("state").asText()).isEqualTo("UT");
    assertThat(v.path("zip").asText()).isEqualTo("3511 AB");
    assertThat(v.path("phone").asText()).isEqualTo("+31 30 000 0000");
    assertThat(v.path("website").asText()).isEqualTo("https://grotezaal.example");
    assertThat(v.path("stateprovince").asText()).as("derived: country not US → province").isEqualTo("Utrecht");
    assertThat(v.path("geo_lat").isNumber()).isTrue();
    assertThat(v.path("geo_lng").isNumber()).isTrue();
    assertThat(v.path("geo_lat").decimalValue()).isEqualByComparingTo("52.0907");
    assertThat(v.path("geo_lng").decimalValue()).isEqualByComparingTo("5.1214");
    assertThat(v.path("show_map").asBoolean()).isTrue();
    assertThat(v.path("show_map_link").asBoolean()).isFalse();
    assertThat(v.path("global_id").asText()).isEqualTo("localhost?id=" + id);
    assertThat(v.path("global_id_lineage").toString()).isEqualTo("[\"localhost?id=" + id + "\"]");
    assertThat(v.path("language").asText()).isEqualTo("nl");
    assertThat(v.path("translations").toString()).isEqualTo(translations("grote-zaal", "venues", id, "nl"));
    assertThat(response.header("Content-Language")).isEqualTo("nl");
    assertThat(response.header("Cache-Control")).isEqualTo("no-store");
    assertThat(response.header("Content-Type")).isEqualTo("application/json; charset=UTF-8");

    String place = "{\"@context\":\"http://schema.org\",\"@type\":\"Place\",\"name\":\"Grote Zaal\","
        + "\"description\":\"Concertzaal & foyer 800 plaatsen.\",\"url\":\"" + page + "\","
        + "\"address\":{\"@type\":\"PostalAddress\",\"streetAddress\":\"Kerkstraat 1\",\"addressLocality\":\"Utrecht\","
        + "\"addressRegion\":\"Utrecht\",\"postalCode\":\"3511 AB\",\"addressCountry\":\"Nederland\"},"
        + "\"geo\":{\"@type\":\"GeoCoordinates\",\"latitude\":52.0907,\"longitude\":5.1214},"
        + "\"telephone\":\"+31 30 000 0000\",\"sameAs\":\"https://grotezaal.example\"}";
    List<String> withLd = new ArrayList<>(VENUE_KEYS);
    withLd.add(withLd.indexOf("show_map"), "json_ld");
    for (String readPath : List.of(path(id), VENUES + "/by-slug/grote-zaal")) {
      HttpResult read = anon.get(readPath);
      JsonNode r = ok(read);
      assertThat(keys(r)).as(readPath).containsExactlyElementsOf(withLd);
      assertThat(r.path("json_ld").toString()).as(readPath).isEqualTo(place);
      ObjectNode stripped = r.deepCopy();
      stripped.remove("json_ld");
      assertThat(stripped).as("the read equals the create response apart from json_ld").isEqualTo(v);
      assertThat(read.header("Allow")).isEqualTo("GET");
    }
    HttpResult asEditor = ed.get(path(id));
    assertThat(asEditor.header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    assertThat(asEditor.header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(co.get(path(id)).header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    assertThat(su.get(path(id)).header("Allow")).isEqualTo("GET");
  }

  @Test
  void languageSegmentAndParameterShapeTheUrls() {
    HttpResult response = ed.postJson("/fr" + VENUES, "{\"venue\":\"Salle Pleyel\"}");
    JsonNode v = created(response);
    long id = id(v);
    assertThat(response.header("Location")).isEqualTo(server.url("/fr" + path(id)));
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(v.path("rest_url").asText()).isEqualTo(server.url("/fr" + path(id)));
    assertThat(v.path("url").asText()).isEqualTo(server.url("/fr/venue/salle-pleyel/"));
    assertThat(v.path("language").asText()).isEqualTo("fr");
    assertThat(v.path("translations").toString()).isEqualTo(translations("salle-pleyel", "venues", id, "fr"));

    // read in nl and en: no such text, falls back to the only language the venue has (§3.3)
    HttpResult en = anon.get("/en" + path(id));
    JsonNode e = ok(en);
    assertThat(en.header("Content-Language")).isEqualTo("en");
    assertThat(e.path("language").asText()).isEqualTo("fr");
    assertThat(e.path("venue").asText()).isEqualTo("Salle Pleyel");
    assertThat(e.path("rest_url").asText()).isEqualTo(server.url("/en" + path(id)));
    assertThat(e.path("url").asText()).isEqualTo(server.url("/fr/venue/salle-pleyel/"));
    JsonNode param = ok(anon.get(path(id) + "?translation_language=en"));
    assertThat(param.path("rest_url").asText()).as("a parameter adds no segment").isEqualTo(server.url(path(id)));
    assertThat(anon.get(path(id) + "?translation_language=en").header("Content-Language")).isEqualTo("en");
    assertInvalid(anon.get(path(id) + "?translation_language=de"), "translation_language", "rest_invalid_value");
    HttpResult enCreate = ed.postJson(VENUES + "?translation_language=en", "{\"venue\":\"Concert Hall\"}");
    JsonNode c = created(enCreate);
    assertThat(c.path("language").asText()).isEqualTo("en");
    assertThat(enCreate.header("Location")).isEqualTo(server.url(path(id(c))));
    assertThat(keys(c.path("translations"))).containsExactly("en");
  }

  // ---------------------------------------------------------------------------------------------
  // validation (§6.8, §2.5, §2.9, §7)

  @Test
  void createValidatesEveryField() {
    record Case(ObjectNode extra, String param, String detail) {}
    List<Case> cases = List.of(
        new Case(obj("venue", "x".repeat(501)), "venue", "rest_too_long"),
        new Case(obj("venue", ""), "venue", "rest_empty_value"),
        new Case(obj("venue", "<b> </b>"), "venue", "rest_empty_value"),
        new Case(obj("venue", 12), "venue", "rest_invalid_type"),
        new Case(obj("description", "d".repeat(100_001)), "description", "rest_too_long"),
        new Case(obj("slug", "s".repeat(201)), "slug", "rest_too_long"),
        new Case(obj("address", "a".repeat(201)), "address", "rest_too_long"),
        new Case(obj("city", "c".repeat(201)), "city", "rest_too_long"),
        new Case(obj("country", "c".repeat(201)), "country", "rest_too_long"),
        new Case(obj("province", "p".repeat(201)), "province", "rest_too_long"),
        new Case(obj("state", "s".repeat(201)), "state", "rest_too_long"),
        new Case(obj("zip", "1".repeat(201)), "zip", "rest_too_long"),
        new Case(obj("stateprovince", "s".repeat(201)), "stateprovince", "rest_too_long"),
        new Case(obj("phone", "1".repeat(101)), "phone", "rest_too_long"),
        new Case(obj("website", "not a url"), "website", "rest_invalid_url"),
        new Case(obj("website", "ftp://files.example/x"), "website", "rest_invalid_url"),
        new Case(obj("website", "//zaal.example"), "website", "rest_invalid_url"),
        new Case(obj("website", "https://zaal.example/" + "w".repeat(2028)), "website", "rest_too_long"),
        new Case(obj("image", "javascript:alert(1)"), "image", "rest_invalid_url"),
        new Case(obj("image", 12), "image", "rest_invalid_url"),
        new Case(obj("image", "/relative/zaal.png"), "image", "rest_invalid_url"),
        new Case(obj("geo_lat", 52.1), "geo_lat", "rest_missing_pair"),
        new Case(obj("geo_lng", 5.1), "geo_lng", "rest_missing_pair"),
        new Case(obj("geo_lat", 90.5, "geo_lng", 5), "geo_lat", "rest_out_of_range"),
        new Case(obj("geo_lat", 52, "geo_lng", -180.5), "geo_lng", "rest_out_of_range"),
        new Case(obj("geo_lat", "noord", "geo_lng", 5), "geo_lat", "rest_invalid_type"),
        new Case(obj("show_map", "maybe"), "show_map", "rest_invalid_type"),
        new Case(obj("show_map", ""), "show_map", "rest_empty_value"),
        new Case(obj("show_map_link", "soms"), "show_map_link", "rest_invalid_type"),
        new Case(obj("status", "trash"), "status", "rest_invalid_value"),
        new Case(obj("status", "weg"), "status", "rest_invalid_value"),
        new Case(obj("date", "geen datum"), "date", "rest_invalid_date"),
        new Case(obj("date_utc", "2026-02-30 10:00"), "date_utc", "rest_invalid_date"));
    for (Case c : cases) {
      ObjectNode body = obj("venue", "Ongeldig");
      body.setAll(c.extra());
      HttpResult response = ed.postJson(VENUES, body.toString());
      assertThat(response.status()).as("%s → %s", c.extra(), response).isEqualTo(400);
      assertInvalid(response, c.param(), c.detail());
    }
    // the limits themselves are allowed
    JsonNode limits = venue(ed, obj("venue", "L".repeat(500), "address", "a".repeat(200), "phone", "1".repeat(100),
        "geo_lat", -90, "geo_lng", 180, "slug", "s".repeat(200)));
    assertThat(limits.path("venue").asText()).hasSize(500);
    assertThat(limits.path("slug").asText()).isEqualTo("s".repeat(200));
    assertThat(limits.path("geo_lat").decimalValue()).isEqualByComparingTo("-90");
    JsonNode strings = venue(ed, obj("venue", "Tekstgetallen", "geo_lat", "52.09", "geo_lng", "-0.5",
        "show_map", "no", "show_map_link", "ON"));
    assertThat(strings.path("geo_lat").isNumber()).isTrue();
    assertThat(strings.path("geo_lat").decimalValue()).isEqualByComparingTo("52.09");
    assertThat(strings.path("geo_lng").decimalValue()).isEqualByComparingTo("-0.5");
    assertThat(strings.path("show_map").asBoolean()).isFalse();
    assertThat(strings.path("show_map_link").asBoolean()).isTrue();

    // several invalid fields: all reported, in the order of the field table (§7.1)
    HttpResult several = ed.postJson(VENUES, obj("website", "kapot", "venue", "Ongeldig", "address",
        "a".repeat(201), "show_map", "misschien").toString());
    assertThat(several.status()).isEqualTo(400);
    assertThat(several.json().path("message").asText()).isEqualTo("Invalid parameter(s): show_map, address, website");
    assertThat(keys(several.json().path("data").path("params"))).containsExactly("show_map", "address", "website");
    assertThat(keys(several.json().path("data").path("details"))).containsExactly("show_map", "address", "website");
    // a missing name is reported before invalid values (§2.4 step 6)
    assertMissing(ed.postJson(VENUES, "{\"venue\":null,\"website\":\"kapot\"}"), "venue");
    assertMissing(ed.postJson(VENUES, "{}"), "venue");
    // nothing was stored by the refused requests
    JsonNode none = ok(ed.get(VENUES + "?search=ongeldig"));
    assertThat(none.path("total").asInt()).isZero();
  }

  @Test
  void textIsSanitisedOnWrite() {
    JsonNode v = venue(ed, obj("venue", "  <i>Zaal</i>  de   <b>Kroon</b> ", "address", " Lange\n  straat \t 5 ",
        "city", "<b>Gent</b>\n  Centrum", "zip", " 9000\n", "province", " Oost-<em>Vlaanderen</em> ",
        "phone", " 09 \t 123  45 ", "website", " https://kroon.example ",
        "description", "<p onclick=\"x()\" style=\"color:red\" class=\"intro\">Mooi <script>bad()</script>"
            + "<a href=\"javascript:alert(1)\">plein</a> &amp; <EM>meer</EM><br/></p><!-- weg --><font>oud</font>"));
    assertThat(v.path("venue").asText()).as("only tags removed and trimmed; inner whitespace kept").isEqualTo("Zaal  de   Kroon");
    assertThat(v.path("slug").asText()).isEqualTo("zaal-de-kroon");
    assertThat(v.path("address").asText()).isEqualTo("Lange straat 5");
    assertThat(v.path("city").asText()).isEqualTo("Gent Centrum");
    assertThat(v.path("zip").asText()).isEqualTo("9000");
    assertThat(v.path("province").asText()).isEqualTo("Oost-Vlaanderen");
    assertThat(v.path("phone").asText()).isEqualTo("09 123 45");
    assertThat(v.path("website").asText()).isEqualTo("https://kroon.example");
    assertThat(v.path("description").asText())
        .isEqualTo("<p class=\"intro\">Mooi <a>plein</a> &amp; <em>meer</em><br></p>oud");
    // entities are not decoded, a lone < or & is text
    JsonNode kept = venue(ed, obj("venue", "Rock &amp; Roll < Zaal", "address", "Weg 1 & 2 < 3"));
    assertThat(kept.path("venue").asText()).isEqualTo("Rock &amp; Roll < Zaal");
    assertThat(kept.path("address").asText()).isEqualTo("Weg 1 & 2 < 3");
    // sanitised input is stored unchanged
    String clean = "<p>Zaal met <a href=\"https://x.example/?a=1&amp;b=2\" target=\"_blank\">site</a>&nbsp;é</p>";
    assertThat(venue(ed, obj("venue", "Schoon", "description", clean)).path("description").asText()).isEqualTo(clean);
  }

  @Test
  void stateprovinceIsStoredOrDerivedFromTheCurrentFields() {
    JsonNode v = venue(ed, obj("venue", "Provinciehuis", "country", "Nederland", "province", "Utrecht", "state", "UT"));
    long id = id(v);
    assertThat(v.path("stateprovince").asText()).isEqualTo("Utrecht");
    JsonNode us = ok(ed.patchJson(path(id), "{\"country\":\"USA\"}"));
    assertThat(us.path("stateprovince").asText()).as("derived at read time from the current fields").isEqualTo("UT");
    assertThat(us.path("province").asText()).isEqualTo("Utrecht");
    JsonNode own = ok(ed.patchJson(path(id), "{\"stateprovince\":\"Eigen Regio\"}"));
    assertThat(own.path("stateprovince").asText()).isEqualTo("Eigen Regio");
    JsonNode kept = ok(ed.patchJson(path(id), "{\"state\":\"NY\",\"country\":\"Nederland\"}"));
    assertThat(kept.path("stateprovince").asText()).as("a written value is kept").isEqualTo("Eigen Regio");
    assertThat(ok(anon.get(path(id))).path("json_ld").path("address").path("addressRegion").asText())
        .isEqualTo("Eigen Regio");
    JsonNode derived = ok(ed.patchJson(path(id), "{\"stateprovince\":\"\"}"));
    assertThat(derived.path("stateprovince").asText()).as("cleared: derived again").isEqualTo("Utrecht");
    JsonNode emptyCountry = ok(ed.patchJson(path(id), "{\"country\":null}"));
    assertThat(emptyCountry.has("country")).isFalse();
    assertThat(emptyCountry.path("stateprovince").asText()).as("no country counts as US").isEqualTo("NY");
    JsonNode unitedStates = ok(ed.patchJson(path(id), "{\"country\":\"United States\",\"state\":\"\"}"));
    assertThat(unitedStates.has("state")).isFalse();
    assertThat(unitedStates.has("stateprovince")).as("state is empty: omitted").isFalse();
    JsonNode read = ok(anon.get(path(id)));
    assertThat(read.path("json_ld").path("address").has("addressRegion")).isFalse();
    assertThat(keys(read.path("json_ld").path("address"))).containsExactly("@type", "addressCountry");
    JsonNode nulled = ok(ed.patchJson(path(id), "{\"stateprovince\":\"X\"}"));
    assertThat(nulled.path("stateprovince").asText()).isEqualTo("X");
    assertThat(ok(ed.patchJson(path(id), "{\"stateprovince\":null,\"country\":\"België\"}")).path("stateprovince")
        .asText()).as("null clears too").isEqualTo("Utrecht");
  }

  // ---------------------------------------------------------------------------------------------
  // reading: wrong ids and slugs, visibility (§6.9, §3.6, §4.7; §12 row 72)

  @Test
  void row72WrongIdsAndDraftVisibility() {
    long e1 = eventId(ed, obj("title", "Rij 72 evenement"));
    HttpResult eventId = anon.get(path(e1));
    assertNotFound(eventId, "id");
    assertThat(eventId.json().path("data").path("params").has("id")).isTrue();

    HttpResult kelder = co.postJson(VENUES, "{\"venue\":\"Kelder\"}");
    JsonNode vk = created(kelder);
    assertThat(vk.path("status").asText()).isEqualTo("draft");
    assertThat(vk.path("author").asText()).isEqualTo(coId);
    long id = id(vk);
    HttpResult anonymous = anon.get(path(id));
    assertError(anonymous, 403, "venue-not-accessible");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("The requested venue is not accessible");
    assertError(su.get(path(id)), 403, "venue-not-accessible");
    assertError(anon.get(VENUES + "/by-slug/kelder"), 403, "venue-not-accessible");
    JsonNode byAu = ok(au.get(path(id)));
    assertThat(byAu.path("status").asText()).isEqualTo("draft");
    assertThat(byAu.path("json_ld").path("@type").asText()).isEqualTo("Place");
    assertThat(ok(co2.get(path(id))).path("id").asLong()).isEqualTo(id);
    assertThat(ok(co2.get(VENUES + "/by-slug/kelder")).path("id").asLong()).isEqualTo(id);

    for (String status : List.of("pending", "private")) {
      long other = vid(ed, obj("venue", "Niet openbaar " + status, "status", status));
      assertError(anon.get(path(other)), 403, "venue-not-accessible");
      assertThat(ok(co.get(path(other))).path("status").asText()).isEqualTo(status);
    }
    long future = vid(au, obj("venue", "Niet openbaar later", "date", "+2 days"));
    assertError(anon.get(path(future)), 403, "venue-not-accessible");
    assertThat(ok(co.get(path(future))).path("status").asText()).isEqualTo("future");
  }

  @Test
  void idsThatAreNoVenueAndRoutingErrors() {
    long organizer = oid(ed, obj("organizer", "Geen zaal"));
    assertNotFound(anon.get(path(organizer)), "id");
    assertNotFound(anon.get(path(999999)), "id");
    assertNotFound(anon.get(VENUES + "/99999999999999999999"), "id");
    assertNotFound(anon.get(VENUES + "/0"), "id");
    assertNotFound(ed.patchJson(path(organizer), "{\"city\":\"x\"}"), "id");
    assertNotFound(ed.delete(path(999999)), "id");
    assertNotLoggedIn(anon.delete(path(999999)));
    assertForbidden(su.patchJson(path(999999), "{}"));
    assertError(anon.get(VENUES + "/abc"), 404, "rest_no_route");
    assertError(anon.get(VENUES + "/1.5"), 404, "rest_no_route");
    assertError(anon.get(VENUES + "/by-slug/"), 404, "rest_no_route");
    HttpResult collectionDelete = ed.delete(VENUES);
    assertError(collectionDelete, 405, "rest_no_route");
    assertThat(collectionDelete.header("Allow")).isEqualTo("GET, POST");
    HttpResult options = anon.send("OPTIONS", path(organizer), null, null, Map.of());
    assertThat(options.status()).isEqualTo(204);
    assertThat(options.header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    long v = vid(ed, obj("venue", "Routering"));
    assertThat(ok(anon.get(path(v) + "/")).path("id").asLong()).as("trailing slash").isEqualTo(v);
    assertThat(ok(anon.get("/cal/events/v1/Venues/" + v)).path("id").asLong()).as("literal case").isEqualTo(v);
    assertThat(ok(anon.get(VENUES + "/BY-SLUG/ROUTERING")).path("id").asLong()).as("slug in lower case").isEqualTo(v);
  }

  @Test
  void bySlugLooksInTheRequestLanguageFirstThenInTheOthers() {
    long stadszaal = vid(ed, obj("venue", "Stadszaal", "description", "<p>NL tekst</p>", "city", "Leuven"));
    ok(ed.patchJson("/fr" + path(stadszaal), "{\"venue\":\"Salle de la ville\"}"));
    ok(ed.patchJson("/en" + path(stadszaal), "{\"venue\":\"Town Hall\"}"));
    long dutch = vid(ed, obj("venue", "Salle de la ville"));
    assertThat(ok(anon.get(path(dutch))).path("slug").asText()).as("own slug space per language")
        .isEqualTo("salle-de-la-ville");

    JsonNode nl = ok(anon.get(VENUES + "/by-slug/salle-de-la-ville"));
    assertThat(nl.path("id").asLong()).as("the nl slug wins in nl").isEqualTo(dutch);
    JsonNode fr = ok(anon.get("/fr" + VENUES + "/by-slug/salle-de-la-ville"));
    assertThat(fr.path("id").asLong()).isEqualTo(stadszaal);
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    JsonNode viaEn = ok(anon.get(VENUES + "/by-slug/town-hall"));
    assertThat(viaEn.path("id").asLong()).isEqualTo(stadszaal);
    assertThat(viaEn.path("language").asText()).as("language chosen from L, not from the slug").isEqualTo("nl");
    assertThat(viaEn.path("venue").asText()).isEqualTo("Stadszaal");
    assertThat(viaEn.has("json_ld")).isTrue();
    JsonNode enFound = ok(anon.get("/en" + VENUES + "/by-slug/stadszaal"));
    assertThat(enFound.path("language").asText()).isEqualTo("en");
    assertThat(enFound.path("venue").asText()).isEqualTo("Town Hall");

    HttpResult unknown = anon.get(VENUES + "/by-slug/bestaat-niet");
    assertNotFound(unknown, "slug");
    long org = oid(ed, obj("organizer", "Alleen Organisator"));
    assertThat(org).isPositive();
    assertNotFound(anon.get(VENUES + "/by-slug/alleen-organisator"), "slug");
    assertNotFound(ed.patchJson(VENUES + "/by-slug/alleen-organisator", "{\"city\":\"x\"}"), "slug");
    assertNotFound(ed.delete(VENUES + "/by-slug/alleen-organisator"), "slug");
  }

  // ---------------------------------------------------------------------------------------------
  // updates (§6.9)

  @Test
  void updatesArePartialAndPostPutPatchAreTheSame() {
    JsonNode v = venue(ed, obj("venue", "Deelzaal", "description", "<p>Oud</p>", "image",
        "https://cdn.example.org/deel.png", "address", "Markt 1", "city", "Brugge", "zip", "8000",
        "phone", "050 11 22 33", "website", "https://deel.example", "geo_lat", 51.2, "geo_lng", 3.2,
        "show_map", false, "show_map_link", false));
    long id = id(v);
    server.clock.advance(Duration.ofHours(1));
    JsonNode patched = ok(ed.patchJson(path(id), "{\"city\":\"Gent\"}"));
    ObjectNode expected = v.deepCopy();
    expected.put("city", "Gent");
    expected.put("modified", "2026-03-10 15:05:00");
    expected.put("modified_utc", "2026-03-10 14:05:00");
    assertThat(patched).as("only city and modified changed").isEqualTo(expected);
    JsonNode put = ok(ed.putJson(path(id), "{\"zip\":\"9000\"}"));
    assertThat(put.path("city").asText()).isEqualTo("Gent");
    assertThat(put.path("zip").asText()).isEqualTo("9000");
    JsonNode post = ok(ed.postJson(path(id), "{\"phone\":\"09 11 22 33\"}"));
    assertThat(post.path("zip").asText()).isEqualTo("9000");
    assertThat(post.path("phone").asText()).isEqualTo("09 11 22 33");
    assertThat(post.path("image").path("url").asText()).isEqualTo("https://cdn.example.org/deel.png");
    assertThat(post.path("show_map").asBoolean()).isFalse();
    assertThat(post.path("show_map_link").asBoolean()).isFalse();
    assertThat(post.path("geo_lat").decimalValue()).isEqualByComparingTo("51.2");
    assertThat(post.path("date").asText()).as("publication date unchanged").isEqualTo(NOW);

    // nothing changes: modified unchanged
    server.clock.advance(Duration.ofHours(1));
    JsonNode nothing = ok(ed.patchJson(path(id), "{}"));
    assertThat(nothing.path("modified").asText()).isEqualTo("2026-03-10 15:05:00");
    JsonNode nullName = ok(ed.patchJson(path(id), "{\"venue\":null}"));
    assertThat(nullName.path("venue").asText()).as("null is 'not given' for the name").isEqualTo("Deelzaal");

    // clearing
    JsonNode cleared = ok(ed.patchJson(path(id),
        "{\"description\":null,\"image\":\"\",\"website\":null,\"address\":\"\",\"zip\":null}"));
    for (String key : List.of("description", "image", "website", "address", "zip")) {
      assertThat(cleared.has(key)).as(key).isFalse();
    }
    assertThat(cleared.path("city").asText()).isEqualTo("Gent");
    assertInvalid(ed.patchJson(path(id), "{\"venue\":\"\"}"), "venue", "rest_empty_value");
    assertInvalid(ed.patchJson(path(id), "{\"venue\":\"<p></p>\"}"), "venue", "rest_empty_value");
    assertThat(ok(anon.get(path(id))).path("venue").asText()).isEqualTo("Deelzaal");

    // coordinates: clearing or changing one alone is refused, both together work
    assertInvalid(ed.patchJson(path(id), "{\"geo_lat\":\"\"}"), "geo_lat", "rest_missing_pair");
    assertInvalid(ed.patchJson(path(id), "{\"geo_lng\":4.5}"), "geo_lng", "rest_missing_pair");
    JsonNode still = ok(anon.get(path(id)));
    assertThat(still.path("geo_lat").decimalValue()).isEqualByComparingTo("51.2");
    assertThat(still.path("geo_lng").decimalValue()).isEqualByComparingTo("3.2");
    JsonNode noGeo = ok(ed.patchJson(path(id), "{\"geo_lat\":\"\",\"geo_lng\":null}"));
    assertThat(noGeo.has("geo_lat")).isFalse();
    assertThat(noGeo.has("geo_lng")).isFalse();
    assertThat(ok(anon.get(path(id))).path("json_ld").has("geo")).isFalse();
    JsonNode newGeo = ok(ed.patchJson(path(id), "{\"geo_lat\":-33.5,\"geo_lng\":151}"));
    assertThat(newGeo.path("geo_lat").decimalValue()).isEqualByComparingTo("-33.5");
    assertThat(newGeo.path("geo_lng").decimalValue()).isEqualByComparingTo("151");
    JsonNode maps = ok(ed.patchJson(path(id), "{\"show_map\":\"true\"}"));
    assertThat(maps.path("show_map").asBoolean()).isTrue();
    assertThat(maps.path("show_map_link").asBoolean()).isFalse();
    // invalid updates change nothing
    assertInvalid(ed.patchJson(path(id), "{\"city\":\"Antwerpen\",\"website\":\"kapot\"}"), "website",
        "rest_invalid_url");
    assertThat(ok(anon.get(path(id))).path("city").asText()).isEqualTo("Gent");
    // read-only keys and a query id are ignored
    long other = vid(ed, obj("venue", "Andere deelzaal"));
    JsonNode ignored = ok(ed.patchJson(path(id) + "?id=" + other, "{\"id\":" + other + ",\"rest_url\":\"x\","
        + "\"language\":\"fr\",\"city\":\"Aalst\"}"));
    assertThat(ignored.path("id").asLong()).isEqualTo(id);
    assertThat(ignored.path("language").asText()).isEqualTo("nl");
    assertThat(ok(anon.get(path(other))).has("city")).isFalse();
    // form-encoded bodies are accepted too
    JsonNode form = ok(ed.send("PATCH", path(id), "application/x-www-form-urlencoded",
        "city=Mechelen&show_map=0", Map.of()));
    assertThat(form.path("city").asText()).isEqualTo("Mechelen");
    assertThat(form.path("show_map").asBoolean()).isFalse();
  }

  @Test
  void translationsFollowSection34() {
    long id = vid(ed, obj("venue", "Concertgebouw Noord", "description", "<p>NL tekst</p>", "city", "Leuven"));
    HttpResult frResponse = ed.patchJson("/fr" + path(id),
        "{\"venue\":\"Salle de concert Nord\",\"description\":\"<p>Texte</p>\"}");
    JsonNode fr = ok(frResponse);
    assertThat(frResponse.header("Content-Language")).isEqualTo("fr");
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("venue").asText()).isEqualTo("Salle de concert Nord");
    assertThat(fr.path("description").asText()).isEqualTo("<p>Texte</p>");
    assertThat(fr.path("slug").asText()).isEqualTo("salle-de-concert-nord");
    assertThat(fr.path("city").asText()).isEqualTo("Leuven");
    assertThat(fr.path("rest_url").asText()).isEqualTo(server.url("/fr" + path(id)));
    assertThat(fr.path("url").asText()).isEqualTo(server.url("/fr/venue/salle-de-concert-nord/"));
    assertThat(fr.path("translations").toString())
        .isEqualTo(translations("concertgebouw-noord,salle-de-concert-nord", "venues", id, "nl", "fr"));
    JsonNode nl = ok(anon.get(path(id)));
    assertThat(nl.path("venue").asText()).isEqualTo("Concertgebouw Noord");
    assertThat(nl.path("description").asText()).isEqualTo("<p>NL tekst</p>");
    assertThat(nl.path("json_ld").path("description").asText()).isEqualTo("NL tekst");
    assertThat(ok(anon.get("/fr" + path(id))).path("json_ld").path("name").asText()).isEqualTo("Salle de concert Nord");

    // no en text yet: a translatable field without the name is refused
    assertMissing(ed.patchJson(path(id) + "?translation_language=en", "{\"description\":\"<p>x</p>\"}"), "venue");
    assertMissing(ed.patchJson("/en" + path(id), "{\"slug\":\"english\",\"city\":\"Brussel\"}"), "venue");
    assertThat(ok(anon.get(path(id))).path("city").asText()).as("refused: nothing changed").isEqualTo("Leuven");
    // only shared fields: updated, no translation, the response falls back
    HttpResult sharedResponse = ed.patchJson("/en" + path(id), "{\"city\":\"Brussel\"}");
    JsonNode shared = ok(sharedResponse);
    assertThat(sharedResponse.header("Content-Language")).isEqualTo("en");
    assertThat(shared.path("language").asText()).isEqualTo("nl");
    assertThat(shared.path("venue").asText()).isEqualTo("Concertgebouw Noord");
    assertThat(keys(shared.path("translations"))).containsExactly("nl", "fr");
    assertThat(ok(anon.get("/fr" + path(id))).path("city").asText()).isEqualTo("Brussel");
    // the name creates the en text; the description starts empty
    JsonNode en = ok(ed.patchJson("/en" + path(id), "{\"venue\":\"Concert Hall North\"}"));
    assertThat(en.path("language").asText()).isEqualTo("en");
    assertThat(en.path("slug").asText()).isEqualTo("concert-hall-north");
    assertThat(en.has("description")).isFalse();
    assertThat(keys(en.path("translations"))).as("configured order").containsExactly("nl", "en", "fr");
    assertThat(ok(anon.get(path(id))).path("description").asText()).isEqualTo("<p>NL tekst</p>");
    // an existing translation is updated in place, the others keep theirs
    JsonNode frAgain = ok(ed.patchJson(path(id) + "?translation_language=fr", "{\"description\":\"<p>Neuf</p>\"}"));
    assertThat(frAgain.path("venue").asText()).isEqualTo("Salle de concert Nord");
    assertThat(frAgain.path("description").asText()).isEqualTo("<p>Neuf</p>");
    assertThat(frAgain.path("slug").asText()).isEqualTo("salle-de-concert-nord");
    // the derived slug is unique per language
    long second = vid(ed, obj("venue", "Tweede concertgebouw"));
    JsonNode secondFr = ok(ed.patchJson("/fr" + path(second), "{\"venue\":\"Salle de concert Nord\"}"));
    assertThat(secondFr.path("slug").asText()).isEqualTo("salle-de-concert-nord-2");
    assertThat(ok(anon.get(path(second))).path("slug").asText()).isEqualTo("tweede-concertgebouw");
  }

  @Test
  void slugIsRenamedOnlyWhenWritten() {
    JsonNode created = venue(ed, obj("venue", "Oude Naam"));
    long id = id(created);
    vid(ed, obj("venue", "Bezet"));
    JsonNode renamed = ok(ed.patchJson(VENUES + "/by-slug/oude-naam", "{\"slug\":\"Nieuwe Slug!\"}"));
    assertThat(renamed.path("id").asLong()).isEqualTo(id);
    assertThat(renamed.path("slug").asText()).isEqualTo("nieuwe-slug");
    assertThat(renamed.path("url").asText()).isEqualTo(server.url("/nl/venue/nieuwe-slug/"));
    assertNotFound(anon.get(VENUES + "/by-slug/oude-naam"), "slug");
    assertThat(ok(anon.get(VENUES + "/by-slug/nieuwe-slug")).path("id").asLong()).isEqualTo(id);
    JsonNode newName = ok(ed.patchJson(path(id), "{\"venue\":\"Heel Andere Naam\"}"));
    assertThat(newName.path("venue").asText()).isEqualTo("Heel Andere Naam");
    assertThat(newName.path("slug").asText()).as("a new name keeps the slug").isEqualTo("nieuwe-slug");
    JsonNode derived = ok(ed.patchJson(path(id), "{\"slug\":\"\"}"));
    assertThat(derived.path("slug").asText()).isEqualTo("heel-andere-naam");
    JsonNode taken = ok(ed.putJson(VENUES + "/by-slug/heel-andere-naam", "{\"slug\":\"bezet\"}"));
    assertThat(taken.path("slug").asText()).as("explicit slugs get suffixes too").isEqualTo("bezet-2");
    JsonNode query = ok(ed.send("PATCH", VENUES + "/by-slug/bezet-2?slug=via-query", null, null, Map.of()));
    assertThat(query.path("id").asLong()).isEqualTo(id);
    assertThat(query.path("slug").asText()).isEqualTo("via-query");
    JsonNode bodyWins = ok(ed.patchJson(VENUES + "/by-slug/via-query?slug=uit-query", "{\"slug\":\"uit-body\"}"));
    assertThat(bodyWins.path("slug").asText()).isEqualTo("uit-body");
    // by-slug updates write like id updates
    JsonNode city = ok(ed.postJson(VENUES + "/by-slug/uit-body", "{\"city\":\"Hasselt\"}"));
    assertThat(city.path("city").asText()).isEqualTo("Hasselt");
    assertThat(city.path("slug").asText()).isEqualTo("uit-body");
  }

  // ---------------------------------------------------------------------------------------------
  // statuses and rights (§4.3–§4.6)

  @Test
  void statusFollowsTheCallerAndThePublicationDate() {
    assertThat(venue(co, obj("venue", "Co zonder status")).path("status").asText()).isEqualTo("draft");
    for (String asked : List.of("publish", "future", "private")) {
      assertThat(venue(co, obj("venue", "Co " + asked, "status", asked)).path("status").asText()).as(asked)
          .isEqualTo("pending");
    }
    assertThat(venue(co, obj("venue", "Co pending", "status", "pending")).path("status").asText()).isEqualTo("pending");
    assertThat(venue(au, obj("venue", "Au zonder status")).path("status").asText()).isEqualTo("publish");
    assertThat(venue(au, obj("venue", "Au privé", "status", "PRIVATE")).path("status").asText()).isEqualTo("private");
    assertThat(venue(ed, obj("venue", "Ed concept", "status", "draft")).path("status").asText()).isEqualTo("draft");
    JsonNode week = venue(au, obj("venue", "Au volgende week", "date", "+7 days"));
    assertThat(week.path("status").asText()).isEqualTo("future");
    assertThat(week.path("date").asText()).isEqualTo("2026-03-17 14:05:00");
    assertThat(week.path("date_utc").asText()).isEqualTo("2026-03-17 13:05:00");
    assertThat(venue(au, obj("venue", "Au future zonder datum", "status", "future")).path("status").asText())
        .isEqualTo("publish");
    JsonNode both = venue(ed, obj("venue", "Beide data", "date", "2026-01-01 10:00", "date_utc", "2026-02-01 10:00"));
    assertThat(both.path("date").asText()).as("date_utc wins").isEqualTo("2026-02-01 11:00:00");
    assertThat(both.path("date_utc").asText()).isEqualTo("2026-02-01 10:00:00");
    assertThat(both.path("status").asText()).isEqualTo("publish");

    // updates
    long own = vid(co, obj("venue", "Co later"));
    assertThat(ok(co.patchJson(path(own), "{\"status\":\"publish\"}")).path("status").asText()).isEqualTo("pending");
    long published = vid(ed, obj("venue", "Verschuifbaar"));
    assertThat(ok(ed.patchJson(path(published), "{\"date\":\"+1 day\"}")).path("status").asText()).isEqualTo("future");
    assertThat(ok(ed.patchJson(path(published), "{\"city\":\"Aalst\"}")).path("status").asText())
        .as("status omitted: unchanged").isEqualTo("future");
    assertThat(ok(ed.patchJson(path(published), "{\"date\":\"2026-03-01 09:00\"}")).path("status").asText())
        .isEqualTo("publish");
    assertInvalid(ed.patchJson(path(published), "{\"status\":\"trash\"}"), "status", "rest_invalid_value");

    // a future venue is published when its date passes
    long soon = vid(au, obj("venue", "Straks open", "date", "2026-03-10 16:00"));
    assertError(anon.get(path(soon)), 403, "venue-not-accessible");
    server.clock.set(java.time.Instant.parse("2026-03-10T15:00:01Z"));
    assertThat(ok(anon.get(path(soon))).path("status").asText()).isEqualTo("publish");
  }

  @Test
  void routeLevelRightsComeBeforeValidation() {
    long id = vid(ed, obj("venue", "Alleen lezen"));
    HttpResult anonymous = anon.postJson(VENUES, "{\"website\":\"kapot\"}");
    assertNotLoggedIn(anonymous);
    assertThat(anonymous.header("WWW-Authenticate")).isEqualTo("Basic realm=\"Agenda\"");
    assertNotLoggedIn(anon.patchJson(path(id), "{\"venue\":\"\"}"));
    assertNotLoggedIn(anon.putJson(path(id), "{}"));
    assertNotLoggedIn(anon.postJson(path(id), "{}"));
    assertNotLoggedIn(anon.delete(path(id)));
    assertNotLoggedIn(anon.patchJson(VENUES + "/by-slug/alleen-lezen", "{}"));
    assertForbidden(su.postJson(VENUES, "{\"venue\":\"Abonnee\"}"));
    assertForbidden(su.postJson(VENUES, "{}"));
    assertForbidden(su.patchJson(path(id), "{\"city\":\"x\"}"));
    assertForbidden(su.delete(path(id)));
    assertThat(ok(anon.get(path(id))).has("city")).isFalse();
    assertThat(anon.get(VENUES).header("Allow")).isEqualTo("GET");
    assertThat(su.get(VENUES).header("Allow")).isEqualTo("GET");
    assertThat(co.get(VENUES).header("Allow")).isEqualTo("GET, POST");
  }

  @Test
  void objectLevelRightsPerRole() {
    long byCo = vid(co, obj("venue", "Van co"));
    assertThat(ok(co.patchJson(path(byCo), "{\"city\":\"Mijn stad\"}")).path("city").asText()).isEqualTo("Mijn stad");
    assertThat(ok(co.patchJson(path(byCo), "{\"status\":\"pending\"}")).path("status").asText()).isEqualTo("pending");
    assertThat(ok(co.putJson(VENUES + "/by-slug/van-co", "{\"zip\":\"1000\"}")).path("zip").asText()).isEqualTo("1000");
    assertForbidden(co2.patchJson(path(byCo), "{\"city\":\"Niet van mij\"}"));
    assertForbidden(co2.patchJson(VENUES + "/by-slug/van-co", "{\"city\":\"Niet van mij\"}"));
    assertForbidden(co2.delete(path(byCo)));
    assertThat(ok(ed.patchJson(path(byCo), "{\"status\":\"publish\"}")).path("status").asText()).isEqualTo("publish");
    assertForbidden(co.patchJson(path(byCo), "{\"city\":\"Nog eens\"}"));
    assertForbidden(co.delete(path(byCo)));
    assertThat(ok(anon.get(path(byCo))).path("city").asText()).isEqualTo("Mijn stad");

    long byEd = vid(ed, obj("venue", "Van ed"));
    assertForbidden(co.patchJson(path(byEd), "{\"city\":\"Overgenomen\"}"));
    assertForbidden(au.patchJson(path(byEd), "{\"city\":\"Overgenomen\"}"));
    assertForbidden(au.delete(path(byEd)));

    long byAu = vid(au, obj("venue", "Van au"));
    assertThat(ok(au.patchJson(path(byAu), "{\"status\":\"private\"}")).path("status").asText()).isEqualTo("private");
    assertThat(ok(au.patchJson(path(byAu), "{\"city\":\"Eigen\"}")).path("city").asText()).isEqualTo("Eigen");
    assertForbidden(au2.patchJson(path(byAu), "{\"city\":\"Gekaapt\"}"));
    assertThat(ok(ed.patchJson(path(byAu), "{\"city\":\"Redactie\"}")).path("city").asText()).isEqualTo("Redactie");
    assertThat(ok(ed.get(path(byAu))).path("author").asText()).isEqualTo(auId);
  }

  @Test
  void onlyEditorsMayGiveAVenueToAnotherAuthor() {
    HttpResult coForEd = co.postJson(VENUES, obj("venue", "Namens ed", "author", Long.parseLong(edId)).toString());
    assertForbidden(coForEd);
    assertThat(ok(ed.get(VENUES + "?search=" + EventListApiTest.enc("Namens ed"))).path("total").asInt())
        .as("nothing created").isZero();
    long own = vid(au, obj("venue", "Eigendom au"));
    assertForbidden(au.patchJson(path(own), "{\"author\":" + edId + "}"));
    assertThat(ok(au.patchJson(path(own), "{\"author\":" + auId + "}")).path("author").asText()).isEqualTo(auId);
    JsonNode forAu = venue(ed, obj("venue", "Voor au", "author", auId));
    assertThat(forAu.path("author").isTextual()).isTrue();
    assertThat(forAu.path("author").asText()).isEqualTo(auId);
    assertThat(ok(au.patchJson(path(id(forAu)), "{\"city\":\"Nu van au\"}")).path("city").asText()).isEqualTo("Nu van au");
    JsonNode given = ok(ed.patchJson(path(own), "{\"author\":" + coId + "}"));
    assertThat(given.path("author").asText()).isEqualTo(coId);
    assertForbidden(au.patchJson(path(own), "{\"city\":\"Terug\"}"));
    for (HttpResult unknown : List.of(ed.patchJson(path(own), "{\"author\":999999}"),
        ed.postJson(VENUES, "{\"venue\":\"Niemands zaal\",\"author\":999999}"))) {
      assertError(unknown, 400, "rest_invalid_param");
      assertThat(unknown.json().path("data").path("params").has("author")).as(unknown.toString()).isTrue();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // self-description (§9.2, §9.3)

  @Test
  void namespaceIndexAndDocListTheVenueAndOrganizerRoutes() {
    JsonNode index = ok(anon.get(NS));
    JsonNode routes = index.path("routes");
    String bySlug = "/by-slug/(?P<slug>[^/]+)";
    String byId = "/(?P<id>\\d+)";
    List<String> routeKeys = keys(routes);
    assertThat(routeKeys).containsSequence(VENUES, VENUES + byId, VENUES + bySlug,
        ORGANIZERS, ORGANIZERS + byId, ORGANIZERS + bySlug);
    // after the event routes (and their iCalendar forms)
    assertThat(routeKeys.indexOf(VENUES)).isGreaterThan(routeKeys.indexOf(NS + "/events" + bySlug));
    assertThat(routeKeys.subList(routeKeys.indexOf(NS + "/events" + bySlug), routeKeys.indexOf(VENUES)))
        .allMatch(key -> key.startsWith(NS + "/events"));
    int next = routeKeys.indexOf(ORGANIZERS + bySlug) + 1;
    if (next < routeKeys.size()) { // the term routes (R11–R14) come next, when they are registered
      assertThat(routeKeys.get(next)).isEqualTo(NS + "/categories");
    }
    for (String collection : List.of(VENUES, ORGANIZERS)) {
      JsonNode list = routes.path(collection);
      assertThat(list.path("namespace").asText()).isEqualTo("cal/events/v1");
      assertThat(list.path("methods").toString()).isEqualTo("[\"GET\",\"POST\"]");
      assertThat(list.path("endpoints").size()).isEqualTo(2);
      assertThat(list.path("endpoints").get(0).path("methods").toString()).isEqualTo("[\"GET\"]");
      assertThat(list.path("endpoints").get(1).path("methods").toString()).isEqualTo("[\"POST\"]");
      assertThat(list.path("_links").toString()).isEqualTo("{\"self\":[{\"href\":\"" + server.url(collection) + "\"}]}");
      JsonNode listArgs = list.path("endpoints").get(0).path("args");
      assertThat(keys(listArgs)).as(collection).containsExactly("page", "per_page", "search", "event", "has_events",
          "only_with_upcoming", "status", "modified_after", "modified_before", "translation_language");
      assertThat(listArgs.path("page").path("default").asInt()).isEqualTo(1);
      assertThat(listArgs.path("per_page").path("default").asInt()).isEqualTo(12);
      assertThat(listArgs.path("only_with_upcoming").path("default").isBoolean()).isTrue();
      assertThat(listArgs.path("only_with_upcoming").path("default").asBoolean()).isFalse();
      assertThat(listArgs.path("search").has("default")).isFalse();
      for (String single : List.of(collection + byId, collection + bySlug)) {
        JsonNode route = routes.path(single);
        assertThat(route.path("methods").toString()).as(single).isEqualTo("[\"GET\",\"DELETE\",\"POST\",\"PUT\",\"PATCH\"]");
        assertThat(route.path("endpoints").size()).as(single).isEqualTo(3);
        assertThat(route.path("endpoints").get(0).path("methods").toString()).isEqualTo("[\"GET\"]");
        assertThat(route.path("endpoints").get(1).path("methods").toString()).isEqualTo("[\"DELETE\"]");
        assertThat(route.path("endpoints").get(2).path("methods").toString()).isEqualTo("[\"POST\",\"PUT\",\"PATCH\"]");
        assertThat(route.has("_links")).as("no _links on routes with path variables").isFalse();
        String pathParam = single.endsWith(byId) ? "id" : "slug";
        for (JsonNode endpoint : route.path("endpoints")) {
          assertThat(keys(endpoint.path("args")).get(0)).isEqualTo(pathParam);
          assertThat(endpoint.path("args").path(pathParam).path("required").asBoolean()).isTrue();
        }
        JsonNode force = route.path("endpoints").get(1).path("args").path("force");
        assertThat(force.path("default").isBoolean()).as(single).isTrue();
        assertThat(force.path("default").asBoolean()).isFalse();
      }
    }
    JsonNode venueCreate = routes.path(VENUES).path("endpoints").get(1).path("args");
    assertThat(keys(venueCreate)).containsExactly("venue", "description", "slug", "author", "date", "date_utc",
        "status", "show_map", "show_map_link", "address", "city", "country", "province", "state", "zip",
        "stateprovince", "phone", "website", "image", "geo_lat", "geo_lng", "translation_language");
    assertThat(venueCreate.path("venue").path("required").asBoolean()).isTrue();
    assertThat(venueCreate.path("city").path("required").asBoolean()).isFalse();
    JsonNode organizerCreate = routes.path(ORGANIZERS).path("endpoints").get(1).path("args");
    assertThat(keys(organizerCreate)).containsExactly("organizer", "description", "slug", "author", "date",
        "date_utc", "status", "phone", "website", "email", "image", "translation_language");
    assertThat(organizerCreate.path("organizer").path("required").asBoolean()).isTrue();

    JsonNode paths = ok(anon.get(NS + "/doc")).path("paths");
    assertThat(keys(paths)).contains("/venues", "/venues/{id}", "/venues/by-slug/{slug}", "/organizers",
        "/organizers/{id}", "/organizers/by-slug/{slug}");
    assertThat(paths.path("/venues").path("get").path("operationId").asText()).isEqualTo("listVenues");
    assertThat(paths.path("/venues").path("post").path("operationId").asText()).isEqualTo("createVenue");
    assertThat(paths.path("/venues/by-slug/{slug}").path("patch").path("operationId").asText())
        .isEqualTo("updateVenueBySlugPatch");
    assertThat(paths.path("/organizers/{id}").path("delete").path("operationId").asText()).isEqualTo("deleteOrganizer");
  }
}
