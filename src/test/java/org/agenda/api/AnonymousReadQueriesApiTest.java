package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An anonymous read that the answer cache does not hold reads the data version once: the read made for the
 * answer cache also serves the cache of loaded objects, so it costs the statements the same read signed in
 * costs (a second read of the version was one statement more on every miss).
 */
class AnonymousReadQueriesApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  static TestServer.Caller admin;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void anAnonymousReadCostsWhatTheSameReadSignedInCosts() {
    long id = create(admin, event("Telling", "tomorrow 20:00", "tomorrow 22:00"));
    create(admin, event("Telling twee", "tomorrow 21:00", "tomorrow 23:00"));
    for (String path : new String[] {EVENTS + "/" + id, EVENTS, EVENTS + "?search=Telling"}) {
      assertThat(ApiChecks.statementsFor(server, server.anonymous(), path)).as(path)
          .isEqualTo(ApiChecks.statementsFor(server, admin, path));
    }
  }
}
