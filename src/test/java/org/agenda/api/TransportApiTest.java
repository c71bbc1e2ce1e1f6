package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.config.Config;
import org.agenda.config.ConfigException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §2 (addressing and transport), §7.1 error bodies, §9.1–§9.2 self-description, §10.1–§10.2 operations
 * and the transport part of §12 A, seen from outside over HTTP.
 */
class TransportApiTest {
  private static final String API = "/cal/events/v1";
  private static final String EVENTS = API + "/events";
  private static final String NO_ROUTE_MESSAGE = "No route was found matching the URL and request method.";
  private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final String EXPOSED =
      "X-Cal-Total, X-Cal-TotalPages, Link, Allow, Content-Language, Location, X-Request-Id";

  static TestServer server;
  /** Published events created at start: featured, not featured, not featured. */
  static long featuredId;
  static long plainId;
  static long otherId;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    featuredId = createEvent(server, "Featured concert", true);
    plainId = createEvent(server, "Plain lecture", false);
    otherId = createEvent(server, "Other workshop", false);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  // ---------------------------------------------------------------- helpers

  static String eventJson(String title, boolean featured) {
    return "{\"title\":\"" + title + "\",\"start_date\":\"2026-04-01 10:00:00\",\"end_date\":\"2026-04-01 12:00:00\","
        + "\"status\":\"publish\",\"featured\":" + featured + "}";
  }

  static long createEvent(TestServer on, String title, boolean featured) {
    var created = on.asAdmin().postJson(EVENTS, eventJson(title, featured));
    assertThat(created.status()).as("creating %s: %s", title, created).isEqualTo(201);
    return created.json().path("id").asLong();
  }

