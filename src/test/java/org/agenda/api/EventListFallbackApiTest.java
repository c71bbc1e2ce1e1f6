package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Lists with {@code AGENDA_LANGUAGE_FALLBACK=false} (§3.3 step 3, §5.11 {@code total}, §12 row 50). */
class EventListFallbackApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  static long dutchOnly, dutchAndEnglish, englishOnly;

  @BeforeAll
  static void start() {
    server = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"));
    var admin = server.asAdmin();
    dutchOnly = create(admin, event("Alleen Nederlands", "tomorrow 10:00", "tomorrow 11:00"));
    dutchAndEnglish = create(admin, event("Tweetalig", "tomorrow 11:00", "tomorrow 12:00"));
    patch(admin, "/en" + EVENTS + "/" + dutchAndEnglish, fields("title", "Bilingual"));
    var englishResponse = admin.postJson("/en" + EVENTS, event("English only", "tomorrow 12:00", "tomorrow 13:00").toString());
    assertThat(englishResponse.status()).as(englishResponse.toString()).isEqualTo(201);
    englishOnly = englishResponse.json().path("id").asLong();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void eventsWithoutTextInTheRequestLanguageAreNeitherListedNorCounted() {
    var english = server.anonymous().get("/en" + EVENTS);
    assertThat(ids(english)).containsExactly(dutchAndEnglish, englishOnly);
    assertThat(english.json().path("total").asInt()).isEqualTo(2);
    assertThat(english.header("X-Cal-Total")).isEqualTo("2");
    assertThat(english.json().path("events").get(0).path("title").asText()).isEqualTo("Bilingual");
    assertThat(english.json().path("events").get(0).path("language").asText()).isEqualTo("en");

    var dutch = server.anonymous().get(EVENTS);
    assertThat(ids(dutch)).containsExactly(dutchOnly, dutchAndEnglish);
    assertThat(dutch.json().path("total").asInt()).isEqualTo(2);

    assertThat(ids(server.anonymous().get(EVENTS + "?translation_language=en"))).containsExactly(dutchAndEnglish, englishOnly);
  }

  @Test
  void noEventHasFrenchText() {
    var french = server.anonymous().get("/fr" + EVENTS);
    assertThat(ids(french)).isEmpty();
    assertThat(french.json().path("total").asInt()).isZero();
    assertThat(french.json().path("total_pages").asInt()).isZero();
    assertThat(server.anonymous().get("/fr" + EVENTS + "?page=2").status()).isEqualTo(404);
    // include does not bring them back
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + "?include=" + dutchOnly + "," + englishOnly))).isEmpty();
  }

  @Test
  void pagingCountsOnlyTranslatedEvents() {
    var first = server.anonymous().get("/en" + EVENTS + "?per_page=1");
    assertThat(ids(first)).containsExactly(dutchAndEnglish);
    assertThat(first.json().path("total_pages").asInt()).isEqualTo(2);
    assertThat(ids(server.anonymous().get("/en" + EVENTS + "?per_page=1&page=2"))).containsExactly(englishOnly);
    var beyond = server.anonymous().get("/en" + EVENTS + "?per_page=1&page=3");
    assertThat(beyond.status()).isEqualTo(404);
    assertThat(beyond.code()).isEqualTo("event-archive-page-not-found");
  }

  @Test
  void searchDoesNotFallBackEither() {
    assertThat(ids(server.anonymous().get("/en" + EVENTS + "?search=Tweetalig"))).isEmpty();
    assertThat(ids(server.anonymous().get("/en" + EVENTS + "?search=Bilingual"))).containsExactly(dutchAndEnglish);
    assertThat(ids(server.anonymous().get("/en" + EVENTS + "?search=Nederlands"))).isEmpty();
  }

  @Test
  void editorsAreSubjectToTheSameRule() {
    assertThat(ids(server.asAdmin().get("/en" + EVENTS))).containsExactly(dutchAndEnglish, englishOnly);
  }
}
