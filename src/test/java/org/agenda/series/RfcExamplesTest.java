package org.agenda.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The examples of RFC 5545 §3.8.5.3, with DTSTART;TZID=America/New_York at 09:00 as there, and the dates the RFC
 * lists (for a rule without end: the dates it lists before its "..."). Every occurrence stays at 09:00 local
 * time, in EDT and in EST alike.
 */
class RfcExamplesTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  static Stream<Arguments> examples() {
    return Stream.of(
        example("Daily for 10 occurrences", "1997-09-02", "FREQ=DAILY;COUNT=10",
            range("1997-09-02", "1997-09-11", 1)),
        example("Daily until December 24, 1997", "1997-09-02", "FREQ=DAILY;UNTIL=19971224T000000Z",
            range("1997-09-02", "1997-12-23", 1)),
        example("Every other day - forever", "1997-09-02", "FREQ=DAILY;INTERVAL=2",
            range("1997-09-02", "1997-12-24", 2)),
        example("Every 10 days, 5 occurrences", "1997-09-02", "FREQ=DAILY;INTERVAL=10;COUNT=5",
            "1997-09-02 1997-09-12 1997-09-22 1997-10-02 1997-10-12"),
        example("Every day in January, for 3 years (yearly)", "1998-01-01",
            "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
            range("1998-01-01", "1998-01-31", 1) + " " + range("1999-01-01", "1999-01-31", 1) + " "
                + range("2000-01-01", "2000-01-31", 1)),
        example("Every day in January, for 3 years (daily)", "1998-01-01",
            "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
            range("1998-01-01", "1998-01-31", 1) + " " + range("1999-01-01", "1999-01-31", 1) + " "
                + range("2000-01-01", "2000-01-31", 1)),
        example("Weekly for 10 occurrences", "1997-09-02", "FREQ=WEEKLY;COUNT=10",
            "1997-09-02 1997-09-09 1997-09-16 1997-09-23 1997-09-30 1997-10-07 1997-10-14 1997-10-21"
                + " 1997-10-28 1997-11-04"),
        example("Weekly until December 24, 1997", "1997-09-02", "FREQ=WEEKLY;UNTIL=19971224T000000Z",
            range("1997-09-02", "1997-12-23", 7)),
        example("Every other week - forever", "1997-09-02", "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
            "1997-09-02 1997-09-16 1997-09-30 1997-10-14 1997-10-28 1997-11-11 1997-11-25 1997-12-09"
                + " 1997-12-23 1998-01-06 1998-01-20 1998-02-03 1998-02-17"),
        example("Weekly on Tuesday and Thursday for five weeks (UNTIL)", "1997-09-02",
            "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
            "1997-09-02 1997-09-04 1997-09-09 1997-09-11 1997-09-16 1997-09-18 1997-09-23 1997-09-25"
                + " 1997-09-30 1997-10-02"),
        example("Weekly on Tuesday and Thursday for five weeks (COUNT)", "1997-09-02",
            "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
            "1997-09-02 1997-09-04 1997-09-09 1997-09-11 1997-09-16 1997-09-18 1997-09-23 1997-09-25"
                + " 1997-09-30 1997-10-02"),
        example("Every other week on Monday, Wednesday, and Friday until December 24, 1997", "1997-09-01",
            "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
            "1997-09-01 1997-09-03 1997-09-05 1997-09-15 1997-09-17 1997-09-19 1997-09-29 1997-10-01"
                + " 1997-10-03 1997-10-13 1997-10-15 1997-10-17 1997-10-27 1997-10-29 1997-10-31 1997-11-10"
                + " 1997-11-12 1997-11-14 1997-11-24 1997-11-26 1997-11-28 1997-12-08 1997-12-10 1997-12-12"
                + " 1997-12-22"),
        example("Every other week on Tuesday and Thursday, for 8 occurrences", "1997-09-02",
            "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
            "1997-09-02 1997-09-04 1997-09-16 1997-09-18 1997-09-30 1997-10-02 1997-10-14 1997-10-16"),
        example("Monthly on the first Friday for 10 occurrences", "1997-09-05", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
            "1997-09-05 1997-10-03 1997-11-07 1997-12-05 1998-01-02 1998-02-06 1998-03-06 1998-04-03"
                + " 1998-05-01 1998-06-05"),
        example("Monthly on the first Friday until December 24, 1997", "1997-09-05",
            "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", "1997-09-05 1997-10-03 1997-11-07 1997-12-05"),
        example("Every other month on the first and last Sunday of the month for 10 occurrences", "1997-09-07",
            "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
            "1997-09-07 1997-09-28 1997-11-02 1997-11-30 1998-01-04 1998-01-25 1998-03-01 1998-03-29"
                + " 1998-05-03 1998-05-31"),
        example("Monthly on the second-to-last Monday of the month for 6 months", "1997-09-22",
            "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
            "1997-09-22 1997-10-20 1997-11-17 1997-12-22 1998-01-19 1998-02-16"),
        example("Monthly on the third-to-the-last day of the month, forever", "1997-09-28",
            "FREQ=MONTHLY;BYMONTHDAY=-3", "1997-09-28 1997-10-29 1997-11-28 1997-12-29 1998-01-29 1998-02-26"),
        example("Monthly on the 2nd and 15th of the month for 10 occurrences", "1997-09-02",
            "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
            "1997-09-02 1997-09-15 1997-10-02 1997-10-15 1997-11-02 1997-11-15 1997-12-02 1997-12-15"
                + " 1998-01-02 1998-01-15"),
        example("Monthly on the first and last day of the month for 10 occurrences", "1997-09-30",
            "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
            "1997-09-30 1997-10-01 1997-10-31 1997-11-01 1997-11-30 1997-12-01 1997-12-31 1998-01-01"
                + " 1998-01-31 1998-02-01"),
        example("Every 18 months on the 10th thru 15th of the month for 10 occurrences", "1997-09-10",
            "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
            range("1997-09-10", "1997-09-15", 1) + " " + range("1999-03-10", "1999-03-13", 1)),
        example("Every Tuesday, every other month", "1997-09-02", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
            "1997-09-02 1997-09-09 1997-09-16 1997-09-23 1997-09-30 1997-11-04 1997-11-11 1997-11-18"
                + " 1997-11-25 1998-01-06 1998-01-13 1998-01-20 1998-01-27 1998-03-03 1998-03-10 1998-03-17"
                + " 1998-03-24 1998-03-31"),
        example("Yearly in June and July for 10 occurrences", "1997-06-10", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
            "1997-06-10 1997-07-10 1998-06-10 1998-07-10 1999-06-10 1999-07-10 2000-06-10 2000-07-10"
                + " 2001-06-10 2001-07-10"),
        example("Every other year on January, February, and March for 10 occurrences", "1997-03-10",
            "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
            "1997-03-10 1999-01-10 1999-02-10 1999-03-10 2001-01-10 2001-02-10 2001-03-10 2003-01-10"
                + " 2003-02-10 2003-03-10"),
        example("Every third year on the 1st, 100th, and 200th day for 10 occurrences", "1997-01-01",
            "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
            "1997-01-01 1997-04-10 1997-07-19 2000-01-01 2000-04-09 2000-07-18 2003-01-01 2003-04-10"
                + " 2003-07-19 2006-01-01"),
        example("Every 20th Monday of the year, forever", "1997-05-19", "FREQ=YEARLY;BYDAY=20MO",
            "1997-05-19 1998-05-18 1999-05-17"),
        example("Monday of week number 20 (where the default start of the week is Monday), forever", "1997-05-12",
            "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "1997-05-12 1998-05-11 1999-05-17"),
        example("Every Thursday in March, forever", "1997-03-13", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
            "1997-03-13 1997-03-20 1997-03-27 1998-03-05 1998-03-12 1998-03-19 1998-03-26 1999-03-04"
                + " 1999-03-11 1999-03-18 1999-03-25"),
        example("Every Thursday, but only during June, July, and August, forever", "1997-06-05",
            "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
            "1997-06-05 1997-06-12 1997-06-19 1997-06-26 1997-07-03 1997-07-10 1997-07-17 1997-07-24"
                + " 1997-07-31 1997-08-07 1997-08-14 1997-08-21 1997-08-28 1998-06-04 1998-06-11 1998-06-18"
                + " 1998-06-25 1998-07-02 1998-07-09 1998-07-16 1998-07-23 1998-07-30 1998-08-06 1998-08-13"
                + " 1998-08-20 1998-08-27 1999-06-03 1999-06-10 1999-06-17 1999-06-24 1999-07-01 1999-07-08"
                + " 1999-07-15 1999-07-22 1999-07-29 1999-08-05 1999-08-12 1999-08-19 1999-08-26"),
        // The RFC starts this one on 1997-09-02 and excludes that date; here the first start is the first
        // Friday the 13th, because the first start is the series itself (see fridayThe13thExcludingItsStart).
        example("Every Friday the 13th, forever", "1998-02-13", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
            "1998-02-13 1998-03-13 1998-11-13 1999-08-13 2000-10-13"),
        example("The first Saturday that follows the first Sunday of the month, forever", "1997-09-13",
            "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
            "1997-09-13 1997-10-11 1997-11-08 1997-12-13 1998-01-10 1998-02-07 1998-03-07 1998-04-11"
                + " 1998-05-09 1998-06-13"),
        example("Every 4 years, the first Tuesday after a Monday in November, forever", "1996-11-05",
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
            "1996-11-05 2000-11-07 2004-11-02"),
        example("The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months",
            "1997-09-04", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", "1997-09-04 1997-10-07 1997-11-06"),
        example("The second-to-last weekday of the month", "1997-09-29",
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
            "1997-09-29 1997-10-30 1997-11-27 1997-12-30 1998-01-29 1998-02-26 1998-03-30"),
        example("WKST=MO changes the days of INTERVAL=2", "1997-08-05",
            "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "1997-08-05 1997-08-10 1997-08-19 1997-08-24"),
        example("WKST=SU changes the days of INTERVAL=2", "1997-08-05",
            "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "1997-08-05 1997-08-17 1997-08-19 1997-08-31"),
        example("An invalid date (February 30) is ignored", "2007-01-15", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
            "2007-01-15 2007-01-30 2007-02-15 2007-03-15 2007-03-30"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void theRfcDatesAtNineLocalTime(String name, String firstDate, String rule, List<LocalDateTime> expected) {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:" + rule), NEW_YORK,
        LocalDate.parse(firstDate).atTime(9, 0), false);

    LocalDateTime lastListed = expected.get(expected.size() - 1);
    assertThat(recurrence.starts(lastListed)).as(name).containsExactlyElementsOf(expected);
    assertThat(recurrence.bounded()).isEqualTo(rule.contains("COUNT") || rule.contains("UNTIL"));
  }

  @org.junit.jupiter.api.Test
  void fridayThe13thExcludingItsStart() {
    assertThatThrownBy(() -> Recurrence.parse(List.of("EXDATE;TZID=America/New_York:19970902T090000",
        "RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"), NEW_YORK, LocalDateTime.parse("1997-09-02T09:00"), false))
        .isInstanceOf(RecurrenceException.class)
        .extracting(thrown -> ((RecurrenceException) thrown).code()).isEqualTo("recurrence_excludes_first");
  }

  /** The RFC's examples more frequent than daily are refused: the minimum interval is one day. */
  @ParameterizedTest
  @ValueSource(strings = {"FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
      "FREQ=MINUTELY;INTERVAL=90;COUNT=4", "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
      "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16"})
  void moreThanDailyIsRefused(String rule) {
    assertThatThrownBy(() -> Recurrence.parse(List.of("RRULE:" + rule), NEW_YORK,
        LocalDateTime.parse("1997-09-02T09:00"), false))
        .isInstanceOf(RecurrenceException.class)
        .hasMessageContaining(rule)
        .extracting(thrown -> ((RecurrenceException) thrown).code()).isEqualTo("recurrence_too_frequent");
  }

  private static Arguments example(String name, String firstDate, String rule, String dates) {
    List<LocalDateTime> starts = Arrays.stream(dates.split(" "))
        .map(date -> LocalDate.parse(date).atTime(LocalTime.of(9, 0))).toList();
    return Arguments.of(name, firstDate, rule, starts);
  }

  private static String range(String from, String to, int stepDays) {
    List<String> dates = new ArrayList<>();
    for (LocalDate date = LocalDate.parse(from); !date.isAfter(LocalDate.parse(to)); date = date.plusDays(stepDays)) {
      dates.add(date.toString());
    }
    return String.join(" ", dates);
  }
}
