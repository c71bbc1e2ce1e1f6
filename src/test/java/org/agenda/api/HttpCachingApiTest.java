package org.agenda.api;

import static org.agenda.api.ApiChecks.id;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HTTP caching (RFC 9110 §8.8, §13): every successful read carries an ETag that changes exactly when its bytes do,
 * conditional reads answer 304, anonymous answers may be kept by shared caches briefly and signed-in ones are
 * private; writes honour If-Match and If-Unmodified-Since, so that two editors do not overwrite each other.
 */
class HttpCachingApiTest {
  private static final String API = "/cal/events/v1";
  private static final String EVENTS = API + "/events";
  private static final String VENUES = API + "/venues";
  private static final String CATEGORIES = API + "/categories";

  static TestServer server;
  static TestServer.Caller ed, ed2, anon;

  @BeforeAll
  static void start() {
    server = TestServer.start(Map.of("AGENDA_CACHE_MAX_AGE", "30"));
    ed = server.asAdmin();
    ed2 = server.as("ed2", server.addUser("ed2", Role.EDITOR));
    anon = server.anonymous();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static long event(String title) {
    HttpResult created = ed.postJson(EVENTS, "{\"title\":\"" + title + "\",\"start_date\":\"2026-06-01 20:00\","
        + "\"end_date\":\"2026-06-01 22:00\"}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return id(created.json());
  }

  private static HttpResult get(TestServer.Caller caller, String path, String header, String value) {
    return caller.send("GET", path, null, null, Map.of(header, value));
  }

  private static String httpDate(Instant instant) {
    return DateTimeFormatter.RFC_1123_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC));
  }

  private static HttpResult patch(TestServer.Caller caller, String path, String json, Map<String, String> headers) {
    return caller.send("PATCH", path, "application/json", json, headers);
  }

  @Test
  void everySuccessfulReadCarriesAnEtagThatChangesExactlyWithItsBytes() {
    long id = event("Etag concert");
    for (String path : List.of(EVENTS + "/" + id, EVENTS, API, API + "/doc", "/")) {
      HttpResult first = anon.get(path);
      HttpResult again = anon.get(path);
      assertThat(first.status()).as(path).isEqualTo(200);
      assertThat(first.header("ETag")).as(path).matches("\"[0-9a-f]+-[0-9a-f]+\"");
      assertThat(again.header("ETag")).as(path).isEqualTo(first.header("ETag"));
      assertThat(anon.send("HEAD", path, null, null, Map.of()).header("ETag")).as(path).isEqualTo(first.header("ETag"));
    }
    String before = anon.get(EVENTS + "/" + id).header("ETag");
    // another language, other bytes, another tag
    assertThat(anon.get("/fr" + EVENTS + "/" + id).header("ETag")).isNotEqualTo(before);
    assertThat(patch(ed, EVENTS + "/" + id, "{\"title\":\"Etag concert 2\"}", Map.of()).status()).isEqualTo(200);
    assertThat(anon.get(EVENTS + "/" + id).header("ETag")).isNotEqualTo(before);
    // a signed-in read of the same bytes has the same tag (the tag is of the bytes, not of who asked)
    HttpResult signedIn = ed.get(API);
    assertThat(signedIn.header("ETag")).isEqualTo(anon.get(API).header("ETag"));
  }

