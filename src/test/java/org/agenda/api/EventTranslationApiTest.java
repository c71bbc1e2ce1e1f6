package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.event;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** §3 and §12 E: translations of events, language choice and fallback, slugs and by-slug lookup. */
class EventTranslationApiTest {
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

  // ---------------------------------------------------------------- helpers

  static JsonNode create(TestServer server, TestServer.Caller caller, String path, String body) {
    HttpResult response = caller.postJson(path, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static JsonNode create(String body) {
    return create(server, ed, EVENTS, body);
  }

  static HttpResult ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response;
  }

  static List<Long> listedIds(HttpResult list) {
    List<Long> ids = new ArrayList<>();
    list.json().path("events").forEach(e -> ids.add(e.path("id").asLong()));
    return ids;
  }

  // ---------------------------------------------------------------- §12 E rows 44–47

  @Test
  void aNewTranslationNeedsATitle() {
    long id = id(create(event("Jazz avond", "")));
    HttpResult response = ed.patchJson(EVENTS + "/" + id + "?translation_language=fr", "{\"description\":\"<p>Soirée</p>\"}");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_missing_callback_param");
    assertThat(response.json().path("data").path("params").toString()).isEqualTo("[\"title\"]");
    assertThat(ed.get(EVENTS + "/" + id).json().path("translations").has("fr")).isFalse();
  }

  @Test
  void updateInAnotherLanguageAddsThatTranslation() {
    JsonNode nl = create(event("Avond van de jazz", "\"description\":\"<p>Nederlands</p>\",\"excerpt\":\"Kort\""));
    long id = id(nl);
    HttpResult response = ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Soirée du jazz\"}"));
    JsonNode fr = response.json();
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    assertThat(fr.path("title").asText()).isEqualTo("Soirée du jazz");
    assertThat(fr.path("slug").asText()).isEqualTo("soiree-du-jazz");
    assertThat(fr.path("description").asText()).as("omitted description starts empty").isEmpty();
    assertThat(fr.path("excerpt").asText()).isEmpty();
    assertThat(fr.path("rest_url").asText()).isEqualTo(server.url("/fr" + EVENTS + "/" + id));
    assertThat(fr.path("url").asText()).isEqualTo(server.url("/fr/event/soiree-du-jazz/"));
    assertThat(fr.path("start_date").asText()).isEqualTo(nl.path("start_date").asText());
    assertThat(keys(fr.path("translations"))).containsExactly("nl", "fr");
    assertThat(fr.path("translations").toString()).isEqualTo("{"
        + "\"nl\":{\"slug\":\"avond-van-de-jazz\",\"rest_url\":" + q(server.url("/nl" + EVENTS + "/" + id)) + "},"
        + "\"fr\":{\"slug\":\"soiree-du-jazz\",\"rest_url\":" + q(server.url("/fr" + EVENTS + "/" + id)) + "}}");

