package org.agenda.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DateInputTest {

    private static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    /** Tuesday 2026-03-10 14:05:00.750 CET, as in API.md §8.6; the fraction must be dropped. */
    private static final Instant NOW = Instant.parse("2026-03-10T13:05:00.750Z");

    private static String inAmsterdam(String input) {
        return show(DateInput.evaluate(input, AMSTERDAM, NOW));
    }

    /** Wall clock and offset, so that both the reading and the zone of each result are checked. */
    private static String show(Optional<ZonedDateTime> moment) {
        return moment.map(m -> DateTimes.format(m.toLocalDateTime()) + " " + m.getOffset()).orElse("rejected");
    }

    @Nested
    class LiteralDates {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "2026-07-04                | 2026-07-04 00:00:00 +02:00",
            "2026-03-12                | 2026-03-12 00:00:00 +01:00",
            "2026-07-04 20:00          | 2026-07-04 20:00:00 +02:00",
            "2026-07-04 20:00:00       | 2026-07-04 20:00:00 +02:00",
            "2026-07-04T20:00          | 2026-07-04 20:00:00 +02:00",
            "2026-07-04T20:00:00.250   | 2026-07-04 20:00:00 +02:00",
            "2026-07-04 20:00:59.999999999 | 2026-07-04 20:00:59 +02:00",
            "2026-07-04T18:00:00Z      | 2026-07-04 20:00:00 +02:00",
            "2026-07-04 20:00:00+02:00 | 2026-07-04 20:00:00 +02:00",
            "2026-07-04T20:00:00+0200  | 2026-07-04 20:00:00 +02:00",
            "2026-07-04T20:00+02       | 2026-07-04 20:00:00 +02:00",
            "2026-07-04T20:00:00-05:30 | 2026-07-05 03:30:00 +02:00",
            "2026-07-04T20:00:00.5Z    | 2026-07-04 22:00:00 +02:00",
            "2026-03-12T23:30:00Z      | 2026-03-13 00:30:00 +01:00",
            "1000-01-01                | 1000-01-01 00:00:00 +00:17:30",
            "9999-12-31 23:59:59       | 9999-12-31 23:59:59 +01:00",
            "2024-02-29                | 2024-02-29 00:00:00 +01:00",
        })
        void areReadAsWallClockOrInstant(String input, String expected) {
            assertThat(inAmsterdam(input)).isEqualTo(expected);
        }

        @Test
        void onlyRelativeFormsDependOnTheCurrentTime() {
            for (String absolute : List.of("2026-07-04", "2026-07-04 20:00", "2026-07-04T20:00:00+02:00", "1783195200")) {
                assertThat(DateInput.isAbsolute(absolute)).as(absolute).isTrue();
            }
            for (String relative : List.of("now", "today", "tomorrow 10:00", "+5 days", "next monday", "20:00")) {
                assertThat(DateInput.isAbsolute(relative)).as(relative).isFalse();
            }
        }

        @Test
        void anOffsetFormIsTheSameInstantInEveryZone() {
            Optional<ZonedDateTime> utc = DateInput.evaluate("2026-07-04 20:00:00+02:00", ZoneOffset.UTC, NOW);
            Optional<ZonedDateTime> newYork = DateInput.evaluate("2026-07-04 20:00:00+02:00", NEW_YORK, NOW);

            assertThat(show(utc)).isEqualTo("2026-07-04 18:00:00 Z");
            assertThat(show(newYork)).isEqualTo("2026-07-04 14:00:00 -04:00");
        }

        @Test
        void aWallClockValueIsReadInTheZoneConcerned() {
            assertThat(show(DateInput.evaluate("2026-07-04 20:00", NEW_YORK, NOW))).isEqualTo("2026-07-04 20:00:00 -04:00");
            assertThat(DateInput.evaluate("2026-07-04 20:00", NEW_YORK, NOW).orElseThrow().toInstant())
                    .isEqualTo(Instant.parse("2026-07-05T00:00:00Z"));
        }
    }

    @Nested
    class Timestamps {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "1783188000   | 2026-07-04 20:00:00 +02:00",
            "1773273600   | 2026-03-12 01:00:00 +01:00",
            "0            | 1970-01-01 01:00:00 +01:00",
            "-5           | 1970-01-01 00:59:55 +01:00",
            "' 1783188000 ' | 2026-07-04 20:00:00 +02:00",
            "20260704     | 1970-08-23 12:58:24 +01:00",
        })
        void areInstantsConvertedToTheZone(String input, String expected) {
            assertThat(inAmsterdam(input)).isEqualTo(expected);
        }

        @Test
        void jsonIntegersGiveTheSameInstant() {
            assertThat(show(DateInput.evaluate(1783188000L, AMSTERDAM))).isEqualTo("2026-07-04 20:00:00 +02:00");
            assertThat(show(DateInput.evaluate(1783188000L, NEW_YORK))).isEqualTo("2026-07-04 14:00:00 -04:00");
            assertThat(show(DateInput.evaluate(-5L, ZoneOffset.UTC))).isEqualTo("1969-12-31 23:59:55 Z");
        }

        @ParameterizedTest
        @ValueSource(longs = {Long.MAX_VALUE, Long.MIN_VALUE, 253402300800L, -30610224001L, 999999999999L})
        void outsideTheYears1000To9999AreRejected(long seconds) {
            assertThat(DateInput.evaluate(seconds, ZoneOffset.UTC)).isEmpty();
            assertThat(DateInput.evaluate(Long.toString(seconds), ZoneOffset.UTC, NOW)).isEmpty();
        }

        @Test
        void theExtremesOfTheYearRangeAreAccepted() {
            assertThat(show(DateInput.evaluate(253402300799L, ZoneOffset.UTC))).isEqualTo("9999-12-31 23:59:59 Z");
            assertThat(show(DateInput.evaluate(-30610224000L, ZoneOffset.UTC))).isEqualTo("1000-01-01 00:00:00 Z");
        }
    }

    @Nested
    class RelativeForms {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "now               | 2026-03-10 14:05:00 +01:00",
            "today             | 2026-03-10 00:00:00 +01:00",
            "tomorrow          | 2026-03-11 00:00:00 +01:00",
            "yesterday         | 2026-03-09 00:00:00 +01:00",
            "+5 days           | 2026-03-15 14:05:00 +01:00",
            "-2 hours          | 2026-03-10 12:05:00 +01:00",
            "+1 week           | 2026-03-17 14:05:00 +01:00",
            "3 months          | 2026-06-10 14:05:00 +02:00",
            "+1 year           | 2027-03-10 14:05:00 +01:00",
            "+90 minutes       | 2026-03-10 15:35:00 +01:00",
            "-1 min            | 2026-03-10 14:04:00 +01:00",
            "+30 mins          | 2026-03-10 14:35:00 +01:00",
            "1 minute          | 2026-03-10 14:06:00 +01:00",
            "+1 hour           | 2026-03-10 15:05:00 +01:00",
            "-1 day            | 2026-03-09 14:05:00 +01:00",
            "-2 weeks          | 2026-02-24 14:05:00 +01:00",
            "+1 month          | 2026-04-10 14:05:00 +02:00",
            "-3 years          | 2023-03-10 14:05:00 +01:00",
            "0 days            | 2026-03-10 14:05:00 +01:00",
            "+5days            | 2026-03-15 14:05:00 +01:00",
            "next wednesday    | 2026-03-11 00:00:00 +01:00",
            "last fri          | 2026-03-06 00:00:00 +01:00",
            "next tuesday      | 2026-03-17 00:00:00 +01:00",
            "last tue          | 2026-03-03 00:00:00 +01:00",
            "next mon          | 2026-03-16 00:00:00 +01:00",
            "last sunday       | 2026-03-08 00:00:00 +01:00",
            "next sat          | 2026-03-14 00:00:00 +01:00",
            "last thursday     | 2026-03-05 00:00:00 +01:00",
        })
        void startFromNowInTheZone(String input, String expected) {
            assertThat(inAmsterdam(input)).isEqualTo(expected);
        }

        @Test
        void todayIsTheCurrentDateOfTheZoneConcerned() {
            Instant lateEvening = Instant.parse("2026-03-10T03:00:00Z");

            assertThat(show(DateInput.evaluate("today", AMSTERDAM, lateEvening))).isEqualTo("2026-03-10 00:00:00 +01:00");
            assertThat(show(DateInput.evaluate("today", NEW_YORK, lateEvening))).isEqualTo("2026-03-09 00:00:00 -04:00");
            assertThat(show(DateInput.evaluate("tomorrow 9am", NEW_YORK, lateEvening))).isEqualTo("2026-03-10 09:00:00 -04:00");
            assertThat(show(DateInput.evaluate("next tue", NEW_YORK, lateEvening))).isEqualTo("2026-03-10 00:00:00 -04:00");
        }

        @Test
        void monthsAndYearsClampToTheMonthEnd() {
            Instant endOfJanuary = Instant.parse("2026-01-31T09:00:00Z");
            Instant leapDay = Instant.parse("2024-02-29T09:00:00Z");

            assertThat(show(DateInput.evaluate("+1 month", AMSTERDAM, endOfJanuary))).isEqualTo("2026-02-28 10:00:00 +01:00");
            assertThat(show(DateInput.evaluate("-2 months", AMSTERDAM, endOfJanuary))).isEqualTo("2025-11-30 10:00:00 +01:00");
            assertThat(show(DateInput.evaluate("+1 year", AMSTERDAM, leapDay))).isEqualTo("2025-02-28 10:00:00 +01:00");
            assertThat(show(DateInput.evaluate("+4 years", AMSTERDAM, leapDay))).isEqualTo("2028-02-29 10:00:00 +01:00");
        }

        @Test
        void daysKeepTheWallClockAcrossDstWhileHoursKeepTheElapsedTime() {
            Instant saturdayBeforeSpringForward = Instant.parse("2026-03-28T13:05:00Z");

            assertThat(show(DateInput.evaluate("+1 day", AMSTERDAM, saturdayBeforeSpringForward)))
                    .isEqualTo("2026-03-29 14:05:00 +02:00");
            assertThat(show(DateInput.evaluate("+24 hours", AMSTERDAM, saturdayBeforeSpringForward)))
                    .isEqualTo("2026-03-29 15:05:00 +02:00");
            assertThat(show(DateInput.evaluate("+1440 minutes", AMSTERDAM, saturdayBeforeSpringForward)))
                    .isEqualTo("2026-03-29 15:05:00 +02:00");
        }

        @Test
        void aDayOffsetLandingInTheGapMovesForward() {
            Instant saturdayAt0230 = Instant.parse("2026-03-28T01:30:00Z");

            assertThat(show(DateInput.evaluate("+1 day", AMSTERDAM, saturdayAt0230))).isEqualTo("2026-03-29 03:30:00 +02:00");
        }

        @Test
        void nowInNewYork() {
            assertThat(show(DateInput.evaluate("now", NEW_YORK, NOW))).isEqualTo("2026-03-10 09:05:00 -04:00");
            assertThat(show(DateInput.evaluate("+1 week", NEW_YORK, NOW))).isEqualTo("2026-03-17 09:05:00 -04:00");
            assertThat(show(DateInput.evaluate("last sunday", NEW_YORK, NOW))).isEqualTo("2026-03-08 00:00:00 -05:00");
        }
    }

    @Nested
    class Times {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "tomorrow 9am          | 2026-03-11 09:00:00 +01:00",
            "+5 days 11am          | 2026-03-15 11:00:00 +01:00",
            "next wednesday 4pm    | 2026-03-11 16:00:00 +01:00",
            "today 16:00           | 2026-03-10 16:00:00 +01:00",
            "2018-01-01 4pm        | 2018-01-01 16:00:00 +01:00",
            "tomorrow 4:30pm       | 2026-03-11 16:30:00 +01:00",
            "tomorrow 4:30 pm      | 2026-03-11 16:30:00 +01:00",
            "yesterday noon        | 2026-03-09 12:00:00 +01:00",
            "tomorrow midnight     | 2026-03-11 00:00:00 +01:00",
            "+1 month 9:15         | 2026-04-10 09:15:00 +02:00",
            "+12 hours 8am         | 2026-03-11 08:00:00 +01:00",
            "-1 week 23:59:59      | 2026-03-03 23:59:59 +01:00",
            "last fri 10:30:15 am  | 2026-03-06 10:30:15 +01:00",
            "now 8pm               | 2026-03-10 20:00:00 +01:00",
            "2026-07-04 9:00       | 2026-07-04 09:00:00 +02:00",
            "2026-07-04 noon       | 2026-07-04 12:00:00 +02:00",
            "9am                   | 2026-03-10 09:00:00 +01:00",
            "16:30                 | 2026-03-10 16:30:00 +01:00",
            "7:05                  | 2026-03-10 07:05:00 +01:00",
            "07:05:09              | 2026-03-10 07:05:09 +01:00",
            "noon                  | 2026-03-10 12:00:00 +01:00",
            "midnight              | 2026-03-10 00:00:00 +01:00",
            "12am                  | 2026-03-10 00:00:00 +01:00",
            "12pm                  | 2026-03-10 12:00:00 +01:00",
            "12:30am               | 2026-03-10 00:30:00 +01:00",
            "12:30 pm              | 2026-03-10 12:30:00 +01:00",
            "1am                   | 2026-03-10 01:00:00 +01:00",
            "11pm                  | 2026-03-10 23:00:00 +01:00",
            "1 pm                  | 2026-03-10 13:00:00 +01:00",
            "0:00                  | 2026-03-10 00:00:00 +01:00",
            "23:59:59              | 2026-03-10 23:59:59 +01:00",
        })
        void setTheTimeOfDayAfterTheBase(String input, String expected) {
            assertThat(inAmsterdam(input)).isEqualTo(expected);
        }

        @Test
        void aTimeAloneIsTodayOfTheZoneConcerned() {
            assertThat(show(DateInput.evaluate("9am", NEW_YORK, Instant.parse("2026-03-10T03:00:00Z"))))
                    .isEqualTo("2026-03-09 09:00:00 -04:00");
        }
    }

    @Nested
    class DaylightSaving {

        @Test
        void wallClockInTheSpringForwardGapMovesForwardByTheGap() {
            assertThat(inAmsterdam("2026-03-29 02:30")).isEqualTo("2026-03-29 03:30:00 +02:00");
            assertThat(inAmsterdam("2026-03-29 02:00:00")).isEqualTo("2026-03-29 03:00:00 +02:00");
            assertThat(show(DateInput.evaluate("2026-03-08 02:30", NEW_YORK, NOW))).isEqualTo("2026-03-08 03:30:00 -04:00");
            assertThat(show(DateInput.evaluate("2:30am", AMSTERDAM, Instant.parse("2026-03-29T00:00:00Z"))))
                    .isEqualTo("2026-03-29 03:30:00 +02:00");
        }

        @Test
        void ambiguousWallClockTakesTheEarlierOffset() {
            assertThat(inAmsterdam("2026-10-25 02:30")).isEqualTo("2026-10-25 02:30:00 +02:00");
            assertThat(DateInput.evaluate("2026-10-25 02:30", AMSTERDAM, NOW).orElseThrow().toInstant())
                    .isEqualTo(Instant.parse("2026-10-25T00:30:00Z"));
            assertThat(show(DateInput.evaluate("2026-11-01 01:30", NEW_YORK, NOW))).isEqualTo("2026-11-01 01:30:00 -04:00");
        }

        @Test
        void anInstantInTheOverlapKeepsItsOwnOffset() {
            assertThat(inAmsterdam("2026-10-25T01:30:00Z")).isEqualTo("2026-10-25 02:30:00 +01:00");
        }

        @Test
        void dayKeywordsOnDstDaysStartAtMidnight() {
            Instant springForwardDay = Instant.parse("2026-03-29T10:00:00Z");

            assertThat(show(DateInput.evaluate("today", AMSTERDAM, springForwardDay))).isEqualTo("2026-03-29 00:00:00 +01:00");
            assertThat(show(DateInput.evaluate("tomorrow", AMSTERDAM, springForwardDay))).isEqualTo("2026-03-30 00:00:00 +02:00");
        }
    }

    @Nested
    class Normalisation {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "'  tomorrow   9am  '        | 2026-03-11 09:00:00 +01:00",
            "TOMORROW 9AM                | 2026-03-11 09:00:00 +01:00",
            "Next Wednesday 4PM          | 2026-03-11 16:00:00 +01:00",
            "LAST FRI                    | 2026-03-06 00:00:00 +01:00",
            "NOW                         | 2026-03-10 14:05:00 +01:00",
            "Noon                        | 2026-03-10 12:00:00 +01:00",
            "+5 DAYS                     | 2026-03-15 14:05:00 +01:00",
            "2026-07-04t18:00:00z        | 2026-07-04 20:00:00 +02:00",
            "'2026-07-04 \t 20:00'       | 2026-07-04 20:00:00 +02:00",
            "'\ttoday\n'                 | 2026-03-10 00:00:00 +01:00",
        })
        void trimsCollapsesWhitespaceAndIgnoresCase(String input, String expected) {
            assertThat(inAmsterdam(input.replace("\\t", "\t").replace("\\n", "\n"))).isEqualTo(expected);
        }
    }

    @Nested
    class Rejections {

        @ParameterizedTest(name = "[{0}]")
        @ValueSource(strings = {
            "", " ", "not a date", "2026-02-30", "2026-02-29", "2026-13-01", "2026-00-10", "2026-07-00",
            "25:00", "24:00", "12:60", "12:30:60", "2026-07-04 25:00", "2026-07-04T24:00:00",
            "0999-01-01", "0999-12-31 23:00", "10000-01-01", "2026-7-4", "26-07-04", "2026/07/04",
            "next funday", "next", "last", "next week", "next month", "this friday", "next wed wed",
            "13pm", "0am", "0pm", "12:00 xm", "9 a.m.", "1.5", "-1.5", "1e9", "+5", "++5 days", "+ 5 days",
            "5 fortnights", "+5 days ago", "5 days 3 hours", "tomorrow tomorrow", "9am tomorrow", "today 9",
            "tomorrow 25:00", "tomorrow 13pm", "today at 9am", "CEST", "UTC", "2026-07-04 20:00 CEST",
            "2026-07-04T20:00:00+19:00", "2026-07-04T20:00:00+02:60", "2026-07-04T20:00:00 +02:00",
            "2026-07-04T20:00:00+2", "2026-07-04T20:00:00.", "2026-07-04T20:00.250", "2026-07-04 4pm+02",
            "2026-07-04 20", "2026-07-04T", "2026-07-04T9:00", "9999-12-31T23:59:59-05:00",
            "1000-01-01T00:00:00+01:00", "99999999999999999999", "-99999999999999999999",
            "+99999999999999999999 days", "+9999999999 years", "+9223372036854775807 weeks",
            "-9223372036854775808 minutes", "+9223372036854775807 minutes", "+100000 years", "-2000 years",
            "１２３", "2026-07-04\u00a0", "tomorrow\u00a09am",
        })
        void anythingNotListedIsRejected(String input) {
            assertThat(DateInput.evaluate(input, AMSTERDAM, NOW)).isEmpty();
        }

        @Test
        void missingArgumentsAreRejectedRatherThanThrown() {
            assertThat(DateInput.evaluate(null, AMSTERDAM, NOW)).isEmpty();
            assertThat(DateInput.evaluate("now", null, NOW)).isEmpty();
            assertThat(DateInput.evaluate("now", AMSTERDAM, null)).isEmpty();
            assertThat(DateInput.evaluate(0L, null)).isEmpty();
        }

        @Test
        void randomInputNeverThrows() {
            Random random = new Random(20260310);
            String alphabet = "0123456789-+:. TtZzapmnoextdayswkhrlufi\t/,é";
            List<String> seeds = List.of("2026-07-04T20:00:00.250+02:00", "tomorrow 4:30 pm", "+5 days 11am",
                    "next wednesday 4pm", "1783188000", "-99999999999999999999 years", "12:30:45am");
            for (int i = 0; i < 20_000; i++) {
                String input = i % 2 == 0 ? randomString(random, alphabet) : mutate(random, seeds.get(i % seeds.size()));
                Instant now = Instant.ofEpochSecond(random.nextLong() % 400_000_000_000L);
                assertThatCode(() -> DateInput.evaluate(input, AMSTERDAM, now)).as(input).doesNotThrowAnyException();
            }
        }

        @Test
        @Timeout(5)
        void longInputsAreRejectedQuickly() {
            assertThat(DateInput.evaluate("tomorrow ".repeat(200_000) + "9am", AMSTERDAM, NOW)).isEmpty();
            assertThat(DateInput.evaluate("9".repeat(1_000_000), AMSTERDAM, NOW)).isEmpty();
            assertThat(DateInput.evaluate("+" + "9".repeat(1_000_000) + " days", AMSTERDAM, NOW)).isEmpty();
            assertThat(DateInput.evaluate("2026-07-04T20:00:00." + "0".repeat(1_000_000), AMSTERDAM, NOW)).isPresent();
        }

        @Test
        void extremeNowInstantsNeverThrow() {
            for (Instant now : List.of(Instant.MIN, Instant.MAX, Instant.EPOCH)) {
                for (String input : List.of("now", "today", "+1 year", "-1 year", "next fri", "9am", "+5 days 11am")) {
                    assertThatCode(() -> DateInput.evaluate(input, AMSTERDAM, now)).doesNotThrowAnyException();
                }
            }
            assertThat(DateInput.evaluate("+1 day", AMSTERDAM, Instant.MAX)).isEmpty();
        }

        private String randomString(Random random, String alphabet) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(30);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return text.toString();
        }

        private String mutate(Random random, String seed) {
            StringBuilder text = new StringBuilder(seed);
            int position = random.nextInt(text.length());
            switch (random.nextInt(3)) {
                case 0 -> text.deleteCharAt(position);
                case 1 -> text.insert(position, (char) ('0' + random.nextInt(10)));
                default -> text.setCharAt(position, (char) (' ' + random.nextInt(95)));
            }
            return text.toString();
        }
    }
}
