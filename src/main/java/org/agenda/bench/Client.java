package org.agenda.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import org.agenda.http.Json;

/**
 * Writes through the service's own HTTP routes on loopback, as a client would: JSON bodies, Basic
 * authentication, keep-alive connections (one {@link HttpClient} shared by all generator threads).
 */
final class Client {
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).build();
  private final String api;
  private final String authorization;
  private final AtomicLong requests = new AtomicLong();

  Client(int port, String user, String password) {
    this.api = "http://127.0.0.1:" + port + "/cal/events/v1";
    this.authorization = "Basic " + Base64.getEncoder()
        .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
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
    var request = HttpRequest.newBuilder(URI.create(api + path))
        .timeout(Duration.ofSeconds(60))
        .header("Authorization", authorization)
        .header("Content-Type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8))
        .build();
    for (int attempt = 1; ; attempt++) {
      try {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        requests.incrementAndGet();
        return new Answer(response.statusCode(), Json.MAPPER.readTree(response.body()));
      } catch (IOException e) {
        // A keep-alive connection closed by the server between requests: retry on a new one, a few times.
        if (attempt >= 3) throw new IllegalStateException(method + " " + path + ": " + e, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  private static IllegalStateException failure(String method, String path, Answer answer) {
    return new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
  }
}