  @Test
  void ifNoneMatchAnswers304WithNoBodyWhenTheCopyIsCurrent() {
    long id = event("Conditional read");
    String path = EVENTS + "/" + id;
    String etag = anon.get(path).header("ETag");
    for (String ifNoneMatch : List.of(etag, "W/" + etag, "\"other\", " + etag, "*")) {
      HttpResult notModified = get(anon, path, "If-None-Match", ifNoneMatch);
      assertThat(notModified.status()).as(ifNoneMatch).isEqualTo(304);
      assertThat(notModified.body()).isEmpty();
      // no length at all (RFC 9110 §8.6 forbids any but the 200's, which simple clients read as a body to wait for)
      assertThat(notModified.header("Content-Length")).isNull();
      assertThat(notModified.header("Transfer-Encoding")).isNull();
      assertThat(notModified.header("ETag")).isEqualTo(etag);
      assertThat(notModified.header("Cache-Control")).isEqualTo("public, max-age=30");
    }
    assertThat(get(anon, path, "If-None-Match", "\"stale-1\"").status()).isEqualTo(200);
    // lists and signed-in reads too
    String listTag = anon.get(EVENTS).header("ETag");
    assertThat(get(anon, EVENTS, "If-None-Match", listTag).status()).isEqualTo(304);
    String signedInTag = ed.get(path).header("ETag");
    assertThat(get(ed, path, "If-None-Match", signedInTag).status()).isEqualTo(304);
    // after a write the old copy is stale
    assertThat(patch(ed, path, "{\"title\":\"Conditional read 2\"}", Map.of()).status()).isEqualTo(200);
    HttpResult changed = get(anon, path, "If-None-Match", etag);
    assertThat(changed.status()).isEqualTo(200);
    assertThat(changed.json().path("title").asText()).isEqualTo("Conditional read 2");
  }

  @Test
  void aVenueHasALastModifiedThatIfModifiedSinceCompares() {
    HttpResult created = ed.postJson(VENUES, "{\"venue\":\"Kleine Zaal\"}");
    String path = VENUES + "/" + id(created.json());
    HttpResult read = anon.get(path);
    String lastModified = read.header("Last-Modified");
    Instant now = server.clock.instant().truncatedTo(ChronoUnit.SECONDS);
    assertThat(lastModified).isEqualTo(httpDate(now));
    assertThat(get(anon, path, "If-Modified-Since", lastModified).status()).isEqualTo(304);
    assertThat(get(anon, path, "If-Modified-Since", httpDate(now.plusSeconds(60))).status()).isEqualTo(304);
    assertThat(get(anon, path, "If-Modified-Since", httpDate(now.minusSeconds(1))).status()).isEqualTo(200);
    assertThat(get(anon, path, "If-Modified-Since", "not a date").status()).isEqualTo(200);
    // If-None-Match wins over If-Modified-Since
    assertThat(anon.send("GET", path, null, null, Map.of("If-Modified-Since", lastModified, "If-None-Match", "\"x\""))
        .status()).isEqualTo(200);
    // an event embeds terms and their counts, which change without it: no Last-Modified
    assertThat(anon.get(EVENTS + "/" + event("Zonder datum")).header("Last-Modified")).isNull();
  }

