package org.agenda.event;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import net.fortuna.ical4j.model.DateList;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.parameter.TzId;
import net.fortuna.ical4j.model.parameter.Value;
import net.fortuna.ical4j.model.property.DateListProperty;
import net.fortuna.ical4j.model.property.ExDate;
import net.fortuna.ical4j.model.property.RDate;
import net.fortuna.ical4j.model.property.RRule;
import net.fortuna.ical4j.model.property.RecurrenceId;
import org.agenda.time.EventTimezone;

/**
 * The recurrence of a series in its iCalendar form: RRULE, RDATE and EXDATE from the stored (normalised) lines, and
 * the RECURRENCE-ID of an occurrence that differs from the rule. Dates follow the master's DTSTART: VALUE=DATE for
 * all-day series, TZID wall-clock times in a tz database zone, UTC times in a fixed offset.
 */
final class CalendarRules {
  private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss");
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuuMMdd");

  private CalendarRules() {}

  static void addRule(VEvent vevent, Event series, CalendarZones zones) {
    for (String line : series.recurrence) {
      String name = line.substring(0, indexOfNameEnd(line));
      String value = line.substring(line.lastIndexOf(':') + 1);
      switch (name) {
        case "RRULE" -> vevent.add(new RRule<>(value));
        case "RDATE" -> vevent.add(dates(new RDate<>(), series, value, zones));
        case "EXDATE" -> vevent.add(dates(new ExDate<>(), series, value, zones));
        default -> { } // the stored lines hold only these three (Recurrence.lines)
      }
    }
  }

  static void addRecurrenceId(VEvent vevent, Event occurrence, CalendarZones zones) {
    LocalDateTime start = EventSeries.local(occurrence.originalStart);
    if (occurrence.allDay) {
      vevent.add(new RecurrenceId<>(start.toLocalDate()));
      return;
    }
    EventTimezone zone = EventView.zone(occurrence);
    if (zone.zoneId() instanceof ZoneOffset) {
      vevent.add(new RecurrenceId<>(ZonedDateTime.of(start, zone.zoneId()).toInstant()));
    } else {
      vevent.add(EventCalendar.inZone(new RecurrenceId<>(ZonedDateTime.of(start, zone.zoneId())), zones));
    }
  }

  private static int indexOfNameEnd(String line) {
    int colon = line.indexOf(':');
    int semicolon = line.indexOf(';');
    return semicolon >= 0 && semicolon < colon ? semicolon : colon;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static DateListProperty dates(DateListProperty property, Event series, String value, CalendarZones zones) {
    List<String> values = List.of(value.split(","));
    if (series.allDay) {
      var dates = new ArrayList<LocalDate>();
      for (String v : values) dates.add(LocalDate.parse(v.substring(0, 8), DATE));
      property.add(Value.DATE);
      property.setValue(new DateList<>(dates).toString());
      return property;
    }
    ZoneId zone = EventView.zone(series).zoneId();
    if (zone instanceof ZoneOffset) {
      // a fixed offset is no TZID: the stored lines hold UTC times already (…Z), as the master's DTSTART is
      var instants = new ArrayList<java.time.Instant>();
      for (String v : values) {
        instants.add(v.endsWith("Z") ? LocalDateTime.parse(v.substring(0, v.length() - 1), DATE_TIME).toInstant(ZoneOffset.UTC)
            : ZonedDateTime.of(LocalDateTime.parse(v, DATE_TIME), zone).toInstant());
      }
      property.setValue(new DateList<>(instants).toString());
      return property;
    }
    property.add(new TzId(zone.getId()));
    property.setTimeZoneRegistry(zones);
    property.setValue(String.join(",", values));
    return property;
  }
}
