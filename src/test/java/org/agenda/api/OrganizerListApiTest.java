package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.EventListApiTest.enc;
import static org.agenda.api.EventListApiTest.pathOf;
import static org.agenda.api.VenueApiTest.EVENTS;
import static org.agenda.api.VenueApiTest.ORGANIZERS;
import static org.agenda.api.VenueApiTest.assertError;
import static org.agenda.api.VenueApiTest.eventId;
import static org.agenda.api.VenueApiTest.listIds;
import static org.agenda.api.VenueApiTest.obj;
import static org.agenda.api.VenueApiTest.oid;
import static org.agenda.api.VenueApiTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /organizers} (§6.10 with §6.7, §5.11): envelope, navigation, order, the organizer search
 * fields and the examples {@code 1111} and {@code @common.com}, the linked-event filters and the status
 * rules. Every test isolates its organizers with a search word of its own.
 */
class OrganizerListApiTest {
  static TestServer server;
  static TestServer.Caller ed, co, su, anon;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void resetClock() {
    server.clock.set(TestServer.DEFAULT_NOW);
  }

  static List<Long> ids(HttpResult response) {
    return listIds(response, "organizers");
  }

  static List<Long> ids(TestServer.Caller caller, String query) {
    return ids(caller.get(ORGANIZERS + query));
  }

  static ObjectNode named(String name, Object... more) {
    ObjectNode body = obj(more);
    body.put("organizer", name);
    return body;
  }

  static long eventWith(String title, Object... extra) {
    ObjectNode body = obj("title", title, "start_date", "tomorrow 20:00", "end_date", "tomorrow 21:00");
    body.setAll(obj(extra));
    return eventId(ed, body);
  }

  @Test
  void envelopePagingOrderAndNavigation() {
    long b = oid(ed, named("Rij org B", "date", "2026-01-01 10:00"));
    long a = oid(ed, named("Rij org A", "date", "2026-02-01 10:00"));
    long c = oid(ed, named("Rij org C", "date", "2026-01-01 10:00"));
    HttpResult all = anon.get(ORGANIZERS + "?search=" + enc("rij org"));
    assertThat(ids(all)).containsExactly(a, c, b);
    assertThat(keys(all.json())).containsExactly("organizers", "rest_url", "total", "total_pages");
    assertThat(all.json().path("organizers").get(0).has("json_ld")).isFalse();
    assertThat(all.json().path("rest_url").asText())
        .isEqualTo(server.url(ORGANIZERS + "/?per_page=12&search=rij%20org&status=publish&page=1"));

    String nav = server.url(ORGANIZERS + "/?per_page=1&search=rij%20org&status=publish&page=");
    HttpResult second = anon.get(ORGANIZERS + "?search=" + enc("rij org") + "&per_page=1&page=2");
    assertThat(ids(second)).containsExactly(c);
    JsonNode json = second.json();
    assertThat(keys(json)).containsExactly("organizers", "rest_url", "next_rest_url", "previous_rest_url", "total",
        "total_pages");
    assertThat(json.path("total").asInt()).isEqualTo(3);
    assertThat(json.path("total_pages").asInt()).isEqualTo(3);
    assertThat(second.header("X-Cal-Total")).isEqualTo("3");
    assertThat(second.header("X-Cal-TotalPages")).isEqualTo("3");
    assertThat(json.path("rest_url").asText()).isEqualTo(nav + "2");
    assertThat(second.header("Link")).isEqualTo("<" + nav + "3>; rel=\"next\", <" + nav + "1>; rel=\"prev\"");
    assertThat(ids(anon.get(pathOf(server, json.path("next_rest_url").asText())))).containsExactly(b);

    HttpResult beyond = anon.get(ORGANIZERS + "?search=" + enc("rij org") + "&per_page=1&page=4");
    assertError(beyond, 404, "organizer-archive-page-not-found");
    assertThat(beyond.json().path("message").asText()).isEqualTo("The requested organizer archive page does not exist");
    HttpResult empty = anon.get(ORGANIZERS + "?search=zzzz");
    assertThat(ids(empty)).isEmpty();
    assertThat(empty.json().path("total_pages").asInt()).isZero();
    assertThat(empty.header("X-Cal-Total")).isEqualTo("0");
    assertThat(anon.get(ORGANIZERS + "?search=zzzz&page=2").status()).isEqualTo(404);

    long event = eventWith("Org navigatie");
    assertThat(ok(ed.get("/en" + ORGANIZERS + "?event=" + event + "&has_events=false&only_with_upcoming=true"
        + "&translation_language=fr&per_page=60")).path("rest_url").asText())
        .isEqualTo(server.url("/en" + ORGANIZERS + "/?per_page=50&event=" + event + "&has_events=false"
            + "&only_with_upcoming=true&status=publish%2Cfuture%2Cdraft%2Cpending%2Cprivate&translation_language=fr&page=1"));
  }

