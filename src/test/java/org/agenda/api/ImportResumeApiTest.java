package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.agenda.support.HttpResult;
import org.agenda.support.ServerProcess;
import org.agenda.support.TecSite;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.Test;

/**
 * The crash harness's idea applied to the import (issue 22): {@code agenda import tec} in a child JVM, killed with
 * SIGKILL mid-way, run again to its end, leaves exactly what a clean import leaves; and a multilingual (WPML) site
 * becomes one record per translated post.
 */
class ImportResumeApiTest {
  static final String NS = "/cal/events/v1";

  /** Everything the import writes that does not depend on when it ran, row by row. */
  static List<String> snapshot(TestServer server) throws Exception {
    var rows = new ArrayList<String>();
    List<String> queries = List.of(
        "SELECT id, type, author, status, date_utc, image, website FROM records ORDER BY id",
        "SELECT record_id, lang, name, description, excerpt, slug FROM translations ORDER BY record_id, lang",
        "SELECT id, start_utc, end_utc, start_local, timezone, all_day, password, cost, show_map, sticky, featured"
            + " FROM events ORDER BY id",
        "SELECT id, address, city, zip, phone, geo_lat, geo_lng FROM venues ORDER BY id",
        "SELECT id, phone, email FROM organizers ORDER BY id",
        "SELECT event_id, venue_id, position FROM event_venues ORDER BY event_id, venue_id",
        "SELECT event_id, organizer_id, position FROM event_organizers ORDER BY event_id, organizer_id",
        "SELECT event_id, term_id, position FROM event_terms ORDER BY event_id, term_id",
        "SELECT id, taxonomy, parent FROM terms ORDER BY id",
        "SELECT term_id, lang, name, description, slug FROM term_translations ORDER BY term_id, lang",
        "SELECT kind, source_id, agenda_id, translation, fingerprint FROM imported ORDER BY kind, source_id");
    try (var connection = server.connectDirectly(); var statement = connection.createStatement()) {
      for (String query : queries) {
        try (ResultSet result = statement.executeQuery(query)) {
          int columns = result.getMetaData().getColumnCount();
          while (result.next()) {
            var row = new StringBuilder(query.substring(0, 30));
            for (int i = 1; i <= columns; i++) row.append(" | ").append(result.getString(i));
            rows.add(row.toString());
          }
        }
      }
    }
    return rows;
  }

