package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.VenueApiTest.NOW;
import static org.agenda.api.VenueApiTest.NOW_UTC;
import static org.agenda.api.VenueApiTest.ORGANIZERS;
import static org.agenda.api.VenueApiTest.VENUES;
import static org.agenda.api.VenueApiTest.assertError;
import static org.agenda.api.VenueApiTest.assertForbidden;
import static org.agenda.api.VenueApiTest.assertMissing;
import static org.agenda.api.VenueApiTest.assertNotFound;
import static org.agenda.api.VenueApiTest.assertNotLoggedIn;
import static org.agenda.api.VenueApiTest.created;
import static org.agenda.api.VenueApiTest.eventId;
import static org.agenda.api.VenueApiTest.obj;
import static org.agenda.api.VenueApiTest.ok;
import static org.agenda.api.VenueApiTest.vid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * The organizer routes R8–R10 for single records (§6.10 with §6.8/§6.9): create, read by id and slug, the
 * representation and {@code json_ld} Person (§5.7, §5.10), validation (incl. {@code email}), updates,
 * translations, slugs, statuses and rights; §12 row 74 (organizer parts). Trash: {@link VenueTrashApiTest};
 * lists: {@link OrganizerListApiTest}.
 */
class OrganizerApiTest {
  static final List<String> ORGANIZER_KEYS = List.of("id", "author", "status", "date", "date_utc", "modified",
      "modified_utc", "url", "rest_url", "organizer", "description", "slug", "image", "phone", "website", "email",
      "global_id", "global_id_lineage", "language", "translations");

  static TestServer server;
  static TestServer.Caller ed, au, co, co2, su, anon;
  static String edId, auId, coId;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
    au = server.as("au", server.addUser("au", Role.AUTHOR));
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

  static JsonNode organizer(TestServer.Caller caller, ObjectNode body) {
    return created(caller.postJson(ORGANIZERS, body.toString()));
  }

  static long oid(TestServer.Caller caller, ObjectNode body) {
    return id(organizer(caller, body));
  }

  static String path(long id) {
    return ORGANIZERS + "/" + id;
  }

  // ---------------------------------------------------------------------------------------------
  // the representation

  @Test
  void theExampleOfSection57() {
    HttpResult response = ed.postJson(ORGANIZERS, "{\"organizer\":\"Stichting Muziek\",\"email\":\"info@muziek.example\","
        + "\"phone\":\"+31 30 111 1111\",\"website\":\"https://muziek.example\"}");
    JsonNode o = created(response);
    long id = id(o);
    assertThat(response.header("Location")).isEqualTo(server.url(path(id)));
    assertThat(response.header("Content-Language")).isEqualTo("nl");
    assertThat(keys(o)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc", "url",
        "rest_url", "organizer", "slug", "phone", "website", "email", "global_id", "global_id_lineage", "language",
        "translations");
    assertThat(o.path("author").isTextual()).isTrue();
    assertThat(o.path("author").asText()).isEqualTo(edId);
    assertThat(o.path("status").asText()).isEqualTo("publish");
    assertThat(o.path("date").asText()).isEqualTo(NOW);
    assertThat(o.path("date_utc").asText()).isEqualTo(NOW_UTC);
    assertThat(o.path("modified").asText()).isEqualTo(NOW);
    assertThat(o.path("modified_utc").asText()).isEqualTo(NOW_UTC);
    assertThat(o.path("url").asText()).isEqualTo(server.url("/nl/organizer/stichting-muziek/"));
    assertThat(o.path("rest_url").asText()).isEqualTo(server.url(path(id)));
    assertThat(o.path("organizer").asText()).isEqualTo("Stichting Muziek");
    assertThat(o.path("slug").asText()).isEqualTo("stichting-muziek");
    assertThat(o.path("phone").asText()).isEqualTo("+31 30 111 1111");
    assertThat(o.path("website").asText()).isEqualTo("https://muziek.example");
    assertThat(o.path("email").asText()).isEqualTo("info@muziek.example");
    assertThat(o.path("global_id").asText()).isEqualTo("localhost?id=" + id);
    assertThat(o.path("global_id_lineage").toString()).isEqualTo("[\"localhost?id=" + id + "\"]");
    assertThat(o.path("language").asText()).isEqualTo("nl");
    assertThat(o.path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"stichting-muziek\",\"rest_url\":\""
        + server.url("/nl" + path(id)) + "\"}}");
    assertThat(o.has("json_ld")).isFalse();
  }