    JsonNode stillNl = server.anonymous().get(EVENTS + "/" + id).json();
    assertThat(stillNl.path("title").asText()).isEqualTo("Avond van de jazz");
    assertThat(stillNl.path("description").asText()).isEqualTo("<p>Nederlands</p>");
    assertThat(stillNl.path("excerpt").asText()).isEqualTo("Kort");
    assertThat(stillNl.path("language").asText()).isEqualTo("nl");
  }

  @Test
  void translationLanguageParameterAddsNoPathSegment() {
    long id = id(create(event("Zomerconcert", "")));
    JsonNode fr = ok(ed.patchJson(EVENTS + "/" + id + "?translation_language=fr",
        "{\"title\":\"Concert d'été\",\"description\":\"<p>Concert en plein air.</p>\"}")).json();
    assertThat(fr.path("slug").asText()).isEqualTo("concert-d-ete");
    assertThat(fr.path("rest_url").asText()).isEqualTo(server.url(EVENTS + "/" + id));
    assertThat(fr.path("url").asText()).isEqualTo(server.url("/fr/event/concert-d-ete/"));
    assertThat(fr.path("description").asText()).isEqualTo("<p>Concert en plein air.</p>");

    HttpResult both = ok(server.anonymous().get("/fr" + EVENTS + "/" + id + "?translation_language=nl"));
    assertThat(both.header("Content-Language")).isEqualTo("nl");
    assertThat(both.json().path("title").asText()).isEqualTo("Zomerconcert");
    assertThat(both.json().path("rest_url").asText()).isEqualTo(server.url("/fr" + EVENTS + "/" + id));
  }

  @Test
  void readsFallBackToTheDefaultLanguage() {
    long id = id(create(event("Jazzavond", "")));
    ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Soirée jazz\"}"));

    HttpResult en = ok(server.anonymous().get("/en" + EVENTS + "/" + id));
    assertThat(en.header("Content-Language")).isEqualTo("en");
    assertThat(en.json().path("language").asText()).isEqualTo("nl");
    assertThat(en.json().path("title").asText()).isEqualTo("Jazzavond");
    assertThat(en.json().path("url").asText()).isEqualTo(server.url("/nl/event/jazzavond/"));
    assertThat(en.json().path("rest_url").asText()).isEqualTo(server.url("/en" + EVENTS + "/" + id));
    assertThat(en.json().path("json_ld").path("name").asText()).isEqualTo("Jazzavond");

    HttpResult fr = ok(server.anonymous().get("/fr" + EVENTS + "/" + id));
    assertThat(fr.json().path("title").asText()).isEqualTo("Soirée jazz");
    assertThat(fr.json().path("url").asText()).isEqualTo(server.url("/fr/event/soiree-jazz/"));
    assertThat(fr.json().path("json_ld").path("name").asText()).isEqualTo("Soirée jazz");
    assertThat(ok(server.anonymous().get("/FR" + EVENTS + "/" + id)).json().path("language").asText()).isEqualTo("fr");
  }

  @Test
  void withoutTheDefaultLanguageTheFirstConfiguredLanguageIsUsed() {
    HttpResult created = ed.postJson("/fr" + EVENTS, event("Marché de nuit", ""));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    JsonNode fr = created.json();
    long id = id(fr);
    assertThat(created.header("Location")).isEqualTo(server.url("/fr" + EVENTS + "/" + id));
    assertThat(created.header("Content-Language")).isEqualTo("fr");
    assertThat(fr.path("slug").asText()).isEqualTo("marche-de-nuit");
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    assertThat(keys(fr.path("translations"))).containsExactly("fr");
    ok(ed.patchJson("/en" + EVENTS + "/" + id, "{\"title\":\"Night market\"}"));

    JsonNode nl = ok(server.anonymous().get("/nl" + EVENTS + "/" + id)).json();
    assertThat(nl.path("language").asText()).isEqualTo("en");
    assertThat(nl.path("title").asText()).isEqualTo("Night market");

    JsonNode withNl = ok(ed.patchJson(EVENTS + "/" + id, "{\"title\":\"Nachtmarkt\"}")).json();
    assertThat(keys(withNl.path("translations"))).as("configured order, not creation order")
        .containsExactly("nl", "en", "fr");
    assertThat(withNl.path("language").asText()).isEqualTo("nl");
  }

  @Test
  void bySlugFindsASlugOfAnotherLanguage() {
    long id = id(create(event("Jazz in het park", "")));
    ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Jazz au parc\"}"));

    JsonNode byFrench = ok(server.anonymous().get(EVENTS + "/by-slug/jazz-au-parc")).json();
    assertThat(id(byFrench)).isEqualTo(id);
    assertThat(byFrench.path("language").asText()).isEqualTo("nl");
    assertThat(byFrench.path("title").asText()).isEqualTo("Jazz in het park");
    assertThat(byFrench.path("json_ld").path("@type").asText()).isEqualTo("Event");

    JsonNode byDutchInFrench = ok(server.anonymous().get("/fr" + EVENTS + "/by-slug/jazz-in-het-park")).json();
    assertThat(id(byDutchInFrench)).isEqualTo(id);
    assertThat(byDutchInFrench.path("language").asText()).isEqualTo("fr");
    assertThat(byDutchInFrench.path("title").asText()).isEqualTo("Jazz au parc");

    assertThat(id(ok(server.anonymous().get(EVENTS + "/by-slug/JAZZ-AU-PARC")).json())).isEqualTo(id);

    HttpResult unknown = server.anonymous().get(EVENTS + "/by-slug/geen-idee");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.code()).isEqualTo("rest_invalid_param");
    assertThat(unknown.json().path("data").path("params").has("slug")).isTrue();
    assertThat(unknown.json().path("data").path("details").path("slug").path("code").asText()).isEqualTo("rest_not_found");
  }

  @Test
  void bySlugPrefersTheRequestLanguage() {
    // "duo" is the nl slug of A and the fr slug of B
    long a = id(create(event("Duo", "")));
    long b = id(create(event("Trio", "")));
    ok(ed.patchJson("/fr" + EVENTS + "/" + b, "{\"title\":\"Duo\"}"));
    assertThat(ok(ed.get("/fr" + EVENTS + "/" + b)).json().path("slug").asText()).isEqualTo("duo");
    assertThat(id(ok(server.anonymous().get(EVENTS + "/by-slug/duo")).json())).isEqualTo(a);
    assertThat(id(ok(server.anonymous().get("/fr" + EVENTS + "/by-slug/duo")).json())).isEqualTo(b);
    assertThat(id(ok(server.anonymous().get("/en" + EVENTS + "/by-slug/duo")).json())).as("nl is first in the configured order")
        .isEqualTo(a);
  }

  @Test
  void searchMatchesTheTextOfTheReturnedLanguage() {
    long id = id(create(event("Avondje uit", "")));
    ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Grande soirée\"}"));
    assertThat(listedIds(ok(server.anonymous().get("/fr" + EVENTS + "?per_page=50&search=soir%C3%A9e")))).contains(id);
    assertThat(listedIds(ok(server.anonymous().get(EVENTS + "?per_page=50&search=soir%C3%A9e")))).doesNotContain(id);
    assertThat(listedIds(ok(server.anonymous().get(EVENTS + "?per_page=50&search=avondje")))).contains(id);
  }

  // ---------------------------------------------------------------- shared and translatable fields

  @Test
  void sharedFieldsWrittenInAnyLanguageAreVisibleInAll() {
    long id = id(create(event("Gedeeld", "\"cost\":\"0\"")));
    ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Partagé\"}"));
    JsonNode fr = ok(ed.patchJson("/fr" + EVENTS + "/" + id, "{\"featured\":true,\"end_date\":\"tomorrow 23:00\"}")).json();
    assertThat(fr.path("title").asText()).isEqualTo("Partagé");
    JsonNode nl = ok(server.anonymous().get(EVENTS + "/" + id)).json();
    assertThat(nl.path("featured").asBoolean()).isTrue();
    assertThat(nl.path("end_date").asText()).isEqualTo(TOMORROW + " 23:00:00");
    assertThat(nl.path("title").asText()).isEqualTo("Gedeeld");
    assertThat(nl.path("cost").asText()).isEqualTo("Gratis");
    // the word for free follows the request language, not the text language
    JsonNode en = ok(server.anonymous().get("/en" + EVENTS + "/" + id)).json();
    assertThat(en.path("language").asText()).isEqualTo("nl");
    assertThat(en.path("cost").asText()).isEqualTo("Free");
  }

  @Test
  void anUpdateWithOnlySharedFieldsCreatesNoTranslation() {
    long id = id(create(event("Alleen gedeeld", "")));
    HttpResult response = ok(ed.patchJson("/en" + EVENTS + "/" + id, "{\"sticky\":true}"));
    assertThat(response.header("Content-Language")).isEqualTo("en");
    assertThat(response.json().path("language").asText()).isEqualTo("nl");
    assertThat(response.json().path("sticky").asBoolean()).isTrue();
    assertThat(keys(response.json().path("translations"))).containsExactly("nl");
  }

  @Test
  void updatingAnExistingTranslationKeepsItsOtherFields() {
    long id = id(create(event("Lezing", "\"description\":\"<p>Over kunst</p>\",\"excerpt\":\"Kunst\"")));
    JsonNode e = ok(ed.patchJson(EVENTS + "/" + id, "{\"excerpt\":\"Over kunst en cultuur\"}")).json();
    assertThat(e.path("title").asText()).isEqualTo("Lezing");
    assertThat(e.path("description").asText()).isEqualTo("<p>Over kunst</p>");
    assertThat(e.path("excerpt").asText()).isEqualTo("Over kunst en cultuur");
    JsonNode cleared = ok(ed.patchJson(EVENTS + "/" + id, "{\"description\":\"\",\"excerpt\":null}")).json();
    assertThat(cleared.path("description").asText()).isEmpty();
    assertThat(cleared.path("excerpt").asText()).isEmpty();
  }

  @Test
  void bodyTranslationLanguageWinsOverTheQueryAndThePathSegment() {
    long id = id(create(event("Taalkeuze", "")));
    HttpResult response = ok(ed.patchJson("/en" + EVENTS + "/" + id + "?translation_language=en",
        "{\"translation_language\":\"fr\",\"title\":\"Choix de langue\"}"));
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(response.json().path("language").asText()).isEqualTo("fr");
    assertThat(keys(response.json().path("translations"))).containsExactly("nl", "fr");
  }

  @Test
  void unknownTranslationLanguageIsRejected() {
    long id = id(create(event("Taal", "")));
    HttpResult response = server.anonymous().get(EVENTS + "/" + id + "?translation_language=de");
    assertInvalid(response, "translation_language", "rest_invalid_value");
    HttpResult unknownSegment = server.anonymous().get("/de" + EVENTS + "/" + id);
    assertThat(unknownSegment.status()).isEqualTo(404);
    assertThat(unknownSegment.code()).isEqualTo("rest_no_route");
  }

  // ---------------------------------------------------------------- §3.5 slugs

  @Test
  void slugsAreNormalisedFromTheTitle() {
    assertThat(create(event("Zomerconcert 2026!", "")).path("slug").asText()).isEqualTo("zomerconcert-2026");
    assertThat(create(event("Straße & Æble – Øst, Œuvre", "")).path("slug").asText())
        .isEqualTo("strasse-aeble-ost-oeuvre");
    JsonNode symbols = create(event("!!!", ""));
    assertThat(symbols.path("slug").asText()).as("an empty normalised title gives the id")
        .isEqualTo(String.valueOf(id(symbols)));
  }

  @Test
  void slugsAreUniquePerLanguage() {
    JsonNode first = create(event("Markt", ""));
    JsonNode second = create(event("Markt", ""));
    JsonNode third = create(event("markt!", ""));
    assertThat(first.path("slug").asText()).isEqualTo("markt");
    assertThat(second.path("slug").asText()).isEqualTo("markt-2");
    assertThat(third.path("slug").asText()).isEqualTo("markt-3");
    JsonNode fr = ok(ed.patchJson("/fr" + EVENTS + "/" + id(second), "{\"title\":\"Markt\"}")).json();
    assertThat(fr.path("slug").asText()).as("the fr slug space is separate").isEqualTo("markt");
    assertThat(fr.path("translations").path("nl").path("slug").asText()).isEqualTo("markt-2");
  }

  @Test
  void explicitSlugsAreMadeUniqueToo() {
    create(event("Eerste", "\"slug\":\"Mijn Slug\""));
    JsonNode taken = create(event("Tweede", "\"slug\":\"mijn-slug\""));
    assertThat(taken.path("slug").asText()).isEqualTo("mijn-slug-2");
  }

  @Test
  void slugStaysWhenTheTitleChangesAndIsRenamedOnlyByTheSlugField() {
    long id = id(create(event("Jazz nacht", "")));
    JsonNode renamedTitle = ok(ed.patchJson(EVENTS + "/" + id, "{\"title\":\"Jazznacht\"}")).json();
    assertThat(renamedTitle.path("slug").asText()).isEqualTo("jazz-nacht");
    JsonNode renamed = ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":\"Nieuwe Naam\"}")).json();
    assertThat(renamed.path("slug").asText()).isEqualTo("nieuwe-naam");
    assertThat(renamed.path("url").asText()).isEqualTo(server.url("/nl/event/nieuwe-naam/"));
    JsonNode derived = ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":\"\"}")).json();
    assertThat(derived.path("slug").asText()).isEqualTo("jazznacht");
    ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":\"tijdelijk\"}"));
    assertThat(ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":null}")).json().path("slug").asText()).isEqualTo("jazznacht");
  }

  @Test
  void writingTheCurrentSlugAgainKeepsIt() {
    JsonNode e = create(event("Eigen slug", ""));
    long id = id(e);
    JsonNode same = ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":\"eigen-slug\"}")).json();
    assertThat(same.path("slug").asText()).as("a record does not collide with itself").isEqualTo("eigen-slug");
    JsonNode punctuation = ok(ed.patchJson(EVENTS + "/" + id, "{\"slug\":\"!!!\"}")).json();
    assertThat(punctuation.path("slug").asText()).as("a slug that normalises to empty is derived from the title")
        .isEqualTo("eigen-slug");
  }

  @Test
  void renamingThroughTheBySlugRouteUsesTheBodySlugAsTheNewSlug() {
    long id = id(create(event("Jazz avondje", "")));
    JsonNode renamed = ok(ed.patchJson(EVENTS + "/by-slug/jazz-avondje", "{\"slug\":\"jazz-night\"}")).json();
    assertThat(id(renamed)).isEqualTo(id);
    assertThat(renamed.path("slug").asText()).isEqualTo("jazz-night");
    HttpResult old = server.anonymous().get(EVENTS + "/by-slug/jazz-avondje");
    assertThat(old.status()).isEqualTo(400);
    assertThat(old.code()).isEqualTo("rest_invalid_param");
    assertThat(old.json().path("data").path("params").has("slug")).isTrue();
    assertThat(id(ok(server.anonymous().get(EVENTS + "/by-slug/jazz-night")).json())).isEqualTo(id);
    // a query slug renames too, the path still identifies the event
    JsonNode again = ok(ed.patchJson(EVENTS + "/by-slug/jazz-night?slug=jazz-nacht-2", "{}")).json();
    assertThat(id(again)).isEqualTo(id);
    assertThat(again.path("slug").asText()).isEqualTo("jazz-nacht-2");
  }

  @Test
  void aTranslationCanBeAddedThroughTheBySlugRoute() {
    long id = id(create(event("Boekenmarkt", "")));
    JsonNode en = ok(ed.patchJson("/en" + EVENTS + "/by-slug/boekenmarkt", "{\"title\":\"Book market\"}")).json();
    assertThat(id(en)).isEqualTo(id);
    assertThat(en.path("language").asText()).isEqualTo("en");
    assertThat(en.path("slug").asText()).isEqualTo("book-market");
    assertThat(keys(en.path("translations"))).containsExactly("nl", "en");
  }

  @Test
  void slugsAreLimitedTo200Characters() {
    assertInvalid(ed.postJson(EVENTS, event("Lange slug", "\"slug\":" + q("a".repeat(201)))), "slug", "rest_too_long");
    JsonNode ok = create(event("Lange slug", "\"slug\":" + q("b".repeat(200))));
    assertThat(ok.path("slug").asText()).isEqualTo("b".repeat(200));
    long id = id(create(event("Korte slug", "")));
    assertInvalid(ed.patchJson(EVENTS + "/" + id, "{\"slug\":" + q("c".repeat(201)) + "}"), "slug", "rest_too_long");
    JsonNode derived = create(event("d".repeat(300), ""));
    assertThat(derived.path("slug").asText()).as("derived slugs are cut").isEqualTo("d".repeat(200));
    JsonNode collision = create(event("d".repeat(300), ""));
    assertThat(collision.path("slug").asText()).isEqualTo("d".repeat(198) + "-2");
  }

  // ---------------------------------------------------------------- §12 row 50: fallback off

  @Test
  void withoutFallbackRecordsWithoutTextInTheRequestLanguageAreNotFound() {
    try (TestServer strict = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"))) {
      TestServer.Caller editor = strict.as("ed", strict.addUser("ed", Role.EDITOR));
      long id = id(create(strict, editor, EVENTS, event("Jazzavond", "")));
      ok(editor.patchJson("/fr" + EVENTS + "/" + id, "{\"title\":\"Soirée jazz\"}"));

      HttpResult en = strict.anonymous().get("/en" + EVENTS + "/" + id);
      assertThat(en.status()).isEqualTo(404);
      assertThat(en.code()).isEqualTo("translation-not-found");
      assertThat(en.json().path("message").asText()).isEqualTo("The requested item has no text in language en.");
      assertThat(en.json().path("data").path("status").asInt()).isEqualTo(404);

      HttpResult enBySlug = strict.anonymous().get("/en" + EVENTS + "/by-slug/jazzavond");
      assertThat(enBySlug.status()).isEqualTo(404);
      assertThat(enBySlug.code()).isEqualTo("translation-not-found");

      HttpResult enList = ok(strict.anonymous().get("/en" + EVENTS));
      assertThat(listedIds(enList)).doesNotContain(id);
      assertThat(enList.json().path("total").asInt()).isZero();
      assertThat(listedIds(ok(strict.anonymous().get("/fr" + EVENTS)))).contains(id);

      HttpResult fr = ok(strict.anonymous().get("/fr" + EVENTS + "/" + id));
      assertThat(fr.json().path("title").asText()).isEqualTo("Soirée jazz");

      // writes are not refused; the response falls back as with fallback on
      HttpResult write = ok(editor.patchJson("/en" + EVENTS + "/" + id, "{\"featured\":true}"));
      assertThat(write.json().path("language").asText()).isEqualTo("nl");
      assertThat(write.json().path("featured").asBoolean()).isTrue();

      HttpResult delete = ok(editor.delete("/en" + EVENTS + "/" + id));
      assertThat(delete.json().path("status").asText()).isEqualTo("trash");
    }
  }

  @Test
  void unknownSlugIsAnInvalidParameterAlsoWithOtherChecksOnTheBody() {
    long parent = id(create(event("Ouder voor slug", "")));
    HttpResult response = ed.patchJson(EVENTS + "/by-slug/bestaat-niet", "{\"post_parent\":" + parent + "}");
    assertInvalid(response, "slug", "rest_not_found");
    HttpResult digits = ed.patchJson(EVENTS + "/by-slug/20260311", "{\"post_parent\":" + parent + "}");
    assertInvalid(digits, "slug", "rest_not_found");
  }
}
