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
import net.fortuna.ical4j.model.DateList;
import net.fortuna.ical4j.model.TimeZone;
import net.fortuna.ical4j.model.TimeZoneRegistry;
import net.fortuna.ical4j.model.component.Daylight;
import net.fortuna.ical4j.model.component.Observance;
import net.fortuna.ical4j.model.component.Standard;
import net.fortuna.ical4j.model.component.VTimeZone;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.RDate;
import net.fortuna.ical4j.model.property.TzId;
import net.fortuna.ical4j.model.property.TzName;
import net.fortuna.ical4j.model.property.TzOffsetFrom;
import net.fortuna.ical4j.model.property.TzOffsetTo;
import org.agenda.time.EventTimezone;

/**
 * The time zones one calendar uses: a VTIMEZONE for each (RFC 5545 §3.6.5), made from the JDK's rules, the ones
 * that computed the events' UTC times, so that a client that reads the VTIMEZONE finds exactly those instants.
 * A VTIMEZONE describes the zone from the offset in effect at the first instant the calendar uses in it until the
 * last one: one observance per kind of change (to summer time, to winter time), with its first onset as DTSTART
 * and the later ones as RDATE, instead of the whole history of the zone.
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

  /** What a kind of change of offset is called and does: the key of one observance. */
  private record Change(boolean daylight, ZoneOffset from, ZoneOffset to, String name) {}

  private static VTimeZone component(EventTimezone zone, Span span) {
    ZoneRules rules = zone.zoneId().getRules();
    var transitions = new ArrayList<ZoneOffsetTransition>();
    // the change that made the offset in effect at the first instant, then those up to the last one
    ZoneOffsetTransition inEffect = rules.previousTransition(span.first.plusSeconds(1));
    if (inEffect != null) transitions.add(inEffect);
    for (ZoneOffsetTransition next = rules.nextTransition(span.first);
        next != null && !next.getInstant().isAfter(span.last); next = rules.nextTransition(next.getInstant())) {
      transitions.add(next);
    }
    Map<Change, List<LocalDateTime>> onsets = new LinkedHashMap<>();
    for (ZoneOffsetTransition transition : transitions) {
      // DTSTART and RDATE of an observance are wall-clock times in the offset before the change (TZOFFSETFROM)
      onsets.computeIfAbsent(new Change(rules.isDaylightSavings(transition.getInstant()), transition.getOffsetBefore(),
          transition.getOffsetAfter(), zone.abbreviation(transition.getInstant())), c -> new ArrayList<>())
          .add(transition.getDateTimeBefore());
    }
    if (onsets.isEmpty()) {
      // a zone that never changed its offset (within what the tz database knows)
      ZoneOffset offset = rules.getOffset(span.first);
      onsets.put(new Change(false, offset, offset, zone.abbreviation(span.first)),
          List.of(LocalDateTime.of(1970, 1, 1, 0, 0)));
    }
    VTimeZone component = new VTimeZone();
    component.add(new TzId(zone.name()));
    onsets.forEach((change, times) -> component.add(observance(change, times)));
    return component;
  }

  private static Observance observance(Change change, List<LocalDateTime> onsets) {
    Observance observance = change.daylight() ? new Daylight() : new Standard();
    observance.add(new TzName(change.name()));
    observance.add(new TzOffsetFrom(change.from()));
    observance.add(new TzOffsetTo(change.to()));
    observance.add(new DtStart<>(onsets.get(0)));
    if (onsets.size() > 1) observance.add(new RDate<>(new DateList<>(onsets.subList(1, onsets.size()))));
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
