package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.VenueApiTest.EVENTS;
import static org.agenda.api.VenueApiTest.ORGANIZERS;
import static org.agenda.api.VenueApiTest.VENUES;
import static org.agenda.api.VenueApiTest.assertError;
import static org.agenda.api.VenueApiTest.created;
import static org.agenda.api.VenueApiTest.listIds;
import static org.agenda.api.VenueApiTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Venues and organizers with {@code AGENDA_LANGUAGE_FALLBACK=false} (§3.3 step 3, §5.11 {@code total},
 * §6.9 GET): single reads without text in L are 404 {@code translation-not-found}, lists leave such records
 * out and do not count them; writes are not refused.
 */
class VenueFallbackApiTest {
  static TestServer server;
  static TestServer.Caller ed, anon;
  static long dutchVenue, englishVenue, bilingualVenue, dutchOrganizer, englishOrganizer;

  @BeforeAll
  static void start() {
    server = TestServer.start(Map.of("AGENDA_LANGUAGE_FALLBACK", "false"));
    ed = server.asAdmin();
    anon = server.anonymous();
    dutchVenue = id(created(ed.postJson(VENUES, "{\"venue\":\"Alleen Nederlandse zaal\"}")));
    englishVenue = id(created(ed.postJson("/en" + VENUES, "{\"venue\":\"English only hall\"}")));
    bilingualVenue = id(created(ed.postJson(VENUES, "{\"venue\":\"Tweetalige zaal\"}")));
    ok(ed.patchJson("/en" + VENUES + "/" + bilingualVenue, "{\"venue\":\"Bilingual hall\"}"));
    dutchOrganizer = id(created(ed.postJson(ORGANIZERS, "{\"organizer\":\"Alleen Nederlandse org\"}")));
    englishOrganizer = id(created(ed.postJson(ORGANIZERS + "?translation_language=en", "{\"organizer\":\"English org\"}")));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void singleReadsWithoutTextInTheRequestLanguageAre404() {
    HttpResult venue = anon.get("/en" + VENUES + "/" + dutchVenue);
    assertError(venue, 404, "translation-not-found");
    assertThat(venue.json().path("message").asText()).isEqualTo("The requested item has no text in language en.");
    assertError(ed.get("/en" + VENUES + "/" + dutchVenue), 404, "translation-not-found");
    assertError(anon.get(VENUES + "/by-slug/alleen-nederlandse-zaal?translation_language=fr"), 404, "translation-not-found");
    assertError(anon.get(VENUES + "/" + englishVenue), 404, "translation-not-found");
    HttpResult organizer = anon.get("/fr" + ORGANIZERS + "/" + dutchOrganizer);
    assertError(organizer, 404, "translation-not-found");
    assertThat(organizer.json().path("message").asText()).isEqualTo("The requested item has no text in language fr.");
    assertError(anon.get(ORGANIZERS + "/" + englishOrganizer), 404, "translation-not-found");

    JsonNode english = ok(anon.get("/en" + VENUES + "/" + bilingualVenue));
    assertThat(english.path("language").asText()).isEqualTo("en");
    assertThat(english.path("venue").asText()).isEqualTo("Bilingual hall");
    assertThat(ok(anon.get(VENUES + "/" + bilingualVenue)).path("venue").asText()).isEqualTo("Tweetalige zaal");
    assertThat(ok(anon.get("/en" + ORGANIZERS + "/" + englishOrganizer)).path("language").asText()).isEqualTo("en");
    // a read permission problem comes first (§2.4 step 8 order of §6.9)
    long draft = id(created(ed.postJson(VENUES, "{\"venue\":\"Concept zonder Engels\",\"status\":\"draft\"}")));
    assertError(anon.get("/en" + VENUES + "/" + draft), 403, "venue-not-accessible");
  }

  @Test
  void listsLeaveUntranslatedRecordsOutAndDoNotCountThem() {
    HttpResult english = anon.get("/en" + VENUES + "?search=hall");
    assertThat(listIds(english, "venues")).containsExactly(bilingualVenue, englishVenue);
    assertThat(english.json().path("total").asInt()).isEqualTo(2);
    HttpResult allEnglish = anon.get("/en" + VENUES);
    assertThat(listIds(allEnglish, "venues")).containsExactly(bilingualVenue, englishVenue);
    assertThat(allEnglish.header("X-Cal-Total")).isEqualTo("2");
    HttpResult dutch = anon.get(VENUES);
    assertThat(listIds(dutch, "venues")).containsExactly(bilingualVenue, dutchVenue);
    assertThat(dutch.json().path("total").asInt()).isEqualTo(2);
    assertThat(listIds(anon.get("/en" + VENUES + "?search=zaal"), "venues")).as("no fallback in search").isEmpty();
    HttpResult french = anon.get("/fr" + VENUES);
    assertThat(listIds(french, "venues")).isEmpty();
    assertThat(french.json().path("total").asInt()).isZero();
    assertThat(french.json().path("total_pages").asInt()).isZero();
    assertError(anon.get("/fr" + VENUES + "?page=2"), 404, "venue-archive-page-not-found");
    HttpResult perPage = anon.get("/en" + VENUES + "?per_page=1");
    assertThat(perPage.json().path("total_pages").asInt()).isEqualTo(2);
    assertError(anon.get("/en" + VENUES + "?per_page=1&page=3"), 404, "venue-archive-page-not-found");

    assertThat(listIds(anon.get(ORGANIZERS + "?translation_language=en"), "organizers")).containsExactly(englishOrganizer);
    assertThat(listIds(anon.get(ORGANIZERS), "organizers")).containsExactly(dutchOrganizer);
    assertThat(anon.get("/fr" + ORGANIZERS).json().path("total").asInt()).isZero();
  }

  @Test
  void writesAreNotRefusedAndEmbeddedRecordsAreLeftOut() {
    HttpResult update = ed.patchJson("/fr" + VENUES + "/" + dutchVenue, "{\"city\":\"Luik\"}");
    JsonNode updated = ok(update);
    assertThat(updated.path("language").asText()).as("shown as chosen by step 2").isEqualTo("nl");
    assertThat(updated.path("city").asText()).isEqualTo("Luik");
    // an event in nl linking an en-only venue: the venue is left out of the event
    long event = id(created(ed.postJson(EVENTS, "{\"title\":\"Avond\",\"start_date\":\"tomorrow 20:00\","
        + "\"end_date\":\"tomorrow 21:00\",\"venue\":" + englishVenue + ",\"organizer\":[" + dutchOrganizer + ","
        + englishOrganizer + "]}")));
    JsonNode read = ok(anon.get(EVENTS + "/" + event));
    assertThat(read.path("venue").toString()).isEqualTo("[]");
    assertThat(read.path("organizer").size()).isEqualTo(1);
    assertThat(read.path("organizer").get(0).path("id").asLong()).isEqualTo(dutchOrganizer);
    long trashMe = id(created(ed.postJson(VENUES, "{\"venue\":\"Weg te doen\"}")));
    JsonNode trashed = ok(ed.delete("/en" + VENUES + "/" + trashMe));
    assertThat(trashed.path("status").asText()).isEqualTo("trash");
    assertThat(trashed.path("language").asText()).isEqualTo("nl");
  }
}
