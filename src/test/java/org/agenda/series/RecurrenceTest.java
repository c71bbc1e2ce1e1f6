package org.agenda.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecurrenceTest {
  private static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");

  @Test
  void aWeeklyRuleWithExceptionsAndExtraDates() {
    Recurrence recurrence = Recurrence.parse(List.of("RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4",
        "EXDATE;TZID=Europe/Amsterdam:20261013T193000", "RDATE:20261017T150000"), AMSTERDAM,
        LocalDateTime.parse("2026-10-06T19:30"), false);

    assertThat(recurrence.starts(LocalDateTime.parse("2030-01-01T00:00"))).containsExactly(
        LocalDateTime.parse("2026-10-06T19:30"), LocalDateTime.parse("2026-10-17T15:00"),
        LocalDateTime.parse("2026-10-20T19:30"), LocalDateTime.parse("2026-10-27T19:30"));
    assertThat(recurrence.bounded()).isTrue();
  }
}
