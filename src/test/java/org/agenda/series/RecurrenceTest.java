package org.agenda.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RecurrenceTest {
  private static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");
  private static final ZoneId BRUSSELS = ZoneId.of("Europe/Brussels");
  private static final LocalDateTime FAR = LocalDateTime.parse("2100-01-01T00:00");

  @Test
  void exceptionsAndExtraDates() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4",
        "EXDATE;TZID=Europe/Amsterdam:20261013T193000", "RDATE:20261017T150000");

    assertThat(recurrence.starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-17T15:00"),
        at("2026-10-20T19:30"), at("2026-10-27T19:30"));
    assertThat(recurrence.bounded()).isTrue();
  }

  @Test
  void aTuesdayEveningStaysAtHalfPastSevenOverBothDstChangesInAmsterdam() {
    Recurrence recurrence = parse("2026-03-17T19:30", "RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261110T235959Z");

    List<LocalDateTime> starts = recurrence.starts(FAR);
    assertThat(starts).hasSize(35).allMatch(start -> start.toLocalTime().equals(LocalTime.of(19, 30)))
        .allMatch(start -> start.getDayOfWeek().name().equals("TUESDAY"));
    // 18:30 UTC in winter time, 17:30 UTC in summer time (29 March to 25 October 2026)
    assertThat(utcHour(starts.get(1), AMSTERDAM)).isEqualTo("2026-03-24T18:30Z");
    assertThat(utcHour(starts.get(2), AMSTERDAM)).isEqualTo("2026-03-31T17:30Z");
    assertThat(utcHour(at("2026-10-20T19:30"), AMSTERDAM)).isEqualTo("2026-10-20T17:30Z");
    assertThat(starts).contains(at("2026-10-20T19:30"), at("2026-10-27T19:30"), at("2026-11-10T19:30"));
    assertThat(utcHour(at("2026-10-27T19:30"), AMSTERDAM)).isEqualTo("2026-10-27T18:30Z");
  }

  @Test
  void halfPastTwoOnTheSpringForwardSundayInBrusselsMovesToHalfPastThreeThatDayOnly() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY;COUNT=3"), BRUSSELS,
        at("2027-03-21T02:30"), false);

    List<LocalDateTime> starts = recurrence.starts(FAR);
    assertThat(starts).containsExactly(at("2027-03-21T02:30"), at("2027-03-28T02:30"), at("2027-04-04T02:30"));
    assertThat(ZonedDateTime.of(starts.get(1), BRUSSELS)).hasToString("2027-03-28T03:30+02:00[Europe/Brussels]");
    assertThat(ZonedDateTime.of(starts.get(2), BRUSSELS)).hasToString("2027-04-04T02:30+02:00[Europe/Brussels]");
  }

  @Test
  void aSeriesMayStartInTheSpringForwardGap() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=DAILY;UNTIL=20270329T003000Z"), BRUSSELS,
        at("2027-03-28T02:30"), false);

    assertThat(recurrence.starts(FAR)).containsExactly(at("2027-03-28T02:30"), at("2027-03-29T02:30"));
    assertThat(recurrence.lines()).containsExactly("RRULE:FREQ=DAILY;UNTIL=20270329T003000Z");
  }

  @Test
  void theFallBackNightKeepsTheWallClockAndTheEarlierOffset() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=3"), BRUSSELS,
        at("2026-10-18T02:30"), false);

    List<LocalDateTime> starts = recurrence.starts(FAR);
    assertThat(starts).containsExactly(at("2026-10-18T02:30"), at("2026-10-25T02:30"), at("2026-11-01T02:30"));
    assertThat(ZonedDateTime.of(starts.get(1), BRUSSELS).getOffset().toString()).isEqualTo("+02:00");
  }

  @Test
  void anAllDaySeriesTakesDatesAndDateTimes() {
    Recurrence recurrence = Recurrence.parse(List.of("rrule:freq=weekly;byday=sa;until=20261219",
        "EXDATE;VALUE=DATE:20261205", "RDATE:20261224T180000", "EXDATE:20261212T000000"), AMSTERDAM,
        at("2026-11-28T00:00"), true);

    assertThat(recurrence.starts(FAR)).containsExactly(at("2026-11-28T00:00"), at("2026-12-19T00:00"),
        at("2026-12-24T00:00"));
    assertThat(recurrence.lines()).containsExactly("RRULE:FREQ=WEEKLY;UNTIL=20261219;BYDAY=SA",
        "RDATE;VALUE=DATE:20261224", "EXDATE;VALUE=DATE:20261205,20261212");
    assertThat(reparsed(recurrence, AMSTERDAM, at("2026-11-28T00:00"), true).starts(FAR))
        .isEqualTo(recurrence.starts(FAR));
  }

  @Test
  void anAllDaySeriesHasNoHours() {
    assertCode(() -> Recurrence.parse(List.of("RRULE:FREQ=DAILY;BYHOUR=9"), AMSTERDAM, at("2026-11-28T00:00"), true),
        "recurrence_malformed").contains("BYHOUR");
  }

  @Test
  void countIncludesTheFirstStartEvenWhenTheRuleWouldNotGiveIt() {
    Recurrence recurrence = parse("2026-10-05T19:30", "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3");

    assertThat(recurrence.starts(FAR)).containsExactly(at("2026-10-05T19:30"), at("2026-10-06T19:30"),
        at("2026-10-13T19:30"));
  }

  @ParameterizedTest
  @CsvSource({
      "RRULE:FREQ=WEEKLY;UNTIL=20261020T173000Z, RRULE:FREQ=WEEKLY;UNTIL=20261020T173000Z",
      "RRULE:FREQ=WEEKLY;UNTIL=20261020T193000, RRULE:FREQ=WEEKLY;UNTIL=20261020T173000Z",
      "RRULE:FREQ=WEEKLY;UNTIL=20261020, RRULE:FREQ=WEEKLY;UNTIL=20261020T215959Z"})
  void untilIsInclusiveInAnyFormAndAnsweredInUtc(String line, String normalised) {
    Recurrence recurrence = parse("2026-10-06T19:30", line);

    assertThat(recurrence.starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-13T19:30"),
        at("2026-10-20T19:30"));
    assertThat(recurrence.lines()).containsExactly(normalised);
  }

  @Test
  void linesAreNormalised() {
    Recurrence recurrence = parse("2026-10-06T19:30", " rrule:byday=tu;freq=weekly;interval=2;until=20271231T000000Z",
        "exdate;tzid=Europe/London:20261020T183000", "RDATE:20261218T180000Z,20261217T190000",
        "EXDATE:20261103T193000");

    assertThat(recurrence.lines()).containsExactly(
        "RRULE:FREQ=WEEKLY;UNTIL=20271231T000000Z;INTERVAL=2;BYDAY=TU",
        "RDATE;TZID=Europe/Amsterdam:20261217T190000,20261218T190000",
        "EXDATE;TZID=Europe/Amsterdam:20261020T193000,20261103T193000");
    assertThat(reparsed(recurrence, AMSTERDAM, at("2026-10-06T19:30"), false).lines())
        .isEqualTo(recurrence.lines());
  }

  @Test
  void anOpenEndedRuleIsExpandedUpToTheGivenLocalTimeIncluded() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY", "RDATE:20261231T200000");

    assertThat(recurrence.bounded()).isFalse();
    assertThat(recurrence.starts(at("2026-10-20T19:30"))).containsExactly(at("2026-10-06T19:30"),
        at("2026-10-13T19:30"), at("2026-10-20T19:30"));
    assertThat(recurrence.starts(at("2026-10-06T19:30").plus(Recurrence.HORIZON))).hasSize(106)
        .contains(at("2026-12-31T20:00"));
  }

  @Test
  void onlyExtraDates() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RDATE:20261008T193000,20261010T140000");

    assertThat(recurrence.bounded()).isTrue();
    assertThat(recurrence.starts(at("2026-10-06T19:30"))).hasSize(3);
  }

  @Test
  void theCap() {
    assertThat(parse("2026-01-01T10:00", "RRULE:FREQ=DAILY;COUNT=1000").starts(FAR)).hasSize(1000);
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=DAILY;COUNT=1001"), "recurrence_too_many")
        .contains("RRULE:FREQ=DAILY;COUNT=1001").contains("1000");
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=DAILY;UNTIL=20300101T000000Z"), "recurrence_too_many");
    String thousandDates = java.util.stream.IntStream.range(1, 1001)
        .mapToObj(day -> RecurrenceLine.DATE.format(at("2026-01-01T10:00").plusDays(day)))
        .collect(java.util.stream.Collectors.joining(","));
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=YEARLY", "RDATE;VALUE=DATE:" + thousandDates),
        "recurrence_too_many");
    // an open-ended series is cut at the cap
    assertThat(parse("2026-01-01T10:00", "RRULE:FREQ=DAILY").starts(FAR)).hasSize(Recurrence.MAX_OCCURRENCES)
        .endsWith(at("2028-09-26T10:00"));
  }

  @Test
  void theMinimumIntervalIsOneDay() {
    assertThat(parse("2026-01-01T10:00", "RRULE:FREQ=DAILY;COUNT=3").starts(FAR)).hasSize(3);
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=HOURLY;COUNT=3"), "recurrence_too_frequent")
        .contains("RRULE:FREQ=HOURLY;COUNT=3");
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=SECONDLY"), "recurrence_too_frequent");
    assertCode(() -> parse("2026-01-01T10:00", "RRULE:FREQ=WEEKLY;BYHOUR=10,18"), "recurrence_too_frequent")
        .contains("2026-01-01");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "RRULE FREQ=WEEKLY|recurrence_malformed",
      "RRULE:|recurrence_malformed",
      "RRULE:BYDAY=TU|recurrence_malformed",
      "RRULE:FREQ=FORTNIGHTLY|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;BYDAY=XX|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;COUNT=0|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;INTERVAL=-1|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;FREQ=DAILY|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;BYDAY|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;UNTIL=2026-12-01|recurrence_malformed",
      "EXDATE:20261332T193000|recurrence_malformed",
      "EXDATE;TZID=Mars/Olympus:20261013T193000|recurrence_malformed",
      "EXDATE;VALUE=DATE;VALUE=DATE:20261013|recurrence_malformed",
      "RDATE:,,,|recurrence_malformed",
      "RDATE:20261013T193000,|recurrence_malformed",
      "RDATE:99991231T235959Z|recurrence_malformed",
      "RRULE:FREQ=WEEKLY;UNTIL=09991231|recurrence_malformed",
      "EXRULE:FREQ=MONTHLY|recurrence_unknown_part",
      "DTSTART:20261006T193000|recurrence_unknown_part",
      "RRULE:FREQ=WEEKLY;X-NAME=1|recurrence_unknown_part",
      "RRULE:FREQ=WEEKLY;RSCALE=GREGORIAN|recurrence_unknown_part",
      "RRULE;X-PARAM=1:FREQ=WEEKLY|recurrence_unknown_part",
      "RDATE;VALUE=PERIOD:20261008T193000/PT1H|recurrence_unknown_part",
      "RRULE:FREQ=WEEKLY;COUNT=3;UNTIL=20261231|recurrence_count_and_until",
      "RRULE:FREQ=WEEKLY;COUNT=1|recurrence_no_occurrence",
      "RRULE:FREQ=WEEKLY;UNTIL=20261001T000000Z|recurrence_no_occurrence",
      "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30|recurrence_no_occurrence",
      "EXDATE:20261013T193000|recurrence_no_occurrence",
      "RDATE:20261001T193000|recurrence_before_start",
      "EXDATE:20261006T173000Z|recurrence_excludes_first"})
  void whatCannotBeServedHasADetailCodeAndNamesTheLine(String line, String code) {
    assertCode(() -> parse("2026-10-06T19:30", line), code).contains(line.strip());
  }

  @Test
  void aSecondRuleIsRefused() {
    assertCode(() -> parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY", "RRULE:FREQ=MONTHLY"), "recurrence_malformed")
        .contains("RRULE:FREQ=MONTHLY");
  }

  @Test
  void noLinesAtAll() {
    assertCode(() -> Recurrence.parse(List.of(), AMSTERDAM, at("2026-10-06T19:30"), false),
        "recurrence_no_occurrence");
  }

  @Test
  void excludingAddsAnExdateOrDropsAnRdate() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;COUNT=3", "RDATE:20261008T150000");

    Recurrence fewer = recurrence.excluding(at("2026-10-13T19:30")).excluding(at("2026-10-08T15:00"));
    assertThat(fewer.starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-20T19:30"));
    assertThat(fewer.lines()).containsExactly("RRULE:FREQ=WEEKLY;COUNT=3",
        "EXDATE;TZID=Europe/Amsterdam:20261013T193000");
    assertThat(recurrence.starts(FAR)).hasSize(4);
    assertCode(() -> fewer.excluding(at("2026-10-20T19:30")), "recurrence_no_occurrence");
    assertCode(() -> fewer.excluding(at("2026-10-06T19:30")), "recurrence_excludes_first");
  }

  @Test
  void endingBeforeAnOccurrenceSetsUntilInUtcAndDropsCountAndLaterDates() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;COUNT=10", "RDATE:20261030T150000",
        "RDATE:20261008T150000", "EXDATE:20261013T193000", "EXDATE:20261110T193000");

    Recurrence ended = recurrence.endingBefore(at("2026-10-27T19:30"));
    assertThat(ended.starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-08T15:00"),
        at("2026-10-20T19:30"));
    assertThat(ended.bounded()).isTrue();
    assertThat(ended.lines()).containsExactly("RRULE:FREQ=WEEKLY;UNTIL=20261027T182959Z",
        "RDATE;TZID=Europe/Amsterdam:20261008T150000", "EXDATE;TZID=Europe/Amsterdam:20261013T193000");
    assertThat(reparsed(ended, AMSTERDAM, at("2026-10-06T19:30"), false).starts(FAR)).isEqualTo(ended.starts(FAR));
  }

  @Test
  void endingAnOpenEndedSeries() {
    Recurrence ended = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY").endingBefore(at("2026-10-20T19:30"));

    assertThat(ended.bounded()).isTrue();
    assertThat(ended.starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-13T19:30"));
  }

  @Test
  void endingAfterTheLastOccurrenceChangesNothing() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;COUNT=3");

    assertThat(recurrence.endingBefore(at("2027-01-01T00:00")).lines()).containsExactly("RRULE:FREQ=WEEKLY;COUNT=3");
  }

  @Test
  void endingAnAllDaySeriesSetsADate() {
    Recurrence ended = Recurrence.parse(List.of("RRULE:FREQ=MONTHLY"), AMSTERDAM, at("2026-10-06T00:00"), true)
        .endingBefore(at("2026-12-06T00:00"));

    assertThat(ended.lines()).containsExactly("RRULE:FREQ=MONTHLY;UNTIL=20261205");
    assertThat(ended.starts(FAR)).containsExactly(at("2026-10-06T00:00"), at("2026-11-06T00:00"));
  }

  @Test
  void endingWithNothingLeftIsRefused() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY");

    assertCode(() -> recurrence.endingBefore(at("2026-10-06T19:30")), "recurrence_no_occurrence");
    assertCode(() -> recurrence.endingBefore(at("2026-10-13T19:30")), "recurrence_no_occurrence");
  }

  @Test
  void anchoredAtALaterTimeMovesUntilAndTheExceptionsAlong() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;UNTIL=20261027T183000Z",
        "EXDATE:20261013T193000", "RDATE:20261016T193000");

    Recurrence moved = recurrence.anchoredAt(at("2026-10-06T20:15"));
    assertThat(moved.starts(FAR)).containsExactly(at("2026-10-06T20:15"), at("2026-10-16T20:15"),
        at("2026-10-20T20:15"), at("2026-10-27T20:15"));
  }

  @Test
  void anchoredAtALaterDateDropsWhatComesBeforeIt() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20261013T193000",
        "RDATE:20261008T120000");

    Recurrence moved = recurrence.anchoredAt(at("2026-10-13T19:30"));
    assertThat(moved.starts(FAR)).containsExactly(at("2026-10-13T19:30"), at("2026-10-20T19:30"),
        at("2026-10-27T19:30"), at("2026-11-03T19:30"));
    assertThat(moved.lines()).containsExactly("RRULE:FREQ=WEEKLY;COUNT=4");
  }

  @Test
  void anchoredElsewhereCountsFromTheNewFirstStart() {
    Recurrence recurrence = parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3");

    assertThat(recurrence.anchoredAt(at("2026-10-08T19:30")).starts(FAR)).containsExactly(at("2026-10-08T19:30"),
        at("2026-10-13T19:30"), at("2026-10-20T19:30"));
    assertCode(() -> parse("2026-10-06T19:30", "RRULE:FREQ=WEEKLY;UNTIL=20261020T173000Z")
        .anchoredAt(at("2026-10-20T19:30")), "recurrence_no_occurrence");
  }

  /** Whatever a client sends, the answer is a Recurrence or a RecurrenceException, never another failure. */
  @ParameterizedTest
  @ValueSource(strings = {"RRULE:FREQ=WEEKLY;BYMONTHDAY=99", "RRULE:FREQ=MONTHLY;BYMONTHDAY=0",
      "RRULE:FREQ=YEARLY;BYMONTH=13", "RRULE:FREQ=MONTHLY;BYDAY=9MO", "RRULE:FREQ=YEARLY;BYYEARDAY=400",
      "RRULE:FREQ=YEARLY;BYWEEKNO=60", "RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", "RRULE:FREQ=DAILY;INTERVAL=999999",
      "RRULE:FREQ=DAILY;COUNT=999999", "RRULE:FREQ=WEEKLY;UNTIL=99991231T235959Z", "RRULE:FREQ=WEEKLY;UNTIL=00010101",
      "RRULE:FREQ=WEEKLY;WKST=XX", "RRULE:FREQ=WEEKLY;BYDAY=", "RRULE:FREQ=WEEKLY;;", "RRULE:;FREQ=WEEKLY",
      "RRULE:FREQ=WEEKLY;BYHOUR=25", "RRULE:FREQ=WEEKLY;BYMINUTE=-1", "RRULE:FREQ=WEEKLY;BYDAY=MO,,TU",
      "RRULE:FREQ=WEEKLY;COUNT=99999999999999999999", "RDATE:00000101T000000", "RDATE:99991231T235959Z",
      "EXDATE;TZID=:20261013T193000", "EXDATE;TZID=../../etc/passwd:20261013T193000",
      "RDATE;TZID=\"Europe/Paris\":20261013T193000", "RDATE;TZID=UTC+99:20261013T193000", "RDATE:,,,",
      "RDATE;VALUE=DATE:2026", ":", ";:", "RRULE;:FREQ=DAILY", "RRULE:FREQ=DAILY\nEXDATE:20261007T193000",
      "RRULE:FREQ=\u0000", "RRULE:FREQ=WEEKLY;BYDAY=1TU", "RRULE:FREQ=YEARLY;BYDAY=-53FR;BYMONTH=2"})
  void hostileLinesNeverEscapeAsAnotherException(String line) {
    for (boolean allDay : new boolean[] {false, true}) {
      LocalDateTime first = allDay ? at("2026-10-06T00:00") : at("2026-10-06T19:30");
      Recurrence recurrence;
      try {
        recurrence = Recurrence.parse(List.of(line), AMSTERDAM, first, allDay);
      } catch (RecurrenceException e) {
        assertThat(e.code()).startsWith("recurrence_");
        assertThat(e.getMessage()).contains(line.strip());
        continue;
      }
      // what is served is said in every language and answers lines that read back as the same recurrence
      LocalDateTime horizon = first.plus(Recurrence.HORIZON);
      assertThat(recurrence.starts(horizon)).startsWith(first);
      assertThat(recurrence.describe("nl") + recurrence.describe("en") + recurrence.describe("fr")).isNotBlank();
      assertThat(Recurrence.parse(recurrence.lines(), AMSTERDAM, first, allDay).starts(horizon))
          .isEqualTo(recurrence.starts(horizon));
    }
  }

  @Test
  void aFixedOffsetZoneWritesItsDatesInUtc() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20261013T193000"),
        ZoneId.of("+05:30"), at("2026-10-06T19:30"), false);

    assertThat(recurrence.lines()).containsExactly("RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20261013T140000Z");
    assertThat(Recurrence.parse(recurrence.lines(), ZoneId.of("+05:30"), at("2026-10-06T19:30"), false)
        .starts(FAR)).containsExactly(at("2026-10-06T19:30"), at("2026-10-20T19:30"));
  }

  private static Recurrence parse(String firstStart, String... lines) {
    return Recurrence.parse(List.of(lines), AMSTERDAM, at(firstStart), false);
  }

  private static Recurrence reparsed(Recurrence recurrence, ZoneId zone, LocalDateTime first, boolean allDay) {
    return Recurrence.parse(recurrence.lines(), zone, first, allDay);
  }

  private static AbstractStringAssert<?> assertCode(Runnable call, String code) {
    try {
      call.run();
    } catch (RecurrenceException e) {
      assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
      return assertThat(e.getMessage());
    }
    throw new AssertionError("no RecurrenceException " + code);
  }

  private static String utcHour(LocalDateTime local, ZoneId zone) {
    return ZonedDateTime.of(local, zone).toInstant().toString().replace(":00Z", "Z");
  }

  private static LocalDateTime at(String text) {
    return LocalDateTime.parse(text);
  }

}
