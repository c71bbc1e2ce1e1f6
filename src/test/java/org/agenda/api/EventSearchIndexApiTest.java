package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.searched;
import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §6.3 search through the text index (§10.5, migration V6): the index only narrows what the exact rule
 * checks, so every term is still matched literally, and every write of a text is found by the next search.
 */
class EventSearchIndexApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  static long discount, noDiscount, quoted, course;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var admin = server.asAdmin();
    discount = create(admin, event("Korting 50% op_alles!", "tomorrow 10:00", "tomorrow 11:00"));
    noDiscount = create(admin, event("Korting 500 op alles", "tomorrow 11:00", "tomorrow 12:00"));
    quoted = create(admin, event("Zaal\"A open", "tomorrow 12:00", "tomorrow 13:00"));
    course = create(admin, event("Cursus C++ (gevorderd)* NEAR AND", "tomorrow 13:00", "tomorrow 14:00"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void likeAndFullTextSyntaxInTermsIsMatchedLiterally() {
    assertThat(searched(server, "50%")).containsExactly(discount);
    assertThat(searched(server, "op_alles")).containsExactly(discount);
    assertThat(searched(server, "alles!")).containsExactly(discount);
    assertThat(searched(server, "korting -50%")).containsExactly(noDiscount);
    assertThat(searched(server, "zaal\"a")).containsExactly(quoted);
    assertThat(searched(server, "c++")).containsExactly(course);
    assertThat(searched(server, "(gevorderd)*")).containsExactly(course);
    assertThat(searched(server, "near and")).containsExactly(course);
    assertThat(searched(server, "\"near and\"")).containsExactly(course);
    assertThat(searched(server, "or")).containsExactly(discount, noDiscount, course);
  }

  @Test
  void termsTooShortForTheIndexAreStillSearched() {
    assertThat(searched(server, "50")).containsExactly(discount, noDiscount);
    assertThat(searched(server, "c+ korting")).isEmpty();
    assertThat(searched(server, "%")).containsExactly(discount);
  }

  @Test
  void everyWriteOfTheTextIsFoundByTheNextSearch() {
    var admin = server.asAdmin();
    long id = create(admin, event("Oude titel alfaster", "tomorrow 15:00", "tomorrow 16:00")
        .put("description", "<p>Met een beschrijving over deltawerken</p>"));
    assertThat(searched(server, "alfaster")).containsExactly(id);
    assertThat(searched(server, "deltawerken")).containsExactly(id);

    patch(admin, EVENTS + "/" + id, fields("title", "Nieuwe titel bravoster"));
    assertThat(searched(server, "alfaster")).isEmpty();
    assertThat(searched(server, "bravoster deltawerken")).containsExactly(id);

    patch(admin, "/fr" + EVENTS + "/" + id, fields("title", "Titre charliester", "description", "<p>Sans delta</p>"));
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "charliester")))).containsExactly(id);
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "deltawerken")))).isEmpty();
    assertThat(searched(server, "charliester")).isEmpty(); // the nl text is T in nl
    assertThat(searched(server, "bravoster")).containsExactly(id);

    var deleted = admin.delete(EVENTS + "/" + id + "?force=true");
    assertThat(deleted.status()).as(deleted.toString()).isEqualTo(200);
    assertThat(searched(server, "bravoster")).isEmpty();
    long again = create(admin, event("Weer bravoster", "tomorrow 16:00", "tomorrow 17:00"));
    assertThat(searched(server, "bravoster")).containsExactly(again);
  }
}