  @Test
  void fullOrganizerAndItsJsonLdPerson() {
    JsonNode o = organizer(ed, obj("organizer", "Muziekhuis", "description",
        "<p>Muziek &amp; <b>cultuur</b></p>\n<p>sinds 1990</p>", "image", "https://cdn.example.org/logo.PNG",
        "phone", "+32 9 123", "website", "https://muziekhuis.example", "email", "  post@muziekhuis.example "));
    long id = id(o);
    assertThat(keys(o)).containsExactlyElementsOf(ORGANIZER_KEYS);
    assertThat(o.path("image").toString()).isEqualTo("{\"url\":\"https://cdn.example.org/logo.PNG\",\"extension\":\"png\"}");
    assertThat(o.path("email").asText()).as("trimmed").isEqualTo("post@muziekhuis.example");
    assertThat(o.path("description").asText()).isEqualTo("<p>Muziek &amp; <b>cultuur</b></p>\n<p>sinds 1990</p>");
    String page = server.url("/nl/organizer/muziekhuis/");
    String person = "{\"@context\":\"http://schema.org\",\"@type\":\"Person\",\"name\":\"Muziekhuis\","
        + "\"description\":\"Muziek & cultuur sinds 1990\",\"url\":\"" + page + "\",\"telephone\":\"+32 9 123\","
        + "\"email\":\"post@muziekhuis.example\",\"sameAs\":\"https://muziekhuis.example\"}";
    List<String> withLd = new ArrayList<>(ORGANIZER_KEYS);
    withLd.add(withLd.indexOf("global_id"), "json_ld");
    for (String read : List.of(path(id), ORGANIZERS + "/by-slug/muziekhuis")) {
      HttpResult response = anon.get(read);
      JsonNode r = ok(response);
      assertThat(keys(r)).as(read).containsExactlyElementsOf(withLd);
      assertThat(r.path("json_ld").toString()).as(read).isEqualTo(person);
      ObjectNode stripped = r.deepCopy();
      stripped.remove("json_ld");
      assertThat(stripped).isEqualTo(o);
      assertThat(response.header("Allow")).isEqualTo("GET");
    }
    assertThat(ed.get(path(id)).header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    // minimal organizer: empty members omitted, description "" kept
    long bare = oid(ed, obj("organizer", "Kale organisatie"));
    assertThat(ok(anon.get(path(bare))).path("json_ld").toString()).isEqualTo("{\"@context\":\"http://schema.org\","
        + "\"@type\":\"Person\",\"name\":\"Kale organisatie\",\"description\":\"\",\"url\":\""
        + server.url("/nl/organizer/kale-organisatie/") + "\"}");
  }

  // ---------------------------------------------------------------------------------------------
  // validation

  @Test
  void createValidatesEveryFieldIncludingEmail() {
    record Case(ObjectNode extra, String param, String detail) {}
    String longMail = "m".repeat(245) + "@x.example"; // 255 characters
    List<Case> cases = List.of(
        new Case(obj("email", "not-an-email"), "email", "rest_invalid_email"),
        new Case(obj("email", "a@b"), "email", "rest_invalid_email"),
        new Case(obj("email", "a b@c.example"), "email", "rest_invalid_email"),
        new Case(obj("email", "a@b@c.example"), "email", "rest_invalid_email"),
        new Case(obj("email", "@c.example"), "email", "rest_invalid_email"),
        new Case(obj("email", longMail), "email", "rest_too_long"),
        new Case(obj("organizer", "x".repeat(501)), "organizer", "rest_too_long"),
        new Case(obj("organizer", "<i></i>"), "organizer", "rest_empty_value"),
        new Case(obj("organizer", ""), "organizer", "rest_empty_value"),
        new Case(obj("description", "d".repeat(100_001)), "description", "rest_too_long"),
        new Case(obj("slug", "s".repeat(201)), "slug", "rest_too_long"),
        new Case(obj("phone", "1".repeat(101)), "phone", "rest_too_long"),
        new Case(obj("website", "www.zonder-schema.example"), "website", "rest_invalid_url"),
        new Case(obj("website", "mailto:a@b.example"), "website", "rest_invalid_url"),
        new Case(obj("image", 12), "image", "rest_invalid_url"),
        new Case(obj("image", "data:image/png;base64,AAAA"), "image", "rest_invalid_url"),
        new Case(obj("status", "trash"), "status", "rest_invalid_value"),
        new Case(obj("date", "gisteren"), "date", "rest_invalid_date"));
    for (Case c : cases) {
      ObjectNode body = obj("organizer", "Ongeldige org");
      body.setAll(c.extra());
      HttpResult response = ed.postJson(ORGANIZERS, body.toString());
      assertThat(response.status()).as("%s → %s", c.extra(), response).isEqualTo(400);
      assertInvalid(response, c.param(), c.detail());
    }
    String okMail = "m".repeat(244) + "@x.example"; // 254 characters
    assertThat(organizer(ed, obj("organizer", "Lange post", "email", okMail)).path("email").asText()).isEqualTo(okMail);
    // §12 row 74
    assertInvalid(ed.postJson(ORGANIZERS, "{\"organizer\":\"Org\",\"email\":\"not-an-email\"}"), "email",
        "rest_invalid_email");
    assertMissing(ed.postJson(ORGANIZERS, "{\"email\":\"a@b.example\"}"), "organizer");
    assertMissing(ed.postJson(ORGANIZERS, "{\"organizer\":null}"), "organizer");
    HttpResult two = ed.postJson(ORGANIZERS, "{\"organizer\":\"Twee fouten\",\"email\":\"x\",\"phone\":\""
        + "1".repeat(101) + "\"}");
    assertThat(two.json().path("message").asText()).isEqualTo("Invalid parameter(s): phone, email");
    assertThat(keys(two.json().path("data").path("params"))).containsExactly("phone", "email");
    assertThat(ok(ed.get(ORGANIZERS + "?search=ongeldige")).path("total").asInt()).as("nothing stored").isZero();
  }

  @Test
  void namesAndPhonesAreSanitised() {
    JsonNode o = organizer(ed, obj("organizer", " <b>Stichting</b>  Oost ", "phone", " 050\n 12  34 ",
        "description", "<div onmouseover=\"x()\">Hallo<iframe src=\"https://x.example\">weg</iframe></div>"));
    assertThat(o.path("organizer").asText()).isEqualTo("Stichting  Oost");
    assertThat(o.path("slug").asText()).isEqualTo("stichting-oost");
    assertThat(o.path("phone").asText()).isEqualTo("050 12 34");
    assertThat(o.path("description").asText()).isEqualTo("<div>Hallo</div>");
  }

  // ---------------------------------------------------------------------------------------------
  // reading

  @Test
  void wrongIdsAndSlugsAreInvalidParameters() {
    long venue = vid(ed, obj("venue", "Zaal niet organisator"));
    long event = eventId(ed, obj("title", "Geen organisator"));
    assertNotFound(anon.get(path(venue)), "id");
    assertNotFound(anon.get(path(event)), "id");
    assertNotFound(anon.get(path(999999)), "id");
    assertNotFound(ed.patchJson(path(venue), "{\"phone\":\"1\"}"), "id");
    assertNotFound(ed.delete(path(event)), "id");
    // §12 row 74
    HttpResult noSuch = anon.get(ORGANIZERS + "/by-slug/no-such");
    assertNotFound(noSuch, "slug");
    assertNotFound(anon.get(ORGANIZERS + "/by-slug/zaal-niet-organisator"), "slug");
    oid(ed, obj("organizer", "Org niet zaal"));
    assertNotFound(anon.get(VENUES + "/by-slug/org-niet-zaal"), "slug");
    assertError(anon.get(ORGANIZERS + "/x1"), 404, "rest_no_route");
  }

  @Test
  void draftsAndOtherNonPublishedOrganizersAreNotForAnonymousReaders() {
    JsonNode draft = organizer(co, obj("organizer", "Concept org"));
    long id = id(draft);
    assertThat(draft.path("status").asText()).isEqualTo("draft");
    assertThat(draft.path("author").asText()).isEqualTo(coId);
    HttpResult anonymous = anon.get(path(id));
    assertError(anonymous, 403, "organizer-not-accessible");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("The requested organizer is not accessible");
    assertError(su.get(path(id)), 403, "organizer-not-accessible");
    assertError(anon.get(ORGANIZERS + "/by-slug/concept-org"), 403, "organizer-not-accessible");
    assertThat(ok(co2.get(path(id))).path("json_ld").path("@type").asText()).isEqualTo("Person");
    assertThat(ok(au.get(ORGANIZERS + "/by-slug/concept-org")).path("id").asLong()).isEqualTo(id);
    long privateOrg = oid(au, obj("organizer", "Besloten org", "status", "private"));
    assertError(anon.get(path(privateOrg)), 403, "organizer-not-accessible");
    assertThat(ok(co.get(path(privateOrg))).path("status").asText()).isEqualTo("private");
  }

  // ---------------------------------------------------------------------------------------------
  // updates, translations, slugs

  @Test
  void updatesArePartialAndClearWithEmptyOrNull() {
    JsonNode o = organizer(ed, obj("organizer", "Deelorg", "description", "<p>Oud</p>", "image",
        "https://cdn.example.org/o.jpg", "phone", "1111", "website", "https://deelorg.example", "email", "a@deelorg.example"));
    long id = id(o);
    server.clock.advance(Duration.ofMinutes(30));
    JsonNode patched = ok(ed.patchJson(path(id), "{\"phone\":\"2222\"}"));
    ObjectNode expected = o.deepCopy();
    expected.put("phone", "2222");
    expected.put("modified", "2026-03-10 14:35:00");
    expected.put("modified_utc", "2026-03-10 13:35:00");
    assertThat(patched).isEqualTo(expected);
    assertThat(ok(ed.putJson(path(id), "{\"website\":\"https://nieuw.example\"}")).path("phone").asText()).isEqualTo("2222");
    JsonNode post = ok(ed.postJson(path(id), "{\"email\":\"b@deelorg.example\"}"));
    assertThat(post.path("website").asText()).isEqualTo("https://nieuw.example");
    assertThat(post.path("email").asText()).isEqualTo("b@deelorg.example");
    assertThat(post.path("image").path("url").asText()).isEqualTo("https://cdn.example.org/o.jpg");
    assertThat(post.path("description").asText()).isEqualTo("<p>Oud</p>");
    assertInvalid(ed.patchJson(path(id), "{\"email\":\"kapot\"}"), "email", "rest_invalid_email");
    assertInvalid(ed.patchJson(path(id), "{\"organizer\":\"\"}"), "organizer", "rest_empty_value");
    JsonNode cleared = ok(ed.patchJson(path(id), "{\"email\":\"\",\"image\":null,\"description\":\"\",\"website\":null,"
        + "\"phone\":\"\"}"));
    assertThat(keys(cleared)).containsExactly("id", "author", "status", "date", "date_utc", "modified", "modified_utc",
        "url", "rest_url", "organizer", "slug", "global_id", "global_id_lineage", "language", "translations");
    assertThat(cleared.path("organizer").asText()).isEqualTo("Deelorg");
    JsonNode ld = ok(anon.get(path(id))).path("json_ld");
    assertThat(keys(ld)).containsExactly("@context", "@type", "name", "description", "url");
  }

  @Test
  void translationsAndSlugs() {
    long id = oid(ed, obj("organizer", "Stichting Kunst", "description", "<p>NL</p>", "email", "k@kunst.example"));
    assertMissing(ed.patchJson("/fr" + path(id), "{\"description\":\"<p>FR</p>\"}"), "organizer");
    HttpResult frResponse = ed.patchJson("/fr" + path(id), "{\"organizer\":\"Fondation Art\"}");
    JsonNode fr = ok(frResponse);
    assertThat(frResponse.header("Content-Language")).isEqualTo("fr");
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("slug").asText()).isEqualTo("fondation-art");
    assertThat(fr.has("description")).as("starts empty").isFalse();
    assertThat(fr.path("email").asText()).isEqualTo("k@kunst.example");
    assertThat(fr.path("url").asText()).isEqualTo(server.url("/fr/organizer/fondation-art/"));
    assertThat(keys(fr.path("translations"))).containsExactly("nl", "fr");
    JsonNode shared = ok(ed.patchJson("/en" + path(id), "{\"phone\":\"0800\"}"));
    assertThat(shared.path("language").asText()).isEqualTo("nl");
    assertThat(keys(shared.path("translations"))).containsExactly("nl", "fr");
    assertThat(ok(anon.get("/fr" + path(id))).path("phone").asText()).isEqualTo("0800");
    assertThat(ok(anon.get(ORGANIZERS + "/by-slug/fondation-art")).path("organizer").asText()).isEqualTo("Stichting Kunst");

    // slug stability and renames
    JsonNode renamedName = ok(ed.patchJson(path(id), "{\"organizer\":\"Stichting Kunst en Cultuur\"}"));
    assertThat(renamedName.path("slug").asText()).isEqualTo("stichting-kunst");
    JsonNode renamed = ok(ed.patchJson(ORGANIZERS + "/by-slug/stichting-kunst", "{\"slug\":\"kunst\"}"));
    assertThat(renamed.path("id").asLong()).isEqualTo(id);
    assertThat(renamed.path("slug").asText()).isEqualTo("kunst");
    assertNotFound(anon.get(ORGANIZERS + "/by-slug/stichting-kunst"), "slug");
    JsonNode twin = organizer(ed, obj("organizer", "Kunst"));
    assertThat(twin.path("slug").asText()).isEqualTo("kunst-2");
    // venues and organizers have their own slug spaces
    assertThat(VenueApiTest.venue(ed, obj("venue", "Kunst")).path("slug").asText()).isEqualTo("kunst");
  }

