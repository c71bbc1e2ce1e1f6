package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code modified_after} and {@code modified_before} on the five lists: each item's last modification strictly after
 * / strictly before the moment (any date input of §8.1, site time zone, to the second), combined with every other
 * filter, with exact totals and rendered in the navigation URLs. Categories and tags got a modification time: their
 * text and parent change it, the events that carry them do not.
 */
class ModifiedFilterApiTest {
  private static final String NS = "/cal/events/v1";
  private static final List<String> COLLECTIONS = List.of("events", "venues", "organizers", "categories", "tags");
  /** The clock at each step: T1 is 14:05 in Amsterdam, then every hour. */
  private static final Instant T1 = TestServer.DEFAULT_NOW;
  private static final String T2_LOCAL = "2026-03-10 15:05:00";
  private static final String T3_LOCAL = "2026-03-10 16:05:00";

  static TestServer server;
  static TestServer.Caller admin;
  /** collection → step → ids made (T1, T2) or changed (T3) at that step. */
  static final Map<String, Map<String, List<Long>>> made = new LinkedHashMap<>();

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
    server.clock.set(T1);
    for (String collection : COLLECTIONS) made.put(collection, new LinkedHashMap<>());
    createAll("T1", "een");
    createAll("T1", "een bis");
    server.clock.advance(Duration.ofHours(1));
    createAll("T2", "twee");
    server.clock.advance(Duration.ofHours(1));
    // T3: the first record of each collection changes; in English for the terms (a new translation)
    for (String collection : COLLECTIONS) {
      long first = made.get(collection).get("T1").get(0);
      String body = switch (collection) {
        case "events" -> "{\"title\":\"Een, gewijzigd\"}";
        case "venues" -> "{\"city\":\"Gent\"}";
        case "organizers" -> "{\"phone\":\"+32 9 000 00 00\"}";
        default -> "{\"name\":\"one " + collection + "\"}";
      };
      String language = collection.equals("categories") || collection.equals("tags") ? "/en" : "";
      assertThat(admin.patchJson(language + NS + "/" + collection + "/" + first, body).status()).isEqualTo(200);
      made.get(collection).computeIfAbsent("T3", step -> new ArrayList<>()).add(first);
    }
    // an update that changes nothing changes no modification time
    long second = made.get("venues").get("T1").get(1);
    assertThat(admin.patchJson(NS + "/venues/" + second, "{\"venue\":\"Zaal een bis\"}").status()).isEqualTo(200);
    server.clock.advance(Duration.ofHours(1));
    // T4: an event that carries the T2 category and tag: their counts change, not their modification time
    long category = made.get("categories").get("T2").get(0);
    long tag = made.get("tags").get("T2").get(0);
    JsonNode carrier = admin.postJson(NS + "/events", ApiChecks.event("Vier", "\"categories\":[" + category + "],\"tags\":["
        + tag + "]")).json();
    made.get("events").computeIfAbsent("T4", step -> new ArrayList<>()).add(id(carrier));
  }

  private static void createAll(String step, String word) {
    for (String collection : COLLECTIONS) {
      String body = switch (collection) {
        case "events" -> ApiChecks.event("Evenement " + word, "");
        case "venues" -> "{\"venue\":\"Zaal " + word + "\"}";
        case "organizers" -> "{\"organizer\":\"Stichting " + word + "\"}";
        default -> "{\"name\":\"" + collection + " " + word + "\"}";
      };
      HttpResult created = admin.postJson(NS + "/" + collection, body);
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      made.get(collection).computeIfAbsent(step, s -> new ArrayList<>()).add(id(created.json()));
    }
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** The ids of a list (terms: empty ones too), checking that the total and X-Cal-Total agree with them. */
  private static List<Long> ids(String collection, String query) {
    String terms = collection.equals("categories") || collection.equals("tags") ? "&hide_empty=false" : "";
    HttpResult list = admin.get(NS + "/" + collection + "?per_page=50" + terms + "&" + query.replace(" ", "%20"));
    assertThat(list.status()).as(collection + "?" + query + ": " + list).isEqualTo(200);
    var ids = new ArrayList<Long>();
    list.json().path(collection).forEach(item -> ids.add(item.path("id").asLong()));
    assertThat(list.json().path("total").asInt()).as(collection + "?" + query).isEqualTo(ids.size());
    assertThat(list.header("X-Cal-Total")).isEqualTo(Integer.toString(ids.size()));
    return ids;
  }

  private static List<Long> madeAt(String collection, String... steps) {
    var ids = new ArrayList<Long>();
    for (String step : steps) ids.addAll(made.get(collection).getOrDefault(step, List.of()));
    return ids;
  }

  private static List<Long> minus(List<Long> ids, List<Long> removed) {
    return ids.stream().filter(id -> !removed.contains(id)).toList();
  }

  @Test
  void afterIsStrictlyLaterAndBeforeStrictlyEarlierOnEveryList() {
    for (String collection : COLLECTIONS) {
      List<Long> changedAtT3 = madeAt(collection, "T3");
      // at T2 exactly: not after, not before
      assertThat(ids(collection, "modified_after=" + T2_LOCAL)).as(collection)
          .containsExactlyInAnyOrderElementsOf(madeAt(collection, "T3", "T4"));
      assertThat(ids(collection, "modified_before=" + T2_LOCAL)).as(collection)
          .containsExactlyInAnyOrderElementsOf(minus(madeAt(collection, "T1"), changedAtT3));
      assertThat(ids(collection, "modified_after=2026-03-10 15:04:59&modified_before=" + T3_LOCAL)).as(collection)
          .containsExactlyInAnyOrderElementsOf(madeAt(collection, "T2"));
      // the same moment as an instant with an offset, as a Unix timestamp, and far away
      assertThat(ids(collection, "modified_after=2026-03-10T14:05:00Z")).as(collection)
          .containsExactlyInAnyOrderElementsOf(ids(collection, "modified_after=" + T2_LOCAL));
      assertThat(ids(collection, "modified_before=" + (T1.getEpochSecond() + 3600))).as(collection)
          .containsExactlyInAnyOrderElementsOf(ids(collection, "modified_before=" + T2_LOCAL));
      assertThat(ids(collection, "modified_after=now")).as(collection).isEmpty();
      assertThat(ids(collection, "modified_before=2026-03-10")).as("a date is its midnight, site time zone").isEmpty();
      assertThat(ids(collection, "modified_after=2026-03-10")).as(collection).hasSize(madeAt(collection, "T1", "T2", "T4").size());
    }
  }

  @Test
  void theFiltersCombineWithTheOthersAndShowInTheNavigation() {
    // AND with search and status
    assertThat(ids("events", "search=bis&modified_before=" + T2_LOCAL)).containsExactly(made.get("events").get("T1").get(1));
    assertThat(ids("events", "search=bis&modified_after=" + T2_LOCAL)).isEmpty();
    assertThat(ids("venues", "status=publish&search=zaal&modified_after=" + T2_LOCAL)).containsExactlyElementsOf(madeAt("venues", "T3"));
    assertThat(ids("tags", "search=twee&modified_after=2026-03-10 15:04:59")).containsExactlyElementsOf(madeAt("tags", "T2"));
    assertThat(ids("categories", "include=" + made.get("categories").get("T1").get(1) + "&modified_after=" + T2_LOCAL)).isEmpty();
    // paging keeps the exact total
    HttpResult page = admin.get(NS + "/events?per_page=1&page=2&modified_after=" + T2_LOCAL.replace(" ", "%20"));
    assertThat(page.json().path("total").asInt()).isEqualTo(2);
    assertThat(page.json().path("events").size()).isEqualTo(1);
    // navigation: the effective moment in the site time zone, after the other filters, before translation_language
    for (String collection : COLLECTIONS) {
      HttpResult list = admin.get(NS + "/" + collection + "?modified_after=2026-03-10T14:05:00Z&modified_before=tomorrow"
          + "&translation_language=fr" + (collection.equals("categories") || collection.equals("tags") ? "&hide_empty=false" : ""));
      String restUrl = list.json().path("rest_url").asText();
      assertThat(restUrl).as(collection).contains("&modified_after=2026-03-10%2015%3A05%3A00&modified_before=2026-03-11%2000%3A00%3A00"
          + "&translation_language=fr&page=1");
    }
    // invalid values
    for (String collection : COLLECTIONS) {
      ApiChecks.assertInvalid(admin.get(NS + "/" + collection + "?modified_after=gisteren"), "modified_after", "rest_invalid_date");
      ApiChecks.assertInvalid(admin.get(NS + "/" + collection + "?modified_before="), "modified_before", "rest_empty_value");
    }
  }

  @Test
  void aTermIsModifiedByItsOwnWritesOnly() {
    long category = made.get("categories").get("T2").get(0);
    long tag = made.get("tags").get("T2").get(0);
    // the T4 event carries them: counted, not modified
    assertThat(admin.get(NS + "/categories/" + category).json().path("count").asInt()).isEqualTo(1);
    assertThat(ids("categories", "modified_after=" + T3_LOCAL)).isEmpty();
    assertThat(ids("tags", "modified_after=" + T3_LOCAL)).isEmpty();
    // a child moves up when its parent goes: that changes it
    Instant before = server.clock.instant();
    long parent = id(admin.postJson(NS + "/categories", "{\"name\":\"Ouder\"}").json());
    long child = id(admin.postJson(NS + "/categories", "{\"name\":\"Kind\",\"parent\":" + parent + "}").json());
    server.clock.advance(Duration.ofHours(1));
    String after = String.valueOf(server.clock.instant().getEpochSecond() - 1);
    assertThat(ids("categories", "modified_after=" + after)).isEmpty();
    assertThat(admin.delete(NS + "/categories/" + parent).status()).isEqualTo(200);
    assertThat(ids("categories", "modified_after=" + after)).containsExactly(child);
    assertThat(ids("tags", "modified_after=" + before.getEpochSecond())).isEmpty();
  }
}
