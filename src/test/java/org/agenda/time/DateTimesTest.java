package org.agenda.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class DateTimesTest {

    @Test
    void formatsWallClockWithoutTOrOffset() {
        assertThat(DateTimes.format(LocalDateTime.of(2026, 7, 4, 20, 0))).isEqualTo("2026-07-04 20:00:00");
        assertThat(DateTimes.format(LocalDateTime.of(1000, 1, 2, 3, 4, 5, 999_999_999))).isEqualTo("1000-01-02 03:04:05");
        assertThat(DateTimes.format(LocalDateTime.of(9999, 12, 31, 23, 59, 59))).isEqualTo("9999-12-31 23:59:59");
    }

    @Test
    void detailPartsAreTakenFromTheString() {
        assertThat(DateTimes.detailParts("2026-07-04 20:00:00")).containsExactly("2026", "07", "04", "20", "00", "00");
        assertThat(DateTimes.detailParts("1999-12-31 23:59:58")).containsExactly("1999", "12", "31", "23", "59", "58");
    }

    @Test
    void detailPartsRefuseOtherSpellings() {
        assertThatThrownBy(() -> DateTimes.detailParts("2026-07-04T20:00:00")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DateTimes.detailParts("2026-07-04")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void isoCarriesTheOffsetOfTheMomentAndNeverZ() {
        LocalDateTime eight = LocalDateTime.of(2026, 7, 4, 20, 0);

        assertThat(DateTimes.iso(ZonedDateTime.of(eight, ZoneId.of("Europe/Amsterdam")))).isEqualTo("2026-07-04T20:00:00+02:00");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight.withMonth(1), ZoneId.of("Europe/Amsterdam")))).isEqualTo("2026-01-04T20:00:00+01:00");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight, ZoneId.of("America/New_York")))).isEqualTo("2026-07-04T20:00:00-04:00");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight, ZoneId.of("Asia/Kathmandu")))).isEqualTo("2026-07-04T20:00:00+05:45");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight, ZoneOffset.UTC))).isEqualTo("2026-07-04T20:00:00+00:00");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight, ZoneId.of("UTC")))).isEqualTo("2026-07-04T20:00:00+00:00");
        assertThat(DateTimes.iso(ZonedDateTime.of(eight.withNano(250_000_000), ZoneOffset.UTC))).isEqualTo("2026-07-04T20:00:00+00:00");
    }
}
