package org.agenda.time;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An event timezone value of API.md §8.3: a tz database zone or link name, {@code UTC}, or a fixed
 * offset {@code UTC±N}. The name is what is stored and returned as the event's {@code timezone}.
 */
public final class EventTimezone {

    private static final String UTC = "UTC";
    private static final int MAX_OFFSET_HOURS = 14;
    private static final Map<String, Integer> FRACTION_MINUTES = Map.of("25", 15, "5", 30, "75", 45);
    private static final Pattern UTC_OFFSET = Pattern.compile("(?i)utc([+-])(\\d{1,2})(?:\\.(25|5|75))?");

    private final String name;
    private final ZoneId zoneId;
    private final boolean tzDatabaseZone;

    private EventTimezone(String name, ZoneId zoneId, boolean tzDatabaseZone) {
        this.name = name;
        this.zoneId = zoneId;
        this.tzDatabaseZone = tzDatabaseZone;
    }

    /** The accepted value for {@code input}, or empty when it is not one (400 rest_invalid_timezone). */
    public static Optional<EventTimezone> parse(String input) {
        if (input == null) {
            return Optional.empty();
        }
        String text = input.strip();
        if (text.equalsIgnoreCase(UTC)) {
            return Optional.of(utc());
        }
        Matcher offset = UTC_OFFSET.matcher(text);
        if (offset.matches()) {
            return fixedOffset(offset);
        }
        String canonical = TzNames.CANONICAL.get(text.toLowerCase(Locale.ROOT));
        return Optional.ofNullable(canonical).map(zone -> new EventTimezone(zone, ZoneId.of(zone), true));
    }

    /** The site timezone as an event timezone, for events that give none (its name is stored). */
    public static EventTimezone of(ZoneId siteZone) {
        if (siteZone instanceof ZoneOffset offset) {
            return ofOffset(offset);
        }
        return parse(siteZone.getId()).orElseThrow(
                () -> new IllegalArgumentException("not a tz database zone: " + siteZone.getId()));
    }

    /** The stored and returned {@code timezone} string. */
    public String name() {
        return name;
    }

    public ZoneId zoneId() {
        return zoneId;
    }

    /** {@code timezone_abbr} (API.md §8.4) for a moment, normally the event's start. */
    public String abbreviation(Instant at) {
        if (!tzDatabaseZone) {
            return name;
        }
        return TzAbbreviations.of(name, zoneId.getRules().getOffset(at));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EventTimezone that && that.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }

    private static EventTimezone utc() {
        return new EventTimezone(UTC, ZoneOffset.UTC, false);
    }

    private static Optional<EventTimezone> fixedOffset(Matcher offset) {
        int sign = offset.group(1).equals("-") ? -1 : 1;
        int hours = Integer.parseInt(offset.group(2));
        int minutes = offset.group(3) == null ? 0 : FRACTION_MINUTES.get(offset.group(3));
        if (hours > MAX_OFFSET_HOURS || (hours == MAX_OFFSET_HOURS && minutes > 0)) {
            return Optional.empty();
        }
        if (hours == 0 && minutes == 0) {
            return Optional.of(utc());
        }
        ZoneOffset zone = ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
        // Stored as given, apart from the spelling of "UTC".
        return Optional.of(new EventTimezone(UTC + offset.group().substring(UTC.length()), zone, false));
    }

    private static EventTimezone ofOffset(ZoneOffset offset) {
        int seconds = Math.abs(offset.getTotalSeconds());
        String[] quarters = {"", ".25", ".5", ".75"};
        String name = UTC + (offset.getTotalSeconds() < 0 ? "-" : "+") + seconds / 3600 + quarters[seconds % 3600 / 900];
        return parse(name).filter(zone -> zone.zoneId.equals(offset)).orElseThrow(
                () -> new IllegalArgumentException("not a UTC±N offset: " + offset));
    }

    /** Lower-case name → canonical spelling for every zone and link name Java knows from the tz database. */
    private static final class TzNames {
        static final Map<String, String> CANONICAL = load();

        private static Map<String, String> load() {
            Map<String, String> names = new HashMap<>();
            for (String id : ZoneId.getAvailableZoneIds()) {
                // Java still ships the SystemV/* ids, which the tz database dropped long ago; ical4j registers the
                // zones of calendars it parses as ical4j-local-…, which are no zones of the tz database either.
                if (!id.startsWith("SystemV/") && !id.startsWith("ical4j-")) {
                    names.put(id.toLowerCase(Locale.ROOT), id);
                }
            }
            return Map.copyOf(names);
        }
    }
}
