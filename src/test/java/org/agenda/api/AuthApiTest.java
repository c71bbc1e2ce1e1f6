package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** §4.2 authentication, §4.5 401 versus 403, the `Allow` header per role (§2.7) and §12 B. */
class AuthApiTest {
  private static final String API = "/cal/events/v1";
  private static final String EVENTS = API + "/events";
  private static final String INCORRECT_PASSWORD = "The provided password is an invalid application password.";
  private static final String VALID_EVENT =
      "{\"title\":\"Auth event\",\"start_date\":\"2026-04-01 10:00\",\"end_date\":\"2026-04-01 12:00\",\"status\":\"publish\"}";

  static TestServer server;
  static String ed;
  static String co;
  static String su;
  static long eventId;

  @BeforeAll
  static void start() {
    // a high failure limit: the invalid-credential tests here must not trip the rate limit
    server = TestServer.start(Map.of("AGENDA_AUTH_FAILURE_LIMIT", "100000"));
    ed = server.addUser("ed", Role.EDITOR);
    co = server.addUser("co", Role.CONTRIBUTOR);
    su = server.addUser("su", Role.SUBSCRIBER);
    var created = server.as("ed", ed).postJson(EVENTS, VALID_EVENT);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    eventId = created.json().path("id").asLong();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String basic(String credentials) {
    return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
  }

  static void assertIncorrectPassword(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(401);
    assertThat(response.code()).isEqualTo("incorrect_password");
    assertThat(response.json().path("message").asText()).isEqualTo(INCORRECT_PASSWORD);
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).isEqualTo("Basic realm=\"Agenda\"");
  }

  static void assertNotLoggedIn(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(401);
    assertThat(response.code()).isEqualTo("rest_not_logged_in");
    assertThat(response.json().path("message").asText()).isEqualTo("You are not currently logged in.");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(401);
    assertThat(response.header("WWW-Authenticate")).isEqualTo("Basic realm=\"Agenda\"");
  }

  static void assertForbidden(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(403);
    assertThat(response.code()).isEqualTo("rest_forbidden");
    assertThat(response.json().path("message").asText()).isEqualTo("Sorry, you are not allowed to do that.");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(403);
  }

  // ---------------------------------------------------------------- anonymous writes

  @Test
  void anonymousCreateIsNotLoggedInBeforeValidation() {
    var response = server.anonymous().postJson(EVENTS, "{}");
    assertNotLoggedIn(response);
    assertThat(response.header("Cache-Control")).isEqualTo("no-store");
    assertNotLoggedIn(server.anonymous().postJson(EVENTS, VALID_EVENT));
    assertNotLoggedIn(server.anonymous().postJson(EVENTS, "{\"title\":"));
    assertNotLoggedIn(server.anonymous().postForm(EVENTS + "?per_page=abc", "title="));
  }

  @Test
  void anonymousUpdateAndDeleteAreNotLoggedInEvenForUnknownIds() {
    assertNotLoggedIn(server.anonymous().patchJson(EVENTS + "/" + eventId, "{\"title\":\"\"}"));
    assertNotLoggedIn(server.anonymous().putJson(EVENTS + "/" + eventId, "{}"));
    assertNotLoggedIn(server.anonymous().delete(EVENTS + "/" + eventId));
    assertNotLoggedIn(server.anonymous().delete(EVENTS + "/999999"));
    assertNotLoggedIn(server.anonymous().send("POST", EVENTS + "/999999", null, null, Map.of()));
    assertThat(server.anonymous().get(EVENTS + "/" + eventId).json().path("status").asText()).isEqualTo("publish");
  }

  // ---------------------------------------------------------------- invalid credentials

