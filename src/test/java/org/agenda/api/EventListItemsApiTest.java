package org.agenda.api;

import static org.agenda.api.EventLinksApiTest.EVENTS;
import static org.agenda.api.EventLinksApiTest.NS;
import static org.agenda.api.EventLinksApiTest.arr;
import static org.agenda.api.EventLinksApiTest.created;
import static org.agenda.api.EventLinksApiTest.ev;
import static org.agenda.api.EventLinksApiTest.ok;
import static org.agenda.api.EventLinksVenuesApiTest.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A list shows every event as it is now, with what it embeds as it is now, although list items are kept rendered
 * between writes: a change of a term, venue, organizer or series that the event embeds shows in the list at once,
 * in every language, form and URL root the item was shown in before.
 */
class EventListItemsApiTest {
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

  /** The event with this id as the list of {@code path} shows it, searched by a word of its title. */
  static JsonNode listed(TestServer.Caller caller, String path, String search, long id) {
    JsonNode list = ok(caller.get(path + "?search=" + search));
    for (JsonNode event : list.path("events")) {
      if (event.path("id").asLong() == id) return event;
    }
    throw new AssertionError("event " + id + " not listed in " + list);
  }

  @Test
  void aChangeOfWhatAnEventEmbedsShowsInTheListAtOnce() {
    ObjectNode body = ev("Itemkaart");
    body.set("categories", arr("Itemcategorie"));
    body.set("tags", arr("Itemlabel"));
    body.set("venue", obj("venue", "Itemzaal", "city", "Gent"));
    body.set("organizer", arr(obj("organizer", "Itemorganisatie")));
    JsonNode event = created(ed.postJson(EVENTS, body.toString()));
    long id = event.path("id").asLong();
    long category = event.path("categories").get(0).path("id").asLong();
    long tag = event.path("tags").get(0).path("id").asLong();
    long venue = event.path("venue").path("id").asLong();
    long organizer = event.path("organizer").get(0).path("id").asLong();
    // shown (and so kept) in two languages, two URL roots, to two callers
    for (String path : new String[] {EVENTS, "/fr" + EVENTS}) {
      assertThat(listed(server.anonymous(), path, "itemkaart", id).path("venue").path("city").asText()).isEqualTo("Gent");
      assertThat(listed(ed, path, "itemkaart", id).path("tags").get(0).path("count").asInt()).isEqualTo(1);
    }

    ok(ed.patchJson(NS + "/categories/" + category, "{\"name\":\"Itemrubriek\"}"));
    created(ed.postJson(EVENTS, ev("Tweede item").set("tags", arr(tag)).toString()));
    ok(ed.patchJson(NS + "/venues/" + venue, "{\"city\":\"Brugge\"}"));
    ok(ed.delete(NS + "/organizers/" + organizer));

    for (String path : new String[] {EVENTS, "/fr" + EVENTS}) {
      for (TestServer.Caller caller : new TestServer.Caller[] {server.anonymous(), ed}) {
        JsonNode shown = listed(caller, path, "itemkaart", id);
        assertThat(shown.path("categories").get(0).path("name").asText()).isEqualTo("Itemrubriek");
        assertThat(shown.path("tags").get(0).path("count").asInt()).isEqualTo(2);
        assertThat(shown.path("venue").path("city").asText()).isEqualTo("Brugge");
        assertThat(shown.path("organizer").size()).as("a trashed organizer is not embedded").isZero();
        assertThat(shown.path("rest_url").asText()).isEqualTo(server.url(path.replace(EVENTS, "") + EVENTS + "/" + id));
      }
    }
  }

  @Test
  void theTextOfEachLanguageAndTheLockedFormAreKeptApart() {
    JsonNode event = created(ed.postJson(EVENTS, ev("Slotitem").put("description", "<p>Geheim</p>")
        .put("password", "sesam").toString()));
    long id = event.path("id").asLong();
    ok(ed.patchJson(EVENTS + "/" + id + "?translation_language=fr", "{\"title\":\"Slotitem fr\"}"));

    assertThat(listed(server.anonymous(), EVENTS, "slotitem", id).path("description").asText()).isEmpty();
    assertThat(listed(server.anonymous(), EVENTS, "slotitem&password=sesam", id).path("description").asText())
        .isEqualTo("<p>Geheim</p>");
    assertThat(listed(server.anonymous(), EVENTS, "slotitem", id).path("description").asText()).isEmpty();
    assertThat(listed(server.anonymous(), EVENTS, "slotitem&translation_language=fr", id).path("title").asText())
        .isEqualTo("Slotitem fr");
    assertThat(listed(server.anonymous(), EVENTS, "slotitem", id).path("title").asText()).isEqualTo("Slotitem");

    ok(ed.patchJson(EVENTS + "/" + id, "{\"password\":\"\"}"));
    assertThat(listed(server.anonymous(), EVENTS, "slotitem", id).path("description").asText()).isEqualTo("<p>Geheim</p>");
  }
}
