package org.agenda.api;

import static org.agenda.api.EventLinksApiTest.EVENTS;
import static org.agenda.api.EventLinksApiTest.NS;
import static org.agenda.api.EventLinksApiTest.arr;
import static org.agenda.api.EventLinksApiTest.created;
import static org.agenda.api.EventLinksApiTest.ev;
import static org.agenda.api.EventLinksApiTest.ok;
import static org.agenda.api.EventListApiTest.MAPPER;
import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.enc;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.ApiChecks.keys;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Venues and organizers linked from event payloads (§6.4 "Linked venues and organizers", inline objects
 * validated like §6.8/§6.10), their status and author (§4.6, §4.3) and visibility when embedded (§4.7);
 * §12 rows 29, 30, 37. The full representation and {@code json_ld} are in {@link EventLinksEmbeddedApiTest}.
 * The {@code /venues} and {@code /organizers} routes are not used.
 */
class EventLinksVenuesApiTest {
  static TestServer server;
  static TestServer.Caller ed, au, co;
  static String auId, coId, edId;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin(); // editor rights; saves a slow password hash (§4.1: administrator = editor)
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    edId = Long.toString(server.userId("admin"));
    auId = Long.toString(server.userId("au"));
    coId = Long.toString(server.userId("co"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode post(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(EVENTS, body.toString()));
  }

  static ObjectNode obj(Object... namesAndValues) {
    return fields(namesAndValues);
  }

  /** Creates (as ed) an event with one inline venue and returns the venue's id. */
  static long venue(ObjectNode inline) {
    JsonNode e = post(ed, ev("Drager " + inline.path("venue").asText()).set("venue", inline));
    assertThat(e.path("venue").isObject()).as(e.toString()).isTrue();
    return e.path("venue").path("id").asLong();
  }

  static long organizer(ObjectNode inline) {
    JsonNode e = post(ed, ev("Drager " + inline.path("organizer").asText()).set("organizer", arr(inline)));
    assertThat(e.path("organizer").size()).as(e.toString()).isEqualTo(1);
    return e.path("organizer").get(0).path("id").asLong();
  }

  /** Ids of an event's {@code venue} value: object → one, array → each. */
  static List<Long> venueIds(JsonNode venue) {
    var ids = new ArrayList<Long>();
    if (venue.isObject()) {
      ids.add(venue.path("id").asLong());
    } else {
      assertThat(venue.isArray()).as(venue.toString()).isTrue();
      venue.forEach(v -> ids.add(v.path("id").asLong()));
    }
    return ids;
  }

  static List<Long> organizerIds(JsonNode organizer) {
    assertThat(organizer.isArray()).as(organizer.toString()).isTrue();
    var ids = new ArrayList<Long>();
    organizer.forEach(o -> ids.add(o.path("id").asLong()));
    return ids;
  }

  static final String DATE = "2026-03-10 14:05:00";
  static final String DATE_UTC = "2026-03-10 13:05:00";

  // ---------------------------------------------------------------------------------------------
  // §12 row 29: inline objects create, then are reused by name

  @Test
  void row29InlineVenueAndOrganizersAreCreatedThenReused() {
    ObjectNode body = ev("Inline concert");
    body.set("venue", obj("venue", "Nieuwe Zaal", "city", "Gent"));
    body.set("organizer", arr(obj("organizer", "Stichting X"), obj("organizer", "Stichting Y")));
    HttpResult response = au.postJson(EVENTS, body.toString());
    JsonNode e = created(response);
    long eventId = e.path("id").asLong();

    JsonNode v = e.path("venue");
    assertThat(v.isObject()).as(v.toString()).isTrue();
    long v1 = v.path("id").asLong();
    assertThat(v1).isPositive().isNotEqualTo(eventId);
    assertThat(keys(v)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "venue", "slug", "city", "show_map", "show_map_link", "global_id", "global_id_lineage",
        "language", "translations");
    assertThat(v.path("id").isIntegralNumber()).isTrue();
    assertThat(v.path("author").isTextual()).isTrue();
    assertThat(v.path("author").asText()).isEqualTo(auId);
    assertThat(v.path("status").asText()).isEqualTo("publish");
    assertThat(v.path("date").asText()).isEqualTo(DATE);
    assertThat(v.path("date_utc").asText()).isEqualTo(DATE_UTC);
    assertThat(v.path("modified").asText()).isEqualTo(DATE);
    assertThat(v.path("modified_utc").asText()).isEqualTo(DATE_UTC);
    assertThat(v.path("url").asText()).isEqualTo(server.url("/nl/venue/nieuwe-zaal/"));
    assertThat(v.path("rest_url").asText()).isEqualTo(server.url(NS + "/venues/" + v1));
    assertThat(v.path("venue").asText()).isEqualTo("Nieuwe Zaal");
    assertThat(v.path("slug").asText()).isEqualTo("nieuwe-zaal");
    assertThat(v.path("city").asText()).isEqualTo("Gent");
    assertThat(v.path("show_map").isBoolean()).isTrue();
    assertThat(v.path("show_map").asBoolean()).isTrue();
    assertThat(v.path("show_map_link").asBoolean()).isTrue();
    assertThat(v.path("global_id").asText()).isEqualTo("localhost?id=" + v1);
    assertThat(v.path("global_id_lineage").toString()).isEqualTo("[\"localhost?id=" + v1 + "\"]");
    assertThat(v.path("language").asText()).isEqualTo("nl");
    assertThat(v.path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"nieuwe-zaal\",\"rest_url\":\""
        + server.url("/nl" + NS + "/venues/" + v1) + "\"}}");

    JsonNode o = e.path("organizer");
    assertThat(o.isArray()).isTrue();
    assertThat(o.size()).isEqualTo(2);
    long o1 = o.get(0).path("id").asLong();
    long o2 = o.get(1).path("id").asLong();
    assertThat(List.of(o1, o2)).doesNotHaveDuplicates().doesNotContain(v1, eventId);
    assertThat(o.get(0).path("organizer").asText()).isEqualTo("Stichting X");
    assertThat(o.get(1).path("organizer").asText()).isEqualTo("Stichting Y");
    assertThat(keys(o.get(0))).containsExactly("id", "author", "status", "date", "date_utc", "modified",
        "modified_utc", "url", "rest_url", "organizer", "slug", "global_id", "global_id_lineage", "language",
        "translations");
    assertThat(o.get(0).path("author").asText()).isEqualTo(auId);
    assertThat(o.get(0).path("status").asText()).isEqualTo("publish");
    assertThat(o.get(0).path("slug").asText()).isEqualTo("stichting-x");
    assertThat(o.get(0).path("url").asText()).isEqualTo(server.url("/nl/organizer/stichting-x/"));
    assertThat(o.get(0).path("rest_url").asText()).isEqualTo(server.url(NS + "/organizers/" + o1));
    assertThat(o.get(0).path("global_id").asText()).isEqualTo("localhost?id=" + o1);
    assertThat(o.get(1).path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"stichting-y\",\"rest_url\":\""
        + server.url("/nl" + NS + "/organizers/" + o2) + "\"}}");

    // the same request again links the same records
    JsonNode again = created(au.postJson(EVENTS, body.toString()));
    assertThat(venueIds(again.path("venue"))).containsExactly(v1);
    assertThat(organizerIds(again.path("organizer"))).containsExactly(o1, o2);
    assertThat(again.path("venue")).isEqualTo(v);

    // a same-named inline object (case-insensitive) is linked and NOT modified
    ObjectNode other = ev("Inline concert 3");
    other.set("venue", obj("venue", "NIEUWE zaal", "city", "Brugge", "phone", "123"));
    other.set("organizer", arr(obj("organizer", "stichting y", "email", "y@y.example")));
    JsonNode third = created(ed.postJson(EVENTS, other.toString()));
    assertThat(third.path("venue").path("id").asLong()).isEqualTo(v1);
    assertThat(third.path("venue").path("venue").asText()).isEqualTo("Nieuwe Zaal");
    assertThat(third.path("venue").path("city").asText()).isEqualTo("Gent");
    assertThat(third.path("venue").has("phone")).isFalse();
    assertThat(third.path("venue").path("author").asText()).isEqualTo(auId);
    assertThat(organizerIds(third.path("organizer"))).containsExactly(o2);
    assertThat(third.path("organizer").get(0).has("email")).isFalse();
    assertThat(third.path("organizer").get(0).path("organizer").asText()).isEqualTo("Stichting Y");
  }

  // ---------------------------------------------------------------------------------------------
  // §12 row 30 and the forms of the table

  @Test
  void row30VenuesByIdsCommaStringListAndObject() {
    long v1 = venue(obj("venue", "Vorm Een"));
    long v2 = venue(obj("venue", "Vorm Twee"));
    long o1 = organizer(obj("organizer", "Vorm Org Een"));
    long o2 = organizer(obj("organizer", "Vorm Org Twee"));

    JsonNode two = post(au, ev("Twee zalen").put("venue", v1 + "," + v2));
    assertThat(two.path("venue").isArray()).isTrue();
    assertThat(venueIds(two.path("venue"))).containsExactly(v1, v2);
    assertThat(two.path("venue").get(0).path("venue").asText()).isEqualTo("Vorm Een");
    assertInvalid(au.postJson(EVENTS, ev("Onbekende zaal").put("venue", 999999).toString()), "venue",
        "rest_not_found");

    Map<String, Object> singles = Map.of("int", v1, "digits", Long.toString(v1), "object", Map.of("id", v1),
        "object with other keys", Map.of("id", v1, "venue", "Genegeerd", "city", "Nergens"),
        "duplicates", List.of(v1, Map.of("id", v1), Long.toString(v1)));
    singles.forEach((form, value) -> {
      JsonNode e = post(ed, ev("Vorm " + form).set("venue", MAPPER.valueToTree(value)));
      assertThat(e.path("venue").isObject()).as(form + ": " + e.path("venue")).isTrue();
      assertThat(e.path("venue").path("id").asLong()).as(form).isEqualTo(v1);
      assertThat(e.path("venue").path("venue").asText()).as(form).isEqualTo("Vorm Een");
      assertThat(e.path("venue").has("city")).as(form).isFalse();
    });
    JsonNode list = post(ed, ev("Lijst").set("venue", arr(v2, Map.of("id", v1))));
    assertThat(venueIds(list.path("venue"))).containsExactly(v2, v1);
    JsonNode mixed = post(ed, ev("Gemengd").set("venue", arr(v1, obj("venue", "Vorm Drie", "city", "Gent"), v2)));
    List<Long> mixedIds = venueIds(mixed.path("venue"));
    assertThat(mixedIds).hasSize(3).startsWith(v1).endsWith(v2);
    assertThat(mixed.path("venue").get(1).path("venue").asText()).isEqualTo("Vorm Drie");
    assertThat(mixed.path("venue").get(1).path("city").asText()).isEqualTo("Gent");

    // organizers: always an array, same forms
    assertThat(organizerIds(post(ed, ev("Orgs").put("organizer", o2 + ", " + o1)).path("organizer")))
        .containsExactly(o2, o1);
    JsonNode one = post(ed, ev("Een org").put("organizer", o1));
    assertThat(one.path("organizer").isArray()).isTrue();
    assertThat(organizerIds(one.path("organizer"))).containsExactly(o1);
    assertThat(organizerIds(post(ed, ev("Org obj").set("organizer", obj("id", o2))).path("organizer")))
        .containsExactly(o2);
    assertThat(organizerIds(post(ed, ev("Org dup").set("organizer", arr(o1, o2, o1))).path("organizer")))
        .containsExactly(o1, o2);
  }

  @Test
  void idsOfOtherRecordTypesAreNotFound() {
    long v = venue(obj("venue", "Type zaal"));
    long o = organizer(obj("organizer", "Type org"));
    long e = post(ed, ev("Type event")).path("id").asLong();
    assertInvalid(ed.postJson(EVENTS, ev("T1").put("venue", o).toString()), "venue", "rest_not_found");
    assertInvalid(ed.postJson(EVENTS, ev("T2").put("venue", e).toString()), "venue", "rest_not_found");
    assertInvalid(ed.postJson(EVENTS, ev("T3").put("organizer", v).toString()), "organizer", "rest_not_found");
    assertInvalid(ed.postJson(EVENTS, ev("T4").set("organizer", arr(o, 999999)).toString()), "organizer",
        "rest_not_found");
    HttpResult word = ed.postJson(EVENTS, ev("T5").put("venue", "abc").toString());
    assertThat(word.status()).as(word.toString()).isEqualTo(400);
    assertThat(word.code()).isEqualTo("rest_invalid_param");
    assertThat(word.json().path("data").path("params").has("venue")).as(word.toString()).isTrue();
    // both fields wrong: both reported
    HttpResult both = ed.postJson(EVENTS, ev("T6").put("venue", o).put("organizer", v).toString());
    assertInvalid(both, "venue", "rest_not_found");
    assertInvalid(both, "organizer", "rest_not_found");
    // nothing was created by the refused requests
    assertThat(ids(ed.get(EVENTS + "?search=T1&per_page=50"))).isEmpty();
  }

  // ---------------------------------------------------------------------------------------------
  // §12 row 37 and the "Clear with" column

  @Test
  void row37UpdatesReplaceAndClearLinks() {
    long v1 = venue(obj("venue", "Rij37 Zaal"));
    long v2 = venue(obj("venue", "Rij37 Zaal Twee"));
    long o1 = organizer(obj("organizer", "Rij37 Org"));
    JsonNode e = post(ed, ev("Rij 37").set("categories", arr("Rij37 categorie")));
    String path = EVENTS + "/" + e.path("id").asLong();

    JsonNode linked = ok(ed.patchJson(path, "{\"venue\":" + v1 + "}"));
    assertThat(linked.path("venue").path("id").asLong()).isEqualTo(v1);
    JsonNode withOrg = ok(ed.patchJson(path, "{\"organizer\":[" + o1 + "]}"));
    assertThat(withOrg.path("venue").path("id").asLong()).as("venue kept").isEqualTo(v1);
    assertThat(organizerIds(withOrg.path("organizer"))).containsExactly(o1);
    JsonNode untouched = ok(ed.patchJson(path, "{\"venue\":null,\"organizer\":null,\"title\":\"Rij 37 b\"}"));
    assertThat(untouched.path("venue").path("id").asLong()).isEqualTo(v1);
    assertThat(organizerIds(untouched.path("organizer"))).containsExactly(o1);

    JsonNode cleared = ok(ed.patchJson(path, "{\"venue\":[],\"organizer\":\"\"}"));
    assertThat(cleared.path("venue").toString()).isEqualTo("[]");
    assertThat(cleared.path("organizer").toString()).isEqualTo("[]");
    assertThat(cleared.path("categories").size()).isEqualTo(1);
    JsonNode noCategories = ok(ed.patchJson(path, "{\"categories\":\"\"}"));
    assertThat(noCategories.path("categories").toString()).isEqualTo("[]");
    JsonNode read = ok(server.anonymous().get(path));
    assertThat(read.path("venue").toString()).isEqualTo("[]");
    assertThat(read.path("organizer").toString()).isEqualTo("[]");
    assertThat(read.path("categories").toString()).isEqualTo("[]");

    // every empty form unlinks
    for (String empty : List.of("\"\"", "0", "\"0\"", "[]")) {
      ok(ed.patchJson(path, "{\"venue\":[" + v2 + "," + v1 + "],\"organizer\":" + o1 + "}"));
      JsonNode none = ok(ed.patchJson(path, "{\"venue\":" + empty + ",\"organizer\":" + empty + "}"));
      assertThat(none.path("venue").toString()).as(empty).isEqualTo("[]");
      assertThat(none.path("organizer").toString()).as(empty).isEqualTo("[]");
    }
    // replacing keeps the given order
    JsonNode replaced = ok(ed.putJson(path, "{\"venue\":\"" + v2 + "," + v1 + "\"}"));
    assertThat(venueIds(replaced.path("venue"))).containsExactly(v2, v1);
    JsonNode single = ok(ed.postJson(path, "{\"venue\":[" + v1 + "]}"));
    assertThat(single.path("venue").isObject()).isTrue();
    assertThat(single.path("venue").path("id").asLong()).isEqualTo(v1);
    // a failing update changes nothing
    assertInvalid(ed.patchJson(path, "{\"venue\":999999,\"organizer\":" + o1 + "}"), "venue", "rest_not_found");
    JsonNode after = ok(server.anonymous().get(path));
    assertThat(after.path("venue").path("id").asLong()).isEqualTo(v1);
    assertThat(after.path("organizer").toString()).isEqualTo("[]");
  }

  // ---------------------------------------------------------------------------------------------
  // validation of inline objects (§6.8, §6.10)

  @Test
  void inlineObjectsAreValidatedLikeCreateRequests() {
    HttpResult noName = ed.postJson(EVENTS, ev("Geen naam").set("venue", obj("city", "Gent")).toString());
    assertThat(noName.status()).as(noName.toString()).isEqualTo(400);
    assertThat(noName.json().path("data").path("params").toString()).as(noName.toString()).contains("venue");
    HttpResult noOrgName = ed.postJson(EVENTS, ev("Geen org").set("organizer", arr(obj("email", "a@b.example")))
        .toString());
    assertThat(noOrgName.status()).as(noOrgName.toString()).isEqualTo(400);
    assertThat(noOrgName.json().path("data").path("params").toString()).contains("organizer");

    record Case(String field, ObjectNode inline, String detail) {}
    List<Case> cases = List.of(
        new Case("organizer", obj("organizer", "Org", "email", "not-an-email"), "rest_invalid_email"),
        new Case("organizer", obj("organizer", "Org", "email", "a@b"), "rest_invalid_email"),
        new Case("venue", obj("venue", "Geo", "geo_lat", 52.1), "rest_missing_pair"),
        new Case("venue", obj("venue", "Geo", "geo_lng", 5.1), "rest_missing_pair"),
        new Case("venue", obj("venue", "Geo", "geo_lat", 91, "geo_lng", 5), "rest_out_of_range"),
        new Case("venue", obj("venue", "Geo", "geo_lat", 52, "geo_lng", -181), "rest_out_of_range"),
        new Case("venue", obj("venue", "Geo", "geo_lat", "noord", "geo_lng", 5), "rest_invalid_type"),
        new Case("venue", obj("venue", "Web", "website", "not a url"), "rest_invalid_url"),
        new Case("venue", obj("venue", "Web", "website", "ftp://files.example/x"), "rest_invalid_url"),
        new Case("organizer", obj("organizer", "Web", "website", "javascript:alert(1)"), "rest_invalid_url"),
        new Case("organizer", obj("organizer", "Img", "image", 12), "rest_invalid_url"),
        new Case("venue", obj("venue", "Kaart", "show_map", "maybe"), "rest_invalid_type"),
        new Case("venue", obj("venue", "Status", "status", "trash"), "rest_invalid_value"),
        new Case("organizer", obj("organizer", "Status", "status", "weg"), "rest_invalid_value"),
        new Case("venue", obj("venue", "x".repeat(501)), "rest_too_long"),
        new Case("venue", obj("venue", "Stad", "city", "c".repeat(201)), "rest_too_long"),
        new Case("organizer", obj("organizer", "Tel", "phone", "1".repeat(101)), "rest_too_long"),
        new Case("venue", obj("venue", "<b></b>"), "rest_empty_value"),
        new Case("venue", obj("venue", "Slug", "slug", "s".repeat(201)), "rest_too_long"),
        new Case("organizer", obj("organizer", "Mail", "email", "m".repeat(250) + "@x.example"), "rest_too_long"),
        new Case("organizer", obj("organizer", "x".repeat(501)), "rest_too_long"),
        new Case("venue", obj("venue", "Datum", "date", "geen datum"), "rest_invalid_date"));
    for (Case c : cases) {
      ObjectNode body = ev("Ongeldig inline");
      body.set(c.field(), c.field().equals("organizer") ? arr(c.inline()) : c.inline());
      HttpResult response = ed.postJson(EVENTS, body.toString());
      assertThat(response.status()).as("%s %s → %s", c.field(), c.inline(), response).isEqualTo(400);
      assertInvalid(response, c.field(), c.detail());
    }
    // a valid venue next to an invalid organizer: neither record nor event is created
    ObjectNode mixed = ev("Ongeldig gemengd");
    mixed.set("venue", obj("venue", "Atoomzaal", "city", "Eerst"));
    mixed.set("organizer", arr(obj("organizer", "Atoom Org", "email", "kapot")));
    assertInvalid(ed.postJson(EVENTS, mixed.toString()), "organizer", "rest_invalid_email");
    JsonNode later = post(ed, ev("Geldig gemengd").set("venue", obj("venue", "Atoomzaal", "city", "Tweede")));
    assertThat(later.path("venue").path("city").asText()).as("the venue of the refused request was not created")
        .isEqualTo("Tweede");
    assertThat(ids(ed.get(EVENTS + "?search=" + enc("Ongeldig") + "&per_page=50"))).isEmpty();
    // both invalid: both reported
    ObjectNode both = ev("Ongeldig beide");
    both.set("venue", obj("venue", "Half", "geo_lat", 1));
    both.set("organizer", arr(obj("organizer", "Half", "email", "x")));
    HttpResult bothResponse = ed.postJson(EVENTS, both.toString());
    assertInvalid(bothResponse, "venue", "rest_missing_pair");
    assertInvalid(bothResponse, "organizer", "rest_invalid_email");
  }

  // ---------------------------------------------------------------------------------------------
  // status and author of inline records (§4.6, §4.3), visibility of embedded records (§4.7)

  @Test
  void inlineRecordsFollowTheStatusTableOfTheCaller() {
    ObjectNode body = ev("Co inline");
    body.set("venue", obj("venue", "Co Kelder"));
    body.set("organizer", arr(obj("organizer", "Co Org", "status", "publish"), obj("organizer", "Co Org 2",
        "status", "pending")));
    JsonNode e = post(co, body);
    assertThat(e.path("status").asText()).isEqualTo("draft");
    assertThat(e.path("venue").path("status").asText()).isEqualTo("draft");
    assertThat(e.path("venue").path("author").asText()).isEqualTo(coId);
    assertThat(e.path("organizer").get(0).path("status").asText()).as("scaled back").isEqualTo("pending");
    assertThat(e.path("organizer").get(1).path("status").asText()).isEqualTo("pending");
    assertThat(e.path("organizer").get(0).path("author").asText()).isEqualTo(coId);

    JsonNode a = post(au, ev("Au inline").set("venue", arr(obj("venue", "Au Concept", "status", "draft"),
        obj("venue", "Au Toekomst", "date", "+7 days"), obj("venue", "Au Privé", "status", "private"))));
    assertThat(a.path("venue").get(0).path("status").asText()).isEqualTo("draft");
    assertThat(a.path("venue").get(1).path("status").asText()).isEqualTo("future");
    assertThat(a.path("venue").get(1).path("date").asText()).isEqualTo("2026-03-17 14:05:00");
    assertThat(a.path("venue").get(2).path("status").asText()).isEqualTo("private");
    // "future" without a later date is stored as publish (§4.6)
    JsonNode f = post(au, ev("Au future").set("organizer", arr(obj("organizer", "Au Future Org", "status", "future"))));
    assertThat(f.path("organizer").get(0).path("status").asText()).isEqualTo("publish");

    // embedded venues/organizers are shown whatever their status (§4.7): publish the event as an editor
    String path = EVENTS + "/" + e.path("id").asLong();
    ok(ed.patchJson(path, "{\"status\":\"publish\"}"));
    JsonNode read = ok(server.anonymous().get(path));
    assertThat(read.path("venue").path("venue").asText()).isEqualTo("Co Kelder");
    assertThat(read.path("venue").path("status").asText()).isEqualTo("draft");
    assertThat(read.path("organizer").size()).isEqualTo(2);
    JsonNode listed = ok(server.anonymous().get(EVENTS + "?include=" + e.path("id").asLong()))
        .path("events").get(0);
    assertThat(listed.path("venue").path("id").asLong()).isEqualTo(read.path("venue").path("id").asLong());
    assertThat(listed.path("organizer").size()).isEqualTo(2);
  }

  @Test
  void inlineAuthorFollowsTheEventRules() {
    // another author needs editor or higher (§4.3, §4.5)
    HttpResult forbidden = co.postJson(EVENTS, ev("Co ander").set("venue", obj("venue", "Andermans zaal",
        "author", Long.parseLong(edId))).toString());
    assertThat(forbidden.status()).as(forbidden.toString()).isEqualTo(403);
    assertThat(forbidden.code()).isEqualTo("rest_forbidden");
    assertThat(ids(co.get(EVENTS + "?search=" + enc("Co ander")))).as("nothing created").isEmpty();
    JsonNode byEd = post(ed, ev("Ed ander").set("organizer", arr(obj("organizer", "Voor au", "author",
        Long.parseLong(auId)))));
    assertThat(byEd.path("organizer").get(0).path("author").asText()).isEqualTo(auId);
    assertThat(byEd.path("author").asText()).isEqualTo(edId);
    assertInvalid(ed.postJson(EVENTS, ev("Ed onbekend").set("venue", obj("venue", "Niemands zaal",
        "author", 999999)).toString()), "venue", "rest_not_found");
    // an anonymous caller cannot write at all, before the payload is looked at
    HttpResult anonymous = server.anonymous().postJson(EVENTS, ev("Anon").put("venue", "x").toString());
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.code()).isEqualTo("rest_not_logged_in");
  }

