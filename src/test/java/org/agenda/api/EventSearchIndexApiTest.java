package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
import static org.agenda.api.EventListApiTest.q;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

  private static List<Long> search(String value) {
    return ids(server.anonymous().get(EVENTS + q("search", value)));
  }

  @Test
  void likeAndFullTextSyntaxInTermsIsMatchedLiterally() {
    assertThat(search("50%")).containsExactly(discount);
    assertThat(search("op_alles")).containsExactly(discount);
    assertThat(search("alles!")).containsExactly(discount);
    assertThat(search("korting -50%")).containsExactly(noDiscount);
    assertThat(search("zaal\"a")).containsExactly(quoted);
    assertThat(search("c++")).containsExactly(course);
    assertThat(search("(gevorderd)*")).containsExactly(course);
    assertThat(search("near and")).containsExactly(course);
    assertThat(search("\"near and\"")).containsExactly(course);
    assertThat(search("or")).containsExactly(discount, noDiscount, course);
  }

  @Test
  void termsTooShortForTheIndexAreStillSearched() {
    assertThat(search("50")).containsExactly(discount, noDiscount);
    assertThat(search("c+ korting")).isEmpty();
    assertThat(search("%")).containsExactly(discount);
  }

  @Test
  void everyWriteOfTheTextIsFoundByTheNextSearch() {
    var admin = server.asAdmin();
    long id = create(admin, event("Oude titel alfaster", "tomorrow 15:00", "tomorrow 16:00")
        .put("description", "<p>Met een beschrijving over deltawerken</p>"));
    assertThat(search("alfaster")).containsExactly(id);
    assertThat(search("deltawerken")).containsExactly(id);

    patch(admin, EVENTS + "/" + id, fields("title", "Nieuwe titel bravoster"));
    assertThat(search("alfaster")).isEmpty();
    assertThat(search("bravoster deltawerken")).containsExactly(id);

    patch(admin, "/fr" + EVENTS + "/" + id, fields("title", "Titre charliester", "description", "<p>Sans delta</p>"));
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "charliester")))).containsExactly(id);
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "deltawerken")))).isEmpty();
    assertThat(search("charliester")).isEmpty(); // the nl text is T in nl
    assertThat(search("bravoster")).containsExactly(id);

    var deleted = admin.delete(EVENTS + "/" + id + "?force=true");
    assertThat(deleted.status()).as(deleted.toString()).isEqualTo(200);
    assertThat(search("bravoster")).isEmpty();
    long again = create(admin, event("Weer bravoster", "tomorrow 16:00", "tomorrow 17:00"));
    assertThat(search("bravoster")).containsExactly(again);
  }
}
