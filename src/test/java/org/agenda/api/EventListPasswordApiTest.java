package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Password-protected events in lists (§4.8, §12 row 61): stripping, unlocking, search. */
class EventListPasswordApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;
  /** §4.8: the replaced keys and their replacements. */
  private static final Map<String, String> STRIPPED = new LinkedHashMap<>();

  static {
    STRIPPED.put("description", "\"\"");
    STRIPPED.put("excerpt", "\"\"");
    STRIPPED.put("image", "false");
    STRIPPED.put("all_day", "null");
    STRIPPED.put("cost", "\"\"");
    STRIPPED.put("cost_details", "{\"currency_symbol\":\"\",\"currency_code\":\"\",\"currency_position\":\"\",\"values\":[]}");
    STRIPPED.put("website", "\"\"");
    STRIPPED.put("show_map", "null");
    STRIPPED.put("show_map_link", "null");
    STRIPPED.put("hide_from_listings", "null");
    STRIPPED.put("sticky", "null");
    STRIPPED.put("featured", "null");
    STRIPPED.put("categories", "[]");
    STRIPPED.put("tags", "[]");
    STRIPPED.put("venue", "[]");
    STRIPPED.put("organizer", "[]");
  }

  static TestServer server;
  static TestServer.Caller ed, au, au2, co, co2, su;
  static long parent, pw, pwSame, pwOther, coProtected;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    au2 = server.as("au2", server.addUser("au2", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    co2 = server.as("co2", server.addUser("co2", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));

    parent = create(ed, event("Ouder", "tomorrow 08:00", "tomorrow 09:00"));
    var body = event("Geheim", "tomorrow 10:00", "tomorrow 11:00")
        .put("password", "s3cret")
        .put("description", "<p>x verborgenwoord</p>")
        .put("excerpt", "<p>samenvatting</p>")
        .put("featured", true)
        .put("sticky", true)
        .put("show_map", true)
        .put("show_map_link", true)
        .put("image", "https://cdn.example.org/a/poster.JPG")
        .put("cost", "€15 - €25")
        .put("website", "https://muziek.example/zomer")
        .put("post_parent", parent);
    pw = create(au, body);
    pwSame = create(ed, event("Geheim twee", "tomorrow 12:00", "tomorrow 13:00").put("password", "s3cret")
        .put("description", "<p>tweede</p>"));
    pwOther = create(ed, event("Geheim drie", "tomorrow 14:00", "tomorrow 15:00").put("password", "anders")
        .put("description", "<p>derde</p>"));
    coProtected = create(co, event("Geheim concept", "tomorrow 16:00", "tomorrow 17:00").put("password", "co-pw")
        .put("description", "<p>van co</p>"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static JsonNode item(TestServer.Caller caller, long id, String extra) {
    var response = caller.get(EVENTS + "?include=" + id + extra);
    assertThat(ids(response)).containsExactly(id);
    return response.json().path("events").get(0);
  }

  /** The item has exactly the keys of the full item, in the same order, with the §4.8 replacements. */
  private static void assertStripped(JsonNode item, JsonNode full) {
    assertThat(keys(item)).isEqualTo(keys(full));
    assertThat(item.has("json_ld")).isFalse();
    full.fieldNames().forEachRemaining(key -> {
      if (STRIPPED.containsKey(key)) {
        assertThat(item.path(key).toString()).as(key).isEqualTo(STRIPPED.get(key));
      } else {
        assertThat(item.path(key)).as(key).isEqualTo(full.path(key));
      }
    });
  }

  private static void assertFull(JsonNode item, JsonNode full) {
    assertThat(item.toString()).isEqualTo(full.toString());
  }

  @Test
  void fullItemAsSeenByTheEditorHasRealValues() {
    JsonNode full = item(ed, pw, "");
    assertThat(full.path("description").asText()).isEqualTo("<p>x verborgenwoord</p>");
    assertThat(full.path("featured").asBoolean()).isTrue();
    assertThat(full.path("cost").asText()).isEqualTo("€15 – €25");
    assertThat(full.path("image").path("extension").asText()).isEqualTo("jpg");
    assertThat(full.path("post_parent").asLong()).isEqualTo(parent);
    assertThat(full.has("json_ld")).isFalse();
  }

  @Test
  void row61LockedEventIsListedStrippedForAnonymous() {
    JsonNode full = item(ed, pw, "");
    JsonNode stripped = item(server.anonymous(), pw, "");
    assertStripped(stripped, full);
    // the §12 row 61 expectations, spelled out
    assertThat(stripped.path("title").asText()).isEqualTo("Geheim");
    assertThat(stripped.path("description").asText()).isEmpty();
    assertThat(stripped.path("featured").isNull()).isTrue();
    assertThat(stripped.path("all_day").isNull()).isTrue();
    assertThat(stripped.path("image").asBoolean(true)).isFalse();
    assertThat(stripped.path("venue").isArray()).isTrue();
    assertThat(stripped.path("cost_details").path("values").isEmpty()).isTrue();
    assertThat(stripped.path("post_parent").asLong()).isEqualTo(parent);
    assertThat(stripped.path("start_date").asText()).isEqualTo(full.path("start_date").asText());
  }

  @Test
  void lockedEventsAreCounted() {
    var response = server.anonymous().get(EVENTS + "?include=" + pw + "," + pwSame + "," + pwOther);
    assertThat(ids(response)).containsExactly(pw, pwSame, pwOther);
    assertThat(response.json().path("total").asInt()).isEqualTo(3);
  }

  @Test
  void row61PasswordParameterUnlocksEveryEventWithThatPassword() {
    var response = server.anonymous().get(EVENTS + "?include=" + pw + "," + pwSame + "," + pwOther + "&password=s3cret");
    assertThat(ids(response)).containsExactly(pw, pwSame, pwOther);
    JsonNode events = response.json().path("events");
    assertFull(events.get(0), item(ed, pw, ""));
    assertFull(events.get(1), item(ed, pwSame, ""));
    assertStripped(events.get(2), item(ed, pwOther, ""));
    assertThat(restUrl(response)).doesNotContain("password").doesNotContain("s3cret");
    assertThat(response.json().path("next_rest_url").isMissingNode()).isTrue();
  }

  @Test
  void passwordIsCaseSensitive() {
    assertStripped(item(server.anonymous(), pw, "&password=S3CRET"), item(ed, pw, ""));
  }

  @Test
  void neverStrippedForWhoCanEditTheEvent() {
    JsonNode full = item(ed, pw, "");
    assertFull(item(au, pw, ""), full); // the author of a published event
    assertFull(item(server.asAdmin(), pw, ""), full);
    // readers who cannot edit it
    assertStripped(item(au2, pw, ""), full);
    assertStripped(item(co, pw, ""), full);
    assertStripped(item(su, pw, ""), full);
  }

  @Test
  void contributorsOwnProtectedDraftIsUnlockedForThemOnly() {
    JsonNode full = item(ed, coProtected, "");
    assertThat(full.path("status").asText()).isEqualTo("draft");
    assertThat(full.path("description").asText()).isEqualTo("<p>van co</p>");
    assertFull(item(co, coProtected, ""), full);
    assertStripped(item(co2, coProtected, ""), full);
    assertStripped(item(au, coProtected, ""), full);
    assertFull(item(co2, coProtected, "&password=co-pw"), full);
  }

  @Test
  void searchOfALockedEventUsesOnlyItsTitle() {
    assertThat(ids(server.anonymous().get(EVENTS + "?search=verborgenwoord"))).isEmpty();
    assertThat(ids(server.anonymous().get(EVENTS + "?search=verborgenwoord&password=s3cret"))).containsExactly(pw);
    assertThat(ids(ed.get(EVENTS + "?search=verborgenwoord"))).containsExactly(pw);
    assertThat(ids(au.get(EVENTS + "?search=verborgenwoord"))).containsExactly(pw);
    assertThat(ids(au2.get(EVENTS + "?search=verborgenwoord"))).isEmpty();
    // the description never causes an exclusion while locked
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "Geheim -verborgenwoord")))).contains(pw);
    assertThat(ids(server.anonymous().get(EVENTS + q("search", "Geheim -verborgenwoord", "password", "s3cret"))))
        .doesNotContain(pw).contains(pwSame);
    assertThat(ids(ed.get(EVENTS + q("search", "Geheim -verborgenwoord")))).doesNotContain(pw);
  }

  @Test
  void row61SingleReadsForContext() {
    HttpResult locked = server.anonymous().get(EVENTS + "/" + pw);
    assertThat(locked.status()).isEqualTo(403);
    assertThat(locked.code()).isEqualTo("event-password-protected");
    assertThat(server.anonymous().get(EVENTS + "/" + pw + "?password=S3CRET").status()).isEqualTo(403);
    HttpResult unlocked = server.anonymous().get(EVENTS + "/" + pw + "?password=s3cret");
    assertThat(unlocked.status()).isEqualTo(200);
    assertThat(unlocked.json().path("description").asText()).isEqualTo("<p>x verborgenwoord</p>");
    assertThat(ed.get(EVENTS + "/" + pw).status()).isEqualTo(200);
  }
}
