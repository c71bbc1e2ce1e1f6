package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.agenda.config.Config;
import org.agenda.importer.ImportCommand;
import org.agenda.support.HttpResult;
import org.agenda.support.TecSite;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code agenda import tec} (issue 22) against a stub site of The Events Calendar on loopback: the import runs in
 * this JVM on the database of a running server, and what it wrote is read back through that server's API, as the
 * front-ends would read it after the switch.
 */
class ImportTecApiTest {
  static final String NS = "/cal/events/v1";

  TestServer server;
  TecSite site;

  /** What one run of the command did. */
  record Run(int status, String out, String err, List<Duration> pauses) {
    String all() {
      return out + err;
    }
  }

  @BeforeEach
  void start() {
    server = TestServer.start();
    site = TecSite.start();
  }

  @AfterEach
  void stop() {
    site.close();
    server.close();
  }

  /** A site like the recorded one: the recorded records, a category tree, hidden records and {@code generated} more. */
  static void populate(TecSite site, int generated) {
    site.category("", 31, "Free jazz", "free-jazz", 30); // listed before its parent and grandparent
    site.category("", 2, "Concerts", "concerts", 0).put("description", "Live music");
    site.category("", 30, "Jazz", "jazz", 2);
    site.category("", 4, "Workshops", "workshops", 0);
    site.tag("", 3, "outdoor", "outdoor");
    site.tag("", 5, "new-tag", "new-tag");
    site.venue("", 221, "Grand Hall", "grand-hall");
    site.venue("", 224, "Inline Venue", "inline-venue").put("geo_lat", 51.05).put("geo_lng", 3.72);
    site.organizer("", 222, "ACME Events", "acme-events");
    site.organizer("", 225, "Inline Org", "inline-org").put("email", "inline@example.org");
    site.event("", 223, "Summer concert", "summer-concert", "2026-12-05 19:30:00", 221L, List.of(222L), List.of(2L),
        List.of(3L)).put("featured", true).put("cost", "$15");
    for (int i = 0; i < generated; i++) {
      long id = 1000 + i;
      site.event("", id, "Generated event " + i, "generated-event-" + i,
          String.format("2027-%02d-%02d 10:00:00", 1 + i % 12, 1 + i % 28), i % 2 == 0 ? 221L : 224L,
          List.of(i % 3 == 0 ? 222L : 225L), List.of(i % 2 == 0 ? 31L : 4L), i % 5 == 0 ? List.of(5L) : List.of())
          .put("modified_utc", "2026-11-0" + (1 + i % 9) + " 10:00:00");
    }
    site.event("", 2000, "Draft event", "draft-event", "2027-02-01 10:00:00", null, List.of(), List.of(), List.of())
        .put("status", "draft");
    site.event("", 2001, "Members only", "members-only", "2027-02-02 10:00:00", 221L, List.of(), List.of(), List.of())
        .put("password", "secret");
    site.event("", 2002, "Private party", "private-party", "2027-02-03 10:00:00", null, List.of(), List.of(), List.of())
        .put("status", "private");
  }

  Run run(String... args) {
    return run(server, args);
  }