  // ---------------------------------------------------------------------------------------------
  // statuses and rights

  @Test
  void statusesAndRights() {
    assertThat(organizer(co, obj("organizer", "Co org publish", "status", "publish")).path("status").asText())
        .isEqualTo("pending");
    JsonNode future = organizer(au, obj("organizer", "Au org later", "date", "+7 days"));
    assertThat(future.path("status").asText()).isEqualTo("future");
    assertThat(future.path("date").asText()).isEqualTo("2026-03-17 14:05:00");
    assertError(anon.get(path(id(future))), 403, "organizer-not-accessible");

    assertNotLoggedIn(anon.postJson(ORGANIZERS, "{\"organizer\":\"Anoniem\"}"));
    assertForbidden(su.postJson(ORGANIZERS, "{\"organizer\":\"Abonnee\"}"));
    long byCo = oid(co, obj("organizer", "Org van co"));
    assertThat(ok(co.patchJson(path(byCo), "{\"phone\":\"1\"}")).path("phone").asText()).isEqualTo("1");
    assertForbidden(co2.patchJson(path(byCo), "{\"phone\":\"2\"}"));
    assertForbidden(au.patchJson(path(byCo), "{\"phone\":\"2\"}"));
    assertThat(ok(ed.patchJson(path(byCo), "{\"status\":\"publish\"}")).path("status").asText()).isEqualTo("publish");
    assertForbidden(co.patchJson(path(byCo), "{\"phone\":\"3\"}"));
    assertForbidden(co.delete(path(byCo)));
    assertNotLoggedIn(anon.patchJson(path(byCo), "{}"));
    assertForbidden(su.delete(path(byCo)));

    assertForbidden(co.postJson(ORGANIZERS, obj("organizer", "Namens ed", "author", Long.parseLong(edId)).toString()));
    long byAu = oid(au, obj("organizer", "Org van au"));
    assertForbidden(au.patchJson(path(byAu), "{\"author\":" + edId + "}"));
    assertThat(ok(au.patchJson(path(byAu), "{\"status\":\"draft\"}")).path("status").asText()).isEqualTo("draft");
    assertThat(ok(ed.patchJson(path(byAu), "{\"author\":" + coId + "}")).path("author").asText()).isEqualTo(coId);
    assertThat(ok(co.patchJson(path(byAu), "{\"phone\":\"4\"}")).path("phone").asText())
        .as("now co's own draft").isEqualTo("4");
    assertForbidden(au.patchJson(path(byAu), "{\"phone\":\"5\"}"));
    assertThat(organizer(ed, obj("organizer", "Voor au", "author", Long.parseLong(auId))).path("author").asText())
        .isEqualTo(auId);
  }
}
