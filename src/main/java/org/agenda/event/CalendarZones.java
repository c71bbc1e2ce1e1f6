package org.agenda.event;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.fortuna.ical4j.model.TimeZone;
import net.fortuna.ical4j.model.TimeZoneRegistry;
import net.fortuna.ical4j.model.component.Daylight;
import net.fortuna.ical4j.model.component.Observance;
import net.fortuna.ical4j.model.component.Standard;
import net.fortuna.ical4j.model.component.VTimeZone;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.TzId;
import net.fortuna.ical4j.model.property.TzName;
import net.fortuna.ical4j.model.property.TzOffsetFrom;
import net.fortuna.ical4j.model.property.TzOffsetTo;
import org.agenda.time.EventTimezone;

/**
 * The time zones one calendar uses: a VTIMEZONE for each (RFC 5545 §3.6.5), made from the JDK's rules, the ones
 * that computed the events' UTC times, so that a client that reads the VTIMEZONE finds exactly those instants.
 * A VTIMEZONE describes the zone from the offset in effect at the first instant the calendar uses in it until the
 * last one, instead of the whole history of the zone: one observance per change of offset, each with its own
 * DTSTART and no RRULE or RDATE, which every reader understands (ical.js, for one, skips the DTSTART of an
 * observance that has RDATEs).
 *
 * <p>It is also the {@link TimeZoneRegistry} of the calendar's date-times: ical4j resolves a TZID through it to
 * the JDK's zone, so that it never installs its own zone rules (its bundled tz data, which may differ from the
 * JDK's, and zone ids of its own that every {@link ZoneId#getAvailableZoneIds()} would then list).
 */
final class CalendarZones implements TimeZoneRegistry {
  /** A zone's first and last instants in the calendar. */
  private static final class Span {
    Instant first;
    Instant last;
  }

  private final Map<EventTimezone, Span> used = new LinkedHashMap<>();

  /** A date-time of the calendar, from {@code first} to {@code last}, is written in the tz database zone. */
  void use(EventTimezone zone, Instant first, Instant last) {
    Span span = used.computeIfAbsent(zone, z -> new Span());
    if (span.first == null || first.isBefore(span.first)) span.first = first;
    if (span.last == null || last.isAfter(span.last)) span.last = last;
  }

  /** One VTIMEZONE per zone used, in the order first used. */
  List<VTimeZone> components() {
    var components = new ArrayList<VTimeZone>();
    used.forEach((zone, span) -> components.add(component(zone, span)));
    return components;
  }

  private static VTimeZone component(EventTimezone zone, Span span) {
    ZoneRules rules = zone.zoneId().getRules();
    VTimeZone component = new VTimeZone();
    component.add(new TzId(zone.name()));
    // the change that made the offset in effect at the first instant, then those up to the last one
    ZoneOffsetTransition inEffect = rules.previousTransition(span.first.plusSeconds(1));
    if (inEffect != null) {
      component.add(observance(zone, rules, inEffect));
    } else {
      // a zone that never changed its offset (as far as the tz database knows)
      ZoneOffset offset = rules.getOffset(span.first);
      component.add(observance(false, zone.abbreviation(span.first), offset, offset,
          LocalDateTime.of(1970, 1, 1, 0, 0)));
    }
    for (ZoneOffsetTransition next = rules.nextTransition(span.first);
        next != null && !next.getInstant().isAfter(span.last); next = rules.nextTransition(next.getInstant())) {
      component.add(observance(zone, rules, next));
    }
    return component;
  }

  private static Observance observance(EventTimezone zone, ZoneRules rules, ZoneOffsetTransition transition) {
    // the DTSTART of an observance is a wall-clock time in the offset before the change (TZOFFSETFROM)
    return observance(rules.isDaylightSavings(transition.getInstant()), zone.abbreviation(transition.getInstant()),
        transition.getOffsetBefore(), transition.getOffsetAfter(), transition.getDateTimeBefore());
  }

  private static Observance observance(boolean daylight, String name, ZoneOffset from, ZoneOffset to,
      LocalDateTime onset) {
    Observance observance = daylight ? new Daylight() : new Standard();
    observance.add(new TzName(name));
    observance.add(new TzOffsetFrom(from));
    observance.add(new TzOffsetTo(to));
    observance.add(new DtStart<>(onset));
    return observance;
  }

  // ------------------------------------------------------------------ the registry of the calendar's TZIDs

  /** The JDK's zone of a TZID this calendar uses. */
  @Override
  public ZoneId getZoneId(String tzId) {
    for (EventTimezone zone : used.keySet()) {
      if (zone.name().equals(tzId)) return zone.zoneId();
    }
    throw new DateTimeException("Unknown timezone identifier [" + tzId + "]");
  }

  /** The rules of the zones used (ical4j asks a registry for them only when there are any). */
  @Override
  public Map<String, ZoneRules> getZoneRules() {
    Map<String, ZoneRules> rules = new LinkedHashMap<>();
    used.keySet().forEach(zone -> rules.put(zone.name(), zone.zoneId().getRules()));
    return rules;
  }

  @Override
  public String getTzId(String zoneId) {
    for (EventTimezone zone : used.keySet()) {
      if (zone.zoneId().getId().equals(zoneId)) return zone.name();
    }
    return null;
  }

  /** ical4j's own time zones are not used: the zones are the JDK's, their VTIMEZONEs made by {@link #components}. */
  @Override
  public TimeZone getTimeZone(String id) {
    return null;
  }

  @Override
  public void register(TimeZone timezone) {
    throw new UnsupportedOperationException("the calendar's zones are the JDK's");
  }

  @Override
  public void register(TimeZone timezone, boolean update) {
    throw new UnsupportedOperationException("the calendar's zones are the JDK's");
  }

  @Override
  public void clear() {
    used.clear();
  }
}
