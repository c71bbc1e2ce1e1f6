package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.createJson;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.patch;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Statuses in event lists (§4.7, §4.4, §4.9, §12 row 58): defaults, the status filter and trash. */
class EventListVisibilityApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;
  private static final String MEMBER_STATUSES = "status=publish%2Cfuture%2Cdraft%2Cpending%2Cprivate";

  static TestServer server;
  static TestServer.Caller ed, au, co, co2, su;
  static long pub, edDraft, edPending, edPrivate, auFuture, auDraft, coDraft, coPending, co2Draft;
  static long coTrashed, co2Trashed, auTrashed, coPublishedThenTrashed;
  private static int hour = 0;

  /** Each event starts one hour after the previous one, so list order = creation order. */
  private static com.fasterxml.jackson.databind.node.ObjectNode next(String title) {
    hour++;
    String day = "2026-03-" + (20 + hour / 24);
    String time = String.format("%02d:00", hour % 24);
    String end = String.format("%02d:30", hour % 24);
    return event("Zicht " + title, day + " " + time, day + " " + end);
  }

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    co2 = server.as("co2", server.addUser("co2", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));

    pub = create(ed, next("gepubliceerd"));
    edDraft = create(ed, next("ed concept").put("status", "draft"));
    edPending = create(ed, next("ed wachtend").put("status", "pending"));
    edPrivate = create(ed, next("ed privé").put("status", "private"));
    var future = createJson(au, next("au toekomst").put("date", "+7 days"));
    assertThat(future.path("status").asText()).isEqualTo("future");
    auFuture = future.path("id").asLong();
    auDraft = create(au, next("au concept").put("status", "draft"));
    var coJson = createJson(co, next("co concept"));
    assertThat(coJson.path("status").asText()).isEqualTo("draft");
    coDraft = coJson.path("id").asLong();
    var coPendingJson = createJson(co, next("co wachtend").put("status", "publish"));
    assertThat(coPendingJson.path("status").asText()).isEqualTo("pending");
    coPending = coPendingJson.path("id").asLong();
    co2Draft = create(co2, next("co2 concept"));

    coTrashed = trash(co, create(co, next("co weg")));
    co2Trashed = trash(co2, create(co2, next("co2 weg")));
    auTrashed = trash(au, create(au, next("au weg")));
    coPublishedThenTrashed = create(co, next("co gepubliceerd weg"));
    patch(ed, EVENTS + "/" + coPublishedThenTrashed, fields("status", "publish"));
    trash(ed, coPublishedThenTrashed);
  }

  private static long trash(TestServer.Caller caller, long id) {
    HttpResult response = caller.delete(EVENTS + "/" + id);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.json().path("status").asText()).isEqualTo("trash");
    return id;
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static HttpResult list(TestServer.Caller caller, String query) {
    // this server holds only the events created above
    return caller.get(EVENTS + "?per_page=50" + query);
  }

  @Test
  void anonymousAndSubscribersSeeOnlyPublishedEvents() {
    for (var caller : new TestServer.Caller[] {server.anonymous(), su}) {
      var response = list(caller, "");
      assertThat(ids(response)).containsExactly(pub);
      assertThat(response.json().path("total").asInt()).isEqualTo(1);
      assertThat(restUrl(response)).contains("&status=publish&page=1");
      assertThat(ids(list(caller, "&status=publish"))).containsExactly(pub);
    }
  }

  @ParameterizedTest(name = "status={0}")
  @CsvSource(delimiter = '|', value = {"draft", "trash", "publish,draft", "future", "bogus", "private"})
  void anonymousAndSubscribersMayOnlyAskForPublish(String status) {
    assertInvalid(server.anonymous().get(EVENTS + q("status", status)), "status", "rest_not_allowed");
    assertInvalid(su.get(EVENTS + q("status", status)), "status", "rest_not_allowed");
  }

  @Test
  void row58ContributorListsEveryonesNonTrashedEvents() {
    var response = list(co, "");
    assertThat(ids(response)).containsExactly(pub, edDraft, edPending, edPrivate, auFuture, auDraft, coDraft, coPending,
        co2Draft);
    assertThat(response.json().path("total").asInt()).isEqualTo(9);
    assertThat(restUrl(response)).contains("&" + MEMBER_STATUSES + "&page=1");
    assertThat(ids(list(au, ""))).containsExactly(pub, edDraft, edPending, edPrivate, auFuture, auDraft, coDraft,
        coPending, co2Draft);
    assertThat(ids(list(ed, ""))).containsExactly(pub, edDraft, edPending, edPrivate, auFuture, auDraft, coDraft,
        coPending, co2Draft);
  }

  @Test
  void row58EditorFiltersDraftAndPending() {
    var response = list(ed, "&status=draft,pending");
    assertThat(ids(response)).containsExactly(edDraft, edPending, auDraft, coDraft, coPending, co2Draft);
    assertThat(restUrl(response)).contains("&status=draft%2Cpending&page=1");
    assertThat(ids(list(co, "&status=private,future"))).containsExactly(edPrivate, auFuture);
  }

  @Test
  void trashIsListedOnlyWhenAskedFor() {
    assertThat(ids(list(ed, ""))).doesNotContain(coTrashed, co2Trashed, auTrashed, coPublishedThenTrashed);
    var editor = list(ed, "&status=trash");
    assertThat(ids(editor)).containsExactly(coTrashed, co2Trashed, auTrashed, coPublishedThenTrashed);
    assertThat(restUrl(editor)).contains("&status=trash&page=1");
  }

  @Test
  void trashIsListedOnlyWhereTheCallerCanEditIt() {
    // an author: own trashed events only
    var author = list(au, "&status=trash");
    assertThat(ids(author)).containsExactly(auTrashed);
    assertThat(author.json().path("total").asInt()).isEqualTo(1);
    // a contributor: own events trashed while draft/pending; not the one that was published before
    var contributor = list(co, "&status=trash");
    assertThat(ids(contributor)).containsExactly(coTrashed);
    assertThat(contributor.json().path("total").asInt()).isEqualTo(1);
    assertThat(contributor.header("X-Cal-Total")).isEqualTo("1");
    assertThat(ids(list(co2, "&status=trash"))).containsExactly(co2Trashed);
    assertThat(ids(list(co, "&status=publish,trash"))).containsExactly(pub, coTrashed);
  }
}
