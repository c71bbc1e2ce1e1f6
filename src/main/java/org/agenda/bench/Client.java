package org.agenda.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.agenda.http.ApiError;
import org.agenda.http.Caller;
import org.agenda.http.Dispatcher;
import org.agenda.http.Json;

/**
 * Writes through the service's own routes, in-process: each request goes through routing, the route's
 * permission, parameter validation and the endpoint's handler as an HTTP request from the same user would
 * ({@link Dispatcher#call}), without the HTTP transport and authentication, which the benchmark measures
 * separately.
 */
final class Client {
  private static final String API = "/cal/events/v1";

  private final Dispatcher dispatcher;
  private final Caller caller;
  private final AtomicLong requests = new AtomicLong();

  Client(Dispatcher dispatcher, Caller caller) {
    this.dispatcher = dispatcher;
    this.caller = caller;
  }

  /** A status and a parsed JSON body. */
  record Answer(int status, JsonNode body) {
    long id() {
      return body.path("id").asLong();
    }
  }

  long requests() {
    return requests.get();
  }

  /** POST to {@code path} (below the namespace); a 201 is expected. */
  long create(String path, ObjectNode body) {
    Answer answer = send("POST", path, body);
    if (answer.status() != 201) throw failure("POST", path, answer);
    return answer.id();
  }

  /** PATCH of {@code path} in {@code language} (a translation, §3.4); a 200 is expected. */
  void translate(String path, String language, ObjectNode body) {
    String target = path + "?translation_language=" + language;
    Answer answer = send("PATCH", target, body);
    if (answer.status() != 200) throw failure("PATCH", target, answer);
  }

  Answer send(String method, String path, ObjectNode body) {
    requests.incrementAndGet();
    try {
      var response = dispatcher.call(caller, method, API + path, body);
      return new Answer(response.status(), Json.MAPPER.readTree(response.body()));
    } catch (ApiError refused) {
      return new Answer(refused.status(), refused.body());
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + ": unreadable answer", e);
    }
  }

  private static IllegalStateException failure(String method, String path, Answer answer) {
    return new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
  }
}