  @Test
  void wrongPasswordIsIncorrectPasswordOnReadsAndWrites() {
    assertIncorrectPassword(server.as("ed", "wrong").get(EVENTS));
    assertIncorrectPassword(server.as("ed", "wrong").postJson(EVENTS, VALID_EVENT));
    assertIncorrectPassword(server.as("ed", "wrong").postJson(EVENTS, "{}"));
    assertIncorrectPassword(server.as("ed", "wrong").get(EVENTS + "/" + eventId));
    assertIncorrectPassword(server.as("ed", "wrong").get(API));
    assertIncorrectPassword(server.as("ed", "wrong").get("/"));
    // another user's valid password does not work with this user name
    assertIncorrectPassword(server.as("ed", co).get(EVENTS));
  }

  @Test
  void unknownUserGetsTheSameAnswer() {
    assertIncorrectPassword(server.as("nobody", "x").get(EVENTS));
    assertIncorrectPassword(server.as("nobody", ed).get(EVENTS));
    assertIncorrectPassword(server.as("nobody", "x").postJson(EVENTS, VALID_EVENT));
  }

  @Test
  void malformedAuthorizationHeadersAreIncorrectPassword() {
    for (String header : List.of("Basic !!!not-base64!!!", basic("no-colon-here"), "Basic", "Basic ",
        "Bearer", "Bearer wrong-token-value-000000", "Digest username=\"ed\"", "Token " + ed, "garbage")) {
      assertIncorrectPassword(server.withAuthorization(header).get(EVENTS));
      assertIncorrectPassword(server.withAuthorization(header).postJson(EVENTS, VALID_EVENT));
    }
  }

  @Test
  void invalidCredentialsComeAfterRoutingAndMediaTypeChecks() {
    var unknownRoute = server.as("ed", "wrong").get(API + "/nope");
    assertThat(unknownRoute.status()).isEqualTo(404);
    assertThat(unknownRoute.code()).isEqualTo("rest_no_route");
    var wrongMethod = server.as("ed", "wrong").delete(EVENTS);
    assertThat(wrongMethod.status()).isEqualTo(405);
    var wrongType = server.as("ed", "wrong").send("POST", EVENTS, "text/plain", "x", Map.of());
    assertThat(wrongType.status()).isEqualTo(415);
    // but before body parsing
    assertIncorrectPassword(server.as("ed", "wrong").postJson(EVENTS, "{\"title\":"));
  }

  // ---------------------------------------------------------------- valid credentials

  @Test
  void basicAuthenticationWorksAndIgnoresSpacesInThePassword() {
    var plain = server.as("ed", ed).get(EVENTS + "?status=draft");
    assertThat(plain.status()).as(plain.toString()).isEqualTo(200);
    String grouped = ed.substring(0, 4) + " " + ed.substring(4, 8) + " " + ed.substring(8, 16) + " " + ed.substring(16);
    var spaced = server.as("ed", grouped).get(EVENTS + "?status=draft");
    assertThat(spaced.status()).as(spaced.toString()).isEqualTo(200);
    // user names are case-insensitive
    assertThat(server.as("ED", ed).get(EVENTS + "?status=draft").status()).isEqualTo(200);
  }

  @Test
  void bearerTokenIdentifiesTheUser() {
    var read = server.withAuthorization("Bearer " + ed).get(EVENTS + "?status=draft");
    assertThat(read.status()).as(read.toString()).isEqualTo(200);
    assertThat(read.header("Cache-Control")).isEqualTo("private, no-store");
    var anonymous = server.anonymous().get(EVENTS + "?status=draft");
    assertThat(anonymous.status()).isEqualTo(400);
    assertThat(anonymous.json().path("data").path("details").path("status").path("code").asText())
        .isEqualTo("rest_not_allowed");

    var created = server.withAuthorization("Bearer " + ed).postJson(EVENTS, VALID_EVENT);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    assertThat(created.json().path("author").asText()).isEqualTo(Long.toString(server.userId("ed")));
    var asContributor = server.withAuthorization("Bearer " + co).postJson(EVENTS, VALID_EVENT);
    assertThat(asContributor.status()).as(asContributor.toString()).isEqualTo(201);
    assertThat(asContributor.json().path("author").asText()).isEqualTo(Long.toString(server.userId("co")));
  }

