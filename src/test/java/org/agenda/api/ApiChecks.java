package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.agenda.http.Json;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/** Helpers the API tests share: JSON building and the checks of the error shape (§7.1). */
final class ApiChecks {
  private ApiChecks() {}

  /** A JSON string literal. */
  static String q(String text) {
    try {
      return Json.MAPPER.writeValueAsString(text);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** An event body with the given title, tomorrow 20:00–22:30, plus extra members (JSON text without braces). */
  static String event(String title, String extra) {
    return "{\"title\":" + q(title) + ",\"start_date\":\"tomorrow 20:00\",\"end_date\":\"tomorrow 22:30\""
        + (extra.isEmpty() ? "" : "," + extra) + "}";
  }

  static long id(JsonNode record) {
    return record.path("id").asLong();
  }

  /** The member names of an object, in order. */
  static List<String> keys(JsonNode object) {
    var keys = new ArrayList<String>();
    object.fieldNames().forEachRemaining(keys::add);
    return keys;
  }

  private static final java.util.concurrent.atomic.AtomicLong UNCACHED = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Fewest SQL statements seen for one request of the path by the caller, over three tries after a warm-up
   * (other work of the service cannot lower the count). Each try adds an unknown parameter, which the
   * service ignores, so that the answer is computed and not taken from the response cache.
   */
  static long statementsFor(TestServer server, TestServer.Caller caller, String path) {
    var database = server.application().database();
    caller.get(uncached(path)); // warm-up: authentication caches and the like
    long fewest = Long.MAX_VALUE;
    for (int attempt = 0; attempt < 3; attempt++) {
      String uncached = uncached(path);
      long before = database.statementCount();
      HttpResult response = caller.get(uncached);
      long after = database.statementCount();
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      fewest = Math.min(fewest, after - before);
    }
    return fewest;
  }

  private static String uncached(String path) {
    return path + (path.contains("?") ? "&" : "?") + "uncached=" + UNCACHED.incrementAndGet();
  }

  /** 400 rest_invalid_param naming {@code param} in data.params, with the detail code in data.details. */
  static void assertInvalid(HttpResult response, String param, String detail) {
    assertThat(response.status()).as(response.toString()).isEqualTo(400);
    assertThat(response.code()).as(response.toString()).isEqualTo("rest_invalid_param");
    JsonNode data = response.json().path("data");
    assertThat(data.path("params").has(param)).as(response.toString()).isTrue();
    assertThat(data.path("details").path(param).path("code").asText()).as(response.toString()).isEqualTo(detail);
  }
}