  @Test
  void linksAreSharedFieldsAndCreateNoEventTranslation() {
    JsonNode e = post(ed, ev("Alleen Nederlands"));
    String path = EVENTS + "/" + e.path("id").asLong();
    HttpResult response = ed.patchJson("/fr" + path,
        "{\"venue\":{\"venue\":\"Salle des fêtes\"},\"organizer\":[{\"organizer\":\"Comité\"}],"
            + "\"categories\":[\"Musique\"]}");
    JsonNode fr = ok(response);
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(fr.path("language").asText()).as("no fr text: falls back").isEqualTo("nl");
    assertThat(keys(fr.path("translations"))).containsExactly("nl");
    assertThat(fr.path("title").asText()).isEqualTo("Alleen Nederlands");
    // the new records are created in L = fr
    assertThat(fr.path("venue").path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("venue").path("slug").asText()).isEqualTo("salle-des-fetes");
    assertThat(fr.path("venue").path("rest_url").asText())
        .isEqualTo(server.url("/fr" + NS + "/venues/" + fr.path("venue").path("id").asLong()));
    assertThat(fr.path("organizer").get(0).path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("categories").get(0).path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("categories").get(0).path("slug").asText()).isEqualTo("musique");
    // visible in every language
    JsonNode nl = ok(server.anonymous().get(path));
    assertThat(nl.path("venue").path("venue").asText()).isEqualTo("Salle des fêtes");
    assertThat(nl.path("venue").path("language").asText()).isEqualTo("fr");
    assertThat(nl.path("organizer").get(0).path("organizer").asText()).isEqualTo("Comité");
    assertThat(nl.path("categories").get(0).path("name").asText()).isEqualTo("Musique");
  }

