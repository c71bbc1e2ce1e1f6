package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.createJson;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.fields;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.params;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The other filters of §6.3 — {@code featured}, {@code post_parent}, {@code include}, {@code ticketed},
 * geolocation — and the validation errors of §12 rows 59, 62 (errors only), 63, 64 (list part).
 */
class EventListFiltersApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  static long featured, plain, parent, child, draftChild, draftParent;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var admin = server.asAdmin();
    plain = create(admin, event("Filterproef gewoon", "tomorrow 11:00", "tomorrow 12:00"));
    featured = create(admin, event("Filterproef uitgelicht", "tomorrow 10:00", "tomorrow 11:00").put("featured", true));
    parent = create(admin, event("Ouder", "tomorrow 09:00", "tomorrow 10:00"));
    var childJson = createJson(admin, event("Kind", "tomorrow 13:00", "tomorrow 14:00").put("post_parent", parent));
    child = childJson.path("id").asLong();
    assertThat(childJson.path("post_parent").asLong()).isEqualTo(parent);
    draftChild = create(admin, event("Kind in concept", "tomorrow 12:00", "tomorrow 13:00")
        .put("post_parent", parent).put("status", "draft"));
    draftParent = create(admin, event("Ouder in concept", "tomorrow 09:00", "tomorrow 10:00").put("status", "draft"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void featuredFiltersBothWaysAndIsRendered() {
    var yes = server.anonymous().get(EVENTS + "?featured=true");
    assertThat(ids(yes)).containsExactly(featured);
    assertThat(params(restUrl(yes))).containsEntry("featured", "true");
    var no = server.anonymous().get(EVENTS + "?featured=false");
    assertThat(ids(no)).containsExactly(parent, plain, child);
    assertThat(params(restUrl(no))).containsEntry("featured", "false");
    // boolean spellings are normalised
    var yesWord = server.anonymous().get(EVENTS + "?featured=YES");
    assertThat(ids(yesWord)).containsExactly(featured);
    assertThat(params(restUrl(yesWord))).containsEntry("featured", "true");
    assertThat(ids(server.anonymous().get(EVENTS + "?featured=0"))).containsExactly(parent, plain, child);
    assertThat(ids(server.anonymous().get(EVENTS + "?featured=true&post_parent=" + parent))).isEmpty();
  }

  @Test
  void row64PostParentListsChildrenVisibleToTheCaller() {
    var anonymous = server.anonymous().get(EVENTS + "?post_parent=" + parent);
    assertThat(ids(anonymous)).containsExactly(child);
    assertThat(params(restUrl(anonymous))).containsEntry("post_parent", Long.toString(parent));
    assertThat(ids(server.asAdmin().get(EVENTS + "?post_parent=" + parent))).containsExactly(draftChild, child);
    // a parent of any status is a valid value
    assertThat(ids(server.anonymous().get(EVENTS + "?post_parent=" + draftParent))).isEmpty();
    // write side of row 64: a cycle is refused
    var cycle = server.asAdmin().patchJson(EVENTS + "/" + parent, fields("post_parent", child).toString());
    assertInvalid(cycle, "post_parent", "rest_invalid_parent");
  }

  @Test
  void includeAcceptsEveryListForm() {
    String expected = featured + "," + plain;
    for (String query : new String[] {
        "?include=" + featured + "," + plain,
        "?include%5B%5D=" + featured + "&include%5B%5D=" + plain,
        "?include=" + featured + "&include=" + plain,
        "?include=" + featured + "%2C%20" + plain + "%2C",
    }) {
      var response = server.anonymous().get(EVENTS + query);
      assertThat(ids(response)).as(query).containsExactly(featured, plain);
      assertThat(params(restUrl(response))).as(query).containsEntry("include", expected);
    }
  }

  @Test
  void row63TicketedTrueIsNotSupported() {
    var response = server.anonymous().get(EVENTS + "?ticketed=true");
    assertInvalid(response, "ticketed", "ticketing-not-supported");
    assertThat(response.json().path("data").path("details").path("ticketed").path("message").asText())
        .isEqualTo("Ticketing is not supported by this service.");
    assertInvalid(server.anonymous().get(EVENTS + "?ticketed=yes"), "ticketed", "ticketing-not-supported");
    var ok = server.anonymous().get(EVENTS + "?ticketed=false");
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ids(ok)).isEqualTo(ids(server.anonymous().get(EVENTS)));
    assertInvalid(server.anonymous().get(EVENTS + "?ticketed=maybe"), "ticketed", "rest_invalid_type");
  }

  @Test
  void geolocWithoutVenuesListsEverythingForFalseAndNothingForTrue() {
    var all = server.anonymous().get(EVENTS);
    var none = server.anonymous().get(EVENTS + "?geoloc=false");
    assertThat(ids(none)).isNotEmpty().isEqualTo(ids(all));
    assertThat(none.json().path("total").asInt()).isEqualTo(all.json().path("total").asInt());
    assertThat(params(restUrl(none))).containsEntry("geoloc", "false");
    var located = server.anonymous().get(EVENTS + "?geoloc=true");
    assertThat(ids(located)).isEmpty();
    assertThat(located.json().path("total").asInt()).isZero();
    assertThat(ids(server.anonymous().get(EVENTS + "?geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=20000"))).isEmpty();
  }

  @Test
  void geolocationParametersAreValidated() {
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lat=52.09"), "geoloc_lat", "rest_missing_pair");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lng=5.12"), "geoloc_lng", "rest_missing_pair");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_radius=0"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_radius=-1"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_radius=20001"), "geoloc_radius", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lat=52&geoloc_lng=5&geoloc_radius=20000.5"), "geoloc_radius",
        "rest_out_of_range");
    assertThat(server.anonymous().get(EVENTS + "?geoloc_radius=20000").status()).isEqualTo(200);
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lat=91&geoloc_lng=5"), "geoloc_lat", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lat=52&geoloc_lng=-180.5"), "geoloc_lng", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc_lat=abc&geoloc_lng=5"), "geoloc_lat", "rest_invalid_type");
    assertInvalid(server.anonymous().get(EVENTS + "?geoloc=maybe"), "geoloc", "rest_invalid_type");
  }

  /** §12 row 59 and the unimplemented resources (any value refers to nothing). */
  @ParameterizedTest(name = "{0}={1} → {2}")
  @CsvSource(delimiter = '|', value = {
      "categories   | no-such-slug | rest_not_found",
      "categories   | 5            | rest_not_found",
      "tags         | buiten       | rest_not_found",
      "venue        | 999999       | rest_not_found",
      "organizer    | 999999       | rest_not_found",
      "venue        | abc          | rest_invalid_type",
      "post_parent  | 999999       | rest_not_found",
      "post_parent  | abc          | rest_invalid_type",
      "include      | a,b          | rest_invalid_type",
      "include      | 0            | rest_out_of_range",
      "featured     | maybe        | rest_invalid_type",
      "strict_dates | maybe        | rest_invalid_type",
      "start_date   | not a date   | rest_invalid_date",
      "end_date     | 2026-02-30   | rest_invalid_date",
      "starts_after | 25:00        | rest_invalid_date",
  })
  void row59InvalidFilterValues(String param, String value, String detail) {
    assertInvalid(server.anonymous().get(EVENTS + q(param, value)), param, detail);
  }

  @Test
  void venueAndOrganizerFiltersRefuseAnEventId() {
    assertInvalid(server.anonymous().get(EVENTS + "?venue=" + plain), "venue", "rest_not_found");
    assertInvalid(server.anonymous().get(EVENTS + "?organizer=" + plain), "organizer", "rest_not_found");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"search", "featured", "categories", "include", "password", "start_date"})
  void emptyFilterValuesAreRefused(String param) {
    assertInvalid(server.anonymous().get(EVENTS + "?" + param + "="), param, "rest_empty_value");
  }

  @Test
  void whitespaceOnlySearchCountsAsEmpty() {
    assertInvalid(server.anonymous().get(EVENTS + "?search=%20%20"), "search", "rest_empty_value");
  }

  @Test
  void lengthLimits() {
    assertInvalid(server.anonymous().get(EVENTS + q("search", "a".repeat(201))), "search", "rest_too_long");
    assertThat(server.anonymous().get(EVENTS + q("search", "a".repeat(200))).status()).isEqualTo(200);
    assertInvalid(server.anonymous().get(EVENTS + q("password", "p".repeat(256))), "password", "rest_too_long");
    var hundredAndOne = new StringBuilder("1");
    for (int i = 2; i <= 101; i++) hundredAndOne.append(',').append(i);
    assertInvalid(server.anonymous().get(EVENTS + q("include", hundredAndOne.toString())), "include", "rest_too_long");
  }

  @Test
  void dateParametersAreValidatedEvenWithInclude() {
    HttpResult response = server.anonymous().get(EVENTS + q("include", Long.toString(plain), "ends_before", "garbage"));
    assertInvalid(response, "ends_before", "rest_invalid_date");
  }

  @Test
  void statusValuesAreValidatedForMembers() {
    assertInvalid(server.asAdmin().get(EVENTS + "?status=bogus"), "status", "rest_invalid_value");
    assertInvalid(server.asAdmin().get(EVENTS + "?status=publish,bogus"), "status", "rest_invalid_value");
    assertInvalid(server.asAdmin().get(EVENTS + "?status="), "status", "rest_empty_value");
  }
}
