package org.agenda.api;

import static org.agenda.api.EventLinksApiTest.EVENTS;
import static org.agenda.api.EventLinksApiTest.arr;
import static org.agenda.api.EventLinksApiTest.created;
import static org.agenda.api.EventLinksApiTest.ev;
import static org.agenda.api.EventLinksApiTest.ok;
import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code venue}, {@code organizer} and geolocation filters of {@code GET /events} (§6.3) with their
 * navigation URLs (§5.11), §12 row 62; and embedded records without text in L when fallback is off (§3.3).
 * All events start tomorrow (2026-03-11).
 */
class EventLinksFiltersApiTest {
  static TestServer server;
  static TestServer.Caller ed, co;

  /** Utrecht (VG, row 62), Paris (VP), no coordinates (VN); a draft venue of co (VD). */
  static long vg, vp, vn, vd;
  static long oa, ob;
  /** G: VG + OA; P: VP + OB; N: VN + OA; M: VN then VG; Z: nothing; D: co's draft at VD. */
  static long g, p, n, m, z, d;

  static final double UTRECHT_LAT = 52.0907, UTRECHT_LNG = 5.1214, PARIS_LAT = 48.8566, PARIS_LNG = 2.3522;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin(); // editor rights; saves a slow password hash (§4.1: administrator = editor)
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    JsonNode gj = post(ed, event("G", "tomorrow 10:00", "tomorrow 11:00")
        .<ObjectNode>set("venue", fields("venue", "VG", "geo_lat", UTRECHT_LAT, "geo_lng", UTRECHT_LNG))
        .set("organizer", arr(fields("organizer", "OA"))));
    g = gj.path("id").asLong();
    vg = gj.path("venue").path("id").asLong();
    oa = gj.path("organizer").get(0).path("id").asLong();
    JsonNode pj = post(ed, event("P", "tomorrow 11:00", "tomorrow 12:00")
        .<ObjectNode>set("venue", fields("venue", "VP", "geo_lat", Double.toString(PARIS_LAT), "geo_lng",
            Double.toString(PARIS_LNG)))
        .set("organizer", arr(fields("organizer", "OB"))));
    p = pj.path("id").asLong();
    vp = pj.path("venue").path("id").asLong();
    ob = pj.path("organizer").get(0).path("id").asLong();
    JsonNode nj = post(ed, event("N", "tomorrow 12:00", "tomorrow 13:00")
        .<ObjectNode>set("venue", fields("venue", "VN", "city", "Gent")).put("organizer", oa));
    n = nj.path("id").asLong();
    vn = nj.path("venue").path("id").asLong();
    m = post(ed, event("M", "tomorrow 13:00", "tomorrow 14:00").put("venue", vn + "," + vg)).path("id").asLong();
    z = post(ed, event("Z", "tomorrow 14:00", "tomorrow 15:00")).path("id").asLong();
    JsonNode dj = post(co, event("D", "tomorrow 09:00", "tomorrow 10:00").set("venue", fields("venue", "VD")));
    d = dj.path("id").asLong();
    vd = dj.path("venue").path("id").asLong();
    assertThat(dj.path("venue").path("status").asText()).isEqualTo("draft");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode post(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(EVENTS, body.toString()));
  }

  static HttpResult list(String query) {
    return server.anonymous().get(EVENTS + query);
  }

  static String nav(String params) {
    return server.url(EVENTS + "/?per_page=12&start_date=2026-03-10%2000%3A00%3A00"
        + "&end_date=2028-03-10%2023%3A59%3A59&" + params + "&page=1");
  }

  static double haversine(double lat1, double lng1, double lat2, double lng2) {
    double dLat = Math.toRadians(lat2 - lat1);
    double dLng = Math.toRadians(lng2 - lng1);
    double a = Math.pow(Math.sin(dLat / 2), 2)
        + Math.cos(Math.toRadians(lat1)) * Math.cos(Math.toRadians(lat2)) * Math.pow(Math.sin(dLng / 2), 2);
    return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
  }

  // ---------------------------------------------------------------------------------------------
  // venue and organizer

  @Test
  void venueFilterListsEventsLinkedToAnyOfTheIds() {
    assertThat(ids(list("?venue=" + vg))).containsExactly(g, m);
    assertThat(ids(list("?venue=" + vp))).containsExactly(p);
    assertThat(ids(list("?venue=" + vn))).containsExactly(n, m);
    assertThat(ids(list("?venue=" + vp + "," + vg))).containsExactly(g, p, m);
    assertThat(ids(list("?venue[]=" + vp + "&venue[]=" + vn))).containsExactly(p, n, m);
    assertThat(ids(list("?venue=" + vp + "&venue=" + vg))).containsExactly(g, p, m);
    // a draft venue is a valid value; the draft event is only visible to those who can read it
    assertThat(ids(list("?venue=" + vd))).isEmpty();
    assertThat(ids(ed.get(EVENTS + "?venue=" + vd))).containsExactly(d);
    // rendered in navigation, in the order given, duplicates removed
    HttpResult two = list("?venue=" + vp + "," + vg + "," + vp);
    assertThat(two.json().path("rest_url").asText()).isEqualTo(nav("venue=" + vp + "%2C" + vg + "&status=publish"));
  }

  @Test
  void organizerFilterAndCombinations() {
    assertThat(ids(list("?organizer=" + oa))).containsExactly(g, n);
    assertThat(ids(list("?organizer=" + ob + "," + oa))).containsExactly(g, p, n);
    assertThat(ids(list("?organizer=" + oa + "&venue=" + vn))).containsExactly(n);
    assertThat(ids(list("?organizer=" + ob + "&venue=" + vn))).isEmpty();
    HttpResult both = list("?organizer=" + oa + "&venue=" + vg + "&featured=false");
    assertThat(ids(both)).containsExactly(g);
    assertThat(both.json().path("rest_url").asText())
        .isEqualTo(nav("venue=" + vg + "&organizer=" + oa + "&featured=false&status=publish"));
  }

  /** The answers asked before the deletions are kept, and a later write elsewhere leaves most kept pages valid. */
  @Test
  void aVenueOrCategoryDeletedAfterAListAskedForItIsUnknownToTheNextOne() {
    String ns = "/cal/events/v1";
    long venue = created(ed.postJson(ns + "/venues", "{\"venue\":\"Gone soon\"}")).path("id").asLong();
    long category = created(ed.postJson(ns + "/categories", "{\"name\":\"Gone soon\"}")).path("id").asLong();
    assertThat(ids(list("?venue=" + venue))).isEmpty();
    assertThat(ids(list("?categories=" + category))).isEmpty();

    ok(ed.delete(ns + "/venues/" + venue + "?force=true"));
    ok(ed.delete(ns + "/categories/" + category + "?force=true"));
    assertInvalid(list("?venue=" + venue), "venue", "rest_not_found");
    assertInvalid(list("?categories=" + category), "categories", "rest_not_found");
  }

  /**
   * A category filter takes the descendants the category has when it is asked: the answer asked before a category
   * was added or moved below it (and kept) is not given again once events are listed there.
   */
  @Test
  void aCategoryAddedOrMovedBelowAFilteredOneAfterTheListWasAskedIsFollowedByTheNextAnswer() {
    String categories = "/cal/events/v1/categories";
    long top = created(ed.postJson(categories, "{\"name\":\"Boven\"}")).path("id").asLong();
    long loose = created(ed.postJson(categories, "{\"name\":\"Los\"}")).path("id").asLong();
    long inLoose = post(ed, event("In los", "tomorrow 18:00", "tomorrow 19:00").put("categories", loose + ""))
        .path("id").asLong();
    assertThat(ids(list("?categories=" + top))).isEmpty();

    long child = created(ed.postJson(categories, "{\"name\":\"Onder\",\"parent\":" + top + "}")).path("id").asLong();
    long inChild = post(ed, event("In onder", "tomorrow 17:00", "tomorrow 18:00").put("categories", child + ""))
        .path("id").asLong();
    assertThat(ids(list("?categories=" + top))).containsExactly(inChild);

    ok(ed.patchJson(categories + "/" + loose, "{\"parent\":" + child + "}"));
    assertThat(ids(list("?categories=" + top))).containsExactly(inChild, inLoose);
    assertThat(ids(list("?categories=" + child))).containsExactly(inChild, inLoose);
    ok(ed.patchJson(categories + "/" + loose, "{\"parent\":0}"));
    assertThat(ids(list("?categories=" + top))).containsExactly(inChild);

    ok(ed.delete(EVENTS + "/" + inLoose + "?force=true"));
    ok(ed.delete(EVENTS + "/" + inChild + "?force=true"));
  }

  @Test
  void venueAndOrganizerFilterValuesMustBeExistingRecordsOfThatType() {
    assertInvalid(list("?venue=" + oa), "venue", "rest_not_found");
    assertInvalid(list("?venue=" + g), "venue", "rest_not_found");
    assertInvalid(list("?organizer=" + vg), "organizer", "rest_not_found");
    assertInvalid(list("?venue=" + vg + ",999999"), "venue", "rest_not_found");
    assertInvalid(list("?organizer=abc"), "organizer", "rest_invalid_type");
    assertInvalid(list("?venue="), "venue", "rest_empty_value");
  }

  @Test
  void linksChangedByAnUpdateChangeTheFilterResult() {
    long e = post(ed, event("Verhuisd", "tomorrow 16:00", "tomorrow 17:00").put("venue", vp)).path("id").asLong();
    assertThat(ids(list("?venue=" + vp))).containsExactly(p, e);
    ok(ed.patchJson(EVENTS + "/" + e, "{\"venue\":" + vn + "}"));
    assertThat(ids(list("?venue=" + vp))).containsExactly(p);
    assertThat(ids(list("?venue=" + vn))).containsExactly(n, m, e);
    ok(ed.patchJson(EVENTS + "/" + e, "{\"venue\":\"\"}"));
    assertThat(ids(list("?venue=" + vn))).containsExactly(n, m);
    assertThat(ids(list("?geoloc=false"))).contains(e);
    ok(ed.delete(EVENTS + "/" + e + "?force=true"));
  }

  // ---------------------------------------------------------------------------------------------
  // geolocation (§12 row 62)

  @Test
  void row62GeolocationFilters() {
    assertThat(ids(list("?geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=5"))).containsExactly(g, m);
    assertThat(ids(list("?geoloc_lat=48.85&geoloc_lng=2.35"))).containsExactly(p);
    assertInvalid(list("?geoloc_lat=52.09"), "geoloc_lat", "rest_missing_pair");
    assertThat(ids(list("?geoloc=true"))).containsExactly(g, p, m);
  }

  @Test
  void geolocTrueAndFalse() {
    assertThat(ids(list("?geoloc=true"))).containsExactly(g, p, m);
    assertThat(ids(list("?geoloc=false"))).containsExactly(n, z);
    assertThat(ids(list("?geoloc=1&organizer=" + oa))).containsExactly(g);
    assertThat(ids(ed.get(EVENTS + "?geoloc=false"))).containsExactly(d, n, z);
    assertThat(list("?geoloc=true").json().path("rest_url").asText()).isEqualTo(nav("status=publish&geoloc=true"));
    assertThat(list("?geoloc=no").json().path("rest_url").asText()).isEqualTo(nav("status=publish&geoloc=false"));
    assertInvalid(list("?geoloc=maybe"), "geoloc", "rest_invalid_type");
  }

  @Test
  void radiusIsAGreatCircleDistanceInKilometres() {
    double toParis = haversine(52.09, 5.12, PARIS_LAT, PARIS_LNG);
    assertThat(toParis).isBetween(400.0, 450.0);
    String centre = "?geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=";
    assertThat(ids(list(centre + String.format(java.util.Locale.ROOT, "%.3f", toParis + 0.05))))
        .containsExactly(g, p, m);
    assertThat(ids(list(centre + String.format(java.util.Locale.ROOT, "%.3f", toParis - 0.05))))
        .containsExactly(g, m);
    // default radius 10 km: Utrecht from Amersfoort (about 20 km) is out, from De Bilt (about 5 km) in
    assertThat(ids(list("?geoloc_lat=52.1561&geoloc_lng=5.3878"))).isEmpty();
    assertThat(ids(list("?geoloc_lat=52.1100&geoloc_lng=5.1800"))).containsExactly(g, m);
    // a centre on the venue with the smallest radius
    assertThat(ids(list("?geoloc_lat=52.0907&geoloc_lng=5.1214&geoloc_radius=0.001"))).containsExactly(g, m);
    // combined with other filters (AND)
    assertThat(ids(list(centre + "1000&venue=" + vp))).containsExactly(p);
    assertThat(ids(list(centre + "1000&geoloc=false"))).isEmpty();
  }

  /** The venues' places are kept between writes: the next list sees a venue moved, trashed or restored. */
  @Test
  void radiusFollowsTheVenuesWrittenSince() {
    String amsterdam = "?geoloc_lat=52.37&geoloc_lng=4.90&geoloc_radius=5";
    String rotterdam = "?geoloc_lat=51.92&geoloc_lng=4.48&geoloc_radius=5";
    JsonNode xj = post(ed, event("X", "tomorrow 15:00", "tomorrow 16:00")
        .set("venue", fields("venue", "VX", "geo_lat", 52.37, "geo_lng", 4.90)));
    long x = xj.path("id").asLong();
    String venue = "/cal/events/v1/venues/" + xj.path("venue").path("id").asLong();
    assertThat(ids(list(amsterdam))).containsExactly(x);
    assertThat(ids(list(rotterdam))).isEmpty();
    ok(ed.patchJson(venue, "{\"geo_lat\":51.92,\"geo_lng\":4.48}"));
    assertThat(ids(list(amsterdam))).isEmpty();
    assertThat(ids(list(rotterdam))).containsExactly(x);
    ok(ed.delete(venue));
    assertThat(ids(list(rotterdam))).isEmpty();
    ok(ed.patchJson(venue, "{\"status\":\"publish\"}"));
    assertThat(ids(list(rotterdam))).containsExactly(x);
    ok(ed.delete(EVENTS + "/" + x + "?force=true"));
    ok(ed.delete(venue + "?force=true"));
  }

  @Test
  void geolocationParametersAreValidatedAndRendered() {
    assertInvalid(list("?geoloc_lng=5.12"), "geoloc_lng", "rest_missing_pair");
    assertInvalid(list("?geoloc_lat=91&geoloc_lng=5"), "geoloc_lat", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=-90.5&geoloc_lng=5"), "geoloc_lat", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=52&geoloc_lng=180.5"), "geoloc_lng", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=52&geoloc_lng=5&geoloc_radius=0"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=52&geoloc_lng=5&geoloc_radius=-1"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=52&geoloc_lng=5&geoloc_radius=20000.5"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(list("?geoloc_lat=noord&geoloc_lng=5"), "geoloc_lat", "rest_invalid_type");
    // the radius is validated even when it is ignored
    assertInvalid(list("?geoloc_radius=0"), "geoloc_radius", "rest_out_of_range");
    assertThat(list("?geoloc_lat=-90&geoloc_lng=180&geoloc_radius=20000").status()).isEqualTo(200);
    // without lat/lng the radius is ignored and not rendered
    HttpResult ignored = list("?geoloc_radius=3");
    assertThat(ids(ignored)).containsExactly(g, p, n, m, z);
    assertThat(ignored.json().path("rest_url").asText()).isEqualTo(nav("status=publish"));
    // rendered: plain decimals, no trailing .0, radius always with lat/lng (default 10)
    assertThat(list("?geoloc_lat=52.09&geoloc_lng=5.12").json().path("rest_url").asText())
        .isEqualTo(nav("status=publish&geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=10"));
    assertThat(list("?geoloc_lat=52.0900&geoloc_lng=005.120&geoloc_radius=2.50").json().path("rest_url").asText())
        .isEqualTo(nav("status=publish&geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=2.5"));
    assertThat(list("?geoloc_radius=5.0&geoloc_lng=-0.5&geoloc_lat=48&geoloc=true").json().path("rest_url").asText())
        .isEqualTo(nav("status=publish&geoloc=true&geoloc_lat=48&geoloc_lng=-0.5&geoloc_radius=5"));
  }

  // ---------------------------------------------------------------------------------------------
  // §3.3 step 3: with fallback off, embedded records without text in L are left out

  @Test
  void withoutFallbackEmbeddedRecordsWithoutTextInLAreLeftOut() {
    try (TestServer strict = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"))) {
      var admin = strict.asAdmin();
      ObjectNode body = ev("Strikt");
      body.set("venue", arr(fields("venue", "Alleen NL"), fields("venue", "Tweede NL")));
      body.set("organizer", arr(fields("organizer", "Org NL")));
      body.set("categories", arr("Categorie NL"));
      body.set("tags", arr("Tag NL"));
      HttpResult response = admin.postJson(EVENTS, body.toString());
      JsonNode e = created(response);
      String path = EVENTS + "/" + e.path("id").asLong();
      // add French text to the event only, plus one French venue and category
      ObjectNode fr = fields("title", "Strict");
      fr.set("venue", arr(e.path("venue").get(0).path("id").asLong(), fields("venue", "Salle FR")));
      fr.set("categories", arr(e.path("categories").get(0).path("id").asLong(), "Catégorie FR"));
      HttpResult update = admin.patchJson("/fr" + path, fr.toString());
      assertThat(update.status()).as(update.toString()).isEqualTo(200);

      JsonNode read = ok(strict.anonymous().get("/fr" + path));
      assertThat(read.path("language").asText()).isEqualTo("fr");
      assertThat(read.path("venue").isObject()).as(read.path("venue").toString()).isTrue();
      assertThat(read.path("venue").path("venue").asText()).isEqualTo("Salle FR");
      assertThat(read.path("organizer").toString()).isEqualTo("[]");
      assertThat(read.path("categories").size()).isEqualTo(1);
      assertThat(read.path("categories").get(0).path("name").asText()).isEqualTo("Catégorie FR");
      assertThat(read.path("tags").toString()).isEqualTo("[]");
      assertThat(read.path("json_ld").path("location").path("name").asText()).isEqualTo("Salle FR");
      assertThat(read.path("json_ld").has("organizer")).isFalse();
      JsonNode item = ok(strict.anonymous().get("/fr" + EVENTS + "?include=" + e.path("id").asLong()))
          .path("events").get(0);
      assertThat(item.path("venue").path("venue").asText()).isEqualTo("Salle FR");
      assertThat(item.path("organizer").toString()).isEqualTo("[]");
      // in nl both nl venues are there (the fr one is left out)
      JsonNode nl = ok(strict.anonymous().get(path));
      assertThat(nl.path("venue").isObject()).as(nl.path("venue").toString()).isTrue();
      assertThat(nl.path("venue").path("venue").asText()).isEqualTo("Alleen NL");
      assertThat(nl.path("categories").size()).isEqualTo(1);
      assertThat(nl.path("organizer").size()).isEqualTo(1);
    }
  }
}
