package org.agenda.time;

import static java.time.temporal.ChronoUnit.DAYS;
import static java.time.temporal.ChronoUnit.HOURS;
import static java.time.temporal.ChronoUnit.MINUTES;
import static java.time.temporal.ChronoUnit.MONTHS;
import static java.time.temporal.ChronoUnit.WEEKS;
import static java.time.temporal.ChronoUnit.YEARS;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjuster;
import java.time.temporal.TemporalAdjusters;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Forms of API.md §8.1 relative to the current moment: {@code now}, day keywords, offsets and
 * weekdays, read in the zone concerned. {@link #parse} may throw {@link java.time.DateTimeException},
 * {@link ArithmeticException} or {@link NumberFormatException} for amounts beyond the calendar;
 * {@link DateInput} turns those into a rejection.
 */
final class RelativeDate {

    private static final Map<String, Integer> DAY_KEYWORDS = Map.of("today", 0, "tomorrow", 1, "yesterday", -1);
    private static final Pattern OFFSET = Pattern.compile("([+-]?)(\\d+) ?([a-z]+)");
    private static final Map<String, ChronoUnit> UNITS = Map.ofEntries(
            Map.entry("min", MINUTES), Map.entry("mins", MINUTES),
            Map.entry("minute", MINUTES), Map.entry("minutes", MINUTES),
            Map.entry("hour", HOURS), Map.entry("hours", HOURS),
            Map.entry("day", DAYS), Map.entry("days", DAYS),
            Map.entry("week", WEEKS), Map.entry("weeks", WEEKS),
            Map.entry("month", MONTHS), Map.entry("months", MONTHS),
            Map.entry("year", YEARS), Map.entry("years", YEARS));
    private static final Pattern WEEKDAY = Pattern.compile("(next|last) ([a-z]+)");
    private static final Map<String, DayOfWeek> WEEKDAYS = weekdayNames();

    private final ZonedDateTime now;

    /** @param now the current moment in the zone concerned, whole seconds */
    RelativeDate(ZonedDateTime now) {
        this.now = now;
    }

    /** @param text normalised input: trimmed, single spaces, lower case */
    Optional<ZonedDateTime> parse(String text) {
        if (text.equals("now")) {
            return Optional.of(now);
        }
        if (DAY_KEYWORDS.containsKey(text)) {
            return Optional.of(startOf(now.toLocalDate().plusDays(DAY_KEYWORDS.get(text))));
        }
        Matcher offset = OFFSET.matcher(text);
        if (offset.matches() && UNITS.containsKey(offset.group(3))) {
            long amount = Long.parseLong(offset.group(2));
            return Optional.of(plus(offset.group(1).equals("-") ? -amount : amount, UNITS.get(offset.group(3))));
        }
        Matcher weekday = WEEKDAY.matcher(text);
        if (weekday.matches() && WEEKDAYS.containsKey(weekday.group(2))) {
            DayOfWeek day = WEEKDAYS.get(weekday.group(2));
            // next() and previous() never return today itself: "strictly after/before today".
            TemporalAdjuster adjuster = weekday.group(1).equals("next")
                    ? TemporalAdjusters.next(day)
                    : TemporalAdjusters.previous(day);
            return Optional.of(startOf(now.toLocalDate().with(adjuster)));
        }
        return Optional.empty();
    }

    /** 00:00:00 of the date in the zone concerned, or the first moment after a gap covering it. */
    ZonedDateTime startOf(LocalDate date) {
        return ZonedDateTime.of(date, LocalTime.MIDNIGHT, now.getZone());
    }

    /**
     * Minutes and hours move the instant, so "+2 hours" is two real hours even across a DST change;
     * longer units move the wall-clock date and keep the time of day (months clamp to the month end).
     */
    private ZonedDateTime plus(long amount, ChronoUnit unit) {
        if (unit.isTimeBased()) {
            return now.toInstant().plus(amount, unit).atZone(now.getZone());
        }
        return ZonedDateTime.of(now.toLocalDateTime().plus(amount, unit), now.getZone());
    }

    private static Map<String, DayOfWeek> weekdayNames() {
        Map<String, DayOfWeek> names = new HashMap<>();
        for (DayOfWeek day : DayOfWeek.values()) {
            String name = day.name().toLowerCase(Locale.ROOT);
            names.put(name, day);
            names.put(name.substring(0, 3), day);
        }
        return Map.copyOf(names);
    }
}
