package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Anonymous reads are served from a cache keyed by the data version (§10.5): a cached answer is exactly
 * what an uncached read gives, a write is visible to the next read — also through a second instance
 * sharing the database — and answers that depend on the time follow the clock without any write.
 */
class ResponseCacheApiTest {
  private static final String NS = "/cal/events/v1";

  TestServer first;
  TestServer second;
  TestServer.Caller editor;

  @BeforeEach
  void start() {
    first = TestServer.start();
    second = TestServer.start(Map.of("AGENDA_DB_URL", first.databaseUrl));
    second.clock.set(first.clock.instant());
    editor = first.asAdmin();
  }

  @AfterEach
  void stop() {
    second.close();
    first.close();
  }

  private long create(String collection, String body) {
    HttpResult created = editor.postJson(NS + "/" + collection, body);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return id(created.json());
  }

  private static List<Long> ids(HttpResult list, String key) {
    assertThat(list.status()).as(list.toString()).isEqualTo(200);
    var ids = new ArrayList<Long>();
    list.json().path(key).forEach(item -> ids.add(id(item)));
    return ids;
  }

  @Test
  void aWriteThroughOneInstanceIsVisibleToTheNextReadThroughTheOther() {
    long event = create("events", ApiChecks.event("Eerste titel", ""));
    var reader = second.anonymous();
    assertThat(reader.get(NS + "/events/" + event).json().path("title").asText()).isEqualTo("Eerste titel");
    assertThat(reader.get(NS + "/events/" + event).json().path("title").asText()).isEqualTo("Eerste titel");
    assertThat(ids(reader.get(NS + "/events"), "events")).containsExactly(event);

    HttpResult updated = editor.patchJson(NS + "/events/" + event, "{\"title\":\"Tweede titel\"}");
    assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + event).json().path("title").asText()).isEqualTo("Tweede titel");

    long other = create("events", ApiChecks.event("Nog een", ""));
    assertThat(ids(reader.get(NS + "/events"), "events")).containsExactlyInAnyOrder(event, other);
    assertThat(editor.delete(NS + "/events/" + other).status()).isEqualTo(200);
    assertThat(ids(reader.get(NS + "/events"), "events")).containsExactly(event);
  }

  @Test
  void eventsAndWhatTheyEmbedFollowAWriteThroughTheOtherInstance() {
    long venue = create("venues", "{\"venue\":\"Oude zaal\",\"city\":\"Gent\"}");
    long event = create("events", ApiChecks.event("Concert",
        "\"venue\":" + venue + ",\"organizer\":{\"organizer\":\"Oude stichting\"},\"categories\":[\"Oud\"]"));
    // an authenticated reader: its answers are never taken from the response cache, only the embedded objects
    var reader = second.asAdmin();
    var before = reader.get(NS + "/events/" + event).json();
    assertThat(before.path("venue").path("venue").asText()).isEqualTo("Oude zaal");
    long organizer = id(before.path("organizer").path(0));
    long category = id(before.path("categories").path(0));
    assertThat(before.path("categories").path(0).path("count").asInt()).isEqualTo(1);

    assertThat(editor.patchJson(NS + "/venues/" + venue, "{\"venue\":\"Nieuwe zaal\"}").status()).isEqualTo(200);
    assertThat(editor.patchJson(NS + "/organizers/" + organizer, "{\"organizer\":\"Nieuwe stichting\"}").status())
        .isEqualTo(200);
    assertThat(editor.patchJson(NS + "/categories/" + category, "{\"name\":\"Nieuw\"}").status()).isEqualTo(200);
    create("events", ApiChecks.event("Tweede", "\"categories\":[" + category + "]"));
    var after = reader.get(NS + "/events/" + event).json();
    assertThat(after.path("venue").path("venue").asText()).isEqualTo("Nieuwe zaal");
    assertThat(after.path("organizer").path(0).path("organizer").asText()).isEqualTo("Nieuwe stichting");
    assertThat(after.path("categories").path(0).path("name").asText()).isEqualTo("Nieuw");
    assertThat(after.path("categories").path(0).path("count").asInt()).isEqualTo(2);
    long third = create("events", ApiChecks.event("Derde", "\"categories\":[" + category + "]"));
    assertThat(reader.get(NS + "/events/" + event).json().path("categories").path(0).path("count").asInt())
        .as("the term itself unchanged, its count moved with another event").isEqualTo(3);
    assertThat(editor.patchJson(NS + "/events/" + third, "{\"status\":\"draft\"}").status()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + event).json().path("categories").path(0).path("count").asInt())
        .as("and back when that event is no longer published").isEqualTo(2);

    assertThat(editor.patchJson(NS + "/events/" + event, "{\"title\":\"Concert, verplaatst\"}").status()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + event).json().path("title").asText()).isEqualTo("Concert, verplaatst");

    assertThat(editor.delete(NS + "/venues/" + venue).status()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + event).json().path("venue").isEmpty()).as("a trashed venue is not embedded")
        .isTrue();
  }

  /**
   * A kept list page outlives writes that leave it as it was (PageHolds), on both instances; every write that
   * changes what it shows, or only a count or name it embeds, is in the next answer.
   */
  @Test
  void aKeptListPageOutlivesWritesElsewhereAndFollowsEveryWriteThatChangesIt() {
    long venue = create("venues", "{\"venue\":\"Zaal\",\"city\":\"Gent\"}");
    long shown = create("events", ApiChecks.event("Getoond",
        "\"venue\":" + venue + ",\"categories\":[\"Muziek\"],\"tags\":[\"buiten\"]"));
    var page = editor.get(NS + "/events/" + shown).json();
    long music = id(page.path("categories").path(0));
    long outside = id(page.path("tags").path(0));
    String list = NS + "/events?categories=" + music;
    var readers = List.of(first.anonymous(), second.anonymous());
    for (var reader : readers) assertThat(ids(reader.get(list), "events")).containsExactly(shown);

    // elsewhere: another category, no embedded record touched
    create("events", ApiChecks.event("Elders", "\"categories\":[\"Theater\"]"));
    for (var reader : readers) {
      HttpResult again = reader.get(list);
      assertThat(ids(again, "events")).containsExactly(shown);
      assertThat(again.json().path("events").path(0).path("tags").path(0).path("count").asInt()).isEqualTo(1);
    }
    // only the count of a term the page embeds
    create("events", ApiChecks.event("Ook buiten", "\"tags\":[" + outside + "]"));
    for (var reader : readers) {
      assertThat(reader.get(list).json().path("events").path(0).path("tags").path(0).path("count").asInt())
          .isEqualTo(2);
    }
    // the venue it embeds
    assertThat(editor.patchJson(NS + "/venues/" + venue, "{\"venue\":\"Grote zaal\"}").status()).isEqualTo(200);
    for (var reader : readers) {
      assertThat(reader.get(list).json().path("events").path(0).path("venue").path("venue").asText())
          .isEqualTo("Grote zaal");
    }
    // the event itself, and a new event in the list
    assertThat(editor.patchJson(NS + "/events/" + shown, "{\"title\":\"Nog steeds getoond\"}").status())
        .isEqualTo(200);
    for (var reader : readers) {
      assertThat(reader.get(list).json().path("events").path(0).path("title").asText()).isEqualTo("Nog steeds getoond");
    }
    long added = create("events", ApiChecks.event("Erbij", "\"categories\":[" + music + "]"));
    for (var reader : readers) {
      HttpResult grown = reader.get(list);
      assertThat(ids(grown, "events")).containsExactlyInAnyOrder(shown, added);
      assertThat(grown.header("X-Cal-Total")).isEqualTo("2");
    }
  }

  /**
   * A kept page whose embedded terms changed only in their counts is given with their current forms in their places:
   * the same bytes and entity tag as a server that builds every list from the database gives, in every language.
   */
  @Test
  void aKeptPageWhoseTermsChangedOnlyInTheirCountsIsTheBuiltOne() {
    // one public URL for both servers, so that their answers are the same bytes
    String site = "https://agenda.example";
    try (TestServer indexed = TestServer.start(Map.of("AGENDA_PUBLIC_URL", site));
        TestServer plain = TestServer.start(Map.of("AGENDA_DB_URL", indexed.databaseUrl, "AGENDA_INDEX", "off",
            "AGENDA_PUBLIC_URL", site))) {
      plain.clock.set(indexed.clock.instant());
      var admin = indexed.asAdmin();
      long first = id(admin.postJson(NS + "/events", ApiChecks.event("Buiten spelen",
          "\"categories\":[\"Muziek\",\"Theater\"],\"tags\":[\"buiten\",\"gratis\"]")).json());
      var embedded = admin.get(NS + "/events/" + first).json();
      long music = id(embedded.path("categories").path(0));
      long outside = id(embedded.path("tags").path(0));
      admin.postJson(NS + "/events", ApiChecks.event("Binnen", "\"categories\":[" + music + "],\"tags\":[\"binnen\"]"));
      admin.postJson(NS + "/events", ApiChecks.event("Ook buiten", "\"tags\":[" + outside + "]"));
      var reader = indexed.anonymous();
      var built = plain.anonymous();
      List<String> lists = List.of(NS + "/events", "/fr" + NS + "/events", NS + "/events?per_page=2&page=2",
          NS + "/events?tags=" + outside, NS + "/events?categories=" + music + "&per_page=1");
      for (String list : lists) assertThat(reader.get(list).status()).as(list).isEqualTo(200);

      // beyond the lists' window: no page changes but for the counts of the terms it embeds
      String later = "\"start_date\":\"+1000 days 20:00\",\"end_date\":\"+1000 days 22:00\"";
      for (int count = 3; count <= 4; count++) {
        assertThat(admin.postJson(NS + "/events", "{\"title\":\"Later\"," + later + ",\"categories\":[" + music
            + "],\"tags\":[" + outside + "]}").status()).isEqualTo(201);
        for (String list : lists) {
          HttpResult kept = reader.get(list);
          HttpResult fresh = built.get(list);
          assertThat(kept.body()).as(list).isEqualTo(fresh.body()).contains("\"count\":" + count);
          assertThat(kept.header("ETag")).as(list).isEqualTo(fresh.header("ETag"));
          assertThat(reader.get(list).body()).as(list + ", asked again").isEqualTo(fresh.body());
        }
      }
    }
  }

  @Test
  void aCachedAnswerHasTheSameBytesAndHeadersAsTheFirst() {
    long venue = create("venues", "{\"venue\":\"Zaal\",\"city\":\"Gent\"}");
    create("events", ApiChecks.event("Concert", "\"venue\":" + venue));
    var reader = first.anonymous();
    for (String path : List.of(NS + "/events", "/fr" + NS + "/venues/" + venue, NS + "/venues?translation_language=en",
        NS, NS + "/doc")) {
      HttpResult once = reader.get(path);
      HttpResult again = reader.get(path);
      assertThat(again.status()).isEqualTo(200);
      assertThat(again.body()).as(path).isEqualTo(once.body());
      for (String header : List.of("Content-Type", "Content-Language", "X-Cal-Total", "X-Cal-TotalPages", "Allow")) {
        assertThat(again.header(header)).as(path + " " + header).isEqualTo(once.header(header));
      }
    }
  }

  @Test
  void passwordsAndCallersGetTheirOwnAnswers() {
    long event = create("events", ApiChecks.event("Geheim", "\"password\":\"s3cret\",\"description\":\"<p>x</p>\""));
    var reader = first.anonymous();
    assertThat(reader.get(NS + "/events/" + event).status()).isEqualTo(403);
    assertThat(reader.get(NS + "/events/" + event + "?password=s3cret").status()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + event).status()).isEqualTo(403);
    assertThat(reader.get(NS + "/events").json().path("events").get(0).path("description").asText()).isEmpty();
    assertThat(editor.get(NS + "/events").json().path("events").get(0).path("description").asText()).isEqualTo("<p>x</p>");
    assertThat(reader.get(NS + "/events").json().path("events").get(0).path("description").asText()).isEmpty();

    String contributor = first.addUser("co", Role.CONTRIBUTOR);
    long draft = create("events", ApiChecks.event("Ontwerp", "\"status\":\"draft\""));
    assertThat(reader.get(NS + "/events/" + draft).status()).isEqualTo(403);
    assertThat(first.as("co", contributor).get(NS + "/events/" + draft).status()).isEqualTo(200);
    assertThat(reader.get(NS + "/events/" + draft).status()).isEqualTo(403);
  }

  @Test
  void answersThatDependOnTheTimeFollowTheClockWithoutAnyWrite() {
    long today = create("events", "{\"title\":\"Vandaag\",\"start_date\":\"today 15:00\",\"end_date\":\"today 16:00\"}");
    var reader = first.anonymous();
    assertThat(ids(reader.get(NS + "/events"), "events")).containsExactly(today);
    // a relative date reads the clock: its answer holds for that second only, not for the day
    String endsLater = NS + "/events?ends_after=now&strict_dates=true";
    assertThat(ids(reader.get(endsLater), "events")).containsExactly(today);
    first.clock.advance(Duration.ofHours(3));
    assertThat(ids(reader.get(endsLater), "events")).as("at 17:05 the event has ended").isEmpty();
    assertThat(ids(reader.get(NS + "/events"), "events")).as("the default window is the whole day").containsExactly(today);
    first.clock.advance(Duration.ofDays(1));
    assertThat(ids(reader.get(NS + "/events"), "events")).isEmpty();

    // A future venue is published when its date passes: the change the clock causes advances the version.
    String author = first.addUser("au", Role.AUTHOR);
    HttpResult future = first.as("au", author).postJson(NS + "/venues", "{\"venue\":\"Later\",\"date\":\"+1 hour\"}");
    assertThat(future.json().path("status").asText()).isEqualTo("future");
    assertThat(ids(reader.get(NS + "/venues"), "venues")).isEmpty();
    assertThat(reader.get(NS + "/venues/" + id(future.json())).status()).isEqualTo(403);
    first.clock.advance(Duration.ofHours(2));
    assertThat(ids(reader.get(NS + "/venues"), "venues")).containsExactly(id(future.json()));
    assertThat(reader.get(NS + "/venues/" + id(future.json())).status()).isEqualTo(200);
  }
}
