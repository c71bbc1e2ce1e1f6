package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.PropertyContainer;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.DateProperty;
import net.fortuna.ical4j.util.CompatibilityHints;
import org.agenda.support.HttpResult;

/**
 * iCalendar answers read back as a client would: parsed by ical4j in strict mode (no relaxed unfolding, parsing or
 * validation) and validated (RFC 5545), then looked at event by event, each known by the id in its UID.
 */
final class CalendarChecks {
  static final String MEDIA_TYPE = "text/calendar; charset=utf-8";
  private static final Pattern UID = Pattern.compile("event-(\\d+)@(.+)");

  private CalendarChecks() {}

  /** The answer's calendar: a 200 in text/calendar that ical4j parses strictly and finds valid. */
  static Calendar parse(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    assertThat(response.header("Content-Type")).isEqualTo(MEDIA_TYPE);
    return parse(response.body());
  }

  static Calendar parse(String text) {
    for (String hint : List.of(CompatibilityHints.KEY_RELAXED_UNFOLDING, CompatibilityHints.KEY_RELAXED_PARSING,
        CompatibilityHints.KEY_RELAXED_VALIDATION, CompatibilityHints.KEY_OUTLOOK_COMPATIBILITY,
        CompatibilityHints.KEY_NOTES_COMPATIBILITY)) {
      assertThat(CompatibilityHints.isHintEnabled(hint)).as("ical4j hint " + hint).isFalse();
    }
    assertThat(text).as("lines end with CRLF").doesNotContainPattern("[^\r]\n");
    Calendar calendar;
    try {
      calendar = new CalendarBuilder().build(new StringReader(text));
    } catch (Exception e) {
      throw new AssertionError("ical4j (strict) cannot parse the calendar: " + e + "\n" + text, e);
    }
    var result = calendar.validate();
    assertThat(result.getEntries()).as("validation of the calendar\n" + text).isEmpty();
    return calendar;
  }

  static List<VEvent> events(Calendar calendar) {
    return calendar.getComponents(Component.VEVENT);
  }

  /** The events by the id of their UID, in calendar order. */
  static Map<Long, VEvent> byId(Calendar calendar) {
    Map<Long, VEvent> events = new LinkedHashMap<>();
    for (VEvent event : events(calendar)) events.put(id(event), event);
    return events;
  }

  /** The ids of the events, in calendar order. */
  static List<Long> ids(Calendar calendar) {
    return new ArrayList<>(byId(calendar).keySet());
  }

  static long id(VEvent event) {
    Matcher uid = UID.matcher(value(event, Property.UID));
    assertThat(uid.matches()).as("UID " + value(event, Property.UID)).isTrue();
    return Long.parseLong(uid.group(1));
  }

  /** The value of a property of a calendar or component, or null when it does not have it. */
  static String value(PropertyContainer container, String property) {
    return container.getProperty(property).map(Property::getValue).orElse(null);
  }

  /** The value of a parameter of a property, or null. */
  static String parameter(PropertyContainer container, String property, String parameter) {
    return container.getProperty(property)
        .flatMap(p -> p.getParameter(parameter).map(net.fortuna.ical4j.model.Parameter::getValue)).orElse(null);
  }

  /**
   * A date-time property (DTSTART, DTEND, LAST-MODIFIED, …) as the instant it names, a TZID read with the calendar's
   * VTIMEZONE.
   */
  static Instant instant(VEvent event, String property) {
    Temporal date = date(event, property);
    assertThat(date).as(property + " is a date-time").isNotInstanceOf(LocalDate.class);
    return Instant.from(date);
  }

  /** A DTSTART or DTEND of VALUE=DATE. */
  static LocalDate day(VEvent event, String property) {
    assertThat(parameter(event, property, "VALUE")).as(property + " VALUE").isEqualTo("DATE");
    return LocalDate.from(date(event, property));
  }

  @SuppressWarnings("unchecked")
  private static Temporal date(VEvent event, String property) {
    DateProperty<Temporal> date = (DateProperty<Temporal>) event.getProperty(property)
        .orElseThrow(() -> new AssertionError("no " + property));
    return date.getDate();
  }

  /** An unfolded calendar text, where a word cut by line folding is whole again. */
  static String unfolded(String text) {
    return text.replace("\r\n ", "").replace("\r\n\t", "");
  }
}
