package org.agenda.time;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Literal dates of API.md §8.1: a date, a date and time (wall clock), or a date and time with an
 * offset (an instant). Methods may throw {@link DateTimeException} for impossible values
 * such as 2026-02-30; {@link DateInput} turns that into a rejection.
 */
final class CalendarDate {

    static final int FIRST_YEAR = 1000;
    static final int LAST_YEAR = 9999;

    private static final String DATE = "(\\d{4})-(\\d{2})-(\\d{2})";
    private static final Pattern DATE_ONLY = Pattern.compile(DATE);
    // Fractions of a second are accepted and dropped; the offset makes the value an instant.
    private static final Pattern DATE_TIME = Pattern.compile(
            DATE + "[ t](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?(z|[+-]\\d{2}(?::?\\d{2})?)?");
    private static final Pattern OFFSET = Pattern.compile("([+-])(\\d{2}):?(\\d{2})?");

    private CalendarDate() {
    }

    /** @param text normalised input: trimmed, single spaces, lower case */
    static Optional<LocalDate> date(String text) {
        Matcher date = DATE_ONLY.matcher(text);
        return date.matches() ? Optional.of(date(date)) : Optional.empty();
    }

    /** A date and time without offset is wall clock in the zone; with an offset it is an instant. */
    static Optional<ZonedDateTime> dateTime(String text, ZoneId zone) {
        Matcher dateTime = DATE_TIME.matcher(text);
        if (!dateTime.matches()) {
            return Optional.empty();
        }
        LocalDateTime wallClock = LocalDateTime.of(date(dateTime), LocalTime.of(
                number(dateTime.group(4)), number(dateTime.group(5)), number(dateTime.group(6))));
        String offset = dateTime.group(7);
        if (offset == null) {
            return Optional.of(ZonedDateTime.of(wallClock, zone));
        }
        return Optional.of(wallClock.atOffset(offset(offset)).atZoneSameInstant(zone));
    }

    private static LocalDate date(Matcher match) {
        int year = number(match.group(1));
        if (year < FIRST_YEAR) {
            // LocalDate.of would accept it; API.md §8.1 does not.
            throw new DateTimeException("year before " + FIRST_YEAR);
        }
        return LocalDate.of(year, number(match.group(2)), number(match.group(3)));
    }

    private static ZoneOffset offset(String text) {
        if (text.equals("z")) {
            return ZoneOffset.UTC;
        }
        Matcher offset = OFFSET.matcher(text);
        if (!offset.matches()) {
            throw new DateTimeException("offset " + text);
        }
        int sign = offset.group(1).equals("-") ? -1 : 1;
        return ZoneOffset.ofHoursMinutes(sign * number(offset.group(2)), sign * number(offset.group(3)));
    }

    /** Groups hold at most four digits, so they always fit an int; an absent group counts as zero. */
    private static int number(String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }
}
