package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.api.FeedFollower.Change;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /changes}: every create, update, trash, restore and permanent delete of the five kinds of records, in
 * commit order, with the languages whose text changed; created and deleted as each caller sees the record (§4.4,
 * §4.8: a trashed record, or one a password locks, is gone for the feed); paging with next and more; invalid and
 * expired tokens; the retention of AGENDA_CHANGES_RETENTION on the service clock.
 */
class ChangeFeedApiTest {
  private static final String NS = "/cal/events/v1";

  static TestServer server;
  static TestServer.Caller admin;
  static final Map<String, TestServer.Caller> callers = new LinkedHashMap<>();

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
    callers.put("anonymous", server.anonymous());
    for (var user : List.of(Map.entry("su", Role.SUBSCRIBER), Map.entry("co", Role.CONTRIBUTOR),
        Map.entry("au", Role.AUTHOR), Map.entry("au2", Role.AUTHOR), Map.entry("ed", Role.EDITOR))) {
      callers.put(user.getKey(), server.as(user.getKey(), server.addUser(user.getKey(), user.getValue())));
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode ok(int status, HttpResult answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
    return answer.json();
  }

  private static long created(String path, String body) {
    return id(ok(201, admin.postJson(path, body)));
  }

  /** kind, id, change and languages of each change. */
  private static List<String> described(List<Change> changes) {
    return changes.stream().map(c -> c.what() + " " + c.languages()).toList();
  }

  @Test
  void everyWriteOfEveryKindIsListedInCommitOrderWithTheLanguagesItChanged() {
    server.clock.set(TestServer.DEFAULT_NOW);
    var follower = FeedFollower.atHead("admin", admin);
    var expected = new ArrayList<String>();
    long category = created(NS + "/categories", "{\"name\":\"Feest\"}");
    expected.add("category " + category + " created [nl]");
    long child = created(NS + "/categories", "{\"name\":\"Kinderfeest\",\"parent\":" + category + "}");
    expected.add("category " + child + " created [nl]");
    long tag = created("/fr" + NS + "/tags", "{\"name\":\"plein air\"}");
    expected.add("tag " + tag + " created [fr]");
    long venue = created("/fr" + NS + "/venues", "{\"venue\":\"Grande Salle\"}");
    expected.add("venue " + venue + " created [fr]");
    long organizer = created(NS + "/organizers", "{\"organizer\":\"Stichting\"}");
    expected.add("organizer " + organizer + " created [nl]");
    JsonNode event = ok(201, admin.postJson(NS + "/events", ApiChecks.event("Zomerconcert", "\"venue\":" + venue
        + ",\"organizer\":" + organizer + ",\"categories\":[" + category + "],\"tags\":[" + tag + ",\"buiten\"]")));
    long newTag = event.path("tags").get(1).path("id").asLong();
    long e = id(event);
    expected.add("tag " + newTag + " created [nl]"); // made by name from the payload, before the event
    expected.add("event " + e + " created [nl]");
    String path = NS + "/events/" + e;
    ok(200, admin.patchJson("/fr" + path, "{\"title\":\"Concert d'été\"}"));
    expected.add("event " + e + " updated [fr]");
    ok(200, admin.patchJson(path, "{\"featured\":true}"));
    expected.add("event " + e + " updated [nl, fr]");
    ok(200, admin.patchJson(path, "{\"featured\":true}")); // changes nothing: not listed
    ok(200, admin.patchJson(NS + "/categories/" + category + "?translation_language=en", "{\"name\":\"Party\"}"));
    expected.add("category " + category + " updated [en]");
    ok(200, admin.patchJson(NS + "/venues/" + venue, "{\"city\":\"Lyon\"}"));
    expected.add("venue " + venue + " updated [fr]");
    ok(200, admin.delete(path));
    expected.add("event " + e + " deleted [nl, fr]"); // in the trash: gone for the feed
    ok(200, admin.patchJson(path, "{\"status\":\"publish\"}"));
    expected.add("event " + e + " created [nl, fr]"); // restored
    ok(200, admin.delete(NS + "/tags/" + tag));
    expected.add("tag " + tag + " deleted [fr]");
    expected.add("event " + e + " updated [nl, fr]"); // it lost the tag
    ok(200, admin.delete(NS + "/categories/" + category));
    expected.add("category " + child + " updated [nl]"); // moved up to the top level
    expected.add("category " + category + " deleted [nl, en]");
    expected.add("event " + e + " updated [nl, fr]");
    ok(200, admin.delete(NS + "/venues/" + venue));
    expected.add("venue " + venue + " deleted [fr]");
    ok(200, admin.patchJson(NS + "/venues/" + venue, "{\"status\":\"publish\"}"));
    expected.add("venue " + venue + " created [fr]");
    ok(200, admin.delete(NS + "/venues/" + venue + "?force=true"));
    expected.add("venue " + venue + " deleted [fr]");
    expected.add("event " + e + " updated [nl, fr]"); // its link to the venue went with it
    ok(200, admin.delete(path + "?force=true"));
    expected.add("event " + e + " deleted [nl, fr]");
    ok(200, admin.patchJson(NS + "/organizers/" + organizer, "{\"organizer\":\"Stichting Muziek\"}"));
    expected.add("organizer " + organizer + " updated [nl]");

    List<Change> changes = follower.catchUp(admin, 50);
    assertThat(described(changes)).containsExactlyElementsOf(expected);
    assertThat(follower.problems()).isEmpty();
    // the commit time: site time zone (Europe/Amsterdam) and UTC
    assertThat(changes).allSatisfy(change -> {
      assertThat(change.modified()).isEqualTo("2026-03-10 14:05:00");
      assertThat(change.modifiedUtc()).isEqualTo("2026-03-10 13:05:00");
    });
    JsonNode answer = ok(200, admin.get(NS + "/changes?per_page=1"));
    assertThat(ApiChecks.keys(answer)).containsExactly("changes", "next", "more");
    assertThat(ApiChecks.keys(answer.path("changes").get(0)))
        .containsExactly("kind", "id", "change", "modified", "modified_utc", "languages");
  }

  @Test
  void eachCallerSeesARecordCreatedWhenItCanReadItAndDeletedWhenItCannotAnyMore() {
    server.clock.set(TestServer.DEFAULT_NOW);
    Map<String, FeedFollower> followers = new LinkedHashMap<>();
    callers.forEach((name, caller) -> followers.put(name, FeedFollower.atHead(name, caller)));
    long author = server.userId("au");
    long e = created(NS + "/events", ApiChecks.event("Wisselend", "\"status\":\"draft\",\"author\":" + author));
    String path = NS + "/events/" + e;
    ok(200, admin.patchJson(path, "{\"status\":\"publish\"}"));
    ok(200, admin.patchJson(path, "{\"password\":\"geheim\"}"));
    ok(200, admin.patchJson(path, "{\"password\":\"\"}"));
    ok(200, admin.delete(path));
    ok(200, admin.patchJson(path, "{\"status\":\"draft\"}"));
    ok(200, admin.patchJson(path, "{\"status\":\"publish\",\"date\":\"+1 day\"}"));
    assertThat(admin.get(path).json().path("status").asText()).isEqualTo("future");
    server.clock.advance(Duration.ofDays(2)); // the next request publishes it (§4.6)
    assertThat(admin.get(path).json().path("status").asText()).isEqualTo("publish");
    ok(200, admin.delete(path + "?force=true"));
    long tag = created(NS + "/tags", "{\"name\":\"voor iedereen\"}");

    // draft, publish, password, no password, trash, draft, future, publish, delete
    Map<String, List<String>> expected = new LinkedHashMap<>();
    List<String> outside = List.of("created", "deleted", "created", "deleted", "created", "deleted");
    expected.put("anonymous", outside);
    expected.put("su", outside);
    expected.put("co", List.of("created", "updated", "deleted", "created", "deleted", "created", "updated", "updated",
        "deleted"));
    expected.put("au", List.of("created", "updated", "updated", "updated", "deleted", "created", "updated", "updated",
        "deleted"));
    expected.put("au2", expected.get("co"));
    expected.put("ed", expected.get("au"));
    followers.forEach((name, follower) -> {
      List<Change> changes = follower.catchUp(callers.get(name), 50);
      assertThat(changes.stream().filter(c -> c.kind().equals("event") && c.id() == e).map(Change::change).toList())
          .as(name).containsExactlyElementsOf(expected.get(name));
      assertThat(changes.get(changes.size() - 1).what()).as(name).isEqualTo("tag " + tag + " created");
      assertThat(follower.problems()).as(name).isEmpty();
    });
    server.clock.set(TestServer.DEFAULT_NOW);
  }

  @Test
  void nextAndMorePageThroughTheChangesTheCallerMaySee() {
    server.clock.set(TestServer.DEFAULT_NOW);
    var anonymous = server.anonymous();
    String start = FeedFollower.atHead("anonymous", anonymous).token();
    var tags = new ArrayList<Long>();
    for (int i = 0; i < 7; i++) {
      tags.add(created(NS + "/tags", "{\"name\":" + q("pagina " + i) + "}"));
      created(NS + "/events", ApiChecks.event("Concept " + i, "\"status\":\"draft\"")); // not for anonymous callers
    }
    var seen = new ArrayList<Long>();
    String token = start;
    for (int expectedSize : new int[] {3, 3, 1}) {
      JsonNode page = ok(200, anonymous.get(NS + "/changes?per_page=3&since=" + token));
      assertThat(page.path("changes").size()).isEqualTo(expectedSize);
      assertThat(page.path("more").asBoolean()).isEqualTo(expectedSize == 3);
      page.path("changes").forEach(change -> seen.add(change.path("id").asLong()));
      assertThat(FeedFollower.compare(page.path("next").asText(), token)).isPositive();
      token = page.path("next").asText();
    }
    assertThat(seen).containsExactlyElementsOf(tags);
    JsonNode caughtUp = ok(200, anonymous.get(NS + "/changes?since=" + token));
    assertThat(caughtUp.path("changes").size()).isZero();
    assertThat(caughtUp.path("more").asBoolean()).isFalse();
    assertThat(caughtUp.path("next").asText()).as("nothing new: the token sent").isEqualTo(token);
    // the administrator reads the drafts too, between the same tokens
    var all = new FeedFollower("admin", start);
    assertThat(all.catchUp(admin, 4)).hasSize(14);
    assertThat(all.token()).isEqualTo(token);

    for (String invalid : List.of("abc", "1", "1.2.3", "-1.0", "1.-1", "1.5e3", "x" + token)) {
      ApiChecks.assertInvalid(anonymous.get(NS + "/changes?since=" + invalid), "since", "rest_invalid_value");
    }
    ApiChecks.assertInvalid(anonymous.get(NS + "/changes?since="), "since", "rest_empty_value");
    ApiChecks.assertInvalid(anonymous.get(NS + "/changes?per_page=0"), "per_page", "rest_out_of_range");
    HttpResult ahead = anonymous.get(NS + "/changes?since=999999999.0");
    assertThat(ahead.status()).as("a token of another database").isEqualTo(410);
    assertThat(ahead.code()).isEqualTo("rest_changes_expired");
  }

  @Test
  void changesAreKeptForTheRetentionAndAnOlderTokenAnswers410() {
    try (var kept = TestServer.start(Map.of("AGENDA_CHANGES_RETENTION", "PT1H", "AGENDA_DEFAULT_PER_PAGE", "2",
        "AGENDA_MAX_PER_PAGE", "3"))) {
      var editor = kept.asAdmin();
      JsonNode empty = ok(200, editor.get(NS + "/changes"));
      assertThat(empty.toString()).isEqualTo("{\"changes\":[],\"next\":\"0.0\",\"more\":false}");
      String before = empty.path("next").asText();
      long first = id(ok(201, editor.postJson(NS + "/tags", "{\"name\":\"eerste\"}")));
      JsonNode afterFirst = ok(200, editor.get(NS + "/changes?since=" + before));
      assertThat(afterFirst.path("changes").get(0).path("id").asLong()).isEqualTo(first);
      String atFirst = afterFirst.path("next").asText();

      kept.clock.advance(Duration.ofMinutes(59));
      long second = id(ok(201, editor.postJson(NS + "/tags", "{\"name\":\"tweede\"}")));
      assertThat(ok(200, editor.get(NS + "/changes?since=" + before)).path("changes").size()).as("within the hour").isEqualTo(2);

      kept.clock.advance(Duration.ofMinutes(2)); // the first change is now older than an hour; the next write removes it
      long third = id(ok(201, editor.postJson(NS + "/tags", "{\"name\":\"derde\"}")));
      HttpResult expired = editor.get(NS + "/changes?since=" + before);
      assertThat(expired.status()).as(expired.toString()).isEqualTo(410);
      assertThat(expired.code()).isEqualTo("rest_changes_expired");
      assertThat(expired.json().path("data").path("status").asInt()).isEqualTo(410);
      assertThat(expired.json().path("message").asText()).contains("Read every record again");
      assertThat(kept.anonymous().get(NS + "/changes?since=" + before).status()).isEqualTo(410);
      // the token of the last change removed is still good: nothing after it was removed
      assertThat(ids(ok(200, editor.get(NS + "/changes?since=" + atFirst)))).containsExactly(second, third);
      // without since: from the oldest change kept
      assertThat(ids(ok(200, editor.get(NS + "/changes")))).containsExactly(second, third);

      // per_page: AGENDA_DEFAULT_PER_PAGE by default, at most AGENDA_MAX_PER_PAGE
      for (int i = 0; i < 4; i++) ok(201, editor.postJson(NS + "/tags", "{\"name\":\"meer " + i + "\"}"));
      assertThat(ok(200, editor.get(NS + "/changes")).path("changes").size()).isEqualTo(2);
      assertThat(ok(200, editor.get(NS + "/changes?per_page=100")).path("changes").size()).isEqualTo(3);

      // a long quiet time removes everything at the next write; the feed then starts after it
      kept.clock.advance(Duration.ofHours(3));
      ok(200, editor.delete(NS + "/tags/" + third));
      assertThat(editor.get(NS + "/changes?since=" + atFirst).status()).isEqualTo(410);
      JsonNode rest = ok(200, editor.get(NS + "/changes"));
      assertThat(ids(rest)).containsExactly(third);
      assertThat(rest.path("changes").get(0).path("change").asText()).isEqualTo("deleted");
    }
  }

  /**
   * A caller who may see few of many changes (drafts, for an anonymous caller) is answered after a bounded scan:
   * an empty page with more=true and a next token further on, until the head. The changes are put into the log
   * directly, as one committed transaction of 6 000 new drafts would leave them.
   */
  @Test
  void aCallerWhoSeesFewOfManyChangesGetsOnInBoundedSteps() throws Exception {
    try (var planted = TestServer.start()) {
      try (var connection = planted.connectDirectly(); var insert = connection.prepareStatement("INSERT INTO change_log "
          + "(tx, version, kind, record_id, languages, shared, before_exists, after_exists, after_status, after_author,"
          + " after_protected, after_languages, changed_utc) VALUES (0, 1, 'event', ?, 'nl', 1, 0, 1, 'draft', 1, 0, 'nl', ?)")) {
        for (int i = 1; i <= 6000; i++) {
          insert.setLong(1, 1_000_000 + i);
          insert.setLong(2, TestServer.DEFAULT_NOW.getEpochSecond());
          insert.addBatch();
        }
        insert.executeBatch();
      }
      var anonymous = planted.anonymous();
      JsonNode first = ok(200, anonymous.get(NS + "/changes?per_page=50"));
      assertThat(first.path("changes").size()).isZero();
      assertThat(first.path("more").asBoolean()).as("scanned as many as one request may, not yet at the head").isTrue();
      String further = first.path("next").asText();
      JsonNode second = ok(200, anonymous.get(NS + "/changes?per_page=50&since=" + further));
      assertThat(second.path("changes").size()).isZero();
      assertThat(second.path("more").asBoolean()).isFalse();
      assertThat(FeedFollower.compare(second.path("next").asText(), further)).isPositive();
      assertThat(second.path("next").asText()).isEqualTo("1.6000");
      JsonNode editor = ok(200, planted.asAdmin().get(NS + "/changes?per_page=50"));
      assertThat(editor.path("changes").size()).isEqualTo(50);
      assertThat(editor.path("changes").get(0).path("change").asText()).isEqualTo("created");
      assertThat(editor.path("next").asText()).isEqualTo("1.50");
    }
  }

  private static List<Long> ids(JsonNode answer) {
    var ids = new ArrayList<Long>();
    answer.path("changes").forEach(change -> ids.add(change.path("id").asLong()));
    return ids;
  }
}
