package org.agenda.api;

import static org.agenda.api.ApiChecks.event;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §4.3–§4.9 and §12 D (rows 41–43), G (rows 65–67), row 28 and the single reads of row 61: roles,
 * object-level rules, status scale-back, visibility, password protection, trash and permanent delete.
 */
class EventAccessApiTest {
  static final String EVENTS = "/cal/events/v1/events";

  static TestServer server;
  static TestServer.Caller admin;
  static TestServer.Caller ed;
  static TestServer.Caller au;
  static TestServer.Caller au2;
  static TestServer.Caller co;
  static TestServer.Caller co2;
  static TestServer.Caller su;
  static TestServer.Caller anon;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    au2 = server.as("au2", server.addUser("au2", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    co2 = server.as("co2", server.addUser("co2", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
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

  static JsonNode create(TestServer.Caller caller, String body) {
    HttpResult response = caller.postJson(EVENTS, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static String path(long id) {
    return EVENTS + "/" + id;
  }

  static HttpResult ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response;
  }

  static void assertError(HttpResult response, int status, String code) {
    assertThat(response.status()).as(response.toString()).isEqualTo(status);
    assertThat(response.code()).as(response.toString()).isEqualTo(code);
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(status);
  }

  static void assertForbidden(HttpResult response) {
    assertError(response, 403, "rest_forbidden");
    assertThat(response.json().path("message").asText()).isEqualTo("Sorry, you are not allowed to do that.");
  }

  static String statusOf(TestServer.Caller caller, long id) {
    return ok(caller.get(path(id))).json().path("status").asText();
  }

  // ---------------------------------------------------------------- route-level rights (§4.3, §4.5)

  @Test
  void anonymousWritesNeedALoginAndSubscribersMayNotWrite() {
    HttpResult anonymous = anon.postJson(EVENTS, "{}");
    assertError(anonymous, 401, "rest_not_logged_in");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("You are not currently logged in.");
    assertThat(anonymous.header("WWW-Authenticate")).isEqualTo("Basic realm=\"Agenda\"");
    assertForbidden(su.postJson(EVENTS, event("Abonnee", "")));
    assertForbidden(su.postJson(EVENTS, "{}"));

    long id = id(create(ed, event("Alleen lezen", "")));
    assertError(anon.patchJson(path(id), "{\"title\":\"x\"}"), 401, "rest_not_logged_in");
    assertError(anon.delete(path(id)), 401, "rest_not_logged_in");
    assertForbidden(su.patchJson(path(id), "{\"title\":\"x\"}"));
    assertForbidden(su.delete(path(id)));
    assertThat(ok(su.get(path(id))).header("Allow")).isEqualTo("GET");
    assertThat(ok(co.get(path(id))).header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
  }

  // ---------------------------------------------------------------- §4.6 status scale-back, future

  @Test
  void contributorsCannotPublish() {
    assertThat(create(co, event("Co publish", "\"status\":\"publish\"")).path("status").asText()).isEqualTo("pending");
    assertThat(create(co, event("Co zonder", "")).path("status").asText()).isEqualTo("draft");
    assertThat(create(co, event("Co future", "\"status\":\"future\"")).path("status").asText()).isEqualTo("pending");
    assertThat(create(co, event("Co private", "\"status\":\"private\"")).path("status").asText()).isEqualTo("pending");
    assertThat(create(co, event("Co pending", "\"status\":\"pending\"")).path("status").asText()).isEqualTo("pending");
    assertThat(create(co, event("Co draft", "\"status\":\"draft\"")).path("status").asText()).isEqualTo("draft");
    long own = id(create(co, event("Co later", "")));
    assertThat(ok(co.patchJson(path(own), "{\"status\":\"publish\"}")).json().path("status").asText()).isEqualTo("pending");
  }

  @Test
  void authorsAndEditorsStoreTheStatusAsGiven() {
    assertThat(create(au, event("Au zonder", "")).path("status").asText()).isEqualTo("publish");
    assertThat(create(au, event("Au private", "\"status\":\"PRIVATE\"")).path("status").asText()).isEqualTo("private");
    assertThat(create(ed, event("Ed pending", "\"status\":\"pending\"")).path("status").asText()).isEqualTo("pending");
    assertThat(create(au, event("Au future zonder datum", "\"status\":\"future\"")).path("status").asText())
        .as("future without a later date is publish").isEqualTo("publish");
  }

  @Test
  void aLaterPublicationDateMakesTheEventFuture() {
    JsonNode week = create(au, event("Over een week", "\"date\":\"+7 days\""));
    assertThat(week.path("status").asText()).isEqualTo("future");
    assertThat(week.path("date").asText()).isEqualTo("2026-03-17 14:05:00");
    JsonNode explicit = create(ed, event("Gepland", "\"status\":\"publish\",\"date\":\"2026-03-10 16:00\""));
    assertThat(explicit.path("status").asText()).isEqualTo("future");
  }

  @Test
  void publicationDateAndStatusInteractOnUpdates() {
    JsonNode co1 = create(co, event("Co toekomst", "\"status\":\"publish\",\"date\":\"+3 days\""));
    assertThat(co1.path("status").asText()).as("contributors are scaled back first").isEqualTo("pending");
    long published = id(create(ed, event("Nu gepubliceerd", "")));
    JsonNode moved = ok(ed.patchJson(path(published), "{\"date\":\"+1 day\"}")).json();
    assertThat(moved.path("status").asText()).isEqualTo("future");
    assertThat(moved.path("date").asText()).isEqualTo("2026-03-11 14:05:00");
    JsonNode back = ok(ed.patchJson(path(published), "{\"date\":\"2026-03-01 09:00\"}")).json();
    assertThat(back.path("status").asText()).isEqualTo("publish");
  }

  @Test
  void aFutureEventIsPublishedOnceItsDatePasses() {
    long id = id(create(au, event("Straks", "\"date\":\"2026-03-10 16:00\"")));
    assertThat(statusOf(au, id)).isEqualTo("future");
    assertError(anon.get(path(id)), 403, "event-not-accessible");
    server.clock.set(java.time.Instant.parse("2026-03-10T14:59:59Z"));
    assertError(anon.get(path(id)), 403, "event-not-accessible");
    server.clock.advance(Duration.ofSeconds(2));
    HttpResult published = ok(anon.get(path(id)));
    assertThat(published.json().path("status").asText()).isEqualTo("publish");
  }

  @Test
  void trashAndUnknownStatusesCannotBeWritten() {
    for (String status : List.of("trash", "inherit", "")) {
      HttpResult response = ed.postJson(EVENTS, event("Status " + status, "\"status\":" + q(status)));
      assertThat(response.status()).as(status + ": " + response).isEqualTo(400);
      assertThat(response.code()).isEqualTo("rest_invalid_param");
      assertThat(response.json().path("data").path("details").path("status").path("code").asText())
          .isIn("rest_invalid_value", "rest_empty_value");
    }
    HttpResult trash = ed.postJson(EVENTS, event("Status trash", "\"status\":\"trash\""));
    assertThat(trash.json().path("data").path("details").path("status").path("code").asText()).isEqualTo("rest_invalid_value");
  }

  // ---------------------------------------------------------------- §4.7 visibility

  @Test
  void draftsAreReadableFromContributorUp() {
    JsonNode draft = create(co, event("Concept", ""));
    long id = id(draft);
    HttpResult anonymous = anon.get(path(id));
    assertError(anonymous, 403, "event-not-accessible");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("The requested event is not accessible");
    assertError(su.get(path(id)), 403, "event-not-accessible");
    assertError(anon.get(EVENTS + "/by-slug/concept"), 403, "event-not-accessible");
    assertThat(statusOf(co2, id)).isEqualTo("draft");
    assertThat(statusOf(au, id)).isEqualTo("draft");
    assertThat(statusOf(ed, id)).isEqualTo("draft");
    assertThat(ok(co2.get(EVENTS + "/by-slug/concept")).json().path("id").asLong()).isEqualTo(id);

    long privateEvent = id(create(ed, event("Besloten", "\"status\":\"private\"")));
    assertError(anon.get(path(privateEvent)), 403, "event-not-accessible");
    assertThat(statusOf(co, privateEvent)).isEqualTo("private");
  }

  // ---------------------------------------------------------------- §4.4 object-level rules (rows 41–42)

  @Test
  void contributorsEditOnlyTheirOwnDraftsAndPendingEvents() {
    long byAdmin = id(create(admin, event("Van admin", "")));
    long byCo = id(create(co, event("Van co", "")));
    assertForbidden(co.patchJson(path(byAdmin), "{\"title\":\"Overgenomen\"}"));
    assertThat(ok(admin.get(path(byAdmin))).json().path("title").asText()).isEqualTo("Van admin");
    assertThat(ok(co.patchJson(path(byCo), "{\"title\":\"Mijn\"}")).json().path("title").asText()).isEqualTo("Mijn");
    assertThat(ok(co.patchJson(path(byCo), "{\"status\":\"pending\"}")).json().path("status").asText()).isEqualTo("pending");
    assertForbidden(co2.patchJson(path(byCo), "{\"title\":\"Niet van mij\"}"));
    assertForbidden(co2.delete(path(byCo)));

    assertThat(ok(ed.patchJson(path(byCo), "{\"status\":\"publish\"}")).json().path("status").asText()).isEqualTo("publish");
    assertForbidden(co.patchJson(path(byCo), "{\"title\":\"Nog eens\"}"));
    assertForbidden(co.delete(path(byCo)));
    assertThat(statusOf(anon, byCo)).isEqualTo("publish");
    assertThat(ok(anon.get(path(byCo))).json().path("title").asText()).isEqualTo("Mijn");
  }

  @Test
  void authorsEditTheirOwnEventsInAnyStatusButNotOthers() {
    long own = id(create(au, event("Eigen werk", "")));
    long others = id(create(au2, event("Werk van een ander", "")));
    assertThat(ok(au.patchJson(path(own), "{\"status\":\"private\"}")).json().path("status").asText()).isEqualTo("private");
    assertThat(ok(au.patchJson(path(own), "{\"title\":\"Eigen werk 2\"}")).json().path("title").asText())
        .isEqualTo("Eigen werk 2");
    assertForbidden(au.patchJson(path(others), "{\"title\":\"Gekaapt\"}"));
    assertForbidden(au.delete(path(others)));
    assertThat(ok(ed.patchJson(path(others), "{\"title\":\"Door redactie\"}")).json().path("title").asText())
        .isEqualTo("Door redactie");
    assertThat(ok(ed.get(path(others))).json().path("author").asText()).isEqualTo(String.valueOf(server.userId("au2")));
  }

  @Test
  void bySlugRoutesApplyTheSameObjectLevelRules() {
    JsonNode draft = create(co, event("Slak", ""));
    String slug = EVENTS + "/by-slug/" + draft.path("slug").asText();
    assertForbidden(co2.patchJson(slug, "{\"title\":\"x\"}"));
    assertForbidden(co2.delete(slug));
    assertForbidden(co2.putJson(slug, "{\"title\":\"x\"}"));
    assertForbidden(co2.postJson(slug, "{\"title\":\"x\"}"));
    assertThat(ok(co.patchJson(slug, "{\"excerpt\":\"van mij\"}")).json().path("excerpt").asText()).isEqualTo("van mij");

    JsonNode edEvent = create(ed, event("Redactiestuk", ""));
    String edSlug = EVENTS + "/by-slug/" + edEvent.path("slug").asText();
    assertForbidden(au.patchJson(edSlug, "{\"title\":\"x\"}"));
    assertForbidden(au.send("DELETE", edSlug + "?force=true", null, null, java.util.Map.of()));
    assertThat(ok(ed.get(path(id(edEvent)))).json().path("title").asText()).isEqualTo("Redactiestuk");
    assertThat(ok(anon.get(edSlug)).header("Allow")).isEqualTo("GET");
  }

  // ---------------------------------------------------------------- author (row 43)

  @Test
  void onlyEditorsMayGiveAnEventToAnotherAuthor() {
    String edId = String.valueOf(server.userId("ed"));
    String auId = String.valueOf(server.userId("au"));
    long own = id(create(au, event("Van au", "")));
    assertForbidden(au.patchJson(path(own), "{\"author\":" + edId + "}"));
    assertThat(ok(au.get(path(own))).json().path("author").asText()).isEqualTo(auId);
    assertThat(ok(au.patchJson(path(own), "{\"author\":" + auId + "}")).json().path("author").asText()).isEqualTo(auId);
    JsonNode given = ok(ed.patchJson(path(own), "{\"author\":" + edId + "}")).json();
    assertThat(given.path("author").isTextual()).isTrue();
    assertThat(given.path("author").asText()).isEqualTo(edId);
    // au no longer owns it
    assertForbidden(au.patchJson(path(own), "{\"title\":\"Terug\"}"));

    assertForbidden(co.postJson(EVENTS, event("Namens ed", "\"author\":" + edId)));
    JsonNode forCo = create(ed, event("Voor co", "\"author\":\"" + server.userId("co") + "\""));
    assertThat(forCo.path("author").asText()).isEqualTo(String.valueOf(server.userId("co")));

    HttpResult unknown = ed.patchJson(path(own), "{\"author\":999999}");
    assertThat(unknown.status()).as(unknown.toString()).isEqualTo(400);
    assertThat(unknown.code()).isEqualTo("rest_invalid_param");
    assertThat(unknown.json().path("data").path("params").has("author")).isTrue();
  }

  // ---------------------------------------------------------------- §4.9 trash (rows 65–67)

  @Test
  void trashRestoreAndPermanentDelete() {
    JsonNode created = create(ed, event("Prullenbak", ""));
    long id = id(created);
    String slug = created.path("slug").asText();

    HttpResult trashed = ok(ed.delete(path(id)));
    assertThat(trashed.json().path("status").asText()).isEqualTo("trash");
    assertThat(trashed.json().path("id").asLong()).isEqualTo(id);
    assertThat(trashed.json().has("json_ld")).isFalse();
    assertThat(trashed.header("Cache-Control")).isEqualTo("no-store");

    HttpResult anonymous = anon.get(path(id));
    assertError(anonymous, 403, "event-no-longer-available");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("This event is no longer available");
    assertError(anon.get(EVENTS + "/by-slug/" + slug), 403, "event-no-longer-available");
    assertError(co.get(path(id)), 403, "event-no-longer-available");
    assertError(au.get(path(id)), 403, "event-no-longer-available");
    assertThat(statusOf(ed, id)).isEqualTo("trash");

    HttpResult again = ed.delete(path(id));
    assertError(again, 410, "event-is-in-trash");
    assertThat(again.json().path("message").asText()).isEqualTo("The event is already trashed");
    assertError(anon.delete(path(id)), 401, "rest_not_logged_in");
    assertForbidden(au.delete(path(id)));

    // an update without status leaves it trashed
    JsonNode stillTrashed = ok(ed.patchJson(path(id), "{\"excerpt\":\"weg\"}")).json();
    assertThat(stillTrashed.path("status").asText()).isEqualTo("trash");

    JsonNode restored = ok(ed.patchJson(path(id), "{\"status\":\"publish\"}")).json();
    assertThat(restored.path("status").asText()).isEqualTo("publish");
    assertThat(restored.path("slug").asText()).isEqualTo(slug);
    assertThat(restored.path("excerpt").asText()).isEqualTo("weg");
    assertThat(statusOf(anon, id)).isEqualTo("publish");

    HttpResult forced = ok(ed.delete(path(id) + "?force=true"));
    assertThat(forced.json().path("id").asLong()).isEqualTo(id);
    assertThat(forced.json().path("title").asText()).isEqualTo("Prullenbak");
    assertThat(forced.json().path("status").asText()).as("its last state").isEqualTo("publish");
    assertThat(forced.json().has("json_ld")).isFalse();
    HttpResult gone = anon.get(path(id));
    assertError(gone, 404, "rest-event-not-found");
    assertThat(gone.json().path("message").asText()).isEqualTo("Event with ID " + id + " does not exist.");
    assertError(ed.get(path(id)), 404, "rest-event-not-found");
    HttpResult bySlug = anon.get(EVENTS + "/by-slug/" + slug);
    assertError(bySlug, 400, "rest_invalid_param");
    assertThat(bySlug.json().path("data").path("params").has("slug")).isTrue();
    assertError(ed.delete(path(id) + "?force=true"), 404, "rest-event-not-found");
    // the slug is free again
    assertThat(create(ed, event("Prullenbak", "")).path("slug").asText()).isEqualTo(slug);
  }

  @Test
  void permanentDeleteNeedsAnEditor() {
    long own = id(create(au, event("Blijft bestaan", "")));
    assertForbidden(au.delete(path(own) + "?force=true"));
    assertThat(statusOf(au, own)).isEqualTo("publish");
    long draft = id(create(co, event("Concept blijft", "")));
    assertForbidden(co.delete(path(draft) + "?force=true"));
    assertThat(statusOf(co, draft)).isEqualTo("draft");
    // without force the owner may trash it
    assertThat(ok(au.delete(path(own))).json().path("status").asText()).isEqualTo("trash");
  }

  @Test
  void trashedSlugsStillTakePartInUniqueness() {
    JsonNode first = create(ed, event("Veiling", ""));
    ok(ed.delete(path(id(first))));
    assertThat(create(ed, event("Veiling", "")).path("slug").asText()).isEqualTo("veiling-2");
    HttpResult bySlug = ok(ed.get(EVENTS + "/by-slug/veiling"));
    assertThat(bySlug.json().path("id").asLong()).isEqualTo(id(first));
    assertThat(bySlug.json().path("status").asText()).isEqualTo("trash");
  }

  @Test
  void contributorsMayReadAndRestoreTheirOwnTrashedDrafts() {
    long id = id(create(co, event("Concept weg", "")));
    assertThat(ok(co.delete(path(id))).json().path("status").asText()).isEqualTo("trash");
    assertThat(statusOf(co, id)).isEqualTo("trash");
    assertError(co2.get(path(id)), 403, "event-no-longer-available");
    assertForbidden(co2.delete(path(id)));
    assertThat(ok(co.patchJson(path(id), "{\"status\":\"draft\"}")).json().path("status").asText()).isEqualTo("draft");
    assertThat(statusOf(co2, id)).isEqualTo("draft");
  }

  @Test
  void permanentDeleteDetachesChildren() {
    long parent = id(create(ed, event("Festival", "")));
    long child = id(create(ed, event("Festivaldag", "\"post_parent\":" + parent)));
    assertThat(ok(ed.delete(path(parent) + "?force=true")).json().path("id").asLong()).isEqualTo(parent);
    assertThat(ok(anon.get(path(child))).json().path("post_parent").asLong()).isZero();
  }

  @Test
  void deleteAndForceThroughTheBySlugRoute() {
    JsonNode created = create(ed, event("Schrapper", ""));
    String slug = EVENTS + "/by-slug/" + created.path("slug").asText();
    assertThat(ok(ed.delete(slug)).json().path("status").asText()).isEqualTo("trash");
    assertError(ed.delete(slug), 410, "event-is-in-trash");
    assertThat(ok(ed.send("DELETE", slug + "?force=true", null, null, java.util.Map.of())).json().path("id").asLong())
        .isEqualTo(id(created));
    assertError(anon.get(path(id(created))), 404, "rest-event-not-found");
    HttpResult missing = ed.delete(slug);
    assertError(missing, 400, "rest_invalid_param");
    assertThat(missing.json().path("data").path("params").has("slug")).isTrue();
  }

  // ---------------------------------------------------------------- §4.8 passwords (row 61, single reads)

  @Test
  void passwordProtectedEventsNeedTheExactPassword() {
    JsonNode created = create(ed, "{\"title\":\"Geheim\",\"start_date\":\"tomorrow 10:00\",\"end_date\":\"tomorrow 11:00\","
        + "\"password\":\"s3cret\",\"description\":\"<p>x</p>\",\"featured\":true}");
    assertThat(created.path("description").asText()).as("write responses are never stripped").isEqualTo("<p>x</p>");
    assertThat(created.has("password")).as("the password is never returned").isFalse();
    long id = id(created);

    HttpResult locked = anon.get(path(id));
    assertError(locked, 403, "event-password-protected");
    assertThat(locked.json().path("message").asText()).isEqualTo("The requested event is not accessible without a password");
    assertError(anon.get(path(id) + "?password=S3CRET"), 403, "event-password-protected");
    assertError(su.get(path(id)), 403, "event-password-protected");
    assertError(au.get(path(id)), 403, "event-password-protected");
    assertError(co.get(path(id)), 403, "event-password-protected");

    HttpResult unlocked = ok(anon.get(path(id) + "?password=s3cret"));
    assertThat(unlocked.json().path("description").asText()).isEqualTo("<p>x</p>");
    assertThat(unlocked.json().path("featured").asBoolean()).isTrue();
    assertThat(unlocked.json().path("json_ld").path("@type").asText()).isEqualTo("Event");

    HttpResult editor = ok(ed.get(path(id)));
    assertThat(editor.json().path("description").asText()).isEqualTo("<p>x</p>");

    String slug = EVENTS + "/by-slug/" + created.path("slug").asText();
    assertError(anon.get(slug), 403, "event-password-protected");
    assertThat(ok(anon.get(slug + "?password=s3cret")).json().path("id").asLong()).isEqualTo(id);
  }

  @Test
  void ownersReadTheirProtectedEventsWithoutThePassword() {
    long byAu = id(create(au, event("Geheim van au", "\"password\":\"pw-au\"")));
    assertThat(ok(au.get(path(byAu))).json().path("title").asText()).isEqualTo("Geheim van au");
    assertError(au2.get(path(byAu)), 403, "event-password-protected");

    long byCo = id(create(co, event("Geheim van co", "\"password\":\"pw-co\"")));
    assertThat(ok(co.get(path(byCo))).json().path("status").asText()).isEqualTo("draft");
    assertError(co2.get(path(byCo)), 403, "event-password-protected");
    assertThat(ok(co2.get(path(byCo) + "?password=pw-co")).json().path("id").asLong()).isEqualTo(byCo);
    // an unreadable draft answers not-accessible before any password question
    assertError(anon.get(path(byCo)), 403, "event-not-accessible");
  }

  @Test
  void thePasswordIsKeptByOtherUpdatesAndRemovedByAnEmptyValue() {
    long id = id(create(ed, event("Tijdelijk geheim", "\"password\":\"open sesame\"")));
    ok(ed.patchJson(path(id), "{\"title\":\"Nog steeds geheim\"}"));
    assertError(anon.get(path(id)), 403, "event-password-protected");
    ok(ed.patchJson(path(id), "{\"password\":\"\"}"));
    assertThat(ok(anon.get(path(id))).json().path("title").asText()).isEqualTo("Nog steeds geheim");
    ok(ed.patchJson(path(id), "{\"password\":\"nieuw\"}"));
    assertError(anon.get(path(id)), 403, "event-password-protected");
    assertThat(ok(anon.get(path(id) + "?password=nieuw")).status()).isEqualTo(200);
    ok(ed.patchJson(path(id), "{\"password\":null}"));
    assertThat(ok(anon.get(path(id))).status()).isEqualTo(200);
    String slug = EVENTS + "/by-slug/" + ok(anon.get(path(id))).json().path("slug").asText();
    ok(ed.patchJson(slug, "{\"password\":\"via-slug\"}"));
    assertError(anon.get(slug), 403, "event-password-protected");
    assertThat(ok(anon.get(slug + "?password=via-slug")).json().path("id").asLong()).isEqualTo(id);
  }
}