  @Test
  void anonymousAnswersMayBeSharedBrieflySignedInOnesArePrivate() {
    long id = event("Gedeeld");
    HttpResult anonymous = anon.get(EVENTS + "/" + id);
    assertThat(anonymous.header("Cache-Control")).isEqualTo("public, max-age=30");
    assertThat(anonymous.header("Vary")).isEqualTo("Accept, Authorization");
    HttpResult signedIn = ed.get(EVENTS + "/" + id);
    assertThat(signedIn.header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(signedIn.header("Vary")).isEqualTo("Accept, Authorization");
    // errors are not kept
    assertThat(anon.get(EVENTS + "/999999").header("Cache-Control")).isNull();
    assertThat(anon.send("GET", EVENTS, null, null, Map.of("Origin", "https://example.org")).header("Vary"))
        .contains("Accept, Authorization");
  }

  @Test
  void aStaleIfMatchIsRefusedWith412AndChangesNothing() {
    long id = event("Twee redacteuren");
    String path = EVENTS + "/" + id;
    String etag = ed.get(path).header("ETag");
    assertThat(ed2.get(path).header("ETag")).isEqualTo(etag);
    HttpResult first = patch(ed, path, "{\"title\":\"Eerste redacteur\"}", Map.of("If-Match", etag));
    assertThat(first.status()).as(first.toString()).isEqualTo(200);
    HttpResult second = patch(ed2, path, "{\"title\":\"Tweede redacteur\"}", Map.of("If-Match", etag));
    assertThat(second.status()).as(second.toString()).isEqualTo(412);
    assertThat(second.code()).isEqualTo("rest_precondition_failed");
    assertThat(second.json().path("data").path("status").asInt()).isEqualTo(412);
    assertThat(second.header("Cache-Control")).isEqualTo("no-store");
    assertThat(ed.get(path).json().path("title").asText()).isEqualTo("Eerste redacteur");
    // with the current tag the second editor's write goes through
    HttpResult retried = patch(ed2, path, "{\"title\":\"Tweede redacteur\"}", Map.of("If-Match", ed2.get(path).header("ETag")));
    assertThat(retried.status()).as(retried.toString()).isEqualTo(200);
    // a weak tag never matches; * matches an existing record
    String current = ed.get(path).header("ETag");
    assertThat(patch(ed, path, "{\"title\":\"Zwak\"}", Map.of("If-Match", "W/" + current)).status()).isEqualTo(412);
    assertThat(patch(ed, path, "{\"title\":\"Ster\"}", Map.of("If-Match", "*")).status()).isEqualTo(200);
    // DELETE too: a stale tag leaves the event where it is
    assertThat(ed.send("DELETE", path, null, null, Map.of("If-Match", current)).status()).isEqualTo(412);
    assertThat(ed.get(path).json().path("status").asText()).isEqualTo("publish");
    HttpResult trashed = ed.send("DELETE", path, null, null, Map.of("If-Match", ed.get(path).header("ETag")));
    assertThat(trashed.status()).as(trashed.toString()).isEqualTo(200);
    assertThat(trashed.json().path("status").asText()).isEqualTo("trash");
  }

  @Test
  void ifMatchComparesWithTheReadOfTheSameUrlAndLanguage() {
    long id = event("Taal");
    String french = "/fr" + EVENTS + "/" + id;
    String frenchTag = ed.get(french).header("ETag");
    assertThat(patch(ed, EVENTS + "/" + id, "{\"title\":\"Taal\"}", Map.of("If-Match", frenchTag)).status())
        .as("the Dutch read has other bytes").isEqualTo(412);
    assertThat(patch(ed, french, "{\"title\":\"Langue\"}", Map.of("If-Match", frenchTag)).status()).isEqualTo(200);
    // a record that does not exist has no current tag
    assertThat(patch(ed, EVENTS + "/999999", "{\"title\":\"x\"}", Map.of("If-Match", "*")).status()).isEqualTo(412);
    // terms and by-slug routes too
    HttpResult category = ed.postJson(CATEGORIES, "{\"name\":\"Voorwaardelijk\"}");
    String categoryPath = CATEGORIES + "/" + id(category.json());
    String categoryTag = ed.get(categoryPath).header("ETag");
    assertThat(patch(ed, categoryPath, "{\"name\":\"Voorwaarde\"}", Map.of("If-Match", categoryTag)).status()).isEqualTo(200);
    assertThat(patch(ed, categoryPath, "{\"name\":\"Weer\"}", Map.of("If-Match", categoryTag)).status()).isEqualTo(412);
    String slug = ed.get(EVENTS + "/" + id).json().path("slug").asText();
    String slugPath = EVENTS + "/by-slug/" + slug;
    assertThat(patch(ed, slugPath, "{\"excerpt\":\"x\"}", Map.of("If-Match", "\"stale-0\"")).status()).isEqualTo(412);
    assertThat(patch(ed, slugPath, "{\"excerpt\":\"x\"}", Map.of("If-Match", ed.get(slugPath).header("ETag"))).status())
        .isEqualTo(200);
  }

  @Test
  void ifUnmodifiedSinceRefusesAWriteAfterALaterChange() {
    HttpResult created = ed.postJson(VENUES, "{\"venue\":\"Oude Zaal\"}");
    String path = VENUES + "/" + id(created.json());
    String readAt = ed.get(path).header("Last-Modified");
    server.clock.advance(Duration.ofMinutes(5));
    assertThat(patch(ed, path, "{\"city\":\"Gouda\"}", Map.of("If-Unmodified-Since", readAt)).status()).isEqualTo(200);
    // the venue changed after readAt: a second writer holding the old date is refused
    HttpResult stale = patch(ed2, path, "{\"city\":\"Delft\"}", Map.of("If-Unmodified-Since", readAt));
    assertThat(stale.status()).as(stale.toString()).isEqualTo(412);
    assertThat(ed.get(path).json().path("city").asText()).isEqualTo("Gouda");
    // an event's own modification counts for its writes, though its reads have no Last-Modified
    long id = event("Datum");
    server.clock.advance(Duration.ofMinutes(5));
    Instant eventCreated = server.clock.instant().minus(Duration.ofMinutes(5));
    assertThat(patch(ed, EVENTS + "/" + id, "{\"excerpt\":\"a\"}",
        Map.of("If-Unmodified-Since", httpDate(eventCreated.minusSeconds(1)))).status()).isEqualTo(412);
    assertThat(patch(ed, EVENTS + "/" + id, "{\"excerpt\":\"b\"}",
        Map.of("If-Unmodified-Since", "Tue, 10 Mar 2099 13:00:00 GMT")).status()).isEqualTo(200);
  }

  @Test
  void ofConcurrentWritesWithOneTagExactlyOneGoesThrough() throws Exception {
    long id = event("Wedloop");
    String path = EVENTS + "/" + id;
    String etag = ed.get(path).header("ETag");
    int writers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    var start = new CountDownLatch(1);
    List<Future<HttpResult>> answers = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      String title = "Wedloop " + i;
      answers.add(pool.submit(() -> {
        start.await();
        return patch(ed, path, "{\"title\":\"" + title + "\"}", Map.of("If-Match", etag));
      }));
    }
    start.countDown();
    List<Integer> statuses = new ArrayList<>();
    String winner = null;
    for (Future<HttpResult> answer : answers) {
      HttpResult result = answer.get();
      statuses.add(result.status());
      if (result.status() == 200) winner = result.json().path("title").asText();
    }
    pool.shutdown();
    assertThat(statuses).filteredOn(status -> status == 200).hasSize(1);
    assertThat(statuses).filteredOn(status -> status == 412).hasSize(writers - 1);
    assertThat(ed.get(path).json().path("title").asText()).isEqualTo(winner);
  }

