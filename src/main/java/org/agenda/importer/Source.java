package org.agenda.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * Reads the original's REST routes of one site: at most {@code concurrency} requests in flight (the source is a
 * production WordPress), {@code Retry-After} honoured, failures of the network or the server (5xx, 429) retried with
 * a growing pause, and every answer that is not a calendar's turned into a {@link SourceFailure} of one line.
 */
final class Source {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final int ATTEMPTS = 5;
  private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
  /** The longest wait a {@code Retry-After} may ask for; a longer one stops the run (a re-run continues). */
  private static final Duration LONGEST_RETRY_AFTER = Duration.ofMinutes(5);

  private final HttpClient client;
  private final String root;
  private final String namespace;
  private final String authorization;
  private final Semaphore inFlight;
  /** Waits between attempts; tests pass one that only records the wait. */
  private final Consumer<Duration> pause;

  /** One page of a list or one record: the JSON body and the header that counts pages, if any. */
  record Answer(JsonNode body, String totalPages) {}

  Source(String root, String namespace, String user, String password, int concurrency, Consumer<Duration> pause) {
    // HTTP/1.1: no h2c upgrade request, which some proxies in front of WordPress answer badly
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NORMAL).build();
    this.root = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
    this.namespace = namespace;
    this.authorization = user == null ? null
        : "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    this.inFlight = new Semaphore(concurrency);
    this.pause = pause;
  }

  String root() {
    return root;
  }

  /** GET {@code {root}/{namespace}/{pathAndQuery}}. */
  Answer get(String pathAndQuery) {
    return getAt(root, pathAndQuery);
  }

  /**
   * GET {@code pathAndQuery} under the REST root of one language of a site that gives each language a root of its
   * own (WPML's languages in directories): {@code https://example.org/wp-json} becomes
   * {@code https://example.org/fr/wp-json}.
   */
  Answer getInLanguage(String language, String pathAndQuery) {
    URI base = URI.create(root);
    String origin = base.getScheme() + "://" + base.getRawAuthority();
    return getAt(origin + "/" + language + (base.getRawPath() == null ? "" : base.getRawPath()), pathAndQuery);
  }

  private Answer getAt(String root, String pathAndQuery) {
    String url = root + "/" + namespace + "/" + pathAndQuery;
    URI uri;
    try {
      uri = URI.create(url.replace(" ", "%20"));
    } catch (IllegalArgumentException e) {
      throw new SourceFailure("not a URL: " + url);
    }
    Duration wait = FIRST_PAUSE;
    String last = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      HttpResponse<byte[]> response;
      try {
        response = send(uri);
      } catch (IOException e) {
        last = "cannot reach " + uri.getHost() + ":" + (uri.getPort() < 0 ? "" : uri.getPort()) + " ("
            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
        if (attempt < ATTEMPTS) pause.accept(wait);
        wait = wait.multipliedBy(2);
        continue;
      }
      int status = response.statusCode();
      if (status == 429 || status >= 500) {
        last = url + " answered " + status;
        Duration asked = retryAfter(response);
        if (asked != null && asked.compareTo(LONGEST_RETRY_AFTER) > 0) {
          throw new SourceFailure(url + " asks to wait " + asked.toSeconds() + " s (Retry-After); run again later");
        }
        if (attempt < ATTEMPTS) pause.accept(asked != null ? asked : wait);
        wait = wait.multipliedBy(2);
        continue;
      }
      return answer(url, response);
    }
    throw new SourceFailure(last + ", " + ATTEMPTS + " attempts; run again to continue");
  }

  private HttpResponse<byte[]> send(URI uri) throws IOException {
    var request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).header("Accept", "application/json")
        .header("User-Agent", "agenda-import/1").GET();
    if (authorization != null) request.header("Authorization", authorization);
    try {
      inFlight.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SourceFailure("interrupted");
    }
    try {
      return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SourceFailure("interrupted");
    } finally {
      inFlight.release();
    }
  }

  private static Duration retryAfter(HttpResponse<?> response) {
    String value = response.headers().firstValue("Retry-After").orElse(null);
    if (value == null) return null;
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      return null; // an HTTP date: the usual back-off instead
    }
  }

  private Answer answer(String url, HttpResponse<byte[]> response) {
    int status = response.statusCode();
    JsonNode body;
    try {
      body = JSON.readTree(response.body());
    } catch (JsonProcessingException e) {
      body = null;
    } catch (IOException e) {
      body = null;
    }
    if (status >= 300 && status < 400) {
      throw new SourceFailure(url + " redirects again and again (" + status + " to "
          + response.headers().firstValue("Location").orElse("?") + ")");
    }
    if (status == 401 || status == 403) {
      throw new SourceFailure(url + " refused access (" + status + message(body)
          + "); check --user and AGENDA_IMPORT_PASSWORD");
    }
    if (status == 404 && body != null && "rest_no_route".equals(body.path("code").asText())) {
      throw new SourceFailure(url + ": the site has no " + namespace + " routes (rest_no_route); check BASE_URL"
          + " and --namespace");
    }
    if (body == null || !body.isContainerNode()) {
      throw new SourceFailure(url + " did not answer JSON (HTTP " + status + "); is BASE_URL the site's REST root"
          + " (https://example.org/wp-json)?");
    }
    if (status >= 400) return new Answer(body, null);
    String pages = response.headers().firstValue("X-TEC-TotalPages")
        .orElse(response.headers().firstValue("X-WP-TotalPages").orElse(null));
    return new Answer(body, pages);
  }

  private static String message(JsonNode body) {
    return body != null && body.hasNonNull("message") ? ": " + body.get("message").asText() : "";
  }
}
