package org.agenda.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Evaluates the date inputs of API.md §8.1 in the zone concerned (§8.2). Every result is a moment in
 * that zone with whole seconds; anything not accepted gives an empty result (the caller answers 400
 * {@code rest_invalid_date}), never an exception.
 */
public final class DateInput {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern TIMESTAMP = Pattern.compile("-?\\d+");

    private DateInput() {
    }

    /**
     * @param text the input as received (query, form or JSON string)
     * @param zone the zone concerned: wall-clock values are read in it and results are expressed in it
     * @param now  the current instant, which relative forms ("now", "tomorrow", "+5 days") start from
     */
    public static Optional<ZonedDateTime> evaluate(String text, ZoneId zone, Instant now) {
        if (text == null || zone == null || now == null) {
            return Optional.empty();
        }
        String input = WHITESPACE.matcher(text.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
        try {
            if (TIMESTAMP.matcher(input).matches()) {
                return evaluate(Long.parseLong(input), zone);
            }
            ZonedDateTime current = now.truncatedTo(ChronoUnit.SECONDS).atZone(zone);
            return evaluate(input, current).filter(DateInput::inSupportedYears);
        } catch (DateTimeException | ArithmeticException | NumberFormatException beyondTheCalendar) {
            // Impossible dates (2026-02-30, 25:00) and amounts too large for java.time end up here.
            return Optional.empty();
        }
    }

    /** True when the input names a moment by itself (a timestamp or a calendar date), not relative to now. */
    public static boolean isAbsolute(String text) {
        String input = WHITESPACE.matcher(text.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
        return TIMESTAMP.matcher(input).matches() || CalendarDate.date(input).isPresent()
                || CalendarDate.dateTime(input, ZoneOffset.UTC).isPresent();
    }

    /** A Unix timestamp (seconds since 1970-01-01T00:00:00Z), as given by a JSON integer. */
    public static Optional<ZonedDateTime> evaluate(long unixSeconds, ZoneId zone) {
        if (zone == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.ofEpochSecond(unixSeconds).atZone(zone)).filter(DateInput::inSupportedYears);
        } catch (DateTimeException beyondTheCalendar) {
            return Optional.empty();
        }
    }

    private static Optional<ZonedDateTime> evaluate(String input, ZonedDateTime now) {
        RelativeDate relative = new RelativeDate(now);
        Optional<ZonedDateTime> literal = CalendarDate.dateTime(input, now.getZone());
        if (literal.isPresent()) {
            return literal;
        }
        Optional<LocalTime> timeAlone = TimeOfDay.parse(input);
        if (timeAlone.isPresent()) {
            return Optional.of(at(now, timeAlone.get()));
        }
        Optional<ZonedDateTime> base = base(input, relative);
        if (base.isPresent()) {
            return base;
        }
        // "base time": a time holds at most one space ("4:30 pm"), so only the last two spaces can
        // separate it from the base; trying no others keeps long inputs cheap.
        int lastSpace = input.lastIndexOf(' ');
        return baseAndTime(input, lastSpace, relative)
                .or(() -> baseAndTime(input, input.lastIndexOf(' ', lastSpace - 1), relative));
    }

    private static Optional<ZonedDateTime> baseAndTime(String input, int space, RelativeDate relative) {
        if (space < 0) {
            return Optional.empty();
        }
        Optional<LocalTime> time = TimeOfDay.parse(input.substring(space + 1));
        return time.flatMap(t -> base(input.substring(0, space), relative).map(day -> at(day, t)));
    }

    /** What may precede a time: a date, or a relative form ("tomorrow", "+5 days", "next wed"). */
    private static Optional<ZonedDateTime> base(String input, RelativeDate relative) {
        Optional<ZonedDateTime> date = CalendarDate.date(input).map(relative::startOf);
        return date.isPresent() ? date : relative.parse(input);
    }

    /** The offset or day is applied first, then the time of day is set on the resulting date. */
    private static ZonedDateTime at(ZonedDateTime day, LocalTime time) {
        return ZonedDateTime.of(day.toLocalDate(), time, day.getZone());
    }

    private static boolean inSupportedYears(ZonedDateTime moment) {
        return moment.getYear() >= CalendarDate.FIRST_YEAR && moment.getYear() <= CalendarDate.LAST_YEAR;
    }
}
