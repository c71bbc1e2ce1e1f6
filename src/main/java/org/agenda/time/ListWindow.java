package org.agenda.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;

/**
 * Day bounds of the event list's date window (API.md §6.3, §8.6). A filter value is first
 * evaluated in the site timezone to a moment P; inclusive mode widens P to its whole calendar day in
 * that zone ({@code start_date}, {@code starts_after}, {@code ends_after} take {@link #dayStart},
 * the others {@link #dayEnd}), strict mode uses P itself.
 */
public final class ListWindow {

    private static final int DEFAULT_WINDOW_MONTHS = 24;

    private ListWindow() {
    }

    /** The first instant of P's calendar date in P's zone (later than 00:00 if a DST gap covers midnight). */
    public static Instant dayStart(ZonedDateTime p) {
        return p.toLocalDate().atStartOfDay(p.getZone()).toInstant();
    }

    /** The last second of P's calendar date: one second before the next day starts, whatever the day's length. */
    public static Instant dayEnd(ZonedDateTime p) {
        return p.toLocalDate().plusDays(1).atStartOfDay(p.getZone()).toInstant().minusSeconds(1);
    }

    /** The date whose last second ends the default window: 24 calendar months on, 29 February → 28 February. */
    public static LocalDate defaultEndDate(LocalDate today) {
        return today.plusMonths(DEFAULT_WINDOW_MONTHS);
    }
}
