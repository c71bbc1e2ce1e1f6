package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/** Helpers of the {@code Term*ApiTest} classes: the term routes, creating terms and events, reading lists. */
final class TermFixtures {
  static final String NS = "/cal/events/v1";
  static final String CATEGORIES = NS + "/categories";
  static final String TAGS = NS + "/tags";
  static final String EVENTS = NS + "/events";
  /** Keys of a category (§5.8.1), in order; tags have the same without {@code parent}. */
  static final List<String> CATEGORY_KEYS = List.of("id", "count", "description", "name", "slug", "taxonomy", "parent",
      "meta", "url", "urls", "language", "translations");
  static final List<String> TAG_KEYS = List.of("id", "count", "description", "name", "slug", "taxonomy", "meta", "url",
      "urls", "language", "translations");

  private TermFixtures() {}

  static JsonNode created(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static JsonNode ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  /** Creates a term with the JSON body (POST {@code collectionPath}) and returns its id. */
  static long term(TestServer.Caller caller, String collectionPath, String json) {
    return created(caller.postJson(collectionPath, json)).path("id").asLong();
  }

  /** Creates a published event (tomorrow 20:00) with extra JSON members and returns its id. */
  static long event(TestServer.Caller caller, String title, String extra) {
    return created(caller.postJson(EVENTS, ApiChecks.event(title, extra))).path("id").asLong();
  }

  /** The ids of the items of a list response, in order. */
  static List<Long> ids(HttpResult response, String key) {
    JsonNode items = ok(response).path(key);
    assertThat(items.isArray()).as(response.toString()).isTrue();
    var ids = new ArrayList<Long>();
    items.forEach(item -> ids.add(item.path("id").asLong()));
    return ids;
  }

  /** The ids of the items of an event's {@code categories} or {@code tags} array. */
  static List<Long> termIds(JsonNode terms) {
    var ids = new ArrayList<Long>();
    terms.forEach(term -> ids.add(term.path("id").asLong()));
    return ids;
  }
}
