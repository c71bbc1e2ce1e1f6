package org.agenda.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EventTimezoneTest {

    private static final Instant WINTER = Instant.parse("2026-01-15T12:00:00Z");
    private static final Instant SUMMER = Instant.parse("2026-07-15T12:00:00Z");

    private static EventTimezone zone(String input) {
        return EventTimezone.parse(input).orElseThrow();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Europe/Amsterdam    | Europe/Amsterdam",
        "europe/amsterdam    | Europe/Amsterdam",
        "america/new_york    | America/New_York",
        "AMERICA/NEW_YORK    | America/New_York",
        "US/Eastern          | US/Eastern",
        "us/eastern          | US/Eastern",
        "America/Argentina/Buenos_Aires | America/Argentina/Buenos_Aires",
        "etc/gmt+2           | Etc/GMT+2",
        "Etc/UTC             | Etc/UTC",
        "GMT                 | GMT",
        "cet                 | CET",
        "' Asia/Kolkata '    | Asia/Kolkata",
        "UTC                 | UTC",
        "utc                 | UTC",
        "Utc                 | UTC",
        "UTC+2               | UTC+2",
        "utc+2               | UTC+2",
        "UTC-5.5             | UTC-5.5",
        "UTC+5.75            | UTC+5.75",
        "UTC+0.25            | UTC+0.25",
        "UTC-0.5             | UTC-0.5",
        "UTC+14              | UTC+14",
        "UTC-14              | UTC-14",
        "UTC+0               | UTC",
        "UTC-0               | UTC",
        "UTC+00              | UTC",
    })
    void acceptedValuesAreStoredInTheirCanonicalSpelling(String input, String stored) {
        assertThat(zone(input).name()).isEqualTo(stored);
        assertThat(zone(input).toString()).isEqualTo(stored);
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {
        "", " ", "CEST", "EDT", "BST", "+02:00", "GMT+2", "GMT-5", "UTC+02:00", "UTC+2:30", "UTC+15", "UTC-14.25",
        "UTC+14.5", "UTC+2.3", "UTC+2.50", "UTC+5.0", "UTC+", "UTC 2", "UTC+-2", "UTC+123", "Z",
        "Europe/Atlantis", "Europe", "Europe/Amsterdam/", "SystemV/EST5", "systemv/pst8pdt", "Mars/Olympus_Mons",
    })
    void anythingElseIsRejected(String input) {
        assertThat(EventTimezone.parse(input)).isEmpty();
    }

    @Test
    void nullIsRejected() {
        assertThat(EventTimezone.parse(null)).isEmpty();
    }

    @Test
    void zoneIdsFollowTheValue() {
        assertThat(zone("america/new_york").zoneId()).isEqualTo(ZoneId.of("America/New_York"));
        assertThat(zone("US/Eastern").zoneId()).isEqualTo(ZoneId.of("US/Eastern"));
        assertThat(zone("UTC").zoneId()).isEqualTo(ZoneOffset.UTC);
        assertThat(zone("UTC+2").zoneId()).isEqualTo(ZoneOffset.ofHours(2));
        assertThat(zone("UTC-5.5").zoneId()).isEqualTo(ZoneOffset.ofHoursMinutes(-5, -30));
        assertThat(zone("UTC+5.75").zoneId()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 45));
        assertThat(zone("UTC-0.25").zoneId()).isEqualTo(ZoneOffset.ofHoursMinutes(0, -15));
        assertThat(zone("UTC+14").zoneId()).isEqualTo(ZoneOffset.ofHours(14));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Europe/Amsterdam   | CET   | CEST",
        "CET                | CET   | CEST",
        "America/New_York   | EST   | EDT",
        "US/Eastern         | EST   | EDT",
        "Europe/London      | GMT   | BST",
        "Europe/Dublin      | GMT   | IST",
        "America/Los_Angeles | PST  | PDT",
        "Australia/Sydney   | AEDT  | AEST",
        "Asia/Kolkata       | IST   | IST",
        "Asia/Tokyo         | JST   | JST",
        "Asia/Dubai         | +04   | +04",
        "Asia/Kathmandu     | +0545 | +0545",
        "America/Sao_Paulo  | -03   | -03",
        "Asia/Tehran        | +0330 | +0330",
        "Etc/GMT+2          | -02   | -02",
        "Etc/UTC            | UTC   | UTC",
        "UTC                | UTC   | UTC",
        "UTC+2              | UTC+2 | UTC+2",
        "utc-5.5            | UTC-5.5 | UTC-5.5",
    })
    void abbreviationsAreThoseOfTheTzDatabase(String input, String winter, String summer) {
        assertThat(zone(input).abbreviation(WINTER)).isEqualTo(winter);
        assertThat(zone(input).abbreviation(SUMMER)).isEqualTo(summer);
    }

    @Test
    void theAbbreviationChangesWithTheTransition() {
        EventTimezone amsterdam = zone("Europe/Amsterdam");

        assertThat(amsterdam.abbreviation(Instant.parse("2026-03-29T00:59:59Z"))).isEqualTo("CET");
        assertThat(amsterdam.abbreviation(Instant.parse("2026-03-29T01:00:00Z"))).isEqualTo("CEST");
        assertThat(amsterdam.abbreviation(Instant.parse("2026-10-25T00:59:59Z"))).isEqualTo("CEST");
        assertThat(amsterdam.abbreviation(Instant.parse("2026-10-25T01:00:00Z"))).isEqualTo("CET");
    }

    @Test
    void offsetsMissingFromTheTableFallBackToTheNumericForm() {
        // New York's local mean time of 1800 (-4:56:02) is not in the 2000-2040 table.
        assertThat(zone("America/New_York").abbreviation(Instant.parse("1800-01-01T00:00:00Z"))).isEqualTo("-045602");
    }

    @Test
    void everyAcceptedZoneHasAnAbbreviation() {
        for (String id : ZoneId.getAvailableZoneIds()) {
            // ical4j registers the zones of calendars it parses (the iCalendar tests in this JVM) as ical4j-local-…
            if (id.startsWith("ical4j-")) {
                assertThat(EventTimezone.parse(id)).as(id).isEmpty();
                continue;
            }
            Optional<EventTimezone> zone = EventTimezone.parse(id);
            if (id.startsWith("SystemV/")) {
                assertThat(zone).as(id).isEmpty();
                continue;
            }
            assertThat(zone).as(id).isPresent();
            assertThat(zone.get().name()).isEqualTo(id.equals("UTC") ? "UTC" : id);
            for (Instant at : new Instant[] {WINTER, SUMMER}) {
                assertThat(zone.get().abbreviation(at)).as(id).matches("[A-Za-z]{3,5}|[+-]\\d{2}(\\d{2})?");
            }
        }
    }

    @Test
    void theSiteTimezoneGivesItsName() {
        assertThat(EventTimezone.of(ZoneId.of("Europe/Amsterdam")).name()).isEqualTo("Europe/Amsterdam");
        assertThat(EventTimezone.of(ZoneId.of("US/Eastern")).name()).isEqualTo("US/Eastern");
        assertThat(EventTimezone.of(ZoneId.of("UTC")).name()).isEqualTo("UTC");
        assertThat(EventTimezone.of(ZoneOffset.UTC).name()).isEqualTo("UTC");
        assertThat(EventTimezone.of(ZoneId.of("Z")).name()).isEqualTo("UTC");
        assertThat(EventTimezone.of(ZoneId.of("Etc/UTC")).name()).isEqualTo("Etc/UTC");
        assertThat(EventTimezone.of(ZoneOffset.ofHours(2)).name()).isEqualTo("UTC+2");
        assertThat(EventTimezone.of(ZoneOffset.ofHoursMinutes(-5, -30)).name()).isEqualTo("UTC-5.5");
        assertThat(EventTimezone.of(ZoneOffset.ofHoursMinutes(5, 45)).name()).isEqualTo("UTC+5.75");
    }

    @Test
    void siteZonesThatAreNoEventTimezoneAreRefused() {
        assertThatThrownBy(() -> EventTimezone.of(ZoneId.of("GMT+2"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventTimezone.of(ZoneOffset.ofHoursMinutes(5, 20))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventTimezone.of(ZoneOffset.ofHours(-18))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void valuesAreEqualByName() {
        assertThat(zone("america/new_york")).isEqualTo(zone("America/New_York")).hasSameHashCodeAs(zone("AMERICA/NEW_YORK"));
        assertThat(zone("UTC+0")).isEqualTo(zone("utc"));
        assertThat(zone("US/Eastern")).isNotEqualTo(zone("America/New_York"));
    }
}
