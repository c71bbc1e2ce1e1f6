package org.agenda.api;

import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Venue, organizer and event lists with linked venues and organizers run a bounded number of SQL
 * statements: a page of 50 costs what a page of 3 costs (no query per row or per link).
 */
class RecordListQueriesApiTest {
  private static final String NS = "/cal/events/v1";
  private static final long TOLERANCE = 2;

  static TestServer server;
  static TestServer.Caller admin;
  static final List<Long> venues = new ArrayList<>();
  static final List<Long> organizers = new ArrayList<>();
  static int events;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static long create(String collection, String body) {
    var response = admin.postJson(NS + "/" + collection, body);
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return ApiChecks.id(response.json());
  }

  /** More venues and organizers (with a French name) and events linking 3 venues and 5 organizers each. */
  private static void grow(int records, int newEvents) {
    for (int i = 0; i < records; i++) {
      int n = venues.size();
      long venue = create("venues", "{\"venue\":\"Zaal " + n + "\",\"city\":\"Gent\",\"geo_lat\":51.05,\"geo_lng\":3.72}");
      admin.patchJson("/fr" + NS + "/venues/" + venue, "{\"venue\":\"Salle " + n + "\"}");
      venues.add(venue);
      long organizer = create("organizers", "{\"organizer\":\"Stichting " + n + "\",\"email\":\"s" + n + "@x.example\"}");
      admin.patchJson("/fr" + NS + "/organizers/" + organizer, "{\"organizer\":\"Fondation " + n + "\"}");
      organizers.add(organizer);
    }
    for (int i = 0; i < newEvents; i++) {
      int n = events++;
      var links = new StringBuilder("\"venue\":[");
      for (int v = 0; v < 3; v++) links.append(v == 0 ? "" : ",").append(venues.get((n + v) % venues.size()));
      links.append("],\"organizer\":[");
      for (int o = 0; o < 5; o++) links.append(o == 0 ? "" : ",").append(organizers.get((n + o) % organizers.size()));
      links.append("],\"categories\":[").append(q("Cat " + n % 4)).append("],\"tags\":[").append(q("tag" + n % 5)).append(']');
      create("events", ApiChecks.event("Telling " + n, links.toString()));
    }
  }

  private static long statementsFor(TestServer.Caller caller, String path, int expectedItems, String key) {
    var first = caller.get(path);
    assertThat(first.json().path(key).size()).as(path + " " + first).isEqualTo(expectedItems);
    return ApiChecks.statementsFor(server, caller, path);
  }

  private static Map<String, Long> measure(int records, int eventCount) {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("events", statementsFor(server.anonymous(), NS + "/events?per_page=50", eventCount, "events"));
    counts.put("events fr", statementsFor(server.anonymous(), "/fr" + NS + "/events?per_page=50", eventCount, "events"));
    counts.put("venues", statementsFor(server.anonymous(), NS + "/venues?per_page=50", records, "venues"));
    counts.put("venues search", statementsFor(admin, "/fr" + NS + "/venues?per_page=50&search=salle&has_events=true",
        records, "venues"));
    counts.put("organizers", statementsFor(server.anonymous(), NS + "/organizers?per_page=50", records, "organizers"));
    counts.put("organizers upcoming", statementsFor(admin, NS + "/organizers?per_page=50&only_with_upcoming=true",
        records, "organizers"));
    return counts;
  }

  @Test
  void statementsPerListRequestDoNotGrowWithItemsOrLinks() {
    grow(5, 3);
    Map<String, Long> small = measure(5, 3);
    grow(45, 47);
    Map<String, Long> large = measure(50, 50);
    System.out.println("statements per list request, 3 events / 5 venues: " + small + "; 50 / 50: " + large);
    small.forEach((request, count) -> assertThat(large.get(request))
        .as("statements for %s with 50 items (3 or 5 items: %d)", request, count)
        .isLessThanOrEqualTo(count + TOLERANCE));
  }
}
