package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Concurrent writers: one term per name, whoever creates it (§6.11.2, §6.4), one venue for events that
 * name the same new venue inline (§6.4), and concurrent partial updates of one record lose no field (§6.5.3).
 */
class ConcurrentWritesApiTest {
  private static final String NS = "/cal/events/v1";
  private static final int WRITERS = 12;

  static TestServer server;

  @BeforeAll
  static void start() {
    server = TestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Runs the same request from several threads released together. */
  private static List<HttpResult> together(Callable<HttpResult> request) throws Exception {
    return eachAtOnce(java.util.Collections.nCopies(WRITERS, request));
  }

  @Test
  void concurrentCreatesOfOneCategoryNameMakeOneCategory() throws Exception {
    for (int round = 0; round < 5; round++) createOneCategoryConcurrently("Gelijktijdig " + round);
  }

  private static void createOneCategoryConcurrently(String name) throws Exception {
    var admin = server.asAdmin();
    List<HttpResult> results = together(() -> admin.postJson(NS + "/categories", "{\"name\":" + ApiChecks.q(name) + "}"));
    long created = results.stream().filter(r -> r.status() == 201).count();
    assertThat(created).as(results.toString()).isEqualTo(1);
    long winner = results.stream().filter(r -> r.status() == 201).findFirst().orElseThrow().json().path("id").asLong();
    for (HttpResult result : results) {
      if (result.status() == 201) continue;
      assertThat(result.code()).as(result.toString()).isEqualTo("term_exists");
      assertThat(result.json().path("data").path("term_id").asLong()).isEqualTo(winner);
    }
  }

  @Test
  void concurrentEventsNamingOneNewTagShareOneTag() throws Exception {
    var admin = server.asAdmin();
    List<HttpResult> results = together(() -> admin.postJson(NS + "/events",
        ApiChecks.event("Samen " + Thread.currentThread().getId(), "\"tags\":[\"samen\"]")));
    assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    var tagIds = results.stream().map(r -> r.json().path("tags").get(0).path("id").asLong()).distinct().toList();
    assertThat(tagIds).hasSize(1);
    HttpResult tags = admin.get(NS + "/tags?search=samen&hide_empty=false");
    assertThat(tags.json().path("total").asInt()).isEqualTo(1);
    assertThat(tags.json().path("tags").get(0).path("count").asInt()).isEqualTo(WRITERS);
  }

  @Test
  void concurrentEventsNamingOneNewVenueShareOneVenue() throws Exception {
    var admin = server.asAdmin();
    for (int round = 0; round < 3; round++) {
      String venue = "Gedeelde Zaal " + round;
      List<HttpResult> results = together(() -> admin.postJson(NS + "/events", ApiChecks.event("Zaalavond",
          "\"venue\":{\"venue\":" + ApiChecks.q(venue) + "}")));
      assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
      assertThat(results.stream().map(r -> r.json().path("venue").path("id").asLong()).distinct().toList()).hasSize(1);
    }
  }

  /** Runs different requests from as many threads, released together. */
  private static List<HttpResult> eachAtOnce(List<Callable<HttpResult>> requests) throws Exception {
    var pool = Executors.newFixedThreadPool(requests.size());
    var go = new CountDownLatch(1);
    try {
      var futures = new ArrayList<Future<HttpResult>>();
      for (Callable<HttpResult> request : requests) {
        futures.add(pool.submit(() -> {
          go.await();
          return request.call();
        }));
      }
      go.countDown();
      var results = new ArrayList<HttpResult>();
      for (var future : futures) results.add(future.get());
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentPartialUpdatesOfOneRecordLoseNoField() throws Exception {
    var admin = server.asAdmin();
    for (int round = 0; round < 3; round++) {
      long event = admin.postJson(NS + "/events", ApiChecks.event("Basis " + round, "")).json().path("id").asLong();
      String path = NS + "/events/" + event;
      List<HttpResult> results = eachAtOnce(List.of(
          () -> admin.patchJson(path, "{\"title\":\"Nieuwe titel\"}"),
          () -> admin.patchJson(path, "{\"description\":\"<p>Nieuw</p>\"}"),
          () -> admin.patchJson(path, "{\"excerpt\":\"Kort\"}"),
          () -> admin.patchJson(path, "{\"featured\":true}"),
          () -> admin.patchJson(path, "{\"cost\":\"12\"}"),
          () -> admin.patchJson(path, "{\"website\":\"https://nieuw.example\"}"),
          () -> admin.patchJson(path, "{\"image\":\"https://nieuw.example/a.jpg\"}"),
          () -> admin.patchJson(path, "{\"tags\":[\"tegelijk\"]}")));
      assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
      var stored = admin.get(path).json();
      assertThat(stored.path("title").asText()).isEqualTo("Nieuwe titel");
      assertThat(stored.path("description").asText()).isEqualTo("<p>Nieuw</p>");
      assertThat(stored.path("excerpt").asText()).isEqualTo("Kort");
      assertThat(stored.path("featured").asBoolean()).isTrue();
      assertThat(stored.path("cost").asText()).isEqualTo("€12");
      assertThat(stored.path("website").asText()).isEqualTo("https://nieuw.example");
      assertThat(stored.path("image").path("url").asText()).isEqualTo("https://nieuw.example/a.jpg");
      assertThat(stored.path("tags").get(0).path("name").asText()).isEqualTo("tegelijk");

      String newName = "Grote Zaal " + round;
      long venue = admin.postJson(NS + "/venues", "{\"venue\":\"Zaal " + round + "\"}").json().path("id").asLong();
      String venuePath = NS + "/venues/" + venue;
      List<HttpResult> venueResults = eachAtOnce(List.of(
          () -> admin.patchJson(venuePath, "{\"venue\":" + ApiChecks.q(newName) + "}"),
          () -> admin.patchJson(venuePath, "{\"description\":\"<p>Groot</p>\"}"),
          () -> admin.patchJson(venuePath, "{\"city\":\"Gent\"}"),
          () -> admin.patchJson(venuePath, "{\"website\":\"https://zaal.example\"}"),
          () -> admin.patchJson(venuePath, "{\"image\":\"https://zaal.example/z.png\"}"),
          () -> admin.patchJson(venuePath, "{\"show_map\":false}")));
      assertThat(venueResults).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
      var storedVenue = admin.get(venuePath).json();
      assertThat(storedVenue.path("venue").asText()).isEqualTo(newName);
      assertThat(storedVenue.path("description").asText()).isEqualTo("<p>Groot</p>");
      assertThat(storedVenue.path("city").asText()).isEqualTo("Gent");
      assertThat(storedVenue.path("website").asText()).isEqualTo("https://zaal.example");
      assertThat(storedVenue.path("image").path("url").asText()).isEqualTo("https://zaal.example/z.png");
      assertThat(storedVenue.path("show_map").asBoolean()).isFalse();
    }
  }
}
