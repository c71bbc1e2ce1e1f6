package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VTimeZone;
import net.fortuna.ical4j.model.property.DtStart;
import org.agenda.time.EventTimezone;
import org.junit.jupiter.api.Test;

/** The VTIMEZONEs of a calendar, from the JDK's rules, and the TZIDs its date-times resolve through it. */
class CalendarZonesTest {
  private static EventTimezone zone(String name) {
    return EventTimezone.parse(name).orElseThrow();
  }

  /** Each observance as "NAME from→to DTSTART". */
  private static List<String> observances(VTimeZone component) {
    var shown = new ArrayList<String>();
    for (Component observance : component.getObservances()) {
      shown.add(observance.getName() + " " + value(observance, Property.TZNAME) + " " + value(observance, Property.TZOFFSETFROM)
          + "→" + value(observance, Property.TZOFFSETTO) + " " + value(observance, Property.DTSTART));
    }
    return shown;
  }

  private static String value(Component component, String property) {
    return component.getProperty(property).map(Property::getValue).orElse(null);
  }

  @Test
  void aZoneWithSummerTimeHasTheChangeInEffectAndEachChangeUpToTheLastInstant() {
    var zones = new CalendarZones();
    zones.use(zone("Europe/Amsterdam"), Instant.parse("2026-03-29T00:30:00Z"), Instant.parse("2026-04-01T00:00:00Z"));
    zones.use(zone("Europe/Amsterdam"), Instant.parse("2026-02-01T00:00:00Z"), Instant.parse("2026-10-25T03:00:00Z"));
    List<VTimeZone> components = zones.components();
    assertThat(components).hasSize(1);
    VTimeZone amsterdam = components.get(0);
    assertThat(value(amsterdam, Property.TZID)).isEqualTo("Europe/Amsterdam");
    assertThat(observances(amsterdam)).containsExactlyInAnyOrder(
        "STANDARD CET +0200→+0100 20251026T030000",
        "DAYLIGHT CEST +0100→+0200 20260329T020000",
        "STANDARD CET +0200→+0100 20261025T030000");
    assertThat(amsterdam.validate().getEntries()).isEmpty();
    // written in the order of the changes
    assertThat(amsterdam.toString()).containsSubsequence("DTSTART:20251026T030000", "DTSTART:20260329T020000",
        "DTSTART:20261025T030000");
  }

  @Test
  void zonesWithoutChangesInTheSpanHaveTheOffsetInEffect() {
    var zones = new CalendarZones();
    Instant summer = Instant.parse("2026-07-04T18:00:00Z");
    zones.use(zone("Asia/Kolkata"), summer, summer);
    zones.use(zone("America/New_York"), summer, summer.plusSeconds(3600));
    zones.use(zone("Etc/UTC"), summer, summer);
    List<VTimeZone> components = zones.components();
    assertThat(components).extracting(component -> value(component, Property.TZID))
        .containsExactly("Asia/Kolkata", "America/New_York", "Etc/UTC");
    assertThat(observances(components.get(0))).containsExactly("STANDARD IST +0630→+0530 19451015T000000");
    assertThat(observances(components.get(1))).containsExactly("DAYLIGHT EDT -0500→-0400 20260308T020000");
    // no change ever: the offset since 1970
    assertThat(observances(components.get(2))).containsExactly("STANDARD UTC +0000→+0000 19700101T000000");
    components.forEach(component -> assertThat(component.validate().getEntries()).isEmpty());
  }

  @Test
  void theCalendarsTzidsResolveToTheJdksZones() {
    var zones = new CalendarZones();
    var amsterdam = zone("Europe/Amsterdam");
    zones.use(amsterdam, Instant.parse("2026-03-29T00:30:00Z"), Instant.parse("2026-03-29T01:30:00Z"));
    assertThat(zones.getZoneId("Europe/Amsterdam")).isEqualTo(ZoneId.of("Europe/Amsterdam"));
    assertThat(zones.getTzId("Europe/Amsterdam")).isEqualTo("Europe/Amsterdam");
    assertThat(zones.getZoneRules()).containsOnlyKeys("Europe/Amsterdam");
    assertThatThrownBy(() -> zones.getZoneId("Europe/Brussels")).isInstanceOf(DateTimeException.class);

    var start = new DtStart<>(ZonedDateTime.of(2026, 3, 29, 1, 30, 0, 0, amsterdam.zoneId()));
    start.setTimeZoneRegistry(zones);
    assertThat(start.getValue()).isEqualTo("20260329T013000");
    assertThat(start.toString()).isEqualTo("DTSTART;TZID=Europe/Amsterdam:20260329T013000\r\n");
  }
}
