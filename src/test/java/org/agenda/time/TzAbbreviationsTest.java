package org.agenda.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TzAbbreviationsTest {

    @ParameterizedTest(name = "{0}s → {1}")
    @CsvSource({
        "14400, +04", "20700, +0545", "-10800, -03", "-34200, -0930", "0, +00", "-1800, -0030", "4772, +011932",
    })
    void theNumericFormIsTheTzDatabasesOwn(int seconds, String expected) {
        assertThat(TzAbbreviations.numeric(ZoneOffset.ofTotalSeconds(seconds))).isEqualTo(expected);
    }

    @Test
    void linksAreLookedUpUnderTheirOwnName() {
        assertThat(TzAbbreviations.of("US/Pacific", ZoneOffset.ofHours(-7))).isEqualTo("PDT");
        assertThat(TzAbbreviations.of("Asia/Calcutta", ZoneOffset.ofHoursMinutes(5, 30))).isEqualTo("IST");
    }

    @Test
    void unknownZonesGiveTheNumericForm() {
        assertThat(TzAbbreviations.of("Mars/Olympus_Mons", ZoneOffset.ofHours(3))).isEqualTo("+03");
    }

    @Test
    void theTableIsCompactAndWellFormed() throws IOException {
        byte[] table;
        try (InputStream stream = TzAbbreviations.class.getResourceAsStream("tz-abbreviations.tsv")) {
            assertThat(stream).isNotNull();
            table = stream.readAllBytes();
        }
        assertThat(table.length).isLessThan(300_000);
        String[] lines = new String(table, StandardCharsets.UTF_8).split("\n");
        assertThat(lines.length).isGreaterThan(500);
        for (String line : lines) {
            assertThat(line).matches("#.*|[A-Za-z0-9_+\\-/]+\t-?\\d+\t([A-Za-z]{3,6}|[+-]\\d{2,6})");
        }
    }
}