  // ---------------------------------------------------------------------------------------------
  // other forms

  @Test
  void formEncodedNestedInlineObjects() {
    String form = "title=Formulier&start_date=tomorrow%2020%3A00&end_date=tomorrow%2021%3A00"
        + "&venue[venue]=Formzaal&venue[city]=Gent&venue[show_map]=false"
        + "&organizer[0][organizer]=Form%20Org%20A&organizer[1][organizer]=Form%20Org%20B"
        + "&organizer[1][email]=b%40form.example";
    JsonNode e = created(ed.postForm(EVENTS, form));
    assertThat(e.path("venue").isObject()).as(e.path("venue").toString()).isTrue();
    assertThat(e.path("venue").path("venue").asText()).isEqualTo("Formzaal");
    assertThat(e.path("venue").path("city").asText()).isEqualTo("Gent");
    assertThat(e.path("venue").path("show_map").asBoolean()).isFalse();
    assertThat(e.path("organizer").size()).isEqualTo(2);
    assertThat(e.path("organizer").get(0).path("organizer").asText()).isEqualTo("Form Org A");
    assertThat(e.path("organizer").get(1).path("email").asText()).isEqualTo("b@form.example");
    long v = e.path("venue").path("id").asLong();
    long oa = e.path("organizer").get(0).path("id").asLong();
    // ids in form values
    JsonNode byIds = created(ed.postForm(EVENTS, "title=Formulier%202&start_date=tomorrow%2020%3A00"
        + "&end_date=tomorrow%2021%3A00&venue=" + v + "&organizer[]=" + oa));
    assertThat(byIds.path("venue").path("id").asLong()).isEqualTo(v);
    assertThat(organizerIds(byIds.path("organizer"))).containsExactly(oa);
    JsonNode cleared = ok(ed.send("PATCH", EVENTS + "/" + byIds.path("id").asLong(),
        "application/x-www-form-urlencoded", "venue=&organizer=0", Map.of()));
    assertThat(cleared.path("venue").toString()).isEqualTo("[]");
    assertThat(cleared.path("organizer").toString()).isEqualTo("[]");
  }

