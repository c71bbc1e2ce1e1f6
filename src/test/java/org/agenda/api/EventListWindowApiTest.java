package org.agenda.api;

import static org.agenda.api.EventListApiTest.create;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.EventListApiTest.params;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The date window of §6.3: the defaults (§12 rows 51, 52), relative filters switching them off,
 * inclusive versus strict comparisons at the exact boundaries, {@code include}, hidden events and the
 * order (start, then id).
 */
class EventListWindowApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;
  /** §12 row 51: yesterday, today, +25 months. */
  static long pastP, todayT, farF;
  /** Around the default bounds. */
  static long lateYesterday, midnight, lastDay, dayAfterLast;
  /** 2026-03-12 15:00–16:00 CET, title "Grensgeval". */
  static long border;
  /** A past event whose only child is {@link #border}: {@code post_parent} isolates the border event. */
  static long borderParent;
  static long hiddenH;
  /** Today's date on the wall clock but yesterday in Amsterdam, and the other way round. */
  static long auckland, losAngeles;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var ed = server.as("ed", server.addUser("ed", org.agenda.user.Role.EDITOR));
    pastP = create(ed, event("Verleden", "yesterday 10:00", "yesterday 11:00"));
    todayT = create(ed, event("Vandaag", "today 00:05", "today 00:10"));
    farF = create(ed, event("Verre toekomst", "+25 months", "+25 months 23:00"));
    lateYesterday = create(ed, event("Laat gisteren", "2026-03-09 23:30", "2026-03-10 01:00"));
    midnight = create(ed, event("Middernacht", "2026-03-10 00:00", "2026-03-10 00:30"));
    lastDay = create(ed, event("Laatste dag", "2028-03-10 22:00", "2028-03-10 23:59:59"));
    dayAfterLast = create(ed, event("Net te laat", "2028-03-10 22:00", "2028-03-11 00:00"));
    borderParent = create(ed, event("Grensouder", "2026-01-05 10:00", "2026-01-05 11:00"));
    border = create(ed, event("Grensgeval", "2026-03-12 15:00", "2026-03-12 16:00").put("post_parent", borderParent));
    hiddenH = create(ed, event("Verborgen", "tomorrow 10:00", "tomorrow 11:00").put("hide_from_listings", true));
    // 2026-03-10 08:00 NZDT = 2026-03-09 19:00Z (20:00 CET, yesterday in the site timezone)
    auckland = create(ed, event("Auckland", "2026-03-10 08:00", "2026-03-10 09:00").put("timezone", "Pacific/Auckland"));
    // 2026-03-09 20:00 PDT = 2026-03-10 03:00Z (04:00 CET, today in the site timezone)
    losAngeles = create(ed, event("Los Angeles", "2026-03-09 20:00", "2026-03-09 21:00").put("timezone", "America/Los_Angeles"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void row51DefaultWindowExcludesYesterdayAndBeyond24Months() {
    var list = ids(server.anonymous().get(EVENTS + "?per_page=50"));
    assertThat(list).contains(todayT).doesNotContain(pastP, farF);
  }

  @Test
  void defaultWindowBoundsAreDaysOfTheSiteTimezone() {
    var list = ids(server.anonymous().get(EVENTS + "?per_page=50"));
    assertThat(list).contains(midnight, lastDay).doesNotContain(lateYesterday, dayAfterLast, hiddenH);
    assertThat(list).containsSubsequence(midnight, todayT, border, lastDay);
  }

  @Test
  void windowComparesInstantsNotEventWallClocks() {
    var list = ids(server.anonymous().get(EVENTS + "?per_page=50"));
    assertThat(list).contains(losAngeles).doesNotContain(auckland);
    assertThat(ids(server.anonymous().get(EVENTS + q("starts_before", "yesterday", "per_page", "50"))))
        .contains(auckland).doesNotContain(losAngeles);
    assertThat(ids(server.anonymous().get(EVENTS + q("starts_after", "2026-03-10 03:59:59", "strict_dates", "true",
        "starts_before", "2026-03-10 04:00:01", "per_page", "50")))).containsExactly(losAngeles);
  }

  @Test
  void row52EndsBeforeSwitchesOffBothDefaults() {
    var response = server.anonymous().get(EVENTS + "?ends_before=today&per_page=50");
    assertThat(ids(response)).contains(pastP, todayT).doesNotContain(farF);
    assertThat(params(restUrl(response))).doesNotContainKeys("start_date", "end_date")
        .containsEntry("ends_before", "2026-03-10 23:59:59");
  }

  @Test
  void row52IncludeIgnoresTheWindowAndOrdersByStart() {
    assertThat(ids(server.anonymous().get(EVENTS + q("include", farF + "," + pastP)))).containsExactly(pastP, farF);
    // explicit date filters are ignored too
    assertThat(ids(server.anonymous().get(EVENTS
        + q("include", farF + "," + pastP, "start_date", "today", "end_date", "tomorrow", "starts_after", "+1 year"))))
        .containsExactly(pastP, farF);
    // but hidden events are never listed
    var withHidden = server.asAdmin().get(EVENTS + q("include", hiddenH + "," + todayT));
    assertThat(ids(withHidden)).containsExactly(todayT);
    assertThat(withHidden.json().path("total").asInt()).isEqualTo(1);
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "starts_after  | yesterday",
      "starts_before | +26 months",
      "ends_after    | yesterday",
      "ends_before   | +26 months",
  })
  void anyRelativeFilterSwitchesOffBothDefaults(String param, String value) {
    var response = server.anonymous().get(EVENTS + q(param, value, "per_page", "50"));
    assertThat(ids(response)).contains(pastP, farF);
    assertThat(params(restUrl(response))).doesNotContainKeys("start_date", "end_date").containsKey(param);
  }

  @Test
  void explicitStartDateStillAppliesWithARelativeFilter() {
    var response = server.anonymous().get(EVENTS + q("start_date", "today", "starts_before", "+26 months", "per_page", "50"));
    assertThat(ids(response)).contains(todayT, farF).doesNotContain(pastP, lateYesterday);
    assertThat(params(restUrl(response))).containsEntry("start_date", "2026-03-10 00:00:00").doesNotContainKey("end_date");
  }

  @Test
  void hiddenEventsAreNeverListedWhateverTheCaller() {
    for (var caller : List.of(server.anonymous(), server.asAdmin())) {
      assertThat(ids(caller.get(EVENTS + "?per_page=50"))).doesNotContain(hiddenH);
      assertThat(ids(caller.get(EVENTS + "?per_page=50&starts_after=yesterday"))).doesNotContain(hiddenH);
      assertThat(ids(caller.get(EVENTS + "?include=" + hiddenH))).isEmpty();
    }
    assertThat(ids(server.asAdmin().get(EVENTS + "?per_page=50&status=publish,draft,future,pending,private,trash")))
        .doesNotContain(hiddenH);
    assertThat(server.anonymous().get(EVENTS + "/" + hiddenH).status()).isEqualTo(200);
  }

  /** The border event starts 2026-03-12 15:00 and ends 16:00 CET; it is the only child of borderParent. */
  @ParameterizedTest(name = "{0}={1} strict={2} → {3}")
  @CsvSource(delimiter = '|', value = {
      "start_date    | 2026-03-12 15:00          | true  | true",
      "start_date    | 2026-03-12 15:00:01       | true  | false",
      "start_date    | 2026-03-12 23:00          | false | true",
      "start_date    | 2026-03-13 00:00          | false | false",
      "starts_after  | 2026-03-12 15:00          | true  | false",
      "starts_after  | 2026-03-12 14:59:59       | true  | true",
      "starts_after  | 2026-03-12 15:00          | false | true",
      "starts_after  | 2026-03-12 23:59          | false | true",
      "starts_before | 2026-03-12 15:00          | true  | false",
      "starts_before | 2026-03-12 15:00:01       | true  | true",
      "starts_before | 2026-03-12 00:00          | false | true",
      "starts_before | 2026-03-11 23:59:59       | false | false",
      "end_date      | 2026-03-12 16:00          | true  | true",
      "end_date      | 2026-03-12 15:59:59       | true  | false",
      "end_date      | 2026-03-12 00:00          | false | true",
      "ends_before   | 2026-03-12 16:00          | true  | false",
      "ends_before   | 2026-03-12 16:00:01       | true  | true",
      "ends_before   | 2026-03-12                | false | true",
      "ends_after    | 2026-03-12 16:00          | true  | false",
      "ends_after    | 2026-03-12 15:59:59       | true  | true",
      "ends_after    | 2026-03-12 23:00          | false | true",
      "ends_after    | 2026-03-13                | false | false",
      "start_date    | 2026-03-12T14:00:00Z      | true  | true",
      "start_date    | 2026-03-12T14:00:01Z      | true  | false",
      "start_date    | 2026-03-12T23:30:00Z      | false | false",
      "starts_before | 2026-03-12T16:00:00+01:00 | true  | true",
      "starts_after  | 2026-03-12T15:00:00+01:00 | true  | false",
      "ends_before   | 1773273600                | false | true",
      "ends_before   | 1773327600                | true  | false",
      "ends_before   | 1773327601                | true  | true",
  })
  void inclusiveAndStrictComparisonsAtTheBoundary(String param, String value, boolean strict, boolean listed) {
    var response = server.anonymous().get(EVENTS + q("post_parent", Long.toString(borderParent), param, value, "strict_dates", Boolean.toString(strict)));
    if (listed) {
      assertThat(ids(response)).containsExactly(border);
    } else {
      assertThat(ids(response)).isEmpty();
    }
  }

  @Test
  void timestampConstantsOfTheBoundaryTestAreRight() {
    assertThat(Instant.ofEpochSecond(1773327600L)).isEqualTo(Instant.parse("2026-03-12T15:00:00Z")); // 16:00 CET
  }

  @Test
  void defaultWindowFollowsTheSiteDayNotTheUtcDay() {
    try {
      server.clock.set(Instant.parse("2026-03-10T23:30:00Z")); // 2026-03-11 00:30 in Amsterdam
      var response = server.anonymous().get(EVENTS + "?per_page=50");
      assertThat(params(restUrl(response))).containsEntry("start_date", "2026-03-11 00:00:00")
          .containsEntry("end_date", "2028-03-11 23:59:59");
      assertThat(ids(response)).doesNotContain(todayT, midnight).contains(border);
    } finally {
      server.clock.set(TestServer.DEFAULT_NOW);
    }
  }

  @Test
  void defaultEndOfA29FebruaryIs28February() {
    try {
      server.clock.set(Instant.parse("2028-02-29T12:00:00Z"));
      assertThat(params(restUrl(server.anonymous().get(EVENTS))))
          .containsEntry("start_date", "2028-02-29 00:00:00")
          .containsEntry("end_date", "2030-02-28 23:59:59");
    } finally {
      server.clock.set(TestServer.DEFAULT_NOW);
    }
  }

  @Test
  void orderIsStartThenIdWhateverTheTimezoneTitleOrEnd() {
    var admin = server.asAdmin();
    long group = create(admin, event("Volgorde ouder", "2026-01-05 10:00", "2026-01-05 11:00"));
    // same start (10:00 CEST): the first created is listed first, though its title and end sort later
    long first = create(admin, event("Volgorde b", "2026-04-01 10:00", "2026-04-01 12:00").put("post_parent", group));
    long second = create(admin, event("Volgorde a", "2026-04-01 10:00", "2026-04-01 11:00").put("post_parent", group));
    // 08:30 UTC = 10:30 CEST: after the 10:00 events although its wall clock is earlier
    long utc = create(admin, event("Volgorde c", "2026-04-01 08:30", "2026-04-01 09:00").put("timezone", "UTC").put("post_parent", group));
    // created last but starts first
    long earliest = create(admin, event("Volgorde d", "2026-04-01 09:00", "2026-04-01 09:30").put("post_parent", group));
    assertThat(ids(server.anonymous().get(EVENTS + "?post_parent=" + group))).containsExactly(earliest, first, second, utc);
    assertThat(ids(server.anonymous().get(EVENTS + q("include", utc + "," + second + "," + earliest + "," + first))))
        .containsExactly(earliest, first, second, utc);
    assertThat(ids(server.anonymous().get(EVENTS + "?post_parent=" + group + "&per_page=2&page=2")))
        .containsExactly(second, utc);
    // search does not change the order
    assertThat(ids(server.anonymous().get(EVENTS + "?search=Volgorde"))).containsExactly(earliest, first, second, utc);
  }
}