  static long count(java.sql.Statement statement) throws Exception {
    try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM imported")) {
      rows.next();
      return rows.getLong(1);
    }
  }

  static Map<String, String> env(TestServer server) {
    Map<String, String> env = new HashMap<>(server.databaseEnv());
    env.put("AGENDA_IMPORT_PASSWORD", TecSite.PASSWORD);
    return env;
  }

  @Test
  void anImportKilledMidWayAndRunAgainEqualsACleanImport() throws Exception {
    try (TecSite site = TecSite.start()) {
      ImportTecApiTest.populate(site, 300);
      String[] command = {"import", "tec", site.root(), "--user", TecSite.USER};
      List<String> resumedRows;
      // one server (one database) at a time: the PostgreSQL of the test machine has few connections to spare
      try (TestServer killed = TestServer.start()) {
        site.delayPages(100);
        Process child = ServerProcess.begin(env(killed), command);
        long before;
        try (var connection = killed.connectDirectly(); var statement = connection.createStatement()) {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
          while (count(statement) < 60 && child.isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
          child.destroyForcibly();
          child.waitFor(30, TimeUnit.SECONDS);
          before = count(statement);
        }
        assertThat(before).as("killed mid-way").isBetween(60L, 312L);

        site.delayPages(0);
        ServerProcess.Finished resumed = ServerProcess.run(env(killed), command);
        assertThat(resumed.status()).as(resumed.output()).isZero();
        assertThat(resumed.output()).containsPattern("events\\s+\\d+\\s+0\\s+\\d+\\s+0");
        assertThat(ok(killed.anonymous().get(NS + "/events/by-slug/summer-concert")).path("id").asLong())
            .isEqualTo(223);
        resumedRows = snapshot(killed);
      }
      try (TestServer clean = TestServer.start()) {
        ServerProcess.Finished fresh = ServerProcess.run(env(clean), command);
        assertThat(fresh.status()).as(fresh.output()).isZero();
        assertThat(resumedRows).isEqualTo(snapshot(clean));
      }
    }
  }

  @Test
  void aMultilingualSiteBecomesOneRecordPerTranslatedPost() throws Exception {
    try (TecSite site = TecSite.start(); TestServer server = TestServer.start()) {
      site.category("en", 2, "Concerts", "concerts", 0);
      site.venue("en", 221, "Grand Hall", "grand-hall");
      site.organizer("en", 222, "ACME Events", "acme-events");
      site.event("en", 223, "Summer concert", "summer-concert", "2026-12-05 19:30:00", 221L, List.of(222L), List.of(2L),
          List.of());
      site.category("fr", 102, "Concerts en salle", "concerts-fr", 0)
          .putArray("wpml_translations").addObject().put("locale", "en_US").put("id", 2);
      site.venue("fr", 321, "Grande salle", "grande-salle")
          .putArray("wpml_translations").addObject().put("locale", "en_US").put("id", 221);
      // the shape this service answers: translations per language, the id at the end of rest_url
      site.organizer("fr", 322, "ACME Événements", "acme-evenements").putObject("translations").putObject("en")
          .put("slug", "acme-events").put("rest_url", "http://example.org/en/cal/events/v1/organizers/222");
      site.event("fr", 323, "Concert d&#8217;été", "concert-d-ete", "2026-12-05 19:30:00", 321L, List.of(322L),
          List.of(102L), List.of()).putArray("wpml_translations").addObject().put("locale", "en_US").put("id", 223);
      site.event("fr", 324, "Seulement en français", "seulement-en-francais", "2026-12-06 19:30:00", 321L, List.of(),
          List.of(), List.of());

      ServerProcess.Finished run = ServerProcess.run(env(server), "import", "tec", site.root(), "--language", "en,fr");
      assertThat(run.status()).as(run.output()).isZero();
      assertThat(run.output()).contains("1 records in other languages than en came without a translation link");

      var anonymous = server.anonymous();
      JsonNode english = ok(anonymous.get("/en" + NS + "/events/223"));
      assertThat(english.path("title").asText()).isEqualTo("Summer concert");
      JsonNode french = ok(anonymous.get("/fr" + NS + "/events/223"));
      assertThat(french.path("title").asText()).isEqualTo("Concert d\u2019été");
      assertThat(french.path("slug").asText()).isEqualTo("concert-d-ete");
      assertThat(french.path("venue").path("venue").asText()).isEqualTo("Grande salle");
      assertThat(french.path("organizer").get(0).path("organizer").asText()).isEqualTo("ACME Événements");
      assertThat(ok(anonymous.get("/fr" + NS + "/categories/2")).path("name").asText()).isEqualTo("Concerts en salle");
      assertThat(ok(anonymous.get("/fr" + NS + "/events/by-slug/concert-d-ete")).path("id").asLong()).isEqualTo(223);
      JsonNode alone = ok(anonymous.get("/fr" + NS + "/events/324"));
      assertThat(alone.path("title").asText()).isEqualTo("Seulement en français");
      assertThat(alone.path("venue").path("id").asLong()).isEqualTo(221);
      assertThat(anonymous.get(NS + "/events/323").status()).isEqualTo(404);
    }
  }

  /** A WPML site with its languages in directories: English at the root, French only under /fr/wp-json. */
  @Test
  void aSiteWithALanguageInADirectoryIsReadUnderThatRoot() throws Exception {
    try (TecSite site = TecSite.start(); TestServer server = TestServer.start()) {
      site.languagesInDirectories("en");
      site.venue("en", 221, "Grand Hall", "grand-hall");
      site.event("en", 223, "Summer concert", "summer-concert", "2026-12-05 19:30:00", 221L, List.of(), List.of(),
          List.of());
      site.venue("fr", 321, "Grande salle", "grande-salle")
          .putArray("wpml_translations").addObject().put("locale", "en_US").put("id", 221);
      site.event("fr", 323, "Concert d'été", "concert-d-ete", "2026-12-05 19:30:00", 321L, List.of(), List.of(),
          List.of()).putArray("wpml_translations").addObject().put("locale", "en_US").put("id", 223);

      ServerProcess.Finished run = ServerProcess.run(env(server), "import", "tec", site.root(), "--language", "en,fr",
          "--language-roots");
      assertThat(run.status()).as(run.output()).isZero();
      assertThat(site.requests).anyMatch(request -> request.startsWith("/fr/wp-json/tribe/events/v1/events?"));
      assertThat(site.requests).noneMatch(request -> request.contains("lang="));
      JsonNode french = ok(server.anonymous().get("/fr" + NS + "/events/223"));
      assertThat(french.path("title").asText()).isEqualTo("Concert d'été");
      assertThat(french.path("venue").path("venue").asText()).isEqualTo("Grande salle");
      assertThat(ok(server.anonymous().get("/en" + NS + "/events/223")).path("title").asText()).isEqualTo("Summer concert");

      ServerProcess.Finished refused = ServerProcess.run(env(server), "import", "tec", site.root(), "--language-roots");
      assertThat(refused.status()).as(refused.output()).isEqualTo(2);
    }
  }

  static JsonNode ok(HttpResult result) {
    assertThat(result.status()).as(result.body()).isEqualTo(200);
    return result.json();
  }
}
