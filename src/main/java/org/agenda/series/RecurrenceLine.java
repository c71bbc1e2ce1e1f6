package org.agenda.series;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a {@code recurrence} ("NAME;PARAM=VALUE:VALUE"), and the iCalendar date forms its values use.
 * The rule itself is read and expanded by ical4j; this only splits lines and reads their dates.
 */
final class RecurrenceLine {
  static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT)
      .withResolverStyle(ResolverStyle.STRICT);
  static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss", Locale.ROOT)
      .withResolverStyle(ResolverStyle.STRICT);
  private static final Pattern LINE = Pattern.compile("([A-Za-z-]+)((?:;[A-Za-z-]+=(?:\"[^\"]*\"|[^;:\"]*))*):(.*)");
  /** The years of API dates (time.CalendarDate); iCalendar's four digits end at 9999. */
  private static final int FIRST_YEAR = 1000;
  private static final int LAST_YEAR = 9999;
  private static final Pattern DATE_VALUE = Pattern.compile("(\\d{8})(?:T(\\d{6})(Z)?)?");

  final String text;
  final String name;
  final Map<String, String> params;
  final String value;

  private RecurrenceLine(String text, String name, Map<String, String> params, String value) {
    this.text = text;
    this.name = name;
    this.params = params;
    this.value = value;
  }

  static RecurrenceLine read(String line) {
    String text = line == null ? "" : line.strip();
    Matcher match = LINE.matcher(text);
    if (!match.matches() || match.group(3).isBlank()) {
      throw malformed(text, "is not of the form NAME:VALUE (\"RRULE:FREQ=WEEKLY\", \"EXDATE:20270105T193000\")");
    }
    Map<String, String> params = new LinkedHashMap<>();
    // a quoted value may hold ";" or ":" in principle, but none of the parameters read here needs them
    for (String param : match.group(2).split(";(?=[A-Za-z-]+=)")) {
      if (param.isEmpty()) continue;
      int equals = param.indexOf('=');
      String name = param.substring(0, equals).toUpperCase(Locale.ROOT);
      String value = param.substring(equals + 1).strip().replace("\"", "");
      if (params.put(name, value) != null) {
        throw malformed(text, "has the parameter " + name + " twice");
      }
    }
    return new RecurrenceLine(text, match.group(1).toUpperCase(Locale.ROOT), params, match.group(3).strip());
  }

  /**
   * A date or date-time value as local wall time in {@code zone}: UTC values ("…Z") and values in another
   * {@code TZID} are converted; a date alone gets {@code timeOfDay}.
   */
  LocalDateTime localDateTime(String text, ZoneId zone, ZoneId valueZone, LocalTime timeOfDay) {
    Matcher match = DATE_VALUE.matcher(text.strip().toUpperCase(Locale.ROOT));
    LocalDateTime local;
    try {
      if (!match.matches()) throw new DateTimeException(text);
      LocalDate date = LocalDate.parse(match.group(1), DATE);
      LocalDateTime wallClock = match.group(2) == null ? date.atTime(timeOfDay)
          : LocalDateTime.parse(match.group(1) + "T" + match.group(2), DATE_TIME);
      if (match.group(2) == null) local = wallClock;
      else if (match.group(3) != null) local = LocalDateTime.ofInstant(wallClock.toInstant(ZoneOffset.UTC), zone);
      else local = wallClock.atZone(valueZone).withZoneSameInstant(zone).toLocalDateTime();
    } catch (DateTimeException e) {
      throw malformed(this.text, "has \"" + text + "\", which is not a date (20270105) or a date-time"
          + " (20270105T193000, or 20270105T183000Z in UTC)");
    }
    if (local.getYear() < FIRST_YEAR || local.getYear() > LAST_YEAR) {
      throw malformed(this.text, "has \"" + text + "\", outside the years " + FIRST_YEAR + " to " + LAST_YEAR);
    }
    return local;
  }

  /** The zone of the values: the line's TZID, else the event's. */
  ZoneId valueZone(ZoneId zone) {
    String tzid = params.get("TZID");
    if (tzid == null) return zone;
    try {
      return ZoneId.of(tzid);
    } catch (DateTimeException e) {
      throw malformed(text, "has the unknown time zone TZID=" + tzid);
    }
  }

  void allowParams(List<String> names) {
    for (String param : params.keySet()) {
      if (!names.contains(param)) {
        throw new RecurrenceException("recurrence_unknown_part",
            "The recurrence line \"" + text + "\" has the parameter " + param + ", which is not supported.");
      }
    }
  }

  static String utc(LocalDateTime local, ZoneId zone) {
    Instant instant = local.atZone(zone).toInstant();
    return DATE_TIME.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)) + "Z";
  }

  RecurrenceException malformed(String why) {
    return malformed(text, why);
  }

  static RecurrenceException malformed(String line, String why) {
    return new RecurrenceException("recurrence_malformed", "The recurrence line \"" + line + "\" " + why + ".");
  }
}
