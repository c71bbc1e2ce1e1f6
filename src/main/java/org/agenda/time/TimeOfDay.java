package org.agenda.time;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The time-of-day syntax of API.md §8.1, used alone or after a base ("tomorrow 4:30pm"). */
final class TimeOfDay {

    private static final Pattern CLOCK_24 = Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2}))?");
    private static final Pattern CLOCK_12 = Pattern.compile("(\\d{1,2})(?::(\\d{2})(?::(\\d{2}))?)? ?(am|pm)");

    private TimeOfDay() {
    }

    /** @param text normalised input: trimmed, single spaces, lower case */
    static Optional<LocalTime> parse(String text) {
        if (text.equals("noon")) {
            return Optional.of(LocalTime.NOON);
        }
        if (text.equals("midnight")) {
            return Optional.of(LocalTime.MIDNIGHT);
        }
        Matcher clock24 = CLOCK_24.matcher(text);
        if (clock24.matches()) {
            return of(number(clock24.group(1)), number(clock24.group(2)), number(clock24.group(3)));
        }
        Matcher clock12 = CLOCK_12.matcher(text);
        if (clock12.matches()) {
            int hour = number(clock12.group(1));
            if (hour < 1 || hour > 12) {
                return Optional.empty();
            }
            // 12am is the start of the day and 12pm is noon; the other hours shift by 12 after noon.
            int hour24 = hour % 12 + (clock12.group(4).equals("pm") ? 12 : 0);
            return of(hour24, number(clock12.group(2)), number(clock12.group(3)));
        }
        return Optional.empty();
    }

    private static Optional<LocalTime> of(int hour, int minute, int second) {
        try {
            return Optional.of(LocalTime.of(hour, minute, second));
        } catch (DateTimeException outOfRange) {
            return Optional.empty();
        }
    }

    /** Groups hold at most two digits, so they always fit an int; an absent group counts as zero. */
    private static int number(String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }
}