  static List<String> keys(JsonNode object) {
    var names = new ArrayList<String>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  static List<Long> ids(HttpResult list) {
    var result = new ArrayList<Long>();
    list.json().path("events").forEach(event -> result.add(event.path("id").asLong()));
    return result;
  }

  static HttpResult send(String method, String path, Map<String, String> headers) {
    return server.anonymous().send(method, path, null, null, headers);
  }

  static void assertNoRoute(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(404);
    assertThat(response.code()).isEqualTo("rest_no_route");
    assertThat(response.json().path("message").asText()).isEqualTo(NO_ROUTE_MESSAGE);
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(404);
  }

  /** §2.6: every namespace response and every error. */
  static void assertJsonContentType(HttpResult response) {
    assertThat(response.header("Content-Type")).as("Content-Type").isEqualTo("application/json; charset=UTF-8");
  }

  static void assertInvalidParam(HttpResult response, String param, String detailCode) {
    assertThat(response.status()).as(response.toString()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_invalid_param");
    assertThat(keys(response.json().path("data").path("params"))).containsExactly(param);
    assertThat(response.json().path("data").path("details").path(param).path("code").asText()).isEqualTo(detailCode);
  }

  // ---------------------------------------------------------------- §2.1, §2.3 routing

  @Test
  void languageSegmentIsOptionalAndCaseInsensitive() {
    var plain = server.anonymous().get(EVENTS);
    var french = server.anonymous().get("/fr" + EVENTS);
    var upper = server.anonymous().get("/FR" + EVENTS);
    assertThat(plain.status()).isEqualTo(200);
    assertThat(french.status()).as(french.toString()).isEqualTo(200);
    assertThat(upper.status()).as(upper.toString()).isEqualTo(200);
    assertThat(ids(french)).containsExactlyElementsOf(ids(plain));
    assertThat(ids(upper)).containsExactlyElementsOf(ids(plain));
    assertThat(french.header("Content-Language")).isEqualTo("fr");
    assertThat(upper.header("Content-Language")).isEqualTo("fr");
    // generated URLs use the configured lower-case code
    assertThat(upper.json().path("rest_url").asText()).startsWith(server.url("/fr/cal/events/v1/events/?"));
    assertThat(upper.json().path("events").get(0).path("rest_url").asText())
        .startsWith(server.url("/fr/cal/events/v1/events/"));
  }

  @Test
  void unknownLanguageSegmentMatchesNoRoute() {
    assertNoRoute(server.anonymous().get("/de" + EVENTS));
    assertNoRoute(server.anonymous().get("/de" + EVENTS + "/" + plainId));
    assertNoRoute(server.anonymous().get("/fr/fr" + EVENTS));
  }

  @Test
  void unknownPathGivesNoRouteErrorAsJson() {
    var response = server.anonymous().get(API + "/nope");
    assertNoRoute(response);
    assertJsonContentType(response);
    assertNoRoute(server.anonymous().get("/nope"));
    assertNoRoute(server.anonymous().get(EVENTS + "/" + plainId + "/extra"));
  }

  @Test
  void trailingSlashIsOptional() {
    var list = server.anonymous().get(EVENTS + "/");
    assertThat(list.status()).isEqualTo(200);
    assertThat(ids(list)).containsExactlyElementsOf(ids(server.anonymous().get(EVENTS)));
    var single = server.anonymous().get(EVENTS + "/" + plainId + "/");
    assertThat(single.status()).as(single.toString()).isEqualTo(200);
    assertThat(single.json().path("id").asLong()).isEqualTo(plainId);
    var index = server.anonymous().get(API + "/");
    assertThat(index.status()).isEqualTo(200);
    assertThat(index.json().path("namespace").asText()).isEqualTo("cal/events/v1");
  }

  @Test
  void literalSegmentsAreCaseInsensitive() {
    var list = server.anonymous().get("/Cal/Events/V1/Events");
    assertThat(list.status()).as(list.toString()).isEqualTo(200);
    assertThat(ids(list)).containsExactlyElementsOf(ids(server.anonymous().get(EVENTS)));
    var single = server.anonymous().get("/CAL/EVENTS/V1/EVENTS/" + plainId);
    assertThat(single.status()).as(single.toString()).isEqualTo(200);
    assertThat(single.json().path("id").asLong()).isEqualTo(plainId);
    // generated URLs are canonical
    assertThat(single.json().path("rest_url").asText()).isEqualTo(server.url(EVENTS + "/" + plainId));
  }

  @Test
  void idMustBeDigitsAndSlugMustNotBeEmpty() {
    assertNoRoute(server.anonymous().get(EVENTS + "/abc"));
    assertNoRoute(server.anonymous().get(EVENTS + "/1.5"));
    assertNoRoute(server.anonymous().get(EVENTS + "/-1"));
    assertNoRoute(server.anonymous().get(EVENTS + "/by-slug/"));
    assertNoRoute(server.anonymous().get(EVENTS + "/by-slug"));
  }

  @Test
  void idTooLargeForALongIsAnUnknownEvent() {
    var response = server.anonymous().get(EVENTS + "/99999999999999999999999");
    assertThat(response.status()).as(response.toString()).isEqualTo(404);
    assertThat(response.code()).isEqualTo("rest-event-not-found");
  }

  @Test
  void wrongMethodGives405WithAllowOfTheRoute() {
    var response = server.anonymous().delete(EVENTS);
    assertThat(response.status()).as(response.toString()).isEqualTo(405);
    assertThat(response.code()).isEqualTo("rest_no_route");
    assertThat(response.json().path("message").asText()).isEqualTo(NO_ROUTE_MESSAGE);
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(405);
    assertThat(response.header("Allow")).isEqualTo("GET, POST");
    assertJsonContentType(response);

    var put = server.asAdmin().putJson(EVENTS, "{}");
    assertThat(put.status()).isEqualTo(405);
    assertThat(put.header("Allow")).isEqualTo("GET, POST");

    var onIndex = server.anonymous().send("POST", API, null, null, Map.of());
    assertThat(onIndex.status()).isEqualTo(405);
    assertThat(onIndex.code()).isEqualTo("rest_no_route");
    assertThat(onIndex.header("Allow")).isEqualTo("GET");
  }

  @Test
  void methodOverrideIsIgnored() {
    var response = server.asAdmin().send("GET", EVENTS + "/" + otherId + "?_method=DELETE", null, null,
        Map.of("X-HTTP-Method-Override", "DELETE"));
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("status").asText()).isEqualTo("publish");
    assertThat(server.anonymous().get(EVENTS + "/" + otherId).status()).isEqualTo(200);
  }

  @Test
  void headIsServedLikeGetWithoutBody() {
    var get = server.anonymous().get(EVENTS + "/");
    var head = send("HEAD", EVENTS + "/", Map.of());
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("X-Cal-Total")).isNotNull().isEqualTo(get.header("X-Cal-Total"));
    assertThat(head.header("X-Cal-TotalPages")).isNotNull().isEqualTo(get.header("X-Cal-TotalPages"));
    assertJsonContentType(head);
    assertThat(head.header("Allow")).isEqualTo(get.header("Allow"));
    assertThat(head.header("Content-Language")).isEqualTo("nl");

    var single = send("HEAD", EVENTS + "/" + plainId, Map.of());
    assertThat(single.status()).isEqualTo(200);
    assertThat(single.body()).isEmpty();
    var missing = send("HEAD", EVENTS + "/999999", Map.of());
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).isEmpty();
  }

  @Test
  void optionsAnswers204WithAllMethodsOfTheRoute() {
    var list = send("OPTIONS", EVENTS, Map.of());
    assertThat(list.status()).isEqualTo(204);
    assertThat(list.header("Allow")).isEqualTo("GET, POST");
    assertThat(list.body()).isEmpty();
    // all methods, even for an anonymous caller
    var single = send("OPTIONS", EVENTS + "/" + plainId, Map.of());
    assertThat(single.status()).isEqualTo(204);
    assertThat(single.header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    var unknown = send("OPTIONS", API + "/nope", Map.of());
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.code()).isEqualTo("rest_no_route");
  }

  // ---------------------------------------------------------------- §2.8 CORS

  @Test
  void corsPreflightIsAnswered() {
    var preflight = send("OPTIONS", EVENTS,
        Map.of("Origin", "https://app.example", "Access-Control-Request-Method", "POST",
            "Access-Control-Request-Headers", "authorization, content-type"));
    assertThat(preflight.status()).isEqualTo(204);
    assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
    assertThat(preflight.header("Vary")).contains("Origin");
    assertThat(preflight.header("Access-Control-Allow-Methods")).isEqualTo("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    assertThat(preflight.header("Access-Control-Allow-Headers"))
        .isEqualTo("Authorization, Content-Type, X-Requested-With, X-Request-Id");
    assertThat(preflight.header("Access-Control-Max-Age")).isEqualTo("600");
    assertThat(preflight.header("Access-Control-Expose-Headers")).isEqualTo(EXPOSED);
    assertThat(preflight.header("Allow")).isEqualTo("GET, POST");
    assertThat(preflight.header("Access-Control-Allow-Credentials")).isNull();
  }

  @Test
  void corsHeadersOnSimpleRequests() {
    var get = send("GET", EVENTS, Map.of("Origin", "https://app.example"));
    assertThat(get.status()).isEqualTo(200);
    assertThat(get.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
    assertThat(get.header("Vary")).contains("Origin");
    assertThat(get.header("Access-Control-Expose-Headers")).isEqualTo(EXPOSED);
    assertThat(get.header("Access-Control-Allow-Credentials")).isNull();
    // preflight-only headers are not sent on simple requests
    assertThat(get.header("Access-Control-Allow-Methods")).isNull();

    var error = send("GET", API + "/nope", Map.of("Origin", "https://other.example"));
    assertThat(error.status()).isEqualTo(404);
    assertThat(error.header("Access-Control-Allow-Origin")).isEqualTo("https://other.example");

    var noOrigin = send("GET", EVENTS, Map.of());
    assertThat(noOrigin.header("Access-Control-Allow-Origin")).isNull();
    assertThat(noOrigin.header("Access-Control-Expose-Headers")).isNull();
  }

  @Test
  void corsLimitedToConfiguredOriginsIgnoresOthers() {
    try (var limited = TestServer.start(Map.of("AGENDA_CORS_ORIGINS", "https://app.example"))) {
      var allowed = limited.anonymous().send("GET", EVENTS, null, null, Map.of("Origin", "https://app.example"));
      assertThat(allowed.status()).isEqualTo(200);
      assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
      assertThat(allowed.header("Access-Control-Expose-Headers")).isEqualTo(EXPOSED);

      var other = limited.anonymous().send("GET", EVENTS, null, null, Map.of("Origin", "https://evil.example"));
      assertThat(other.status()).isEqualTo(200);
      assertThat(other.header("Access-Control-Allow-Origin")).isNull();
      assertThat(other.header("Access-Control-Expose-Headers")).isNull();
      assertThat(other.json().path("events").isArray()).isTrue();

      var otherPreflight = limited.anonymous().send("OPTIONS", EVENTS, null, null,
          Map.of("Origin", "https://evil.example", "Access-Control-Request-Method", "POST"));
      assertThat(otherPreflight.status()).isEqualTo(204);
      assertThat(otherPreflight.header("Allow")).isEqualTo("GET, POST");
      assertThat(otherPreflight.header("Access-Control-Allow-Origin")).isNull();
      assertThat(otherPreflight.header("Access-Control-Allow-Methods")).isNull();
      assertThat(otherPreflight.header("Access-Control-Allow-Headers")).isNull();
      assertThat(otherPreflight.header("Access-Control-Max-Age")).isNull();

      var allowedPreflight = limited.anonymous().send("OPTIONS", EVENTS, null, null,
          Map.of("Origin", "https://app.example", "Access-Control-Request-Method", "POST"));
      assertThat(allowedPreflight.header("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
      assertThat(allowedPreflight.header("Access-Control-Max-Age")).isEqualTo("600");
    }
  }

  // ---------------------------------------------------------------- §2.7 standard headers

  @Test
  void validIncomingRequestIdIsEchoed() {
    var echoed = send("GET", EVENTS, Map.of("X-Request-Id", "req-42.A_b"));
    assertThat(echoed.header("X-Request-Id")).isEqualTo("req-42.A_b");
    String longest = "a".repeat(64);
    assertThat(send("GET", EVENTS, Map.of("X-Request-Id", longest)).header("X-Request-Id")).isEqualTo(longest);
    // also on errors
    assertThat(send("GET", API + "/nope", Map.of("X-Request-Id", "err-1")).header("X-Request-Id")).isEqualTo("err-1");
  }

  @Test
  void missingOrInvalidRequestIdIsReplacedByAGeneratedOne() {
    String first = send("GET", EVENTS, Map.of()).header("X-Request-Id");
    String second = send("GET", EVENTS, Map.of()).header("X-Request-Id");
    assertThat(first).isNotNull().matches(REQUEST_ID);
    assertThat(second).isNotNull().matches(REQUEST_ID).isNotEqualTo(first);

    String invalid = send("GET", EVENTS, Map.of("X-Request-Id", "bad id!")).header("X-Request-Id");
    assertThat(invalid).isNotNull().isNotEqualTo("bad id!").matches(REQUEST_ID);
    String tooLong = "b".repeat(65);
    String replaced = send("GET", EVENTS, Map.of("X-Request-Id", tooLong)).header("X-Request-Id");
    assertThat(replaced).isNotNull().isNotEqualTo(tooLong).matches(REQUEST_ID);
    assertThat(send("GET", "/health", Map.of()).header("X-Request-Id")).isNotNull().matches(REQUEST_ID);
  }

  @Test
  void contentLanguageIsTheRequestLanguage() {
    assertThat(server.anonymous().get(EVENTS).header("Content-Language")).isEqualTo("nl");
    assertThat(server.anonymous().get("/en" + EVENTS).header("Content-Language")).isEqualTo("en");
    assertThat(server.anonymous().get(EVENTS + "?translation_language=fr").header("Content-Language")).isEqualTo("fr");
    // the parameter wins over the segment; enum values are case-insensitive
    var both = server.anonymous().get("/en" + EVENTS + "?translation_language=FR");
    assertThat(both.status()).isEqualTo(200);
    assertThat(both.header("Content-Language")).isEqualTo("fr");
    assertThat(server.anonymous().get("/en" + API).header("Content-Language")).isEqualTo("en");
    assertThat(server.anonymous().get("/fr" + EVENTS + "/" + plainId).header("Content-Language")).isEqualTo("fr");
  }

  @Test
  void cacheControlNoStoreForCredentialsAndNonReadMethods() {
    assertThat(String.valueOf(server.anonymous().get(EVENTS).header("Cache-Control"))).doesNotContain("no-store");
    assertThat(String.valueOf(send("HEAD", EVENTS, Map.of()).header("Cache-Control"))).doesNotContain("no-store");
    assertThat(String.valueOf(server.anonymous().get(EVENTS + "/" + plainId).header("Cache-Control")))
        .doesNotContain("no-store");

    assertThat(server.asAdmin().get(EVENTS).header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(server.asAdmin().get(EVENTS + "/" + plainId).header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(server.asAdmin().send("HEAD", EVENTS, null, null, Map.of()).header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(server.anonymous().postJson(EVENTS, "{}").header("Cache-Control")).isEqualTo("no-store");
    assertThat(send("OPTIONS", EVENTS, Map.of()).header("Cache-Control")).isEqualTo("no-store");
    assertThat(server.anonymous().delete(EVENTS).header("Cache-Control")).isEqualTo("no-store");
    assertThat(server.asAdmin().patchJson(EVENTS + "/" + otherId, "{}").header("Cache-Control")).isEqualTo("no-store");
  }

  // ---------------------------------------------------------------- §2.9 limits, §2.6 media types

  @Test
  void requestTargetAbove8192BytesIs414() {
    String prefix = EVENTS + "?pad=";
    String exact = prefix + "x".repeat(8192 - prefix.length());
    assertThat(exact.length()).isEqualTo(8192);
    var atLimit = server.anonymous().get(exact);
    assertThat(atLimit.status()).as("a target of exactly 8192 bytes").isEqualTo(200);

    var over = server.anonymous().get(exact + "x");
    assertThat(over.status()).isEqualTo(414);
    assertThat(over.code()).isEqualTo("rest_uri_too_long");
    assertThat(over.json().path("message").asText()).isEqualTo("The request URI is too long.");
    assertThat(over.json().path("data").path("status").asInt()).isEqualTo(414);
    assertJsonContentType(over);

    // checked before routing
    var unknownPath = server.anonymous().get("/" + "n".repeat(9000));
    assertThat(unknownPath.status()).isEqualTo(414);
    assertThat(unknownPath.code()).isEqualTo("rest_uri_too_long");
  }

  /** A response read from a raw socket: status line, headers (lower-case names) and body. */
  record RawResponse(int status, Map<String, String> headers, String body) {
    JsonNode json() {
      try {
        return org.agenda.http.Json.MAPPER.readTree(body);
      } catch (Exception e) {
        throw new AssertionError("not JSON (" + status + "): " + body, e);
      }
    }
  }

  /**
   * Sends a request over a plain socket: the head, then the body from another thread (write errors
   * ignored, since the service may answer before it has read the body), and reads the response.
   * java.net.http.HttpClient is not used here: it sometimes reports "Broken pipe" instead of the
   * response when the service answers early and closes, and it hangs on early answers to
   * {@code Expect: 100-continue}.
   */
  static RawResponse rawRequest(TestServer on, String head, byte[] body) throws Exception {
    int port = java.net.URI.create(on.url("/")).getPort();
    try (var socket = new java.net.Socket("localhost", port)) {
      socket.setSoTimeout(10_000);
      var out = socket.getOutputStream();
      out.write(head.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      out.flush();
      var writer = new Thread(() -> {
        try {
          out.write(body);
          out.flush();
        } catch (java.io.IOException ignored) {
          // the service answered without reading everything
        }
      });
      writer.setDaemon(true);
      writer.start();
      var in = new java.io.BufferedInputStream(socket.getInputStream());
      var headBytes = new java.io.ByteArrayOutputStream();
      while (!headBytes.toString(java.nio.charset.StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) throw new AssertionError("connection closed before the response head: " + headBytes);
        headBytes.write(b);
      }
      String[] lines = headBytes.toString(java.nio.charset.StandardCharsets.ISO_8859_1).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      var headers = new HashMap<String, String>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) headers.put(lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT), lines[i].substring(colon + 1).trim());
      }
      int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
      byte[] responseBody = in.readNBytes(length);
      return new RawResponse(status, headers, new String(responseBody, java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  static String postHead(String path, String extraHeaders, long contentLength) {
    return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic "
        + java.util.Base64.getEncoder().encodeToString(("admin:" + TestServer.ADMIN_PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8))
        + "\r\nContent-Type: application/json\r\nConnection: close\r\n" + extraHeaders
        + (contentLength >= 0 ? "Content-Length: " + contentLength + "\r\n" : "") + "\r\n";
  }

  @Test
  void bodyAboveDefaultLimitIs413() throws Exception {
    byte[] big = ("{\"title\":\"" + "x".repeat(1_048_576 - 11) + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(big.length).isEqualTo(1_048_577);
    var response = rawRequest(server, postHead(EVENTS, "", big.length), big);
    assertThat(response.status()).as(response.body()).isEqualTo(413);
    assertThat(response.json().path("code").asText()).isEqualTo("rest_payload_too_large");
    assertThat(response.json().path("message").asText()).isEqualTo("The request body is too large.");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(413);
  }

  @Test
  void bodyOfExactlyTheDefaultLimitIsAccepted() {
    String base = "{\"title\":\"Exactly one MiB\",\"start_date\":\"2026-04-01 10:00\",\"end_date\":\"2026-04-01 11:00\",\"pad\":\"";
    String body = base + "p".repeat(1_048_576 - base.length() - 2) + "\"}";
    assertThat(body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isEqualTo(1_048_576);
    var response = server.asAdmin().postJson(EVENTS, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.json().path("title").asText()).isEqualTo("Exactly one MiB");
  }

  @Test
  void bodyLimitIsConfigurableAndCheckedBeforeCredentials() throws Exception {
    try (var small = TestServer.start(Map.of("AGENDA_MAX_BODY_BYTES", "200"))) {
      String base = "{\"title\":\"Small\",\"start_date\":\"2026-04-01 10:00\",\"end_date\":\"2026-04-01 11:00\",\"x\":\"";
      String exact = base + "y".repeat(200 - base.length() - 2) + "\"}";
      assertThat(exact.length()).isEqualTo(200);
      var atLimit = small.asAdmin().postJson(EVENTS, exact);
      assertThat(atLimit.status()).as(atLimit.toString()).isEqualTo(201);

      String over = base + "y".repeat(200 - base.length() - 1) + "\"}";
      var tooLarge = small.asAdmin().postJson(EVENTS, over);
      assertThat(tooLarge.status()).as(tooLarge.toString()).isEqualTo(413);
      assertThat(tooLarge.code()).isEqualTo("rest_payload_too_large");
      // step 2 comes before credentials (step 3) and route permission (step 4)
      var anonymous = small.anonymous().postJson(EVENTS, over);
      assertThat(anonymous.status()).isEqualTo(413);
      var badCredentials = small.as("admin", "wrong-password").postJson(EVENTS, over);
      assertThat(badCredentials.status()).isEqualTo(413);
      // without a declared length (chunked), the received size counts
      byte[] overBytes = over.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      byte[] chunked = (Integer.toHexString(overBytes.length) + "\r\n" + over + "\r\n0\r\n\r\n")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);
      var streamed = rawRequest(small, postHead(EVENTS, "Transfer-Encoding: chunked\r\n", -1), chunked);
      assertThat(streamed.status()).as(streamed.body()).isEqualTo(413);
      assertThat(streamed.json().path("code").asText()).isEqualTo("rest_payload_too_large");
    }
  }

  @Test
  void textPlainBodyIs415() {
    var response = server.asAdmin().send("POST", EVENTS, "text/plain", "title=Plain", Map.of());
    assertThat(response.status()).as(response.toString()).isEqualTo(415);
    assertThat(response.code()).isEqualTo("rest_unsupported_media_type");
    assertThat(response.json().path("message").asText()).isEqualTo("Unsupported content type.");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(415);
    // no Content-Type at all
    var none = server.asAdmin().send("POST", EVENTS, null, "{\"title\":\"x\"}", Map.of());
    assertThat(none.status()).isEqualTo(415);
    // before the route-level permission
    assertThat(server.anonymous().send("POST", EVENTS, "text/plain", "hello", Map.of()).status()).isEqualTo(415);
  }

  @Test
  void jsonWithACharsetOtherThanUtf8Is415() {
    var latin1 = server.asAdmin().send("POST", EVENTS, "application/json;charset=latin1", eventJson("Latin", false), Map.of());
    assertThat(latin1.status()).as(latin1.toString()).isEqualTo(415);
    assertThat(latin1.code()).isEqualTo("rest_unsupported_media_type");

    var utf8 = server.asAdmin().send("POST", EVENTS, "application/json; charset=UTF-8", eventJson("Utf eight", false), Map.of());
    assertThat(utf8.status()).as(utf8.toString()).isEqualTo(201);
    assertThat(utf8.json().path("title").asText()).isEqualTo("Utf eight");
  }

  @Test
  void bodiesOfReadMethodsAreIgnored() {
    var withText = server.anonymous().send("GET", EVENTS, "text/plain", "whatever", Map.of());
    assertThat(withText.status()).isEqualTo(200);
    var withBadJson = server.anonymous().send("GET", EVENTS, "application/json", "{not json", Map.of());
    assertThat(withBadJson.status()).isEqualTo(200);
    // a GET body does not act as parameters either
    var withParams = server.anonymous().send("GET", EVENTS, "application/json",
        "{\"include\":[" + featuredId + "],\"per_page\":\"abc\"}", Map.of());
    assertThat(withParams.status()).isEqualTo(200);
    assertThat(ids(withParams)).containsExactlyElementsOf(ids(server.anonymous().get(EVENTS)));
  }

  @Test
  void emptyOrWhitespaceBodyCountsAsNoBody() {
    var empty = server.asAdmin().send("POST", EVENTS, "text/plain", "", Map.of());
    assertThat(empty.status()).as(empty.toString()).isEqualTo(400);
    assertThat(empty.code()).isEqualTo("rest_missing_callback_param");
    assertThat(empty.json().path("data").path("params").toString()).isEqualTo("[\"title\",\"start_date\",\"end_date\"]");

    var blankJson = server.asAdmin().send("POST", EVENTS, "application/json", "  \r\n\t ", Map.of());
    assertThat(blankJson.status()).as(blankJson.toString()).isEqualTo(400);
    assertThat(blankJson.code()).isEqualTo("rest_missing_callback_param");

    var blankImage = server.asAdmin().send("POST",
        EVENTS + "?title=From%20query&start_date=2026-04-02%2010:00&end_date=2026-04-02%2011:00",
        "image/png", " \n", Map.of());
    assertThat(blankImage.status()).as(blankImage.toString()).isEqualTo(201);
    assertThat(blankImage.json().path("title").asText()).isEqualTo("From query");
  }

  @Test
  void malformedJsonIs400InvalidJson() {
    var malformed = server.asAdmin().postJson(EVENTS, "{\"title\": ");
    assertThat(malformed.status()).as(malformed.toString()).isEqualTo(400);
    assertThat(malformed.code()).isEqualTo("rest_invalid_json");
    assertThat(malformed.json().path("message").asText()).isEqualTo("Invalid JSON body passed.");
    assertThat(malformed.json().path("data").path("status").asInt()).isEqualTo(400);
    assertThat(malformed.json().path("data").path("json_error_message").isTextual()).isTrue();
    assertThat(malformed.json().path("data").path("json_error_message").asText()).isNotBlank();
    assertJsonContentType(malformed);
  }

  @Test
  void topLevelArrayOrScalarIs400InvalidJson() {
    for (String body : List.of("[" + eventJson("In array", false) + "]", "\"text\"", "42", "null")) {
      var response = server.asAdmin().postJson(EVENTS, body);
      assertThat(response.status()).as(body + " -> " + response).isEqualTo(400);
      assertThat(response.code()).as(body).isEqualTo("rest_invalid_json");
      assertThat(response.json().path("data").path("json_error_message").isTextual()).as(body).isTrue();
    }
  }

  @Test
  void urlEncodedFormCreatesAnEvent() {
    var response = server.asAdmin().postForm(EVENTS,
        "title=Form+caf%C3%A9&start_date=2026-04-03+10%3A00&end_date=2026-04-03+12%3A00&featured=yes");
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    var event = response.json();
    assertThat(event.path("title").asText()).isEqualTo("Form café");
    assertThat(event.path("start_date").asText()).isEqualTo("2026-04-03 10:00:00");
    assertThat(event.path("featured").asBoolean()).isTrue();
    assertThat(response.header("Location")).isEqualTo(event.path("rest_url").asText());
    // JSON is UTF-8 with literal non-ASCII characters and unescaped slashes
    assertJsonContentType(response);
    assertThat(response.body()).contains("Form café").contains(server.url(EVENTS + "/" + event.path("id").asLong()));
  }

  @Test
  void multipartFormCreatesAnEventAndIgnoresFileParts() {
    String boundary = "agendaBoundary7MA4YWxk";
    String body = part(boundary, "title", "Multipart événement")
        + part(boundary, "start_date", "2026-04-04 18:00")
        + part(boundary, "end_date", "2026-04-04 20:00")
        + "--" + boundary + "\r\n"
        + "Content-Disposition: form-data; name=\"title\"; filename=\"evil.txt\"\r\n"
        + "Content-Type: text/plain\r\n\r\n"
        + "from a file\r\n"
        + "--" + boundary + "--\r\n";
    var response = server.asAdmin().send("POST", EVENTS, "multipart/form-data; boundary=" + boundary, body, Map.of());
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    assertThat(response.json().path("title").asText()).isEqualTo("Multipart événement");
    assertThat(response.json().path("end_date").asText()).isEqualTo("2026-04-04 20:00:00");
  }

  private static String part(String boundary, String name, String value) {
    return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
  }

  @Test
  void bodyValueWinsOverQueryValue() {
    var json = server.asAdmin().postJson(EVENTS + "?title=From%20query&featured=false",
        "{\"title\":\"From body\",\"start_date\":\"2026-04-05 10:00\",\"end_date\":\"2026-04-05 11:00\",\"featured\":true}");
    assertThat(json.status()).as(json.toString()).isEqualTo(201);
    assertThat(json.json().path("title").asText()).isEqualTo("From body");
    assertThat(json.json().path("featured").asBoolean()).isTrue();

    var form = server.asAdmin().postForm(EVENTS + "?title=From%20query&start_date=2026-04-06%2010:00",
        "title=From+form&end_date=2026-04-06+11%3A00");
    assertThat(form.status()).as(form.toString()).isEqualTo(201);
    assertThat(form.json().path("title").asText()).isEqualTo("From form");
    assertThat(form.json().path("start_date").asText()).isEqualTo("2026-04-06 10:00:00");
  }

  // ---------------------------------------------------------------- §2.5 parameter syntaxes

  @Test
  void listParametersAcceptEverySyntax() {
    String a = Long.toString(featuredId);
    String b = Long.toString(otherId);
    for (String query : List.of(
        "include[]=" + a + "&include[]=" + b,
        "include%5B%5D=" + a + "&include%5B%5D=" + b,
        "include=" + a + "&include=" + b,
        "include=" + a + "," + b,
        "include=" + a + "%2C%20" + b,
        "include=" + b + ",," + a + ",")) {
      var response = server.anonymous().get(EVENTS + "?" + query);
      assertThat(response.status()).as(query + " -> " + response).isEqualTo(200);
      assertThat(ids(response)).as(query).containsExactlyInAnyOrder(featuredId, otherId);
      assertThat(response.json().path("total").asInt()).as(query).isEqualTo(2);
    }
    var invalidItem = server.anonymous().get(EVENTS + "?include=" + a + ",abc");
    assertInvalidParam(invalidItem, "include", "rest_invalid_type");
  }

  @Test
  void listValuesInBodiesAcceptEverySyntaxAndFilterWithEveryQuerySyntax() {
    String dates = "start_date=2026-05-01+10%3A00&end_date=2026-05-01+11%3A00";
    var asArray = server.asAdmin().postJson(EVENTS,
        "{\"title\":\"Tags array\",\"start_date\":\"2026-05-01 10:00\",\"end_date\":\"2026-05-01 11:00\",\"tags\":[\"Rock\",\"Jazz\"]}");
    var asString = server.asAdmin().postJson(EVENTS,
        "{\"title\":\"Tags string\",\"start_date\":\"2026-05-01 10:00\",\"end_date\":\"2026-05-01 11:00\",\"tags\":\"Rock, Jazz,\"}");
    var asBrackets = server.asAdmin().postForm(EVENTS, "title=Tags+brackets&" + dates + "&tags%5B%5D=Rock&tags%5B%5D=Jazz");
    var asRepeated = server.asAdmin().postForm(EVENTS, "title=Tags+repeated&" + dates + "&tags=Rock&tags=Jazz");
    var created = List.of(asArray, asString, asBrackets, asRepeated);
    for (var response : created) assertThat(response.status()).as(response.toString()).isEqualTo(201);
    var tagNames = new ArrayList<String>();
    asArray.json().path("tags").forEach(tag -> tagNames.add(tag.path("name").asText()));
    assertThat(tagNames).containsExactly("Rock", "Jazz");
    long rock = asArray.json().path("tags").get(0).path("id").asLong();
    long jazz = asArray.json().path("tags").get(1).path("id").asLong();
    for (var response : created) {
      var tagIds = new ArrayList<Long>();
      response.json().path("tags").forEach(tag -> tagIds.add(tag.path("id").asLong()));
      assertThat(tagIds).as(response.json().path("title").asText()).containsExactly(rock, jazz);
    }
    var createdIds = created.stream().map(response -> response.json().path("id").asLong()).toList();
    for (String query : List.of("tags[]=" + rock + "&tags[]=" + jazz, "tags=" + rock + "&tags=" + jazz,
        "tags=" + rock + "," + jazz, "tags=" + jazz + "%2C%20" + rock)) {
      var list = server.anonymous().get(EVENTS + "?" + query);
      assertThat(list.status()).as(query + " -> " + list).isEqualTo(200);
      assertThat(ids(list)).as(query).containsExactlyInAnyOrderElementsOf(createdIds);
    }
  }

  @Test
  void lastOccurrenceOfAScalarWins() {
    var response = server.anonymous().get(EVENTS + "?include=" + featuredId + "," + plainId + "&per_page=abc&per_page=1");
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().path("events").size()).isEqualTo(1);
    assertThat(response.json().path("total_pages").asInt()).isEqualTo(2);
  }

  @Test
  void booleanParametersAcceptTheirSyntaxes() {
    for (String yes : List.of("yes", "1", "true", "TRUE", "On")) {
      var response = server.anonymous().get(EVENTS + "?featured=" + yes);
      assertThat(response.status()).as(yes + " -> " + response).isEqualTo(200);
      assertThat(ids(response)).as(yes).contains(featuredId).doesNotContain(plainId, otherId);
    }
    for (String no : List.of("off", "0", "false", "No")) {
      var response = server.anonymous().get(EVENTS + "?featured=" + no);
      assertThat(response.status()).as(no + " -> " + response).isEqualTo(200);
      assertThat(ids(response)).as(no).contains(plainId, otherId).doesNotContain(featuredId);
    }
  }

  @Test
  void invalidBooleanIsInvalidTypeAndEmptyIsEmptyValue() {
    assertInvalidParam(server.anonymous().get(EVENTS + "?featured=maybe"), "featured", "rest_invalid_type");
    assertInvalidParam(server.anonymous().get(EVENTS + "?featured="), "featured", "rest_empty_value");
    assertInvalidParam(server.anonymous().get(EVENTS + "?featured=%20"), "featured", "rest_empty_value");
    assertInvalidParam(server.anonymous().get(EVENTS + "?featured=2"), "featured", "rest_invalid_type");
  }

  @Test
  void allInvalidParametersAreReportedInDeclarationOrder() {
    var response = server.anonymous().get(EVENTS + "?featured=maybe&per_page=abc");
    assertThat(response.status()).as(response.toString()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_invalid_param");
    assertThat(response.json().path("message").asText()).isEqualTo("Invalid parameter(s): per_page, featured");
    var data = response.json().path("data");
    assertThat(data.path("status").asInt()).isEqualTo(400);
    assertThat(keys(data.path("params"))).containsExactly("per_page", "featured");
    assertThat(data.path("params").path("per_page").isTextual()).isTrue();
    assertThat(keys(data.path("details"))).containsExactly("per_page", "featured");
    assertThat(data.path("details").path("per_page").path("code").asText()).isEqualTo("rest_invalid_type");
    assertThat(data.path("details").path("featured").path("code").asText()).isEqualTo("rest_invalid_type");
    assertThat(data.path("details").path("featured").path("data").path("param").asText()).isEqualTo("featured");
    assertThat(data.path("details").path("per_page").path("message").isTextual()).isTrue();
  }

  @Test
  void invalidTranslationLanguageIsInvalidValue() {
    var response = server.anonymous().get(EVENTS + "?translation_language=de");
    assertInvalidParam(response, "translation_language", "rest_invalid_value");
    assertInvalidParam(server.anonymous().get(API + "?translation_language=de"), "translation_language", "rest_invalid_value");
    assertInvalidParam(server.anonymous().get(EVENTS + "/" + plainId + "?translation_language=xx"),
        "translation_language", "rest_invalid_value");
    // translation_language is declared last
    var two = server.anonymous().get(EVENTS + "?translation_language=de&page=0");
    assertThat(keys(two.json().path("data").path("params"))).containsExactly("page", "translation_language");
  }

  // ---------------------------------------------------------------- §2.10 generated URLs

  @Test
  void generatedUrlsUseTheRequestHostAndIgnoreForwardedHeadersByDefault() {
    var created = server.asAdmin().send("POST", EVENTS, "application/json", eventJson("Untrusted proxy", false),
        Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example"));
    assertThat(created.status()).isEqualTo(201);
    long id = created.json().path("id").asLong();
    assertThat(created.json().path("rest_url").asText()).isEqualTo(server.url(EVENTS + "/" + id));
    assertThat(created.header("Location")).isEqualTo(server.url(EVENTS + "/" + id));

    var french = server.asAdmin().send("GET", "/fr" + EVENTS + "/" + id, null, null,
        Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example"));
    assertThat(french.json().path("rest_url").asText()).isEqualTo(server.url("/fr" + EVENTS + "/" + id));
    // a language chosen by parameter adds no segment
    var byParameter = server.anonymous().get(EVENTS + "/" + id + "?translation_language=en");
    assertThat(byParameter.json().path("rest_url").asText()).isEqualTo(server.url(EVENTS + "/" + id));
  }

  @Test
  void publicUrlReplacesTheRequestHost() {
    try (var published = TestServer.start(Map.of("AGENDA_PUBLIC_URL", "https://agenda.example.org/agenda/",
        "AGENDA_TRUST_PROXY", "true", "AGENDA_DEFAULT_PER_PAGE", "5"))) {
      var created = published.asAdmin().send("POST", EVENTS, "application/json", eventJson("Public", false),
          Map.of("X-Forwarded-Proto", "http", "X-Forwarded-Host", "proxy.example"));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      long id = created.json().path("id").asLong();
      assertThat(created.json().path("rest_url").asText()).isEqualTo("https://agenda.example.org/agenda/cal/events/v1/events/" + id);
      assertThat(created.header("Location")).isEqualTo("https://agenda.example.org/agenda/cal/events/v1/events/" + id);

      var french = published.anonymous().get("/fr" + EVENTS + "/" + id);
      assertThat(french.json().path("rest_url").asText()).isEqualTo("https://agenda.example.org/agenda/fr/cal/events/v1/events/" + id);

      var list = published.anonymous().get(EVENTS);
      assertThat(list.json().path("rest_url").asText()).startsWith("https://agenda.example.org/agenda/cal/events/v1/events/?per_page=5&");

      var root = published.anonymous().get("/");
      assertThat(root.json().path("url").asText()).isEqualTo("https://agenda.example.org/agenda");
      assertThat(root.json().path("_links").path("help").get(0).path("href").asText())
          .isEqualTo("https://agenda.example.org/agenda/docs");

      var index = published.anonymous().get(API);
      assertThat(index.json().path("_links").path("up").get(0).path("href").asText())
          .isEqualTo("https://agenda.example.org/agenda/");
      var eventsRoute = index.json().path("routes").path("/cal/events/v1/events");
      assertThat(eventsRoute.path("_links").path("self").get(0).path("href").asText())
          .isEqualTo("https://agenda.example.org/agenda/cal/events/v1/events");
      // the per_page default shows the configured value
      assertThat(eventsRoute.path("endpoints").get(0).path("args").path("per_page").path("default").asInt()).isEqualTo(5);
    }
  }

  @Test
  void forwardedHeadersAreHonouredOnlyWhenTheProxyIsTrusted() {
    try (var proxied = TestServer.start(Map.of("AGENDA_TRUST_PROXY", "true"))) {
      var created = proxied.asAdmin().send("POST", EVENTS, "application/json", eventJson("Behind proxy", false),
          Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "pub.example, inner.example"));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      long id = created.json().path("id").asLong();
      assertThat(created.json().path("rest_url").asText()).isEqualTo("https://pub.example/cal/events/v1/events/" + id);
      assertThat(created.header("Location")).isEqualTo("https://pub.example/cal/events/v1/events/" + id);

      var direct = proxied.anonymous().get(EVENTS + "/" + id);
      assertThat(direct.json().path("rest_url").asText()).isEqualTo(proxied.url(EVENTS + "/" + id));

      var root = proxied.anonymous().send("GET", "/", null, null,
          Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "pub.example"));
      assertThat(root.json().path("url").asText()).isEqualTo("https://pub.example");
    }
  }

  // ---------------------------------------------------------------- §9 self-description

  @Test
  void rootIndexDescribesTheService() {
    var root = server.anonymous().get("/");
    assertThat(root.status()).isEqualTo(200);
    assertJsonContentType(root);
    var json = root.json();
    assertThat(keys(json)).containsExactly("name", "url", "timezone_string", "languages", "default_language",
        "namespaces", "_links");
    assertThat(json.path("name").asText()).isEqualTo("Agenda");
    assertThat(json.path("url").asText()).isEqualTo(server.url(""));
    assertThat(json.path("timezone_string").asText()).isEqualTo("Europe/Amsterdam");
    assertThat(json.path("languages").toString()).isEqualTo("[\"nl\",\"en\",\"fr\"]");
    assertThat(json.path("default_language").asText()).isEqualTo("nl");
    assertThat(json.path("namespaces").toString()).isEqualTo("[\"cal/events/v1\"]");
    assertThat(json.path("_links").path("help").get(0).path("href").asText()).isEqualTo(server.url("/docs"));

    var french = server.anonymous().get("/fr/");
    assertThat(french.status()).isEqualTo(200);
    assertThat(french.json().path("namespaces").toString()).isEqualTo("[\"cal/events/v1\"]");
    assertThat(french.json().path("url").asText()).isEqualTo(server.url(""));
    assertThat(server.anonymous().get("/FR").status()).isEqualTo(200);
    assertNoRoute(server.anonymous().get("/de/"));
  }

  @Test
  void namespaceIndexListsRoutesInTableOrder() {
    var json = server.anonymous().get(API).json();
    var expectedOrder = List.of("/cal/events/v1", "/cal/events/v1/doc", "/cal/events/v1/events",
        "/cal/events/v1/events/(?P<id>\\d+)", "/cal/events/v1/events/by-slug/(?P<slug>[^/]+)",
        // the iCalendar forms of events, added within v1 after the event routes
        "/cal/events/v1/events\\.ics", "/cal/events/v1/events/(?P<id>\\d+)\\.ics",
        "/cal/events/v1/venues", "/cal/events/v1/venues/(?P<id>\\d+)", "/cal/events/v1/venues/by-slug/(?P<slug>[^/]+)",
        "/cal/events/v1/organizers", "/cal/events/v1/organizers/(?P<id>\\d+)",
        "/cal/events/v1/organizers/by-slug/(?P<slug>[^/]+)", "/cal/events/v1/categories",
        "/cal/events/v1/categories/(?P<id>\\d+)", "/cal/events/v1/tags", "/cal/events/v1/tags/(?P<id>\\d+)",
        "/cal/events/v1/changes");
    var routeKeys = keys(json.path("routes"));
    assertThat(routeKeys).contains("/cal/events/v1", "/cal/events/v1/events", "/cal/events/v1/events/(?P<id>\\d+)",
        "/cal/events/v1/events/by-slug/(?P<slug>[^/]+)");
    // only routes of §2.2 (and the iCalendar ones), in §2.2 order (routes not implemented yet may be missing), then
    // the change feed
    assertThat(expectedOrder).containsAll(routeKeys);
    assertThat(expectedOrder).containsSubsequence(routeKeys);
    json.path("routes").forEach(route -> assertThat(route.path("namespace").asText()).isEqualTo("cal/events/v1"));
    assertThat(json.path("routes").path("/cal/events/v1/events").path("methods").toString()).isEqualTo("[\"GET\",\"POST\"]");
    assertThat(json.path("_links").path("up").get(0).path("href").asText()).isEqualTo(server.url("/"));
    assertThat(keys(json)).startsWith("namespace", "routes");

    // keys never contain the language segment; links do
    var french = server.anonymous().get("/fr" + API).json();
    assertThat(keys(french.path("routes"))).isEqualTo(routeKeys);
    assertThat(french.path("_links").path("up").get(0).path("href").asText()).isEqualTo(server.url("/fr/"));
  }

  @Test
  void namespaceIndexDescribesEndpointsAndArguments() {
    var routes = server.anonymous().get(API).json().path("routes");

    var single = routes.path("/cal/events/v1/events/(?P<id>\\d+)");
    assertThat(single.path("methods").toString()).isEqualTo("[\"GET\",\"DELETE\",\"POST\",\"PUT\",\"PATCH\"]");
    var endpoints = single.path("endpoints");
    assertThat(endpoints.size()).isEqualTo(3);
    assertThat(endpoints.get(0).path("methods").toString()).isEqualTo("[\"GET\"]");
    assertThat(endpoints.get(1).path("methods").toString()).isEqualTo("[\"DELETE\"]");
    assertThat(endpoints.get(2).path("methods").toString()).isEqualTo("[\"POST\",\"PUT\",\"PATCH\"]");
    for (var endpoint : endpoints) {
      var id = endpoint.path("args").path("id");
      assertThat(id.path("required").isBoolean()).isTrue();
      assertThat(id.path("required").asBoolean()).isTrue();
      assertThat(id.path("type").asText()).isEqualTo("integer");
      assertThat(keys(endpoint.path("args")).get(0)).isEqualTo("id");
      var args = keys(endpoint.path("args"));
      assertThat(args.get(args.size() - 1)).isEqualTo("translation_language");
    }
    assertThat(endpoints.get(1).path("args").path("force").path("default").isBoolean()).isTrue();
    assertThat(endpoints.get(1).path("args").path("force").path("default").asBoolean()).isFalse();
    assertThat(single.has("_links")).as("no self link for routes with path variables").isFalse();

    var bySlug = routes.path("/cal/events/v1/events/by-slug/(?P<slug>[^/]+)");
    assertThat(bySlug.path("endpoints").get(0).path("args").path("slug").path("required").asBoolean()).isTrue();
    assertThat(bySlug.path("endpoints").get(0).path("args").path("slug").path("type").asText()).isEqualTo("string");
    assertThat(bySlug.has("_links")).isFalse();

    var list = routes.path("/cal/events/v1/events");
    assertThat(list.path("_links").path("self").get(0).path("href").asText()).isEqualTo(server.url(EVENTS));
    assertThat(list.path("endpoints").get(0).path("methods").toString()).isEqualTo("[\"GET\"]");
    assertThat(list.path("endpoints").get(1).path("methods").toString()).isEqualTo("[\"POST\"]");
    var listArgs = list.path("endpoints").get(0).path("args");
    assertThat(keys(listArgs)).containsExactly("page", "per_page", "start_date", "end_date", "starts_before",
        "starts_after", "ends_before", "ends_after", "strict_dates", "search", "categories", "tags", "venue",
        "organizer", "featured", "status", "geoloc", "geoloc_lat", "geoloc_lng", "geoloc_radius", "include",
        "post_parent", "ticketed", "password", "modified_after", "modified_before", "hide_subsequent_recurrences",
        "translation_language");
    assertThat(listArgs.path("page").path("default").asInt()).isEqualTo(1);
    assertThat(listArgs.path("per_page").path("default").asInt()).isEqualTo(12);
    assertThat(listArgs.path("strict_dates").path("default").isBoolean()).isTrue();
    assertThat(listArgs.path("strict_dates").path("default").asBoolean()).isFalse();
    assertThat(listArgs.path("geoloc_radius").path("default").asInt()).isEqualTo(10);
    assertThat(listArgs.path("start_date").has("default")).as("date defaults are described, not given").isFalse();
    assertThat(listArgs.path("end_date").has("default")).isFalse();
    assertThat(listArgs.path("featured").has("default")).isFalse();
    assertThat(listArgs.path("featured").path("type").asText()).isEqualTo("boolean");
    assertThat(listArgs.path("include").path("type").asText()).isEqualTo("array");
    var createArgs = list.path("endpoints").get(1).path("args");
    assertThat(createArgs.path("title").path("required").asBoolean()).isTrue();
    assertThat(createArgs.path("all_day").path("default").isBoolean()).isTrue();
    assertThat(createArgs.path("all_day").path("default").asBoolean()).isFalse();

    // §9.2: only these parameters carry a `default` member (all_day on create only)
    var withDefault = List.of("page", "per_page", "strict_dates", "hide_empty", "only_with_upcoming", "force",
        "context", "namespace", "order", "orderby", "geoloc_radius");
    var unexpectedDefaults = new ArrayList<String>();
    routes.fields().forEachRemaining(route -> route.getValue().path("endpoints").forEach(endpoint ->
        endpoint.path("args").fields().forEachRemaining(arg -> {
          boolean createEvent = route.getKey().equals("/cal/events/v1/events")
              && endpoint.path("methods").toString().equals("[\"POST\"]");
          boolean allowed = withDefault.contains(arg.getKey()) || (createEvent && arg.getKey().equals("all_day"));
          if (!allowed && arg.getValue().has("default")) {
            unexpectedDefaults.add(route.getKey() + " " + endpoint.path("methods") + " " + arg.getKey());
          }
        })));
    assertThat(unexpectedDefaults).as("parameters that must not carry a default (§9.2)").isEmpty();

    var index = routes.path("/cal/events/v1");
    assertThat(index.path("_links").path("self").get(0).path("href").asText()).isEqualTo(server.url(API));
    var indexArgs = index.path("endpoints").get(0).path("args");
    assertThat(keys(indexArgs)).containsExactly("namespace", "context", "translation_language");
    assertThat(indexArgs.path("namespace").path("default").asText()).isEqualTo("cal/events/v1");
    assertThat(indexArgs.path("context").path("default").asText()).isEqualTo("view");
    assertThat(indexArgs.path("context").path("enum").toString()).isEqualTo("[\"view\",\"help\"]");
    assertThat(indexArgs.path("translation_language").has("default")).isFalse();

    routes.forEach(route -> route.path("endpoints").forEach(endpoint -> endpoint.path("args").forEach(arg -> {
      assertThat(arg.path("description").isTextual()).as(arg.toString()).isTrue();
      assertThat(arg.path("required").isBoolean()).as(arg.toString()).isTrue();
    })));
  }

  // ---------------------------------------------------------------- §10.2 operations

  @Test
  void healthAnswersOk() {
    var health = server.anonymous().get("/health");
    assertThat(health.status()).isEqualTo(200);
    assertThat(health.body().replaceAll("\\s", "")).isEqualTo("{\"status\":\"ok\",\"database\":\"ok\"}");
    assertThat(health.header("Content-Type")).startsWith("application/json");
    assertNoRoute(server.anonymous().get("/fr/health"));
  }

  @Test
  void metricsExposeRequestCountsAndRecordGauges() {
    server.anonymous().get(EVENTS + "/" + plainId);
    var metrics = server.anonymous().get("/metrics");
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.header("Content-Type")).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
    String body = metrics.body();
    assertThat(body).contains("agenda_http_requests_total");
    assertThat(body).contains("agenda_http_request_duration_seconds");
    assertThat(body).contains("agenda_auth_failures_total");
    assertThat(body).containsPattern("agenda_http_requests_total\\{[^}]*route=\"/cal/events/v1/events/\\{id}\"");
    assertThat(body).containsPattern("agenda_records\\{[^}]*type=\"events\"[^}]*}");
    assertThat(body).containsPattern("agenda_records\\{[^}]*type=\"tags\"[^}]*}");
    assertNoRoute(server.anonymous().get("/fr/metrics"));
  }

  // ---------------------------------------------------------------- §10.1 configuration

  private static Map<String, String> validEnvironment() {
    var env = new HashMap<String, String>();
    env.put("AGENDA_TIMEZONE", "Europe/Amsterdam");
    env.put("AGENDA_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD);
    return env;
  }

  private static Map<String, String> with(String name, String value) {
    var env = validEnvironment();
    env.put(name, value);
    return env;
  }

  @Test
  void configAcceptsAValidEnvironment() {
    assertThatCode(() -> Config.fromEnvironment(validEnvironment())).doesNotThrowAnyException();
    assertThatCode(() -> Config.fromEnvironment(with("AGENDA_PERMALINK_EVENT", "{public_url}/{lang}/e/{id}-{slug}/")))
        .doesNotThrowAnyException();
  }

  @Test
  void configRejectsAnUnknownTimeZone() {
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_TIMEZONE", "Mars/Olympus_Mons")))
        .isInstanceOf(ConfigException.class);
  }

  @Test
  void configRejectsADefaultLanguageOutsideTheList() {
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_DEFAULT_LANGUAGE", "de")))
        .isInstanceOf(ConfigException.class);
    // the default nl is not in this list
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_LANGUAGES", "en,fr")))
        .isInstanceOf(ConfigException.class);
  }

  @Test
  void configRejectsABadPermalinkTemplate() {
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_PERMALINK_EVENT", "{public_url}/{lang}/event/{title}/")))
        .isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_PERMALINK_TAG", "{public_url}/{lang/tag/{slug}/")))
        .isInstanceOf(ConfigException.class);
  }

  @Test
  void configRejectsAShortOrBlankedAdminPassword() {
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_ADMIN_PASSWORD", "short")))
        .isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_ADMIN_PASSWORD", "eleven-char")))
        .isInstanceOf(ConfigException.class);
    assertThatThrownBy(() -> Config.fromEnvironment(with("AGENDA_ADMIN_PASSWORD", "long enough but spaced")))
        .isInstanceOf(ConfigException.class);
    assertThatCode(() -> Config.fromEnvironment(with("AGENDA_ADMIN_PASSWORD", "twelve-chars"))).doesNotThrowAnyException();
  }

  @Test
  void anEarlyAnswerToARequestWithABodyWithinTheLimitReadsTheBodyAndKeepsTheConnection() {
    String form = "date_utc[]=1&".repeat(15_000);
    for (String path : List.of("/xx" + EVENTS, EVENTS + "/999999")) {
      for (int i = 0; i < 20; i++) {
        HttpResult response = server.anonymous().send("POST", path, "application/x-www-form-urlencoded", form, Map.of());
        assertThat(response.status()).as(path).isBetween(400, 499);
        assertThat(response.json().path("code").asText()).isNotEmpty();
        assertThat(response.header("Connection")).as("the unread body was drained, the connection stays open").isNull();
      }
    }
  }
}
