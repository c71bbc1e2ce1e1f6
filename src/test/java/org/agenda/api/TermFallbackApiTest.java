package org.agenda.api;

import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.TermFixtures.CATEGORIES;
import static org.agenda.api.TermFixtures.NS;
import static org.agenda.api.TermFixtures.TAGS;
import static org.agenda.api.TermFixtures.ids;
import static org.agenda.api.TermFixtures.ok;
import static org.agenda.api.TermFixtures.term;
import static org.agenda.api.TermFixtures.termIds;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Terms with {@code AGENDA_LANGUAGE_FALLBACK=false} (§3.3 step 3): terms without text in L are left out of
 * lists and their totals, a single read answers 404 {@code translation-not-found}, writes and DELETE are
 * not refused and answer in the language fallback would have chosen.
 */
class TermFallbackApiTest {
  static TestServer server;
  static TestServer.Caller ed, anon;
  /** dutch: nl only; both: nl and en; english: en only. All three are on {@link #event} (nl and en). */
  static long dutch, both, english, event;

  @BeforeAll
  static void start() {
    server = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"));
    ed = server.asAdmin();
    anon = server.anonymous();
    dutch = term(ed, CATEGORIES, "{\"name\":\"Toneel\"}");
    both = term(ed, CATEGORIES, "{\"name\":\"Dans\"}");
    ok(ed.patchJson("/en" + CATEGORIES + "/" + both, "{\"name\":\"Dance\"}"));
    english = term(ed, "/en" + CATEGORIES, "{\"name\":\"Circus\"}");
    event = TermFixtures.event(ed, "Voorstelling", "\"categories\":[" + dutch + "," + both + "," + english + "]");
    ok(ed.patchJson("/en" + NS + "/events/" + event, "{\"title\":\"Show\"}"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void listsLeaveOutTermsWithoutTextInTheRequestLanguage() {
    HttpResult en = anon.get("/en" + CATEGORIES);
    assertThat(ids(en, "categories")).containsExactly(english, both);
    assertThat(en.json().path("total").asInt()).isEqualTo(2);
    assertThat(en.header("X-Cal-Total")).isEqualTo("2");
    en.json().path("categories").forEach(item -> assertThat(item.path("language").asText()).isEqualTo("en"));

    assertThat(ids(anon.get(CATEGORIES), "categories")).containsExactly(both, dutch);
    assertThat(ids(anon.get(CATEGORIES + "?translation_language=fr&hide_empty=false"), "categories")).isEmpty();
    assertThat(ok(anon.get("/fr" + CATEGORIES)).path("total").asInt()).isZero();
    assertThat(ids(anon.get("/en" + CATEGORIES + "?post=" + event + "&orderby=id"), "categories")).containsExactly(both, english);
  }

  @Test
  void aSingleReadWithoutTextInTheRequestLanguageIs404() {
    HttpResult missing = anon.get("/en" + CATEGORIES + "/" + dutch);
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.code()).isEqualTo("translation-not-found");
    assertThat(missing.json().path("message").asText()).isEqualTo("The requested item has no text in language en.");
    assertThat(missing.json().path("data").path("status").asInt()).isEqualTo(404);
    assertThat(anon.get(CATEGORIES + "/" + english).status()).isEqualTo(404);
    assertThat(ok(anon.get("/en" + CATEGORIES + "/" + both)).path("name").asText()).isEqualTo("Dance");
    assertThat(ok(anon.get(CATEGORIES + "/" + both)).path("name").asText()).isEqualTo("Dans");
  }

  @Test
  void writesAndDeleteAnswerAsFallbackWouldHaveChosen() {
    long parent = term(ed, CATEGORIES, "{\"name\":\"Podium\"}");
    long child = term(ed, CATEGORIES, "{\"name\":\"Cabaret\"}");
    JsonNode moved = ok(ed.patchJson("/fr" + CATEGORIES + "/" + child, "{\"parent\":" + parent + "}"));
    assertThat(moved.path("language").asText()).isEqualTo("nl");
    assertThat(moved.path("parent").asLong()).isEqualTo(parent);
    assertThat(keys(moved.path("translations"))).containsExactly("nl");
    assertThat(anon.get("/fr" + CATEGORIES + "/" + child).status()).isEqualTo(404);

    long tag = term(ed, "/en" + TAGS, "{\"name\":\"outdoor\"}");
    JsonNode deleted = ok(ed.delete(TAGS + "/" + tag));
    assertThat(deleted.path("language").asText()).isEqualTo("en");
    assertThat(deleted.path("name").asText()).isEqualTo("outdoor");
  }

  @Test
  void eventsEmbedOnlyTheTermsWithTextInTheRequestLanguage() {
    assertThat(termIds(ok(anon.get("/en" + NS + "/events/" + event)).path("categories"))).containsExactly(both, english);
    assertThat(termIds(ok(anon.get(NS + "/events/" + event)).path("categories"))).containsExactly(dutch, both);
  }
}