  Run run(TestServer target, String... args) {
    Map<String, String> env = new HashMap<>(target.databaseEnv());
    env.put("AGENDA_IMPORT_PASSWORD", TecSite.PASSWORD);
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    List<Duration> pauses = new CopyOnWriteArrayList<>();
    var arguments = new ArrayList<String>(List.of("tec"));
    arguments.addAll(List.of(args));
    int status = ImportCommand.run(arguments, Config.fromEnvironment(env), env,
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        pauses::add);
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), pauses);
  }

  JsonNode ok(HttpResult result) {
    assertThat(result.status()).as(result.body()).isEqualTo(200);
    return result.json();
  }

  long count(TestServer target, String table) throws Exception {
    try (var connection = target.connectDirectly(); var statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @Test
  void importsAWholeSiteWithItsIdsSlugsLinksAndCategoryTree() {
    populate(site, 260);
    Run run = run(site.root(), "--user", TecSite.USER);
    assertThat(run.status()).as(run.all()).isZero();
    assertThat(run.out()).containsPattern("events\\s+264\\s+0\\s+0\\s+0")
        .containsPattern("categories\\s+4\\s+0\\s+0\\s+0").containsPattern("venues\\s+2\\s+0\\s+0\\s+0");

    var admin = server.asAdmin();
    var anonymous = server.anonymous();
    JsonNode concert = ok(anonymous.get(NS + "/events/223"));
    assertThat(concert.path("title").asText()).isEqualTo("Summer concert");
    assertThat(concert.path("slug").asText()).isEqualTo("summer-concert");
    assertThat(concert.path("description").asText()).isEqualTo("<p>Summer concert</p>");
    assertThat(concert.path("start_date").asText()).isEqualTo("2026-12-05 19:30:00");
    assertThat(concert.path("timezone").asText()).isEqualTo("Europe/Brussels");
    assertThat(concert.path("featured").asBoolean()).isTrue();
    assertThat(concert.path("cost").asText()).isEqualTo("$15");
    assertThat(concert.path("venue").path("id").asLong()).isEqualTo(221);
    assertThat(concert.path("organizer").get(0).path("id").asLong()).isEqualTo(222);
    assertThat(concert.path("categories").get(0).path("id").asLong()).isEqualTo(2);
    assertThat(concert.path("tags").get(0).path("slug").asText()).isEqualTo("outdoor");
    assertThat(ok(anonymous.get(NS + "/events/by-slug/summer-concert")).path("id").asLong()).isEqualTo(223);

    JsonNode venue = ok(anonymous.get(NS + "/venues/224"));
    assertThat(venue.path("venue").asText()).isEqualTo("Inline Venue");
    assertThat(venue.path("geo_lat").asDouble()).isEqualTo(51.05);
    assertThat(ok(anonymous.get(NS + "/organizers/225")).path("email").asText()).isEqualTo("inline@example.org");
    assertThat(ok(anonymous.get(NS + "/categories/31")).path("parent").asLong()).isEqualTo(30);
    assertThat(ok(anonymous.get(NS + "/categories/30")).path("parent").asLong()).isEqualTo(2);
    assertThat(ok(anonymous.get(NS + "/categories/2")).path("description").asText()).isEqualTo("Live music");

    JsonNode generated = ok(anonymous.get(NS + "/events/1259"));
    assertThat(generated.path("slug").asText()).isEqualTo("generated-event-259");
    assertThat(generated.path("venue").path("id").asLong()).isEqualTo(224);

    // what only --user reaches: a draft, a private event, a protected one with its password kept
    assertThat(ok(admin.get(NS + "/events/2000")).path("status").asText()).isEqualTo("draft");
    assertThat(ok(admin.get(NS + "/events/2002")).path("status").asText()).isEqualTo("private");
    assertThat(anonymous.get(NS + "/events/2001").status()).isEqualTo(403);
    assertThat(ok(anonymous.get(NS + "/events/2001?password=secret")).path("title").asText()).isEqualTo("Members only");

    // records created afterwards get ids above the imported ones, in both id spaces
    HttpResult created = admin.postJson(NS + "/events",
        "{\"title\":\"After the move\",\"start_date\":\"2027-05-01 10:00:00\",\"end_date\":\"2027-05-01 11:00:00\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.json().path("id").asLong()).isGreaterThan(2002);
    HttpResult tag = admin.postJson(NS + "/tags", "{\"name\":\"after\"}");
    assertThat(tag.status()).as(tag.body()).isEqualTo(201);
    assertThat(tag.json().path("id").asLong()).isGreaterThan(31);
  }

  @Test
  void aSecondRunUpdatesWhatChangedAndLeavesTheRest() {
    populate(site, 60);
    assertThat(run(site.root(), "--user", TecSite.USER).status()).isZero();
    site.find("", "events", 1010).put("title", "Renamed at the source").put("modified_utc", "2026-11-24 09:00:00");
    site.find("", "venues", 221).put("city", "Antwerp");

    Run again = run(site.root(), "--user", TecSite.USER);
    assertThat(again.status()).as(again.all()).isZero();
    assertThat(again.out()).containsPattern("venues\\s+0\\s+1\\s+1\\s+0")
        .containsPattern("events\\s+0\\s+1\\s+63\\s+0");
    assertThat(ok(server.anonymous().get(NS + "/events/1010")).path("title").asText()).isEqualTo("Renamed at the source");
    assertThat(ok(server.anonymous().get(NS + "/venues/221")).path("city").asText()).isEqualTo("Antwerp");

    site.find("", "events", 1011).put("title", "Also renamed").put("modified_utc", "2026-11-24 10:00:00");
    site.find("", "events", 1012).put("title", "Renamed, but long ago");
    Run since = run(site.root(), "--user", TecSite.USER, "--since", "2026-11-20");
    assertThat(since.status()).as(since.all()).isZero();
    assertThat(since.out()).containsPattern("events\\s+0\\s+1\\s+63\\s+0");
    assertThat(ok(server.anonymous().get(NS + "/events/1011")).path("title").asText()).isEqualTo("Also renamed");
    assertThat(ok(server.anonymous().get(NS + "/events/1012")).path("title").asText()).isEqualTo("Generated event 12");

    // a record deleted in Agenda since comes again, with its id; a run without --since sees every change
    assertThat(server.asAdmin().delete(NS + "/events/1020?force=true").status()).isEqualTo(200);
    Run recreated = run(site.root(), "--user", TecSite.USER);
    assertThat(recreated.out()).containsPattern("events\\s+1\\s+1\\s+62\\s+0");
    assertThat(ok(server.anonymous().get(NS + "/events/1012")).path("title").asText()).isEqualTo("Renamed, but long ago");
    assertThat(ok(server.anonymous().get(NS + "/events/1020")).path("slug").asText()).isEqualTo("generated-event-20");
  }

  @Test
  void withoutCredentialsOnlyThePublicRecordsComeAndTheReportSaysSo() {
    populate(site, 3);
    Run run = run(site.root());
    assertThat(run.status()).as(run.all()).isZero();
    assertThat(run.out()).contains("only published records").containsPattern("events\\s+4\\s+0\\s+0\\s+0");
    assertThat(server.asAdmin().get(NS + "/events/2000").status()).isEqualTo(404);
    assertThat(server.asAdmin().get(NS + "/events/2001").status()).isEqualTo(404);
  }

  @Test
  void aDryRunReadsEverythingAndWritesNothing() throws Exception {
    populate(site, 10);
    Run run = run(site.root(), "--user", TecSite.USER, "--dry-run");
    assertThat(run.status()).as(run.all()).isZero();
    assertThat(run.out()).contains("Dry run").containsPattern("events\\s+14\\s+0\\s+0\\s+0");
    assertThat(count(server, "records")).isZero();
    assertThat(count(server, "terms")).isZero();
    assertThat(count(server, "imported")).isZero();
  }

  @Test
  void recordsThatCannotComeAreSkippedWithTheirReasonAndExitThree() {
    populate(site, 5);
    site.event("", 3000, "Bad date", "bad-date", "2027-01-01 10:00:00", null, List.of(), List.of(), List.of())
        .put("start_date", "next tuesday");
    site.event("", 3001, "Lost venue", "lost-venue", "2027-01-01 10:00:00", null, List.of(), List.of(), List.of())
        .putObject("venue").put("id", 99999);
    site.event("", 3002, "x".repeat(501), "too-long", "2027-01-01 10:00:00", null, List.of(), List.of(), List.of());
    Run run = run(site.root(), "--user", TecSite.USER);
    assertThat(run.status()).as(run.all()).isEqualTo(3);
    assertThat(run.out()).contains("event 3000: start_date does not parse: \"next tuesday\"")
        .contains("event 3001: venue 99999 is not one the site returns")
        .containsPattern("event 3002: refused by Agenda: .*title")
        .containsPattern("events\\s+9\\s+0\\s+0\\s+3");
    assertThat(server.anonymous().get(NS + "/events/3001").status()).isEqualTo(404);
    assertThat(ok(server.anonymous().get(NS + "/events/1004")).path("id").asLong()).isEqualTo(1004);
  }

  @Test
  void anIdTakenByARecordFromElsewhereGivesANewIdThatTheReportLists() {
    // Agenda's own first records take ids 1 and 2; the site has an organizer with id 2
    var admin = server.asAdmin();
    assertThat(admin.postJson(NS + "/venues", "{\"venue\":\"Ours\"}").status()).isEqualTo(201);
    assertThat(admin.postJson(NS + "/venues", "{\"venue\":\"Ours too\"}").json().path("id").asLong()).isEqualTo(2);
    site.organizer("", 2, "Theirs", "theirs");
    site.event("", 10, "Linked", "linked", "2027-01-01 10:00:00", null, List.of(2L), List.of(), List.of());
    Run run = run(site.root());
    assertThat(run.status()).as(run.all()).isZero();
    JsonNode linked = ok(server.anonymous().get(NS + "/events/10"));
    long newId = linked.path("organizer").get(0).path("id").asLong();
    assertThat(newId).isNotEqualTo(2).isGreaterThan(2);
    assertThat(run.out()).contains("organizer 2 -> " + newId);
    assertThat(ok(server.anonymous().get(NS + "/venues/2")).path("venue").asText()).isEqualTo("Ours too");
  }

  @Test
  void aPageThatFailsOnceAndRetryAfterAreWaitedFor() {
    populate(site, 120);
    site.failNext("events?per_page=50&page=2", 1);
    site.retryAfterOnce("events?per_page=50&page=3", 7);
    Run run = run(site.root(), "--user", TecSite.USER, "--concurrency", "2");
    assertThat(run.status()).as(run.all()).isZero();
    assertThat(run.pauses()).contains(Duration.ofSeconds(7), Duration.ofSeconds(1));
    assertThat(ok(server.anonymous().get(NS + "/events/1119")).path("slug").asText()).isEqualTo("generated-event-119");
  }

  @Test
  void aSiteThatDiesMidWayStopsClearlyAndARerunContinues() throws Exception {
    populate(site, 200);
    site.dieAfter(9);
    Run stopped = run(site.root(), "--user", TecSite.USER);
    assertThat(stopped.status()).as(stopped.all()).isEqualTo(1);
    assertThat(stopped.err()).contains("stopped:").contains("run again");
    long written = count(server, "imported");
    assertThat(written).isBetween(1L, 200L);

    site.revive();
    Run resumed = run(site.root(), "--user", TecSite.USER);
    assertThat(resumed.status()).as(resumed.all()).isZero();
    assertThat(count(server, "records")).isEqualTo(2 + 2 + 204);
    assertThat(ok(server.anonymous().get(NS + "/events/1199")).path("slug").asText()).isEqualTo("generated-event-199");
  }

  @Test
  void badSourcesGetOneClearLineAndLeaveTheDatabaseAsItWas() throws Exception {
    populate(site, 2);
    Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put("html", "did not answer JSON");
    cases.put("no-namespace", "has no tribe/events/v1 routes");
    cases.put("redirect-loop", "redirect");
    for (var each : cases.entrySet()) {
      site.mode(each.getKey());
      Run run = run(site.root());
      assertThat(run.status()).as(each.getKey() + ": " + run.all()).isEqualTo(1);
      assertThat(run.err()).as(each.getKey()).contains(each.getValue()).contains("nothing was written");
    }
    site.mode("normal");
    Map<String, String> env = new HashMap<>(server.databaseEnv());
    env.put("AGENDA_IMPORT_PASSWORD", "wrong");
    var err = new ByteArrayOutputStream();
    int refused = ImportCommand.run(List.of("tec", site.root(), "--user", TecSite.USER), Config.fromEnvironment(env),
        env, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
        pause -> { });
    assertThat(refused).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("401").contains("AGENDA_IMPORT_PASSWORD");

    Run unreachable = run("http://127.0.0.1:9/wp-json");
    assertThat(unreachable.status()).isEqualTo(1);
    assertThat(unreachable.err()).contains("cannot reach 127.0.0.1");
    assertThat(count(server, "records")).isZero();
    assertThat(count(server, "terms")).isZero();
  }

  @Test
  void usageErrorsExitTwo() {
    assertThat(run().status()).isEqualTo(2);
    assertThat(run(site.root(), "--concurrency", "0").status()).isEqualTo(2);
    assertThat(run(site.root(), "--since", "yesterday").status()).isEqualTo(2);
    assertThat(run(site.root(), "--language", "de").status()).isEqualTo(2);
    Run password = run(site.root(), "--password", "x");
    assertThat(password.status()).isEqualTo(2);
    assertThat(password.err()).contains("AGENDA_IMPORT_PASSWORD");
  }
}
