package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** §12 A: the namespace index, routing errors and the empty event list. */
class DiscoveryApiTest {
  static TestServer server;

  @BeforeAll
  static void start() {
    server = TestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void namespaceIndexDescribesRoutesFromTheRegistry() {
    var index = server.anonymous().get("/cal/events/v1");
    assertThat(index.status()).isEqualTo(200);
    var json = index.json();
    assertThat(json.path("namespace").asText()).isEqualTo("cal/events/v1");
    assertThat(json.path("routes").path("/cal/events/v1/events/(?P<id>\\d+)").path("methods").toString())
        .isEqualTo("[\"GET\",\"DELETE\",\"POST\",\"PUT\",\"PATCH\"]");
    var events = json.path("routes").path("/cal/events/v1/events").path("endpoints");
    assertThat(events.get(0).path("args").path("per_page").path("default").asInt()).isEqualTo(12);
    assertThat(events.get(1).path("args").path("title").path("required").asBoolean()).isTrue();
    json.path("routes").forEach(route -> route.path("endpoints").forEach(endpoint ->
        assertThat(endpoint.path("args").path("translation_language").path("enum").toString())
            .isEqualTo("[\"nl\",\"en\",\"fr\"]")));
  }

  @Test
  void unknownNamespaceIsRefused() {
    var response = server.anonymous().get("/cal/events/v1?namespace=wp/v2");
    assertThat(response.status()).isEqualTo(404);
    assertThat(response.code()).isEqualTo("rest_invalid_namespace");
  }

  @Test
  void emptyListHasTotalsAndTheDefaultWindow() {
    var response = server.anonymous().get("/cal/events/v1/events");
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("X-Cal-Total")).isEqualTo("0");
    assertThat(response.header("Link")).isNull();
    assertThat(response.json().path("rest_url").asText()).isEqualTo(server.url(
        "/cal/events/v1/events/?per_page=12&start_date=2026-03-10%2000%3A00%3A00&end_date=2028-03-10%2023%3A59%3A59&status=publish&page=1"));
  }
}
