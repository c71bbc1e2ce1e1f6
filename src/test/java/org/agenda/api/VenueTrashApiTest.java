package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.VenueApiTest.EVENTS;
import static org.agenda.api.VenueApiTest.ORGANIZERS;
import static org.agenda.api.VenueApiTest.VENUES;
import static org.agenda.api.VenueApiTest.assertError;
import static org.agenda.api.VenueApiTest.assertForbidden;
import static org.agenda.api.VenueApiTest.assertNotFound;
import static org.agenda.api.VenueApiTest.assertNotLoggedIn;
import static org.agenda.api.VenueApiTest.created;
import static org.agenda.api.VenueApiTest.listIds;
import static org.agenda.api.VenueApiTest.obj;
import static org.agenda.api.VenueApiTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Trash, restore and permanent delete of venues and organizers (§4.9, §6.9 DELETE, §4.7 trashed reads),
 * and what happens to the events that link them (§4.7, §5.2 {@code venue}/{@code organizer});
 * §12 rows 68 and 69.
 */
class VenueTrashApiTest {
  static TestServer server;
  static TestServer.Caller ed, au, co, co2, su, anon;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    co2 = server.as("co2", server.addUser("co2", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static long venue(TestServer.Caller caller, String name) {
    return id(created(caller.postJson(VENUES, obj("venue", name).toString())));
  }

  static long organizer(TestServer.Caller caller, String name) {
    return id(created(caller.postJson(ORGANIZERS, obj("organizer", name).toString())));
  }

  static long event(String title, Object venue, Object organizer) {
    ObjectNode body = obj("title", title, "start_date", "tomorrow 20:00", "end_date", "tomorrow 22:30");
    if (venue != null) body.set("venue", EventListApiTest.MAPPER.valueToTree(venue));
    if (organizer != null) body.set("organizer", EventListApiTest.MAPPER.valueToTree(organizer));
    return id(created(ed.postJson(EVENTS, body.toString())));
  }

  static String v(long id) {
    return VENUES + "/" + id;
  }

  static String o(long id) {
    return ORGANIZERS + "/" + id;
  }

  static String e(long id) {
    return EVENTS + "/" + id;
  }

  static List<Long> ids(JsonNode venueOrOrganizer) {
    var ids = new ArrayList<Long>();
    if (venueOrOrganizer.isObject()) {
      ids.add(venueOrOrganizer.path("id").asLong());
    } else {
      assertThat(venueOrOrganizer.isArray()).as(venueOrOrganizer.toString()).isTrue();
      venueOrOrganizer.forEach(item -> ids.add(item.path("id").asLong()));
    }
    return ids;
  }

  // ---------------------------------------------------------------------------------------------
  // §12 rows 68 and 69

  @Test
  void rows68And69TrashRestoreAndPermanentDelete() {
    long v1 = venue(ed, "Rij 68 zaal");
    long e4 = event("Rij 68 evenement", v1, null);
    assertThat(ok(anon.get(e(e4))).path("venue").path("id").asLong()).isEqualTo(v1);

    HttpResult trashed = ed.delete(v(v1));
    JsonNode t = ok(trashed);
    assertThat(t.path("status").asText()).isEqualTo("trash");
    assertThat(t.path("id").asLong()).isEqualTo(v1);
    assertThat(t.path("venue").asText()).isEqualTo("Rij 68 zaal");
    assertThat(t.has("json_ld")).isFalse();
    assertThat(trashed.header("Cache-Control")).isEqualTo("no-store");
    assertThat(ok(anon.get(e(e4))).path("venue").toString()).isEqualTo("[]");
    assertThat(ok(ed.get(e(e4))).path("venue").toString()).as("for editors too").isEqualTo("[]");
    HttpResult anonymous = anon.get(v(v1));
    assertError(anonymous, 403, "venue-not-accessible");
    assertThat(anonymous.json().path("message").asText()).isEqualTo("The requested venue is not accessible");
    HttpResult again = ed.delete(v(v1));
    assertError(again, 410, "venue-is-in-trash");
    assertThat(again.json().path("message").asText()).isEqualTo("The venue is already trashed");

    JsonNode restored = ok(ed.patchJson(v(v1), "{\"status\":\"publish\"}"));
    assertThat(restored.path("status").asText()).isEqualTo("publish");
    assertThat(restored.path("slug").asText()).isEqualTo("rij-68-zaal");
    assertThat(ok(anon.get(e(e4))).path("venue").path("id").asLong()).isEqualTo(v1);
    HttpResult forced = ed.delete(v(v1) + "?force=true");
    JsonNode f = ok(forced);
    assertThat(f.path("id").asLong()).isEqualTo(v1);
    assertThat(f.path("status").asText()).as("its last state").isEqualTo("publish");
    assertThat(f.path("venue").asText()).isEqualTo("Rij 68 zaal");
    assertThat(f.has("json_ld")).isFalse();
    assertThat(ok(anon.get(e(e4))).path("venue").toString()).isEqualTo("[]");
    HttpResult gone = anon.get(v(v1));
    assertNotFound(gone, "id");
    assertNotFound(ed.get(v(v1)), "id");
    assertNotFound(ed.delete(v(v1)), "id");
    assertNotFound(ed.delete(v(v1) + "?force=true"), "id");
    assertNotFound(ed.patchJson(v(v1), "{\"status\":\"publish\"}"), "id");
    assertNotFound(anon.get(VENUES + "/by-slug/rij-68-zaal"), "slug");
    // the link is gone, not just hidden: the event can be updated and re-linking the id is refused
    assertInvalid(ed.patchJson(e(e4), "{\"venue\":" + v1 + "}"), "venue", "rest_not_found");
    assertThat(ok(ed.patchJson(e(e4), "{\"featured\":true}")).path("venue").toString()).isEqualTo("[]");
    // the slug is free again
    assertThat(created(ed.postJson(VENUES, "{\"venue\":\"Rij 68 zaal\"}")).path("slug").asText()).isEqualTo("rij-68-zaal");
  }

  // ---------------------------------------------------------------------------------------------
  // links while trashed

  @Test
  void trashedVenuesLeaveEventsAndReturnWithTheirDataOnRestore() {
    long v1 = venue(ed, "Blijvende zaal");
    long v2 = venue(ed, "Tijdelijke zaal");
    ok(ed.patchJson(v(v2), "{\"city\":\"Gent\"}"));
    long event = event("Twee zalen", List.of(v1, v2), null);
    assertThat(ids(ok(anon.get(e(event))).path("venue"))).containsExactly(v1, v2);
    ok(ed.delete(v(v2)));
    JsonNode one = ok(anon.get(e(event)));
    assertThat(one.path("venue").isObject()).as("one venue left: an object").isTrue();
    assertThat(one.path("venue").path("id").asLong()).isEqualTo(v1);
    JsonNode listed = ok(anon.get(EVENTS + "?include=" + event)).path("events").get(0);
    assertThat(ids(listed.path("venue"))).containsExactly(v1);
    // the json_ld location is the first non-trashed venue
    assertThat(one.path("json_ld").path("location").path("name").asText()).isEqualTo("Blijvende zaal");
    // an update without status leaves it trashed; its data is kept
    JsonNode stillTrashed = ok(ed.patchJson(v(v2), "{\"phone\":\"123\"}"));
    assertThat(stillTrashed.path("status").asText()).isEqualTo("trash");
    // trashed venues cannot be linked, and an inline object with their name makes a new venue
    assertInvalid(ed.postJson(EVENTS, obj("title", "Koppel prullenbak", "start_date", "tomorrow 10:00",
        "end_date", "tomorrow 11:00", "venue", v2).toString()), "venue", "rest_not_found");
    JsonNode inline = created(ed.postJson(EVENTS, obj("title", "Inline prullenbak", "start_date", "tomorrow 10:00",
        "end_date", "tomorrow 11:00", "venue", obj("venue", "Tijdelijke zaal")).toString()));
    assertThat(inline.path("venue").path("id").asLong()).isNotIn(v1, v2);
    assertThat(inline.path("venue").path("slug").asText()).as("trashed slugs stay taken").isEqualTo("tijdelijke-zaal-2");
    // restore
    JsonNode restored = ok(ed.putJson(v(v2), "{\"status\":\"draft\"}"));
    assertThat(restored.path("status").asText()).isEqualTo("draft");
    assertThat(restored.path("city").asText()).isEqualTo("Gent");
    assertThat(restored.path("phone").asText()).isEqualTo("123");
    JsonNode back = ok(anon.get(e(event)));
    assertThat(ids(back.path("venue"))).as("links were kept, in order").containsExactly(v1, v2);
    assertThat(back.path("venue").get(1).path("status").asText()).isEqualTo("draft");
  }

  @Test
  void trashedOrganizersLikewise() {
    long o1 = organizer(ed, "Organisator een");
    long o2 = organizer(ed, "Organisator twee");
    long event = event("Twee organisatoren", null, List.of(o1, o2));
    JsonNode trashed = ok(ed.delete(o(o1)));
    assertThat(trashed.path("status").asText()).isEqualTo("trash");
    assertThat(trashed.path("organizer").asText()).isEqualTo("Organisator een");
    JsonNode read = ok(anon.get(e(event)));
    assertThat(ids(read.path("organizer"))).containsExactly(o2);
    assertThat(read.path("organizer").isArray()).isTrue();
    assertThat(read.path("json_ld").path("organizer").path("name").asText()).isEqualTo("Organisator twee");
    HttpResult anonymous = anon.get(o(o1));
    assertError(anonymous, 403, "organizer-not-accessible");
    assertError(co.get(o(o1)), 403, "organizer-not-accessible");
    assertThat(ok(ed.get(o(o1))).path("status").asText()).isEqualTo("trash");
    HttpResult again = ed.delete(o(o1));
    assertError(again, 410, "organizer-is-in-trash");
    assertThat(again.json().path("message").asText()).isEqualTo("The organizer is already trashed");
    assertThat(ok(ed.patchJson(o(o1), "{\"status\":\"publish\"}")).path("status").asText()).isEqualTo("publish");
    assertThat(ids(ok(anon.get(e(event))).path("organizer"))).containsExactly(o1, o2);
    JsonNode forced = ok(ed.delete(ORGANIZERS + "/by-slug/organisator-een?force=true"));
    assertThat(forced.path("id").asLong()).isEqualTo(o1);
    assertThat(forced.path("status").asText()).isEqualTo("publish");
    assertThat(ids(ok(anon.get(e(event))).path("organizer"))).containsExactly(o2);
    assertNotFound(anon.get(o(o1)), "id");
    assertNotFound(ed.delete(o(o1)), "id");
    // a trashed record permanently deleted answers with its last (trashed) state
    ok(ed.delete(o(o2)));
    JsonNode lastState = ok(ed.delete(o(o2) + "?force=1"));
    assertThat(lastState.path("status").asText()).isEqualTo("trash");
    assertThat(ok(anon.get(e(event))).path("organizer").toString()).isEqualTo("[]");
  }

  // ---------------------------------------------------------------------------------------------
  // who may read, trash, restore and delete (§4.4, §4.7, §4.9)

  @Test
  void trashedRecordsAreReadableOnlyByThoseWhoCanEditThem() {
    long byEd = venue(ed, "Prullenbak van ed");
    ok(ed.delete(v(byEd)));
    assertError(anon.get(v(byEd)), 403, "venue-not-accessible");
    assertError(su.get(v(byEd)), 403, "venue-not-accessible");
    assertError(co.get(v(byEd)), 403, "venue-not-accessible");
    assertError(au.get(v(byEd)), 403, "venue-not-accessible");
    assertError(au.get(VENUES + "/by-slug/prullenbak-van-ed"), 403, "venue-not-accessible");
    JsonNode byEditor = ok(ed.get(VENUES + "/by-slug/prullenbak-van-ed"));
    assertThat(byEditor.path("id").asLong()).as("trashed records take part in the slug lookup").isEqualTo(byEd);
    assertThat(byEditor.path("status").asText()).isEqualTo("trash");
    assertThat(byEditor.path("json_ld").path("@type").asText()).isEqualTo("Place");

    long byCo = venue(co, "Prullenbak van co");
    JsonNode coTrashed = ok(co.delete(v(byCo)));
    assertThat(coTrashed.path("status").asText()).as("own draft").isEqualTo("trash");
    assertThat(ok(co.get(v(byCo))).path("status").asText()).as("co can still edit it").isEqualTo("trash");
    assertError(co2.get(v(byCo)), 403, "venue-not-accessible");
    assertForbidden(co2.delete(v(byCo)));
    assertForbidden(co2.patchJson(v(byCo), "{\"status\":\"draft\"}"));
    assertForbidden(co.delete(v(byCo) + "?force=true"));
    assertError(co.delete(v(byCo)), 410, "venue-is-in-trash");
    assertThat(ok(co.patchJson(v(byCo), "{\"status\":\"pending\"}")).path("status").asText()).isEqualTo("pending");
    assertThat(ok(co2.get(v(byCo))).path("status").asText()).isEqualTo("pending");

    long byAu = venue(au, "Prullenbak van au");
    assertForbidden(co.delete(v(byAu)));
    assertForbidden(au.delete(v(byAu) + "?force=true"));
    assertThat(ok(anon.get(v(byAu))).path("status").asText()).as("refused deletes change nothing").isEqualTo("publish");
    ok(au.delete(v(byAu)));
    assertThat(ok(au.get(v(byAu))).path("status").asText()).isEqualTo("trash");
    assertForbidden(au.delete(v(byAu) + "?force=true"));
    assertError(au.delete(v(byAu)), 410, "venue-is-in-trash");
    assertThat(ok(au.patchJson(v(byAu), "{\"status\":\"publish\"}")).path("status").asText()).isEqualTo("publish");

    // a contributor cannot trash their own record once it is published
    long published = venue(co, "Later gepubliceerd");
    ok(ed.patchJson(v(published), "{\"status\":\"publish\"}"));
    assertForbidden(co.delete(v(published)));
  }

  @Test
  void deleteRightsAndForms() {
    long id = venue(ed, "Verwijderbaar");
    assertNotLoggedIn(anon.delete(v(id)));
    assertNotLoggedIn(anon.delete(v(id) + "?force=true"));
    assertForbidden(su.delete(v(id)));
    assertInvalid(ed.delete(v(id) + "?force=misschien"), "force", "rest_invalid_type");
    assertThat(ok(anon.get(v(id))).path("status").asText()).isEqualTo("publish");
    JsonNode notForced = ok(ed.delete(v(id) + "?force=false"));
    assertThat(notForced.path("status").asText()).isEqualTo("trash");
    // DELETE may carry a body (§2.5)
    HttpResult bodyForce = ed.send("DELETE", v(id), "application/json", "{\"force\":true}", Map.of());
    assertThat(ok(bodyForce).path("id").asLong()).isEqualTo(id);
    assertNotFound(ed.get(v(id)), "id");
    // by slug, trash and force
    long bySlug = venue(ed, "Via slug weg");
    assertThat(ok(ed.delete(VENUES + "/by-slug/via-slug-weg")).path("status").asText()).isEqualTo("trash");
    assertError(ed.delete(VENUES + "/by-slug/via-slug-weg"), 410, "venue-is-in-trash");
    assertThat(ok(ed.delete(VENUES + "/by-slug/via-slug-weg?force=true")).path("id").asLong()).isEqualTo(bySlug);
    assertNotFound(ed.delete(VENUES + "/by-slug/via-slug-weg"), "slug");
  }
}
