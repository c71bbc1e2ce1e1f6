package org.agenda.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The date-time spellings of representations (API.md §5.1, §5.3, §5.10). */
public final class DateTimes {

    private static final DateTimeFormatter PLAIN = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
    // "xxx" writes +00:00 for UTC where "XXX" would write Z.
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");
    private static final Pattern FORMATTED = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})");

    private DateTimes() {
    }

    /** {@code YYYY-MM-DD HH:MM:SS}: no T, no offset; fractions of a second are dropped. */
    public static String format(LocalDateTime wallClock) {
        return PLAIN.format(wallClock);
    }

    /** The wall clock of an epoch second in {@code zone}, as {@link #format(LocalDateTime)} writes it. */
    public static String format(long epochSecond, ZoneId zone) {
        return format(LocalDateTime.ofInstant(Instant.ofEpochSecond(epochSecond), zone));
    }

    /**
     * The {@code *_details} parts of a formatted date-time, taken from the string without
     * conversion: year, month, day, hour, minutes, seconds.
     *
     * @throws IllegalArgumentException if {@code formatted} is not {@code YYYY-MM-DD HH:MM:SS}
     */
    public static String[] detailParts(String formatted) {
        Matcher parts = FORMATTED.matcher(formatted);
        if (!parts.matches()) {
            throw new IllegalArgumentException("not YYYY-MM-DD HH:MM:SS: " + formatted);
        }
        return new String[] {
            parts.group(1), parts.group(2), parts.group(3), parts.group(4), parts.group(5), parts.group(6)
        };
    }

    /** {@code YYYY-MM-DDTHH:MM:SS±HH:MM}: the wall clock with the zone's offset at that moment. */
    public static String iso(ZonedDateTime moment) {
        return ISO.format(moment);
    }
}
