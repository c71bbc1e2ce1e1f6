package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.params;
import static org.agenda.api.EventListApiTest.q;
import static org.agenda.api.EventListApiTest.restUrl;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The date inputs of §8.1 given to a list filter: evaluated in the site timezone (§8.2) at "now" =
 * 2026-03-10 14:05 CET (a Tuesday), observed as the strict-mode bound in {@code rest_url}.
 */
class EventListDateInputApiTest {
  private static final String EVENTS = EventListApiTest.EVENTS;

  static TestServer server;

  @BeforeAll
  static void start() {
    server = TestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static String strictStart(String input) {
    var response = server.anonymous().get(EVENTS + q("start_date", input, "strict_dates", "true"));
    return params(restUrl(response)).get("start_date");
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "2026-07-04                | 2026-07-04 00:00:00",
      "2026-07-04 20:00          | 2026-07-04 20:00:00",
      "2026-07-04 20:00:00       | 2026-07-04 20:00:00",
      "2026-07-04T20:00          | 2026-07-04 20:00:00",
      "2026-07-04T20:00:00.250   | 2026-07-04 20:00:00",
      "2026-07-04T18:00:00Z      | 2026-07-04 20:00:00",
      "2026-07-04 20:00:00+02:00 | 2026-07-04 20:00:00",
      "2026-07-04T20:00:00+0200  | 2026-07-04 20:00:00",
      "2026-07-04T20:00+02       | 2026-07-04 20:00:00",
      "2026-07-04T20:00:00-04:00 | 2026-07-05 02:00:00",
      "1783188000                | 2026-07-04 20:00:00",
      "12                        | 1970-01-01 01:00:12",
      "-3600                     | 1970-01-01 00:00:00",
      "now                       | 2026-03-10 14:05:00",
      "NOW                       | 2026-03-10 14:05:00",
      "today                     | 2026-03-10 00:00:00",
      "tomorrow                  | 2026-03-11 00:00:00",
      "yesterday                 | 2026-03-09 00:00:00",
      "+5 days                   | 2026-03-15 14:05:00",
      "-2 hours                  | 2026-03-10 12:05:00",
      "+1 week                   | 2026-03-17 14:05:00",
      "3 months                  | 2026-06-10 14:05:00",
      "+1 year                   | 2027-03-10 14:05:00",
      "+90 minutes               | 2026-03-10 15:35:00",
      "-1 min                    | 2026-03-10 14:04:00",
      "+20 days                  | 2026-03-30 14:05:00",
      "next wednesday            | 2026-03-11 00:00:00",
      "next tuesday              | 2026-03-17 00:00:00",
      "last fri                  | 2026-03-06 00:00:00",
      "last tuesday              | 2026-03-03 00:00:00",
      "tomorrow 9am              | 2026-03-11 09:00:00",
      "+5 days 11am              | 2026-03-15 11:00:00",
      "next wednesday 4pm        | 2026-03-11 16:00:00",
      "today 16:00               | 2026-03-10 16:00:00",
      "2018-01-01 4pm            | 2018-01-01 16:00:00",
      "tomorrow 4:30pm           | 2026-03-11 16:30:00",
      "tomorrow 4:30 pm          | 2026-03-11 16:30:00",
      "9am                       | 2026-03-10 09:00:00",
      "16:30                     | 2026-03-10 16:30:00",
      "noon                      | 2026-03-10 12:00:00",
      "midnight                  | 2026-03-10 00:00:00",
      "12am                      | 2026-03-10 00:00:00",
      "12pm                      | 2026-03-10 12:00:00",
      "TOMORROW 9AM              | 2026-03-11 09:00:00",
      "2026-03-29 02:30          | 2026-03-29 03:30:00",
  })
  void acceptedForms(String input, String bound) {
    assertThat(strictStart(input)).isEqualTo(bound);
  }

  @Test
  void inputIsTrimmedAndWhitespaceCollapsed() {
    assertThat(strictStart("  tomorrow    9am ")).isEqualTo("2026-03-11 09:00:00");
    assertThat(strictStart("2026-07-04   20:00")).isEqualTo("2026-07-04 20:00:00");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"not a date", "2026-02-30", "2026-07-04 25:00", "25:00", "13pm", "0am", "0999-01-01",
      "next someday", "+5 fortnights", "2026-13-01", "2026-07-04T20:00:00+25:00", "tomorrow 9", "1.5"})
  void rejectedForms(String input) {
    assertInvalid(server.anonymous().get(EVENTS + q("start_date", input)), "start_date", "rest_invalid_date");
  }

  @Test
  void monthArithmeticClampsToTheEndOfTheMonth() {
    try {
      server.clock.set(Instant.parse("2026-01-31T12:00:00Z")); // 13:00 CET
      assertThat(strictStart("+1 month")).isEqualTo("2026-02-28 13:00:00");
      assertThat(strictStart("+1 year")).isEqualTo("2027-01-31 13:00:00");
      server.clock.set(Instant.parse("2028-02-29T12:00:00Z"));
      assertThat(strictStart("+1 year")).isEqualTo("2029-02-28 13:00:00");
    } finally {
      server.clock.set(TestServer.DEFAULT_NOW);
    }
  }

  @Test
  void daysAreAddedToTheWallClockAcrossDaylightSavingTime() {
    // +20 days crosses the switch to CEST on 29 March: the wall clock 14:05 is kept (checked above);
    // hours are added to the instant: 2026-03-29 01:30 CET + 1 hour = 03:30 CEST
    try {
      server.clock.set(Instant.parse("2026-03-29T00:30:00Z"));
      assertThat(strictStart("+1 hour")).isEqualTo("2026-03-29 03:30:00");
      assertThat(strictStart("today")).isEqualTo("2026-03-29 00:00:00");
    } finally {
      server.clock.set(TestServer.DEFAULT_NOW);
    }
  }

  @Test
  void relativeFormsFollowTheSiteDayNotTheUtcDay() {
    try {
      server.clock.set(Instant.parse("2026-03-10T23:30:00Z")); // Wednesday 2026-03-11 00:30 CET
      assertThat(strictStart("today")).isEqualTo("2026-03-11 00:00:00");
      assertThat(strictStart("now")).isEqualTo("2026-03-11 00:30:00");
      assertThat(strictStart("next wednesday")).isEqualTo("2026-03-18 00:00:00");
      assertThat(strictStart("9am")).isEqualTo("2026-03-11 09:00:00");
    } finally {
      server.clock.set(TestServer.DEFAULT_NOW);
    }
  }
}
