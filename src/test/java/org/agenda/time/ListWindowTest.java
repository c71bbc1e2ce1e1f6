package org.agenda.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bounds of API.md §8.6: site timezone Europe/Amsterdam, now 2026-03-10 14:05:00 CET. */
class ListWindowTest {

    private static final ZoneId SITE = ZoneId.of("Europe/Amsterdam");
    private static final Instant NOW = Instant.parse("2026-03-10T13:05:00Z");

    /** How each filter of §6.3 turns a moment P into a bound; the comparison operator is the caller's. */
    private enum Filter {
        START_DATE(true), END_DATE(false), STARTS_AFTER(true), STARTS_BEFORE(false), ENDS_AFTER(true), ENDS_BEFORE(false);

        private final boolean lowerBound;

        Filter(boolean lowerBound) {
            this.lowerBound = lowerBound;
        }

        Instant bound(ZonedDateTime p, boolean strict) {
            if (strict) {
                return p.toInstant();
            }
            return lowerBound ? ListWindow.dayStart(p) : ListWindow.dayEnd(p);
        }
    }

    private static String inSite(Instant bound) {
        return DateTimes.format(LocalDateTime.ofInstant(bound, SITE));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "START_DATE    | 2026-03-12             | 2026-03-12 00:00:00 | 2026-03-12 00:00:00",
        "START_DATE    | 2026-03-12 15:30       | 2026-03-12 00:00:00 | 2026-03-12 15:30:00",
        "END_DATE      | 2026-03-12             | 2026-03-12 23:59:59 | 2026-03-12 00:00:00",
        "END_DATE      | 2026-03-12 18:00       | 2026-03-12 23:59:59 | 2026-03-12 18:00:00",
        "STARTS_AFTER  | 2026-03-12 15:00       | 2026-03-12 00:00:00 | 2026-03-12 15:00:00",
        "STARTS_BEFORE | 2026-03-12 15:00       | 2026-03-12 23:59:59 | 2026-03-12 15:00:00",
        "ENDS_AFTER    | 2026-03-12             | 2026-03-12 00:00:00 | 2026-03-12 00:00:00",
        "ENDS_BEFORE   | 2026-03-12             | 2026-03-12 23:59:59 | 2026-03-12 00:00:00",
        "START_DATE    | tomorrow               | 2026-03-11 00:00:00 | 2026-03-11 00:00:00",
        "START_DATE    | now                    | 2026-03-10 00:00:00 | 2026-03-10 14:05:00",
        "END_DATE      | +1 week                | 2026-03-17 23:59:59 | 2026-03-17 14:05:00",
        "START_DATE    | 2026-03-12T23:30:00Z   | 2026-03-13 00:00:00 | 2026-03-13 00:30:00",
        "START_DATE    | 1773273600             | 2026-03-12 00:00:00 | 2026-03-12 01:00:00",
        // The worked example of §6.3.
        "END_DATE      | 2026-03-14 10:00       | 2026-03-14 23:59:59 | 2026-03-14 10:00:00",
        "STARTS_AFTER  | 2026-03-11             | 2026-03-11 00:00:00 | 2026-03-11 00:00:00",
        "STARTS_BEFORE | 2026-03-12             | 2026-03-12 23:59:59 | 2026-03-12 00:00:00",
        "ENDS_BEFORE   | 2026-03-12 01:00       | 2026-03-12 23:59:59 | 2026-03-12 01:00:00",
    })
    void boundsOfTheSpecification(Filter filter, String input, String inclusive, String strict) {
        ZonedDateTime p = DateInput.evaluate(input, SITE, NOW).orElseThrow();

        assertThat(inSite(filter.bound(p, false))).isEqualTo(inclusive);
        assertThat(inSite(filter.bound(p, true))).isEqualTo(strict);
    }

    @Test
    void defaultsAreTodayAndTheDay24MonthsOn() {
        ZonedDateTime now = NOW.atZone(SITE);
        LocalDate lastDay = ListWindow.defaultEndDate(now.toLocalDate());

        assertThat(inSite(ListWindow.dayStart(now))).isEqualTo("2026-03-10 00:00:00");
        assertThat(inSite(ListWindow.dayEnd(ZonedDateTime.of(lastDay, LocalTime.NOON, SITE)))).isEqualTo("2028-03-10 23:59:59");
    }

    @Test
    void theDefaultEndDateIsCalendarMonthsLater() {
        assertThat(ListWindow.defaultEndDate(LocalDate.of(2026, 3, 10))).isEqualTo(LocalDate.of(2028, 3, 10));
        assertThat(ListWindow.defaultEndDate(LocalDate.of(2024, 2, 29))).isEqualTo(LocalDate.of(2026, 2, 28));
        assertThat(ListWindow.defaultEndDate(LocalDate.of(2026, 1, 31))).isEqualTo(LocalDate.of(2028, 1, 31));
        assertThat(ListWindow.defaultEndDate(LocalDate.of(2026, 12, 31))).isEqualTo(LocalDate.of(2028, 12, 31));
    }

    @Test
    void dayBoundsFollowTheLengthOfDstDays() {
        ZonedDateTime springForward = ZonedDateTime.of(2026, 3, 29, 12, 0, 0, 0, SITE);
        ZonedDateTime fallBack = ZonedDateTime.of(2026, 10, 25, 12, 0, 0, 0, SITE);

        assertThat(ListWindow.dayStart(springForward)).isEqualTo(Instant.parse("2026-03-28T23:00:00Z"));
        assertThat(ListWindow.dayEnd(springForward)).isEqualTo(Instant.parse("2026-03-29T21:59:59Z"));
        assertThat(ListWindow.dayStart(fallBack)).isEqualTo(Instant.parse("2026-10-24T22:00:00Z"));
        assertThat(ListWindow.dayEnd(fallBack)).isEqualTo(Instant.parse("2026-10-25T22:59:59Z"));
    }

    @Test
    void aDayWhoseMidnightFallsInAGapStartsAfterTheGap() {
        // Chile springs forward at midnight: 2026-09-06 begins at 01:00 -03.
        ZonedDateTime santiago = ZonedDateTime.of(2026, 9, 6, 12, 0, 0, 0, ZoneId.of("America/Santiago"));

        assertThat(ListWindow.dayStart(santiago)).isEqualTo(Instant.parse("2026-09-06T04:00:00Z"));
        assertThat(ListWindow.dayEnd(santiago.minusDays(1))).isEqualTo(Instant.parse("2026-09-06T03:59:59Z"));
    }

    @Test
    void boundsOfAMomentInAnotherZoneUseThatZonesDay() {
        ZonedDateTime newYorkEvening = ZonedDateTime.of(2026, 3, 12, 22, 0, 0, 0, ZoneId.of("America/New_York"));

        assertThat(ListWindow.dayStart(newYorkEvening)).isEqualTo(Instant.parse("2026-03-12T04:00:00Z"));
        assertThat(ListWindow.dayEnd(newYorkEvening)).isEqualTo(Instant.parse("2026-03-13T03:59:59Z"));
    }
}
