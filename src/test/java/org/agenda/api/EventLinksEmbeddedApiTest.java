package org.agenda.api;

import static org.agenda.api.EventLinksApiTest.EVENTS;
import static org.agenda.api.EventLinksApiTest.NS;
import static org.agenda.api.EventLinksApiTest.arr;
import static org.agenda.api.EventLinksApiTest.created;
import static org.agenda.api.EventLinksApiTest.ev;
import static org.agenda.api.EventLinksApiTest.ok;
import static org.agenda.api.EventLinksVenuesApiTest.obj;
import static org.agenda.api.ApiChecks.keys;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Venues and organizers embedded in events: the full representation and key order (§5.2 example, §5.6,
 * §5.7), {@code json_ld} only on single reads (§5.10), {@code stateprovince} (§5.6), conversion and
 * sanitising of inline values (§5.1, §6.8, §6.10), and reuse by name per request language (§3.4, §6.4).
 * Only the administrator writes here (editor rights), so no extra users are needed.
 */
class EventLinksEmbeddedApiTest {
  static TestServer server;
  static TestServer.Caller ed;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode post(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(EVENTS, body.toString()));
  }

  static long organizer(ObjectNode inline) {
    JsonNode e = post(ed, ev("Drager " + inline.path("organizer").asText()).set("organizer", arr(inline)));
    assertThat(e.path("organizer").size()).as(e.toString()).isEqualTo(1);
    return e.path("organizer").get(0).path("id").asLong();
  }

  static ObjectNode groteZaal() {
    return obj("venue", "Grote Zaal", "description", "<p>Concertzaal met 800 plaatsen.</p>",
        "address", "Kerkstraat 1", "city", "Utrecht", "country", "Nederland", "zip", "3511 AB",
        "phone", "+31 30 000 0000", "website", "https://grotezaal.example", "geo_lat", 52.0907, "geo_lng", 5.1214,
        "image", "https://cdn.example.org/zaal.webp");
  }

  static ObjectNode stichtingMuziek() {
    return obj("organizer", "Stichting Muziek", "email", "info@muziek.example", "phone", "+31 30 111 1111",
        "website", "https://muziek.example");
  }

  @Test
  void sameNamedInlineObjectsInOnePayloadMakeOneRecord() {
    ObjectNode body = ev("Dubbel inline");
    body.set("venue", arr(obj("venue", "Dubbelzaal", "city", "A"), obj("venue", "dubbelzaal", "city", "B")));
    body.set("organizer", arr(obj("organizer", "Dubbel Org"), obj("organizer", "DUBBEL ORG")));
    JsonNode e = post(ed, body);
    assertThat(e.path("venue").isObject()).as(e.path("venue").toString()).isTrue();
    assertThat(e.path("venue").path("city").asText()).isEqualTo("A");
    assertThat(e.path("organizer").size()).isEqualTo(1);
  }

  @Test
  void inlineValuesAreConvertedAndSanitisedLikeCreates() {
    ObjectNode body = ev("Omzetten");
    body.set("venue", obj("venue", "  <b>Omzet</b>zaal  ", "show_map", "false", "show_map_link", "0",
        "geo_lat", "52.5", "geo_lng", "-0.25", "address", " Lange\n  straat   5 ", "phone", " 0123 \t 456 ",
        "description", "<p onclick=\"x()\">Mooi <script>bad()</script>plein</p>", "website", " https://zaal.example "));
    body.set("organizer", arr(obj("organizer", "Omzet Org", "email", "  org@omzet.example ",
        "image", "https://cdn.example.org/logo.PNG")));
    JsonNode e = post(ed, body);
    JsonNode v = e.path("venue");
    assertThat(v.path("venue").asText()).isEqualTo("Omzetzaal");
    assertThat(v.path("slug").asText()).isEqualTo("omzetzaal");
    assertThat(v.path("show_map").asBoolean()).isFalse();
    assertThat(v.path("show_map").isBoolean()).isTrue();
    assertThat(v.path("show_map_link").asBoolean()).isFalse();
    assertThat(v.path("geo_lat").isNumber()).isTrue();
    assertThat(v.path("geo_lat").asDouble()).isEqualTo(52.5);
    assertThat(v.path("geo_lng").asDouble()).isEqualTo(-0.25);
    assertThat(v.path("address").asText()).isEqualTo("Lange straat 5");
    assertThat(v.path("phone").asText()).isEqualTo("0123 456");
    assertThat(v.path("description").asText()).isEqualTo("<p>Mooi plein</p>");
    assertThat(v.path("website").asText()).isEqualTo("https://zaal.example");
    JsonNode o = e.path("organizer").get(0);
    assertThat(o.path("email").asText()).isEqualTo("org@omzet.example");
    assertThat(o.path("image").toString())
        .isEqualTo("{\"url\":\"https://cdn.example.org/logo.PNG\",\"extension\":\"png\"}");
    assertThat(keys(o)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "organizer", "slug", "image", "email", "global_id", "global_id_lineage", "language",
        "translations");
  }

  @Test
  void reuseByNameIsPerRequestLanguage() {
    JsonNode nl = post(ed, ev("Taal nl").set("venue", obj("venue", "Taalzaal")));
    long vnl = nl.path("venue").path("id").asLong();
    JsonNode en = created(ed.postJson("/en" + EVENTS, ev("Taal en").set("venue", obj("venue", "taalzaal"))
        .toString()));
    JsonNode ven = en.path("venue");
    long ven1 = ven.path("id").asLong();
    assertThat(ven1).as("no en name yet: a new venue").isNotEqualTo(vnl);
    assertThat(ven.path("language").asText()).isEqualTo("en");
    assertThat(ven.path("venue").asText()).isEqualTo("taalzaal");
    assertThat(ven.path("slug").asText()).as("own slug space per language").isEqualTo("taalzaal");
    assertThat(ven.path("url").asText()).isEqualTo(server.url("/en/venue/taalzaal/"));
    assertThat(ven.path("rest_url").asText()).isEqualTo(server.url("/en" + NS + "/venues/" + ven1));
    assertThat(ven.path("translations").toString()).isEqualTo("{\"en\":{\"slug\":\"taalzaal\",\"rest_url\":\""
        + server.url("/en" + NS + "/venues/" + ven1) + "\"}}");
    // each language finds its own
    assertThat(created(ed.postJson(EVENTS + "?translation_language=en", ev("Taal en 2")
        .set("venue", obj("venue", "TAALZAAL")).toString())).path("venue").path("id").asLong()).isEqualTo(ven1);
    assertThat(post(ed, ev("Taal nl 2").set("venue", obj("venue", "TaalZaal"))).path("venue").path("id").asLong())
        .isEqualTo(vnl);
    // read in nl: the en-only venue falls back to en (§3.3)
    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + en.path("id").asLong()));
    assertThat(read.path("language").asText()).isEqualTo("en");
    assertThat(read.path("venue").path("language").asText()).isEqualTo("en");
    assertThat(read.path("venue").path("rest_url").asText()).isEqualTo(server.url(NS + "/venues/" + ven1));
    // organizers alike
    long onl = organizer(obj("organizer", "Taal Org"));
    JsonNode fr = created(ed.postJson("/fr" + EVENTS, ev("Taal fr").set("organizer", arr(obj("organizer",
        "taal org"))).toString()));
    assertThat(fr.path("organizer").get(0).path("id").asLong()).isNotEqualTo(onl);
    assertThat(fr.path("organizer").get(0).path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("organizer").get(0).path("url").asText()).isEqualTo(server.url("/fr/organizer/taal-org/"));
  }

  @Test
  void fullVenueAndOrganizerWithJsonLdOnSingleReadOnly() {
    ObjectNode body = ev("Zomerconcert");
    body.set("venue", groteZaal());
    body.set("organizer", arr(stichtingMuziek()));
    JsonNode e = post(ed, body);
    long id = e.path("id").asLong();
    JsonNode v = e.path("venue");
    long vid = v.path("id").asLong();
    List<String> venueKeys = List.of("id", "author", "status", "date", "date_utc", "modified", "modified_utc", "url",
        "rest_url", "venue", "description", "slug", "image", "address", "city", "country", "zip", "phone", "website",
        "geo_lat", "geo_lng", "show_map", "show_map_link", "global_id", "global_id_lineage", "language",
        "translations");
    assertThat(keys(v)).containsExactlyElementsOf(venueKeys);
    assertThat(v.path("geo_lat").isNumber()).isTrue();
    assertThat(v.path("geo_lat").decimalValue()).isEqualByComparingTo("52.0907");
    assertThat(v.path("geo_lng").decimalValue()).isEqualByComparingTo("5.1214");
    assertThat(v.path("image").toString())
        .isEqualTo("{\"url\":\"https://cdn.example.org/zaal.webp\",\"extension\":\"webp\"}");
    assertThat(v.path("description").asText()).isEqualTo("<p>Concertzaal met 800 plaatsen.</p>");
    JsonNode o = e.path("organizer").get(0);
    long oid = o.path("id").asLong();
    List<String> organizerKeys = List.of("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "organizer", "slug", "phone", "website", "email", "global_id", "global_id_lineage",
        "language", "translations");
    assertThat(keys(o)).containsExactlyElementsOf(organizerKeys);
    assertThat(o.path("phone").asText()).isEqualTo("+31 30 111 1111");

    String venueUrl = server.url("/nl/venue/grote-zaal/");
    String organizerUrl = server.url("/nl/organizer/stichting-muziek/");
    String place = "\"@type\":\"Place\",\"name\":\"Grote Zaal\",\"description\":\"Concertzaal met 800 plaatsen.\","
        + "\"url\":\"" + venueUrl + "\",\"address\":{\"@type\":\"PostalAddress\",\"streetAddress\":\"Kerkstraat 1\","
        + "\"addressLocality\":\"Utrecht\",\"postalCode\":\"3511 AB\",\"addressCountry\":\"Nederland\"},"
        + "\"geo\":{\"@type\":\"GeoCoordinates\",\"latitude\":52.0907,\"longitude\":5.1214},"
        + "\"telephone\":\"+31 30 000 0000\",\"sameAs\":\"https://grotezaal.example\"}";
    String person = "\"@type\":\"Person\",\"name\":\"Stichting Muziek\",\"description\":\"\",\"url\":\""
        + organizerUrl + "\",\"telephone\":\"+31 30 111 1111\",\"email\":\"info@muziek.example\","
        + "\"sameAs\":\"https://muziek.example\"}";

    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + id));
    JsonNode rv = read.path("venue");
    List<String> withLd = new ArrayList<>(venueKeys);
    withLd.add(withLd.indexOf("show_map"), "json_ld");
    assertThat(keys(rv)).containsExactlyElementsOf(withLd);
    assertThat(rv.path("json_ld").toString()).isEqualTo("{\"@context\":\"http://schema.org\"," + place);
    assertThat(keys(rv.path("json_ld"))).containsExactly("@context", "@type", "name", "description", "url",
        "address", "geo", "telephone", "sameAs");
    assertThat(keys(rv.path("json_ld").path("address"))).containsExactly("@type", "streetAddress",
        "addressLocality", "postalCode", "addressCountry");
    JsonNode ro = read.path("organizer").get(0);
    List<String> orgWithLd = new ArrayList<>(organizerKeys);
    orgWithLd.add(orgWithLd.indexOf("global_id"), "json_ld");
    assertThat(keys(ro)).containsExactlyElementsOf(orgWithLd);
    assertThat(ro.path("json_ld").toString()).isEqualTo("{\"@context\":\"http://schema.org\"," + person);
    assertThat(keys(ro.path("json_ld"))).containsExactly("@context", "@type", "name", "description", "url",
        "telephone", "email", "sameAs");

    JsonNode ld = read.path("json_ld");
    assertThat(keys(ld)).containsExactly("@context", "@type", "name", "description", "url", "eventAttendanceMode",
        "eventStatus", "startDate", "endDate", "location", "organizer", "performer");
    assertThat(ld.path("location").toString()).isEqualTo("{" + place);
    assertThat(ld.path("location").has("@context")).isFalse();
    assertThat(ld.path("organizer").toString()).isEqualTo("{" + person);
    assertThat(ld.path("organizer").has("@context")).isFalse();
    // embedded values are the same as in the write response, apart from json_ld
    ObjectNode stripped = ((ObjectNode) rv.deepCopy());
    stripped.remove("json_ld");
    assertThat(stripped).isEqualTo(v);
    assertThat(rv.path("rest_url").asText()).isEqualTo(server.url(NS + "/venues/" + vid));
    assertThat(ro.path("rest_url").asText()).isEqualTo(server.url(NS + "/organizers/" + oid));

    // by slug the same; in lists and write responses no json_ld anywhere
    JsonNode bySlug = ok(server.anonymous().get(EVENTS + "/by-slug/zomerconcert"));
    assertThat(bySlug.path("venue").path("json_ld")).isEqualTo(rv.path("json_ld"));
    JsonNode item = ok(server.anonymous().get(EVENTS + "?include=" + id)).path("events").get(0);
    assertThat(item.path("venue")).isEqualTo(v);
    assertThat(item.path("organizer").get(0)).isEqualTo(o);
    JsonNode patched = ok(ed.patchJson(EVENTS + "/" + id, "{\"featured\":true}"));
    assertThat(patched.path("venue").has("json_ld")).isFalse();
    assertThat(patched.path("organizer").get(0).has("json_ld")).isFalse();
    assertThat(patched.has("json_ld")).isFalse();
  }

  @Test
  void jsonLdUsesTheFirstVenueAndOrganizerAndOmitsEmptyMembers() {
    ObjectNode body = ev("Twee plekken");
    body.set("venue", arr(obj("venue", "Kale Zaal"), obj("venue", "Tweede Plek", "city", "Gent")));
    body.set("organizer", arr(obj("organizer", "Kale Org"), obj("organizer", "Tweede Org", "email", "t@t.example")));
    long id = post(ed, body).path("id").asLong();
    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + id));
    assertThat(read.path("venue").isArray()).isTrue();
    assertThat(read.path("venue").size()).isEqualTo(2);
    JsonNode kale = read.path("venue").get(0);
    assertThat(keys(kale)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "venue", "slug", "json_ld", "show_map", "show_map_link", "global_id", "global_id_lineage",
        "language", "translations");
    String kaleUrl = server.url("/nl/venue/kale-zaal/");
    assertThat(kale.path("json_ld").toString()).isEqualTo("{\"@context\":\"http://schema.org\",\"@type\":\"Place\","
        + "\"name\":\"Kale Zaal\",\"description\":\"\",\"url\":\"" + kaleUrl + "\"}");
    assertThat(read.path("venue").get(1).path("json_ld").path("address").toString())
        .isEqualTo("{\"@type\":\"PostalAddress\",\"addressLocality\":\"Gent\"}");
    assertThat(read.path("organizer").get(1).path("json_ld").path("@context").asText()).isEqualTo("http://schema.org");
    JsonNode ld = read.path("json_ld");
    assertThat(ld.path("location").toString()).isEqualTo("{\"@type\":\"Place\",\"name\":\"Kale Zaal\","
        + "\"description\":\"\",\"url\":\"" + kaleUrl + "\"}");
    assertThat(ld.path("organizer").toString()).isEqualTo("{\"@type\":\"Person\",\"name\":\"Kale Org\","
        + "\"description\":\"\",\"url\":\"" + server.url("/nl/organizer/kale-org/") + "\"}");
    // without links: no location, no organizer member
    JsonNode bare = ok(server.anonymous().get(EVENTS + "/" + post(ed, ev("Zonder plek")).path("id").asLong()));
    assertThat(bare.path("json_ld").has("location")).isFalse();
    assertThat(bare.path("json_ld").has("organizer")).isFalse();
    assertThat(bare.path("venue").toString()).isEqualTo("[]");
    assertThat(bare.path("organizer").toString()).isEqualTo("[]");
  }

  @Test
  void stateprovinceIsStoredOrDerivedAndUsedAsAddressRegion() {
    ObjectNode body = ev("Provincies");
    body.set("venue", arr(
        obj("venue", "SP Nederland", "country", "Nederland", "province", "Utrecht", "state", "X"),
        obj("venue", "SP USA", "country", "USA", "state", "NY", "province", "P"),
        obj("venue", "SP leeg land", "state", "CA", "province", "P"),
        obj("venue", "SP United States", "country", "united states", "state", "TX", "province", "P"),
        obj("venue", "SP US", "country", "us", "state", "WA"),
        obj("venue", "SP eigen", "country", "Nederland", "province", "P", "stateprovince", "Eigen"),
        obj("venue", "SP België", "country", "België", "state", "S")));
    JsonNode e = post(ed, body);
    JsonNode venues = e.path("venue");
    assertThat(venues.size()).isEqualTo(7);
    String[] expected = {"Utrecht", "NY", "CA", "TX", "WA", "Eigen", null};
    for (int i = 0; i < expected.length; i++) {
      JsonNode v = venues.get(i);
      if (expected[i] == null) {
        assertThat(v.has("stateprovince")).as(v.path("venue").asText()).isFalse();
      } else {
        assertThat(v.path("stateprovince").asText()).as(v.path("venue").asText()).isEqualTo(expected[i]);
      }
    }
    assertThat(keys(venues.get(0))).containsSubsequence("country", "province", "state", "stateprovince",
        "show_map");
    assertThat(keys(venues.get(0)).indexOf("stateprovince")).isEqualTo(keys(venues.get(0)).indexOf("state") + 1);
    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + e.path("id").asLong()));
    for (int i = 0; i < expected.length; i++) {
      JsonNode address = read.path("venue").get(i).path("json_ld").path("address");
      if (expected[i] == null) {
        assertThat(address.has("addressRegion")).isFalse();
      } else {
        assertThat(address.path("addressRegion").asText()).isEqualTo(expected[i]);
      }
    }
    assertThat(keys(read.path("venue").get(0).path("json_ld").path("address"))).containsExactly("@type",
        "addressRegion", "addressCountry");
  }

  @Test
  void inlineSlugsAreNormalisedAndMadeUnique() {
    JsonNode a = post(ed, ev("Slug A").set("venue", obj("venue", "Slugzaal A", "slug", "Gedeelde Zaal!")));
    assertThat(a.path("venue").path("slug").asText()).isEqualTo("gedeelde-zaal");
    JsonNode b = post(ed, ev("Slug B").set("venue", obj("venue", "Slugzaal B", "slug", "gedeelde-zaal")));
    assertThat(b.path("venue").path("slug").asText()).as("explicit slugs get suffixes too (§3.5)")
        .isEqualTo("gedeelde-zaal-2");
    assertThat(b.path("venue").path("url").asText()).isEqualTo(server.url("/nl/venue/gedeelde-zaal-2/"));
    // different names, same derived slug
    JsonNode c = post(ed, ev("Slug C").set("venue", obj("venue", "Café Noord")));
    JsonNode d = post(ed, ev("Slug D").set("venue", obj("venue", "Cafe Noord!")));
    assertThat(c.path("venue").path("slug").asText()).isEqualTo("cafe-noord");
    assertThat(d.path("venue").path("id").asLong()).isNotEqualTo(c.path("venue").path("id").asLong());
    assertThat(d.path("venue").path("slug").asText()).isEqualTo("cafe-noord-2");
    // venues and organizers have separate slug spaces
    JsonNode o = post(ed, ev("Slug O").set("organizer", arr(obj("organizer", "Café Noord"))));
    assertThat(o.path("organizer").get(0).path("slug").asText()).isEqualTo("cafe-noord");
    // the name is sanitised before it is compared: an existing venue is found
    JsonNode again = post(ed, ev("Slug E").set("venue", obj("venue", "  <b>Café</b> Noord ")));
    assertThat(again.path("venue").path("id").asLong()).isEqualTo(c.path("venue").path("id").asLong());
    // case-insensitive beyond ASCII (§0), on both databases
    JsonNode upper = post(ed, ev("Slug F").set("venue", obj("venue", "CAFÉ NOORD")));
    assertThat(upper.path("venue").path("id").asLong()).isEqualTo(c.path("venue").path("id").asLong());
    JsonNode orgUpper = post(ed, ev("Slug G").set("organizer", arr(obj("organizer", "café NOORD"))));
    assertThat(orgUpper.path("organizer").get(0).path("id").asLong())
        .isEqualTo(o.path("organizer").get(0).path("id").asLong());
  }

  @Test
  void emptyCoordinatesMeanNoCoordinatesAndTheLanguageSegmentReachesEmbeddedUrls() {
    JsonNode e = post(ed, ev("Geen coördinaten").set("venue", obj("venue", "Zonder geo", "geo_lat", "",
        "geo_lng", "", "description", "<p>Kort &amp; <b>goed</b></p>")));
    JsonNode v = e.path("venue");
    assertThat(v.has("geo_lat")).isFalse();
    assertThat(v.has("geo_lng")).isFalse();
    long id = e.path("id").asLong();
    long vid = v.path("id").asLong();
    JsonNode fr = ok(server.anonymous().get("/fr" + EVENTS + "/" + id));
    assertThat(fr.path("venue").path("rest_url").asText()).isEqualTo(server.url("/fr" + NS + "/venues/" + vid));
    assertThat(fr.path("venue").path("url").asText()).isEqualTo(server.url("/nl/venue/zonder-geo/"));
    assertThat(fr.path("venue").path("language").asText()).isEqualTo("nl");
    assertThat(fr.path("venue").path("json_ld").path("description").asText()).isEqualTo("Kort & goed");
    assertThat(fr.path("venue").path("json_ld").has("geo")).isFalse();
    assertThat(fr.path("json_ld").path("location").path("description").asText()).isEqualTo("Kort & goed");
  }
}
