package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** §9.4: /docs works from bundled assets alone, under the public root's path. */
class ReferencePageApiTest {
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
  void pageLoadsOnlyBundledAssetsAndTheDocument() {
    HttpResult page = server.anonymous().get("/docs");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).startsWith("text/html").containsIgnoringCase("charset=utf-8");
    assertThat(page.body()).contains("src=\"/docs/swagger-ui-bundle.js\"", "href=\"/docs/swagger-ui.css\"",
        "data-document=\"/cal/events/v1/doc\"");
    assertThat(page.body()).as("no asset from the internet").doesNotContain("http://", "https://");
    assertThat(server.anonymous().get("/docs/").body()).isEqualTo(page.body());

    HttpResult script = server.anonymous().get("/docs/swagger-ui-bundle.js");
    assertThat(script.status()).isEqualTo(200);
    assertThat(script.header("Content-Type")).startsWith("text/javascript");
    assertThat(script.body()).contains("SwaggerUIBundle");
    HttpResult style = server.anonymous().get("/docs/swagger-ui.css");
    assertThat(style.status()).isEqualTo(200);
    assertThat(style.header("Content-Type")).startsWith("text/css");
  }

  @Test
  void onlyTheBundledAssetsAreServedAndNeverWithALanguageSegment() {
    assertThat(server.anonymous().get("/docs/index.html").code()).isEqualTo("rest_no_route");
    assertThat(server.anonymous().get("/docs/swagger-ui.css.map").status()).isEqualTo(404);
    assertThat(server.anonymous().get("/nl/docs").status()).isEqualTo(404);
  }

  @Test
  void behindAPathPrefixThePageLinksUnderThePrefix() {
    try (var proxied = TestServer.start(Map.of("AGENDA_PUBLIC_URL", "https://agenda.example.org/agenda"))) {
      String body = proxied.anonymous().get("/docs").body();
      assertThat(body).contains("src=\"/agenda/docs/swagger-ui-bundle.js\"", "data-document=\"/agenda/cal/events/v1/doc\"");
      assertThat(proxied.anonymous().get("/cal/events/v1/doc").json().path("servers").get(0).path("url").asText())
          .isEqualTo("https://agenda.example.org/agenda/cal/events/v1");
    }
  }
}
