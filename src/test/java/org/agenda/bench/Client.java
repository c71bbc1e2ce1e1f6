package org.agenda.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes through the service's REST interface over HTTP/1.1 on loopback, as any client would: JSON bodies,
 * Basic authentication with an application password, each request its own transaction. A 503 (the service
 * was busy and wrote nothing; it sends Retry-After) is sent again after a short pause.
 */
final class Client {
  static final String API = "/cal/events/v1";
  /** A busy answer is sent again this many times at most before the generator gives up. */
  static final int BUSY_ATTEMPTS = 30;
  /** The longest pause before sending a busy request again, whatever Retry-After says. */
  private static final long MAX_PAUSE_MILLIS = 1_000;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HttpClient http;
  private final String base;
  private final String authorization;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong busy = new AtomicLong();

  /** @param base the service's root, e.g. {@code http://127.0.0.1:PORT} */
  Client(String base, String user, String password) {
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    this.base = base + API;
    this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** A status and a JSON body, parsed only when asked for: most answers are read for their id alone, or not at all. */
  record Answer(int status, byte[] bytes) {
    JsonNode body() {
      return parse(bytes);
    }

    /** The top-level {@code id} of the body, read without building the whole tree; 0 when there is none. */
    long id() {
      try (JsonParser parser = MAPPER.getFactory().createParser(bytes)) {
        if (parser.nextToken() != JsonToken.START_OBJECT) return 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          parser.nextToken();
          if (field.equals("id")) return parser.getValueAsLong();
          parser.skipChildren();
        }
        return 0;
      } catch (IOException e) {
        return 0;
      }
    }
  }

  /** The requests sent, those sent again after a 503 included. */
  long requests() {
    return requests.get();
  }

  /** The 503 answers received (each followed by the same request again). */
  long busyAnswers() {
    return busy.get();
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

  /** Sends the request, again after a pause for as long as the service answers 503 (at most {@link #BUSY_ATTEMPTS}). */
  Answer send(String method, String path, ObjectNode body) {
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(URI.create(base + path))
          .timeout(Duration.ofSeconds(120))
          .header("Authorization", authorization)
          .header("Content-Type", "application/json; charset=UTF-8")
          .header("Accept", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(body)))
          .build();
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + ": " + e.getMessage(), e);
    }
    for (int attempt = 1; ; attempt++) {
      requests.incrementAndGet();
      HttpResponse<byte[]> response;
      try {
        response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException e) {
        throw new IllegalStateException(method + " " + path + ": " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(method + " " + path + ": interrupted", e);
      }
      if (response.statusCode() != 503 || attempt == BUSY_ATTEMPTS) return new Answer(response.statusCode(), response.body());
      busy.incrementAndGet();
      pause(response.headers().firstValue("Retry-After").orElse(""));
    }
  }

  /** Retry-After's seconds, at most {@link #MAX_PAUSE_MILLIS}, less a random part so that the writers spread out. */
  private static void pause(String retryAfter) {
    long millis;
    try {
      millis = Math.min(MAX_PAUSE_MILLIS, Long.parseLong(retryAfter.trim()) * 1000);
    } catch (NumberFormatException e) {
      millis = 100;
    }
    try {
      Thread.sleep(Math.max(10, millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static JsonNode parse(byte[] body) {
    if (body.length == 0) return MissingNode.getInstance();
    try {
      return MAPPER.readTree(body);
    } catch (IOException e) {
      return MAPPER.getNodeFactory().textNode(new String(body, StandardCharsets.UTF_8));
    }
  }

  private static IllegalStateException failure(String method, String path, Answer answer) {
    return new IllegalStateException(method + " " + path + " answered " + answer.status() + ": " + answer.body());
  }
}
