package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
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
 * A list request runs a bounded number of SQL statements: the count for one {@code GET /events} page
 * does not grow with the number of events on it (no query per row).
 */
class EventListQueriesApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;
  /** A few statements more with more rows would still be "bounded"; one per row would not. */
  private static final long TOLERANCE = 2;

  static TestServer server;
  static TestServer.Caller admin;
  static final List<Long> created = new ArrayList<>();

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void createEvents(int count) {
    for (int i = 0; i < count; i++) {
      int n = created.size();
      var body = event("Telling " + n, "tomorrow " + (8 + n % 12) + ":00", "tomorrow " + (8 + n % 12) + ":30")
          .put("description", "<p>Beschrijving " + n + "</p>")
          .put("cost", n % 2 == 0 ? "15" : "€10 - €20")
          .put("featured", n % 3 == 0);
      if (n % 4 == 1) body.put("password", "geheim");
      if (!created.isEmpty() && n % 5 == 2) body.put("post_parent", created.get(0));
      long id = create(admin, body);
      patch(admin, "/fr" + EVENTS + "/" + id, fields("title", "Comptage " + n, "description", "<p>Description " + n + "</p>"));
      created.add(id);
    }
  }

  private static long statementsFor(TestServer.Caller caller, String path) {
    return ApiChecks.statementsFor(server, caller, path);
  }

  private static Map<String, Long> measure() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("anonymous", statementsFor(server.anonymous(), EVENTS + "?per_page=50"));
    counts.put("admin", statementsFor(admin, EVENTS + "?per_page=50"));
    counts.put("fr", statementsFor(server.anonymous(), "/fr" + EVENTS + "?per_page=50"));
    counts.put("search", statementsFor(server.anonymous(), EVENTS + "?per_page=50&search=Telling"));
    counts.put("password", statementsFor(server.anonymous(), EVENTS + "?per_page=50&password=geheim"));
    return counts;
  }

  @Test
  void statementsPerListRequestDoNotGrowWithTheNumberOfEvents() {
    createEvents(3);
    assertThat(ids(admin.get(EVENTS + "?per_page=50"))).hasSize(3);
    Map<String, Long> three = measure();

    createEvents(37);
    assertThat(ids(admin.get(EVENTS + "?per_page=50"))).hasSize(40);
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + "?per_page=50"))).hasSize(40);
    Map<String, Long> forty = measure();

    System.out.println("statements per list request, 3 events: " + three + "; 40 events: " + forty);
    three.forEach((request, count) -> assertThat(forty.get(request))
        .as("statements for the %s request with 40 events (3 events: %d)", request, count)
        .isLessThanOrEqualTo(count + TOLERANCE));
  }
}