  // ---------------------------------------------------------------- 403 before validation

  @Test
  void subscriberCannotCreateWhateverTheBody() {
    assertForbidden(server.as("su", su).postJson(EVENTS, VALID_EVENT));
    assertForbidden(server.as("su", su).postJson(EVENTS, "{}"));
    assertForbidden(server.as("su", su).postJson(EVENTS, "{\"title\":"));
    assertForbidden(server.as("su", su).postForm(EVENTS, "featured=maybe"));
    assertForbidden(server.withAuthorization("Bearer " + su).postJson(EVENTS, VALID_EVENT));
  }

  @Test
  void subscriberCannotUpdateOrDeleteEvenUnknownIds() {
    assertForbidden(server.as("su", su).patchJson(EVENTS + "/" + eventId, "{\"title\":\"Taken\"}"));
    assertForbidden(server.as("su", su).putJson(EVENTS + "/" + eventId, "{\"start_date\":\"bogus\"}"));
    assertForbidden(server.as("su", su).delete(EVENTS + "/" + eventId));
    assertForbidden(server.as("su", su).delete(EVENTS + "/999999"));
    assertThat(server.anonymous().get(EVENTS + "/" + eventId).json().path("title").asText()).isEqualTo("Auth event");
  }

  // ---------------------------------------------------------------- Allow per caller