  @Test
  void contributorLinksExistingRecordsToOwnDraft() {
    long v = venue(obj("venue", "Publieke zaal"));
    long o = organizer(obj("organizer", "Publieke org"));
    JsonNode mine = post(co, ev("Co koppelt").put("venue", v).put("organizer", o));
    assertThat(mine.path("venue").path("id").asLong()).isEqualTo(v);
    assertThat(mine.path("venue").path("author").asText()).isEqualTo(edId);
    assertThat(organizerIds(mine.path("organizer"))).containsExactly(o);
    JsonNode updated = ok(co.patchJson(EVENTS + "/" + mine.path("id").asLong(), "{\"venue\":\"\"}"));
    assertThat(updated.path("venue").toString()).isEqualTo("[]");
    assertThat(organizerIds(updated.path("organizer"))).containsExactly(o);
    // a new inline venue on an update of the contributor's own draft is a draft of the contributor
    JsonNode inline = ok(co.patchJson(EVENTS + "/" + mine.path("id").asLong(), "{\"venue\":{\"venue\":\"Co Zolder\"}}"));
    assertThat(inline.path("venue").path("venue").asText()).isEqualTo("Co Zolder");
    assertThat(inline.path("venue").path("status").asText()).isEqualTo("draft");
    assertThat(inline.path("venue").path("author").asText()).isEqualTo(coId);
  }
}
