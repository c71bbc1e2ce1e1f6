package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every answer carries the security headers, whatever produced it; JSON answers forbid any active content. */
class SecurityHeadersApiTest {
  private static final String NS = "/cal/events/v1";
  private static final String POLICY = "default-src 'none'; frame-ancestors 'none'";

  static TestServer server;

  @BeforeAll
  static void start() {
    server = TestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void assertHardened(String label, Map<String, String> headers, boolean html) {
    assertThat(headers.get("x-content-type-options")).as(label).isEqualTo("nosniff");
    assertThat(headers.get("x-frame-options")).as(label).isEqualTo("DENY");
    assertThat(headers.get("referrer-policy")).as(label).isEqualTo("no-referrer");
    if (html) {
      assertThat(headers.get("content-security-policy")).as(label).isNull();
    } else {
      assertThat(headers.get("content-security-policy")).as(label).isEqualTo(POLICY);
    }
  }

  private static Map<String, String> lowerCased(HttpResult result) {
    var headers = new java.util.HashMap<String, String>();
    result.raw().headers().map().forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), values.get(0)));
    return headers;
  }

  @Test
  void dispatcherAnswersCarryTheHeaders() {
    var anonymous = server.anonymous();
    for (HttpResult result : List.of(anonymous.get(NS + "/events"), anonymous.get(NS + "/events"),
        anonymous.get(NS + "/nowhere"), anonymous.send("DELETE", NS, null, null, Map.of()),
        anonymous.postJson(NS + "/events", "{}"), server.withAuthorization("Bearer wrong").get(NS),
        anonymous.get("/health"), anonymous.get("/metrics"), anonymous.send("OPTIONS", NS + "/events", null, null, Map.of()))) {
      assertHardened(result.status() + " " + result.raw().uri(), lowerCased(result), false);
    }
    HttpResult docs = anonymous.get("/docs");
    assertThat(docs.header("Content-Type")).startsWith("text/html");
    assertHardened("/docs", lowerCased(docs), true);
  }

  @Test
  void jettyLevelRejectionsCarryTheHeadersToo() throws Exception {
    var rejected = TransportApiTest.rawRequest(server, "GET /cal/events/v1/events/%00 HTTP/1.1\r\nHost: localhost\r\n"
        + "Connection: close\r\n\r\n", new byte[0]);
    assertThat(rejected.status()).isEqualTo(400);
    var headers = new java.util.HashMap<String, String>();
    rejected.headers().forEach((name, value) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), value));
    assertHardened("%00 in the path", headers, false);
  }
}
