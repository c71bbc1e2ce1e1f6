package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.createJson;
import static org.agenda.api.EventListApiTest.enc;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The worked example of §6.3 (events A–D, "now" = 2026-03-10 14:05 CET, the harness clock) row by
 * row, and the list-window bounds of §8.6 as they appear in {@code rest_url}.
 */
class EventListWorkedExampleApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;
  private static final String DEFAULT_END = "end_date=2028-03-10%2023%3A59%3A59";
  private static final String DEFAULT_START = "start_date=2026-03-10%2000%3A00%3A00";

  static TestServer server;
  static long a, b, c, d;
  /** Past events: P (1 March), Q and R (same start, 9 March 20:00; Q created first). */
  static long p, qq, r;
  /** Hidden and draft events inside the window, never listed to anonymous callers. */
  static long hidden, draft;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var admin = server.asAdmin();
    // created in an order that differs from the list order
    b = create(admin, event("B", "2026-03-14 09:00", "2026-03-14 12:00").put("timezone", "Europe/Amsterdam"));
    var cJson = createJson(admin, event("C", "2026-03-14 09:00", "2026-03-14 10:00").put("timezone", "America/New_York"));
    c = cJson.path("id").asLong();
    assertThat(cJson.path("utc_start_date").asText()).isEqualTo("2026-03-14 13:00:00");
    assertThat(cJson.path("utc_end_date").asText()).isEqualTo("2026-03-14 14:00:00");
    var dJson = createJson(admin, event("D", "2026-03-11 22:00", "2026-03-12 02:00").put("timezone", "Europe/Amsterdam"));
    d = dJson.path("id").asLong();
    assertThat(dJson.path("utc_end_date").asText()).isEqualTo("2026-03-12 01:00:00");
    a = create(admin, event("A", "2026-03-12 09:00", "2026-03-12 11:00").put("timezone", "Europe/Amsterdam"));
    p = create(admin, event("P", "2026-03-01 10:00", "2026-03-01 11:00"));
    qq = create(admin, event("Q", "2026-03-09 20:00", "2026-03-12 01:00"));
    r = create(admin, event("R", "2026-03-09 20:00", "2026-03-12 00:59"));
    hidden = create(admin, event("H", "2026-03-13 10:00", "2026-03-13 11:00").put("hide_from_listings", true));
    draft = create(admin, event("Dr", "2026-03-13 10:00", "2026-03-13 11:00").put("status", "draft"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String nav(String query) {
    return server.url(EVENTS + "/?" + query);
  }

  @Test
  void row1DefaultWindow() {
    var response = server.anonymous().get(EVENTS);
    assertThat(ids(response)).containsExactly(d, a, b, c);
    assertThat(restUrl(response)).isEqualTo(nav("per_page=12&" + DEFAULT_START + "&" + DEFAULT_END + "&status=publish&page=1"));
    assertThat(response.json().path("total").asInt()).isEqualTo(4);
  }

  @Test
  void row2InclusiveStartAndEndDate() {
    var response = server.anonymous().get(EVENTS + q("start_date", "2026-03-12", "end_date", "2026-03-14 10:00"));
    assertThat(ids(response)).containsExactly(a, b, c);
    assertThat(restUrl(response)).isEqualTo(nav(
        "per_page=12&start_date=2026-03-12%2000%3A00%3A00&end_date=2026-03-14%2023%3A59%3A59&status=publish&page=1"));
  }

  @Test
  void row3StrictStartAndEndDate() {
    var response = server.anonymous().get(EVENTS
        + q("start_date", "2026-03-12", "end_date", "2026-03-14 10:00", "strict_dates", "true"));
    assertThat(ids(response)).containsExactly(a);
    assertThat(restUrl(response)).isEqualTo(nav("per_page=12&start_date=2026-03-12%2000%3A00%3A00"
        + "&end_date=2026-03-14%2010%3A00%3A00&strict_dates=true&status=publish&page=1"));
  }

  @Test
  void row4StartsAfterAndStartsBeforeWithoutDefaults() {
    var response = server.anonymous().get(EVENTS + q("starts_after", "2026-03-11", "starts_before", "2026-03-12"));
    assertThat(ids(response)).containsExactly(d, a);
    assertThat(restUrl(response)).isEqualTo(nav("per_page=12&starts_before=2026-03-12%2023%3A59%3A59"
        + "&starts_after=2026-03-11%2000%3A00%3A00&status=publish&page=1"));
  }

  @Test
  void row5StrictEndsBeforeIncludesPastEvents() {
    var response = server.anonymous().get(EVENTS + q("ends_before", "2026-03-12 01:00", "strict_dates", "true"));
    // Q ends exactly at the bound (strict: end < P); R ends a minute earlier; P is long past
    assertThat(ids(response)).containsExactly(p, r);
    assertThat(restUrl(response)).isEqualTo(nav(
        "per_page=12&ends_before=2026-03-12%2001%3A00%3A00&strict_dates=true&status=publish&page=1"));
  }

  @Test
  void row5InclusiveVariantCoversTheWholeDayAndOrdersTiesById() {
    var response = server.anonymous().get(EVENTS + q("ends_before", "2026-03-12 01:00"));
    assertThat(ids(response)).containsExactly(p, qq, r, d, a);
    assertThat(restUrl(response)).isEqualTo(nav("per_page=12&ends_before=2026-03-12%2023%3A59%3A59&status=publish&page=1"));
  }

  @Test
  void row6IncludeIgnoresDatesButNotVisibilityOrHiding() {
    String include = b + "," + p + "," + hidden + "," + draft + ",999999";
    var anonymous = server.anonymous().get(EVENTS + q("include", include));
    assertThat(ids(anonymous)).containsExactly(p, b);
    assertThat(anonymous.json().path("total").asInt()).isEqualTo(2);
    assertThat(restUrl(anonymous)).isEqualTo(nav("per_page=12&status=publish&include=" + enc(include) + "&page=1"));
    assertThat(ids(server.asAdmin().get(EVENTS + q("include", include)))).containsExactly(p, draft, b);
  }

  @Test
  void hiddenAndDraftEventsStayOutOfTheDefaultListsAndTotals() {
    var admin = server.asAdmin().get(EVENTS);
    assertThat(ids(admin)).containsExactly(d, a, draft, b, c);
    assertThat(admin.json().path("total").asInt()).isEqualTo(5);
    assertThat(server.anonymous().get(EVENTS + "/" + hidden).status()).isEqualTo(200);
  }

  /** §8.6: each input, in inclusive and strict mode, as the bound shown in rest_url. */
  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "start_date    | 2026-03-12                | 2026-03-12 00:00:00 | 2026-03-12 00:00:00",
      "start_date    | 2026-03-12 15:30          | 2026-03-12 00:00:00 | 2026-03-12 15:30:00",
      "end_date      | 2026-03-12                | 2026-03-12 23:59:59 | 2026-03-12 00:00:00",
      "end_date      | 2026-03-12 18:00          | 2026-03-12 23:59:59 | 2026-03-12 18:00:00",
      "starts_after  | 2026-03-12 15:00          | 2026-03-12 00:00:00 | 2026-03-12 15:00:00",
      "starts_before | 2026-03-12 15:00          | 2026-03-12 23:59:59 | 2026-03-12 15:00:00",
      "ends_after    | 2026-03-12                | 2026-03-12 00:00:00 | 2026-03-12 00:00:00",
      "ends_before   | 2026-03-12                | 2026-03-12 23:59:59 | 2026-03-12 00:00:00",
      "start_date    | tomorrow                  | 2026-03-11 00:00:00 | 2026-03-11 00:00:00",
      "start_date    | now                       | 2026-03-10 00:00:00 | 2026-03-10 14:05:00",
      "end_date      | +1 week                   | 2026-03-17 23:59:59 | 2026-03-17 14:05:00",
      "start_date    | 2026-03-12T23:30:00Z      | 2026-03-13 00:00:00 | 2026-03-13 00:30:00",
      "start_date    | 1773273600                | 2026-03-12 00:00:00 | 2026-03-12 01:00:00",
      "ends_after    | 2026-03-12T20:00:00+05:00 | 2026-03-12 00:00:00 | 2026-03-12 16:00:00",
      "starts_before | -1 day                    | 2026-03-09 23:59:59 | 2026-03-09 14:05:00",
  })
  void listWindowBoundsInRestUrl(String param, String input, String inclusive, String strict) {
    var plain = server.anonymous().get(EVENTS + q(param, input));
    assertThat(restUrl(plain)).isEqualTo(nav(expectedQuery(param, inclusive, false)));
    var strictResponse = server.anonymous().get(EVENTS + q(param, input, "strict_dates", "true"));
    assertThat(restUrl(strictResponse)).isEqualTo(nav(expectedQuery(param, strict, true)));
  }

  private static String expectedQuery(String param, String bound, boolean strict) {
    String value = param + "=" + enc(bound);
    String dates = switch (param) {
      case "start_date" -> value + "&" + DEFAULT_END;
      case "end_date" -> DEFAULT_START + "&" + value;
      default -> value;
    };
    return "per_page=12&" + dates + (strict ? "&strict_dates=true" : "") + "&status=publish&page=1";
  }

  @Test
  void defaultsAreDayBoundsInStrictModeToo() {
    assertThat(restUrl(server.anonymous().get(EVENTS + "?strict_dates=true")))
        .isEqualTo(nav("per_page=12&" + DEFAULT_START + "&" + DEFAULT_END + "&strict_dates=true&status=publish&page=1"));
  }
}