  @Test
  void acceptTextCalendarAnswersTheICalendarFormAtTheJsonUrl() {
    long id = event("Onderhandeld");
    for (String[] pair : new String[][] {{EVENTS, EVENTS + ".ics"}, {EVENTS + "/" + id, EVENTS + "/" + id + ".ics"},
        {"/fr" + EVENTS + "/" + id, "/fr" + EVENTS + "/" + id + ".ics"}}) {
      HttpResult feed = anon.get(pair[1]);
      assertThat(feed.status()).as(pair[1]).isEqualTo(200);
      for (String accept : List.of("text/calendar", "text/calendar, application/json;q=0.5", "text/*;q=0.9, */*;q=0.1")) {
        HttpResult negotiated = get(anon, pair[0], "Accept", accept);
        assertThat(negotiated.status()).as("%s %s", pair[0], accept).isEqualTo(200);
        assertThat(negotiated.header("Content-Type")).isEqualTo("text/calendar; charset=utf-8");
        assertThat(negotiated.body()).isEqualTo(feed.body());
        assertThat(negotiated.header("ETag")).isEqualTo(feed.header("ETag"));
        assertThat(negotiated.header("Vary")).isEqualTo("Accept, Authorization");
      }
      // a browser's list, JSON named as well, or any type: JSON, also after the calendar form was cached
      for (String accept : List.of("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "application/json, text/calendar", "*/*", "text/calendar;q=0")) {
        HttpResult json = get(anon, pair[0], "Accept", accept);
        assertThat(json.header("Content-Type")).as("%s %s", pair[0], accept).isEqualTo("application/json; charset=UTF-8");
      }
    }
    // the by-slug route has no iCalendar form: JSON whatever is asked
    String slug = anon.get(EVENTS + "/" + id).json().path("slug").asText();
    assertThat(get(anon, EVENTS + "/by-slug/" + slug, "Accept", "text/calendar").header("Content-Type"))
        .isEqualTo("application/json; charset=UTF-8");
  }
}
