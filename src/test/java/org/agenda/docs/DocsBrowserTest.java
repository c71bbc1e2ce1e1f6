package org.agenda.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.agenda.http.Json;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * §9.4 in a real browser: headless Chromium, with every host but localhost unresolvable (the page must
 * work without internet access), opens /docs, sees the operations, expands the event list, executes
 * it and sees a 200 with JSON. Uses Debian's chromium and chromium-driver, which .ci/run installs;
 * where they are missing the test is skipped with a loud message. It runs once, not per database.
 */
class DocsBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  static TestServer server;
  static ChromeDriver browser;
  static Path profile;
  /** Why the browser cannot run here, or null. */
  static String missing;

  @BeforeAll
  static void start() throws IOException {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      missing = CHROMIUM + " or " + CHROMEDRIVER + " is missing (apt-get install chromium chromium-driver)";
      System.err.println("!!!!! SKIPPING the /docs browser test: " + missing);
      return;
    }
    server = TestServer.start();
    profile = Files.createTempDirectory("agenda-chromium");
    var options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--window-size=1280,2000",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost");
    var service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
    browser = new ChromeDriver(service, options);
  }

  /**
   * Each test is reported as skipped where the browser is missing: an assumption that fails in {@code @BeforeAll}
   * left the class out of the summary (0 tests run, BUILD SUCCESS).
   */
  @BeforeEach
  void browserIsHere() {
    Assumptions.assumeTrue(missing == null, missing);
  }

  @AfterAll
  static void stop() throws IOException {
    if (browser != null) browser.quit();
    if (server != null) server.close();
    if (profile != null) {
      try (var files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }

  @Test
  void readerSeesTheOperationsAndTriesTheEventList() throws IOException {
    var created = server.asAdmin().postJson("/cal/events/v1/events",
        "{\"title\":\"Zomerconcert\",\"start_date\":\"2026-07-04 20:00\",\"end_date\":\"2026-07-04 22:30\"}");
    assertThat(created.status()).isEqualTo(201);

    browser.get(server.url("/docs"));
    var wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    wait.until(page -> !page.findElements(By.cssSelector(".opblock-summary-operation-id")).isEmpty());
    List<String> operationIds = browser.findElements(By.cssSelector(".opblock-summary-operation-id")).stream()
        .map(WebElement::getText).toList();
    assertThat(operationIds).contains("getIndex", "getDoc", "listEvents", "createEvent", "getEvent",
        "updateEventPatch", "deleteEventBySlug");

    WebElement list = browser.findElement(By.id("operations-Events-listEvents"));
    list.findElement(By.cssSelector(".opblock-summary-control")).click();
    wait.until(page -> !list.findElements(By.cssSelector(".try-out__btn")).isEmpty());
    list.findElement(By.cssSelector(".try-out__btn")).click();
    wait.until(page -> !list.findElements(By.cssSelector(".btn.execute")).isEmpty());
    list.findElement(By.cssSelector(".btn.execute")).click();
    wait.until(page -> !list.findElements(By.cssSelector(".live-responses-table tr.response .response-col_status")).isEmpty());

    String status = list.findElement(By.cssSelector(".live-responses-table tr.response .response-col_status")).getText();
    assertThat(status.trim()).isEqualTo("200");
    String body = list.findElement(By.cssSelector(".live-responses-table tr.response .response-col_description pre")).getText();
    JsonNode json = Json.MAPPER.readTree(body);
    assertThat(json.path("total").asInt()).isEqualTo(1);
    assertThat(json.path("events").get(0).path("title").asText()).isEqualTo("Zomerconcert");
  }
}