  @Test
  void searchFieldsAndTheContractExamples() {
    long phone = oid(ed, named("Zoekorg telefoon", "phone", "+31 30 111 1111"));
    oid(ed, named("Zoekorg andere telefoon", "phone", "+31 30 222 2222"));
    long common1 = oid(ed, named("Zoekorg een", "email", "info@common.com"));
    long common2 = oid(ed, named("Zoekorg twee", "email", "SALES@COMMON.COM"));
    oid(ed, named("Zoekorg drie", "email", "x@other.org"));
    long website = oid(ed, named("Zoekorg web", "website", "https://webzoekterm.example"));
    long description = oid(ed, named("Zoekorg tekst", "description", "<p>Beschrijf<i>zoek</i>woord</p>"));
    long name = oid(ed, named("Naamzoekterm Stichting"));

    assertThat(ids(anon, "?search=1111")).containsExactly(phone);
    assertThat(ids(anon, "?search=" + enc("@common.com"))).containsExactly(common2, common1);
    assertThat(ids(anon, "?search=webzoekterm")).as("website is searched for organizers").containsExactly(website);
    assertThat(ids(anon, "?search=beschrijfzoekwoord")).containsExactly(description);
    assertThat(ids(anon, "?search=" + enc("stichting naamzoekterm"))).containsExactly(name);
    assertThat(ids(anon, "?search=" + enc("zoekorg 1111"))).as("fragments in different fields").isEmpty();
    assertThat(ids(anon, "?search=" + enc("zoekorg twee"))).containsExactly(common2);
  }

  @Test
  void linkedEventFilters() {
    long linked = oid(ed, named("Koppelorg publiek"));
    long draftLinked = oid(ed, named("Koppelorg concept"));
    long past = oid(ed, named("Koppelorg verleden"));
    long loose = oid(ed, named("Koppelorg los"));
    long event = eventWith("Koppel-evenement", "organizer", List.of(linked));
    eventWith("Koppel-concept", "organizer", List.of(draftLinked), "status", "draft");
    ObjectNode pastBody = obj("title", "Koppel-verleden", "start_date", "yesterday 10:00", "end_date", "yesterday 11:00",
        "organizer", List.of(past));
    eventId(ed, pastBody);
    assertThat(ids(anon, "?event=" + event)).containsExactly(linked);
    assertInvalid(anon.get(ORGANIZERS + "?event=999999"), "event", "rest_not_found");
    assertInvalid(anon.get(ORGANIZERS + "?event=" + linked), "event", "rest_not_found");
    assertThat(ids(anon, "?search=koppelorg&has_events=true")).containsExactly(past, linked);
    assertThat(ids(anon, "?search=koppelorg&has_events=false")).containsExactly(loose, draftLinked);
    assertThat(ids(co, "?search=koppelorg&has_events=true")).containsExactly(past, draftLinked, linked);
    assertThat(ids(anon, "?search=koppelorg&only_with_upcoming=true")).containsExactly(linked);
    assertThat(ids(co, "?search=koppelorg&only_with_upcoming=true")).containsExactly(draftLinked, linked);
    assertInvalid(anon.get(ORGANIZERS + "?has_events=maybe"), "has_events", "rest_invalid_type");
    // a trashed event no longer counts
    ok(ed.delete(EVENTS + "/" + event));
    assertThat(ids(anon, "?search=koppelorg&has_events=true")).containsExactly(past);
    assertThat(ids(ed, "?event=" + event)).as("the filter takes an event of any status").containsExactly(linked);
    assertThat(ids(anon, "?event=" + event)).as("but shows its links only to those who may read it").isEmpty();
  }

  @Test
  void statusRulesAndTrash() {
    long pub = oid(ed, named("Statusorg publiek"));
    long draft = oid(co, named("Statusorg concept"));
    long trashed = oid(ed, named("Statusorg weg"));
    ok(ed.delete(ORGANIZERS + "/" + trashed));
    assertThat(ids(anon, "?search=statusorg")).containsExactly(pub);
    assertThat(ids(su, "?search=statusorg")).containsExactly(pub);
    assertInvalid(anon.get(ORGANIZERS + "?status=draft"), "status", "rest_not_allowed");
    assertInvalid(su.get(ORGANIZERS + "?status=trash"), "status", "rest_not_allowed");
    assertInvalid(anon.get(ORGANIZERS + "?status=onzin"), "status", "rest_not_allowed");
    assertThat(ids(anon, "?search=statusorg&status=publish")).containsExactly(pub);
    assertThat(ids(co, "?search=statusorg")).containsExactly(draft, pub);
    assertThat(ids(co, "?search=statusorg&status=trash")).isEmpty();
    assertThat(ids(ed, "?search=statusorg")).containsExactly(draft, pub);
    assertThat(ids(ed, "?search=statusorg&status=trash")).containsExactly(trashed);
    assertInvalid(ed.get(ORGANIZERS + "?status=onzin"), "status", "rest_invalid_value");
  }
}
