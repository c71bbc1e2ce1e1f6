package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.agenda.api.EventListApiTest.searched;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The {@code search} filter of §6.3 and search in the text language T (§3.7, §12 row 48). */
class EventListSearchApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  static long park, winter, rock, ete, jazz, french;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var admin = server.asAdmin();
    park = create(admin, event("Zomerconcert in het park", "tomorrow 10:00", "tomorrow 11:00")
        .put("description", "<p>Openlucht <strong>muziek</strong> met jazz</p>")
        .put("excerpt", "<code>Gratis</code> toegang"));
    winter = create(admin, event("Winterconcert", "tomorrow 11:00", "tomorrow 12:00")
        .put("description", "<p>Binnen, met klassieke muziek</p>"));
    rock = create(admin, event("CONCERT D'ÉTÉ", "tomorrow 12:00", "tomorrow 13:00")
        .put("description", "<p>Rock &amp; Roll</p>"));
    ete = create(admin, event("Concert d'été", "tomorrow 13:00", "tomorrow 14:00"));
    jazz = create(admin, event("Jazzavond", "tomorrow 14:00", "tomorrow 15:00"));
    patch(admin, "/fr" + EVENTS + "/" + jazz, fields("title", "Soirée jazz", "description", "<p>Une ambiance feutrée</p>"));
    var frenchOnly = admin.postJson("/fr" + EVENTS, event("Seulement en français", "tomorrow 15:00", "tomorrow 16:00").toString());
    assertThat(frenchOnly.status()).as(frenchOnly.toString()).isEqualTo(201);
    french = frenchOnly.json().path("id").asLong();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static List<Long> search(String value) {
    return searched(server, value);
  }

  @Test
  void everyTermMustOccurInSomeField() {
    assertThat(search("concert muziek")).containsExactly(park, winter);
    assertThat(search("concert   jazz")).containsExactly(park);
    assertThat(search("muziek")).containsExactly(park, winter);
    assertThat(search("park toegang jazz")).containsExactly(park);
    assertThat(search("concert nergens")).isEmpty();
  }

  @Test
  void quotedPhraseIsOneTerm() {
    assertThat(search("\"het park\"")).containsExactly(park);
    assertThat(search("\"park het\"")).isEmpty();
    assertThat(search("\"klassieke muziek\" concert")).containsExactly(winter);
  }

  @Test
  void minusTermExcludes() {
    assertThat(search("concert -winter")).containsExactly(park, rock, ete);
    assertThat(search("concert -toegang")).containsExactly(winter, rock, ete);
    assertThat(search("concert -roll")).containsExactly(park, winter, ete);
    assertThat(search("concert -été")).containsExactly(park, winter);
  }

  @Test
  void caseInsensitiveIncludingNonAscii() {
    assertThat(search("ÉTÉ")).containsExactly(rock, ete);
    assertThat(search("été")).containsExactly(rock, ete);
    assertThat(search("\"concert d'été\"")).containsExactly(rock, ete);
    assertThat(search("ZOMERCONCERT")).containsExactly(park);
    assertThat(search("OPENLUCHT")).containsExactly(park);
    var response = server.anonymous().get(EVENTS + q("search", "ÉTÉ"));
    assertThat(restUrl(response)).contains("&search=%C3%89T%C3%89&status=publish&page=1");
  }

  @Test
  void descriptionIsSearchedWithoutTagsAndWithEntitiesDecoded() {
    assertThat(search("\"muziek met jazz\"")).containsExactly(park);
    assertThat(search("\"openlucht muziek\"")).containsExactly(park);
    assertThat(search("\"gratis toegang\"")).containsExactly(park);
    assertThat(search("strong")).isEmpty();
    assertThat(search("code")).isEmpty();
    assertThat(search("\"rock & roll\"")).containsExactly(rock);
    assertThat(search("amp")).isEmpty();
  }

  @Test
  void row48SearchMatchesTheTextInTheLanguageReturned() {
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "soirée")))).containsExactly(jazz);
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "soirée")))).isEmpty();
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "soirée", "translation_language", "fr"))))
        .containsExactly(jazz);
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "feutrée")))).containsExactly(jazz);
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "feutrée")))).isEmpty();
    // in fr the nl title is not searched; in en (no text) the nl fallback is
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "jazzavond")))).isEmpty();
    assertThat(ids(server.anonymous().get("/en" + EVENTS + q("search", "jazzavond")))).containsExactly(jazz);
    // events without fr text are searched in their fallback text
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "ÉTÉ")))).containsExactly(rock, ete);
    // the excluded term also works on T only
    assertThat(ids(server.anonymous().get("/fr" + EVENTS + q("search", "jazz -jazzavond")))).containsExactly(park, jazz);
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "jazz -jazzavond")))).containsExactly(park);
  }

  @Test
  void listItemsAreInTheLanguageChosenPerEvent() {
    var english = server.anonymous().get("/en" + EVENTS);
    assertThat(ids(english)).containsExactly(park, winter, rock, ete, jazz, french);
    var items = english.json().path("events");
    assertThat(items.get(4).path("language").asText()).isEqualTo("nl"); // no en: the default language
    assertThat(items.get(4).path("title").asText()).isEqualTo("Jazzavond");
    assertThat(items.get(5).path("language").asText()).isEqualTo("fr"); // only fr
    assertThat(items.get(5).path("title").asText()).isEqualTo("Seulement en français");
    var frenchItems = server.anonymous().get("/fr" + EVENTS).json().path("events");
    assertThat(frenchItems.get(4).path("language").asText()).isEqualTo("fr");
    assertThat(frenchItems.get(4).path("title").asText()).isEqualTo("Soirée jazz");
    assertThat(frenchItems.get(4).path("url").asText()).isEqualTo(server.url("/fr/event/soiree-jazz/"));
    assertThat(frenchItems.get(0).path("language").asText()).isEqualTo("nl");
    assertThat(ids(server.anonymous().get("/en" + EVENTS + q("search", "français")))).containsExactly(french);
  }

  @Test
  void searchIsCombinedWithOtherFiltersAndCounted() {
    var response = server.anonymous().get(EVENTS + q("search", "concert", "per_page", "2", "page", "2"));
    assertThat(ids(response)).containsExactly(rock, ete);
    assertThat(response.json().path("total").asInt()).isEqualTo(4);
    assertThat(response.json().path("total_pages").asInt()).isEqualTo(2);
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "concert", "include", park + "," + jazz))))
        .containsExactly(park);
  }
}