  @Test
  void allowHeaderListsTheMethodsTheCallerMayUse() {
    assertThat(server.anonymous().get(EVENTS + "/" + eventId).header("Allow")).isEqualTo("GET");
    assertThat(server.as("su", su).get(EVENTS + "/" + eventId).header("Allow")).isEqualTo("GET");
    assertThat(server.as("co", co).get(EVENTS + "/" + eventId).header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    assertThat(server.as("ed", ed).get(EVENTS + "/" + eventId).header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    assertThat(server.withAuthorization("Bearer " + ed).get(EVENTS + "/" + eventId).header("Allow"))
        .isEqualTo("GET, DELETE, POST, PUT, PATCH");

    assertThat(server.anonymous().get(EVENTS).header("Allow")).isEqualTo("GET");
    assertThat(server.as("su", su).get(EVENTS).header("Allow")).isEqualTo("GET");
    assertThat(server.as("ed", ed).get(EVENTS).header("Allow")).isEqualTo("GET, POST");
    assertThat(server.as("co", co).get(EVENTS).header("Allow")).isEqualTo("GET, POST");
  }

  @Test
  void allowHeaderIsSentOnEveryResponseOfAMatchedRoute() {
    var missing = server.as("ed", ed).get(EVENTS + "/999999");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Allow")).isEqualTo("GET, DELETE, POST, PUT, PATCH");
    var notLoggedIn = server.anonymous().postJson(EVENTS, "{}");
    assertThat(notLoggedIn.header("Allow")).isEqualTo("GET");
    var forbidden = server.as("su", su).postJson(EVENTS, "{}");
    assertThat(forbidden.header("Allow")).isEqualTo("GET");
    var invalid = server.as("ed", ed).get(EVENTS + "?featured=maybe");
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.header("Allow")).isEqualTo("GET, POST");
  }

  // ---------------------------------------------------------------- rate limit

  @Test
  void tenFailuresTriggerTheRateLimitUntilTheWindowHasPassed() {
    // default limit (10) and window (300 s), client address = TCP peer
    try (var limited = TestServer.start()) {
      String password = limited.addUser("ed", Role.EDITOR);
      for (int i = 1; i <= 10; i++) {
        var failure = limited.as("ed", "wrong").get(EVENTS);
        assertThat(failure.status()).as("failure %d: %s", i, failure).isEqualTo(401);
        assertThat(failure.code()).isEqualTo("incorrect_password");
      }
      var limitedResponse = limited.as("ed", "wrong").get(EVENTS);
      assertThat(limitedResponse.status()).as(limitedResponse.toString()).isEqualTo(429);
      assertThat(limitedResponse.code()).isEqualTo("rest_too_many_requests");
      assertThat(limitedResponse.json().path("message").asText()).isEqualTo("Too many failed authentication attempts.");
      assertThat(limitedResponse.json().path("data").path("status").asInt()).isEqualTo(429);
      String retryAfter = limitedResponse.header("Retry-After");
      assertThat(retryAfter).isNotNull().matches("[0-9]+");
      assertThat(Long.parseLong(retryAfter)).isBetween(1L, 300L);

      // credentials are not even checked: valid ones are refused too, on writes as well
      assertThat(limited.as("ed", password).get(EVENTS).status()).isEqualTo(429);
      assertThat(limited.withAuthorization("Bearer " + password).postJson(EVENTS, VALID_EVENT).status()).isEqualTo(429);
      // requests without credentials are not affected
      var anonymous = limited.anonymous().get(EVENTS);
      assertThat(anonymous.status()).isEqualTo(200);
      assertThat(limited.anonymous().postJson(EVENTS, "{}").code()).isEqualTo("rest_not_logged_in");

      // still limited well inside the window
      limited.clock.advance(Duration.ofSeconds(100));
      var stillLimited = limited.as("ed", password).get(EVENTS);
      assertThat(stillLimited.status()).isEqualTo(429);
      assertThat(Long.parseLong(stillLimited.header("Retry-After"))).isBetween(1L, 200L);

      limited.clock.advance(Duration.ofSeconds(201));
      var allowed = limited.as("ed", password).get(EVENTS);
      assertThat(allowed.status()).as(allowed.toString()).isEqualTo(200);
      var wrongAgain = limited.as("ed", "wrong").get(EVENTS);
      assertThat(wrongAgain.status()).isEqualTo(401);
      assertThat(wrongAgain.code()).isEqualTo("incorrect_password");
    }
  }

  @Test
  void rateLimitFollowsTheConfiguredLimitAndWindowPerForwardedAddress() {
    try (var proxied = TestServer.start(Map.of("AGENDA_TRUST_PROXY", "true", "AGENDA_AUTH_FAILURE_LIMIT", "3",
        "AGENDA_AUTH_FAILURE_WINDOW", "60"))) {
      var first = Map.of("X-Forwarded-For", "203.0.113.7, 10.0.0.1");
      var second = Map.of("X-Forwarded-For", "198.51.100.9");

      // successful authentications do not count
      for (int i = 0; i < 4; i++) {
        assertThat(proxied.asAdmin().send("GET", EVENTS, null, null, first).status()).isEqualTo(200);
      }
      for (int i = 1; i <= 3; i++) {
        var failure = proxied.withAuthorization("Bearer nope").send("GET", EVENTS, null, null, first);
        assertThat(failure.status()).as("failure %d: %s", i, failure).isEqualTo(401);
        if (i < 3) assertThat(proxied.asAdmin().send("GET", EVENTS, null, null, first).status()).isEqualTo(200);
      }
      var blocked = proxied.asAdmin().send("GET", EVENTS, null, null, first);
      assertThat(blocked.status()).as(blocked.toString()).isEqualTo(429);
      assertThat(Long.parseLong(blocked.header("Retry-After"))).isBetween(1L, 60L);
      // the first X-Forwarded-For address is the client: another one is not affected
      assertThat(proxied.asAdmin().send("GET", EVENTS, null, null, second).status()).isEqualTo(200);
      assertThat(proxied.as("admin", "wrong").send("GET", EVENTS, null, null, second).status()).isEqualTo(401);

      proxied.clock.advance(Duration.ofSeconds(61));
      assertThat(proxied.asAdmin().send("GET", EVENTS, null, null, first).status()).isEqualTo(200);
    }
  }
}
