package org.agenda.series;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.fortuna.ical4j.model.Recur;

/**
 * The recurrence of a series: its RFC 5545 lines, read in the event's time zone, anchored at its first start.
 * The rule is expanded by ical4j's {@link Recur} on local wall times, so a Tuesday 19:30 stays 19:30 local
 * across DST changes.
 *
 * <p>Limits (each refused with its detail code, see {@link RecurrenceException}):
 * <ul>
 *   <li>{@link #MAX_OCCURRENCES}: a series with an end (COUNT, UNTIL, or RDATEs only) has at most this many
 *   occurrences ("recurrence_too_many"), and so many RDATEs are refused in any series; an open-ended one is
 *   expanded to at most this many, counted from its first start: a daily rule without end stops growing after
 *   1000 days (about 2 years and 9 months), one every other day after 5 years and a half, a weekly one after 19
 *   years. Its past occurrences are never dropped to make room.</li>
 *   <li>The minimum interval is one day: FREQ=SECONDLY, MINUTELY and HOURLY are refused, and so is a rule that
 *   gives two occurrences on one local day (FREQ=DAILY;BYHOUR=9,18) ("recurrence_too_frequent"). RDATEs may add
 *   other times.</li>
 *   <li>{@link #HORIZON}: open-ended rules are expanded by the caller to now + HORIZON (local time in the
 *   event's zone), so that the horizon moves on as time passes; {@link #parse} checks an open-ended rule on its
 *   first occurrences only.</li>
 *   <li>A series has at least two occurrences: a recurrence that gives nothing besides the first start is
 *   refused ("recurrence_no_occurrence"), by {@link #parse} and by every method that derives a new one.</li>
 * </ul>
 * The first start always counts as the first occurrence (and towards COUNT, as RFC 5545 says), even when the
 * rule would not give it; it cannot be excluded, and no RDATE may come before it.
 */
public final class Recurrence {
  /** The most occurrences a series has: a bounded series with more is refused, an open-ended one is cut. */
  public static final int MAX_OCCURRENCES = 1000;
  /** Open-ended rules are expanded to now + HORIZON. */
  public static final Period HORIZON = Period.ofYears(2);

  /** How many occurrences of an open-ended rule {@link #parse} looks at to check it. */
  private static final int CHECKED_OPEN = 32;
  private static final LocalDateTime FAR = LocalDateTime.of(9999, 12, 31, 23, 59, 59);
  private static final Set<String> RULE_PARTS = Set.of("FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND",
      "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST");
  private static final Set<String> TOO_FREQUENT = Set.of("SECONDLY", "MINUTELY", "HOURLY");
  private static final List<String> DATE_PARAMS = List.of("TZID", "VALUE");

  private final ZoneId zone;
  private final LocalDateTime first;
  private final boolean allDay;
  /** The RRULE's parts in ical4j's order, without UNTIL (kept in local time); null without RRULE. */
  private final String rule;
  private final LocalDateTime until;
  /** The rule's COUNT, 0 without. */
  private final int count;
  private final SortedSet<LocalDateTime> extra;
  private final SortedSet<LocalDateTime> excluded;

  private Recurrence(ZoneId zone, LocalDateTime first, boolean allDay, String rule, LocalDateTime until,
      SortedSet<LocalDateTime> extra, SortedSet<LocalDateTime> excluded) {
    this.zone = zone;
    this.first = first;
    this.allDay = allDay;
    this.rule = rule;
    this.until = until;
    this.count = rule == null ? 0 : Math.max(0, new Recur<LocalDateTime>(rule).getCount());
    this.extra = extra;
    this.excluded = excluded;
  }

  /**
   * Parses and checks {@code lines} ("RRULE:…", "RDATE:…", "EXDATE:…", as Google Calendar's `recurrence`), for a
   * series whose first occurrence starts at {@code firstStart} (local wall time in {@code zone}); {@code allDay}:
   * dates only (RDATE/EXDATE as VALUE=DATE or date-times, both accepted). Dates without TZID are read in
   * {@code zone}, UTC ones ("…Z") and ones with another TZID are converted to it; a date alone gets the first
   * start's time of day. At most one RRULE.
   *
   * @throws RecurrenceException with a detail code when it cannot be served: unknown or malformed part,
   *     COUNT and UNTIL together, a rule yielding no occurrence, more than MAX_OCCURRENCES, more frequent than
   *     the minimum interval (FREQ=SECONDLY/MINUTELY/HOURLY are refused; DAILY is the most frequent allowed).
   */
  public static Recurrence parse(List<String> lines, ZoneId zone, LocalDateTime firstStart, boolean allDay) {
    String rule = null;
    LocalDateTime until = null;
    SortedSet<LocalDateTime> extra = new TreeSet<>();
    SortedSet<LocalDateTime> excluded = new TreeSet<>();
    for (String text : lines) {
      RecurrenceLine line = RecurrenceLine.read(text);
      switch (line.name) {
        case "RRULE" -> {
          if (rule != null) throw line.malformed("is a second RRULE; a series has at most one");
          line.allowParams(List.of());
          RuleParts parts = ruleParts(line, allDay);
          rule = parts.rule();
          if (parts.until() != null) {
            until = line.localDateTime(parts.until(), zone, zone, firstStart.toLocalTime());
            // a date alone ends a timed series at the end of that day
            if (parts.until().length() == 8 && !allDay) until = until.toLocalDate().atTime(23, 59, 59);
          }
        }
        case "RDATE", "EXDATE" -> {
          line.allowParams(DATE_PARAMS);
          String value = line.params.getOrDefault("VALUE", "DATE-TIME").toUpperCase(Locale.ROOT);
          if (!value.equals("DATE") && !value.equals("DATE-TIME")) {
            throw new RecurrenceException("recurrence_unknown_part", "The recurrence line \"" + line.text
                + "\" has VALUE=" + value + "; only dates and date-times are supported.");
          }
          ZoneId valueZone = line.valueZone(zone);
          for (String date : line.value.split(",", -1)) {
            LocalDateTime start = line.localDateTime(date, zone, valueZone, firstStart.toLocalTime());
            if (allDay) start = start.toLocalDate().atTime(firstStart.toLocalTime());
            (line.name.equals("RDATE") ? extra : excluded).add(start);
          }
        }
        default -> throw new RecurrenceException("recurrence_unknown_part", "The recurrence line \"" + line.text
            + "\" is not an RRULE, RDATE or EXDATE line.");
      }
    }
    extra.removeAll(excluded);
    return new Recurrence(zone, firstStart, allDay, rule, until, extra, excluded).checked(lines);
  }

  /** An RRULE's parts without UNTIL, in ical4j's form, and UNTIL's value or null. */
  private record RuleParts(String rule, String until) {}

  private static RuleParts ruleParts(RecurrenceLine line, boolean allDay) {
    List<String> kept = new ArrayList<>();
    Set<String> seen = new TreeSet<>();
    String until = null;
    for (String part : line.value.split(";")) {
      int equals = part.indexOf('=');
      if (equals <= 0 || equals == part.length() - 1) throw line.malformed("has \"" + part + "\", not NAME=VALUE");
      String name = part.substring(0, equals).strip().toUpperCase(Locale.ROOT);
      String value = part.substring(equals + 1).strip().toUpperCase(Locale.ROOT);
      if (!RULE_PARTS.contains(name)) {
        throw new RecurrenceException("recurrence_unknown_part", "The recurrence line \"" + line.text
            + "\" has the rule part " + name + ", which is not supported.");
      }
      if (!seen.add(name)) throw line.malformed("has " + name + " twice");
      if (name.equals("FREQ") && TOO_FREQUENT.contains(value)) {
        throw new RecurrenceException("recurrence_too_frequent", "The recurrence line \"" + line.text
            + "\" repeats " + value.toLowerCase(Locale.ROOT) + "; a series repeats at most daily.");
      }
      if ((name.equals("COUNT") || name.equals("INTERVAL")) && !value.matches("0*[1-9]\\d{0,5}")) {
        throw line.malformed("has " + name + "=" + value + ", which is not a positive whole number");
      }
      if (allDay && (name.equals("BYHOUR") || name.equals("BYMINUTE") || name.equals("BYSECOND"))) {
        throw line.malformed("has " + name + ", but the series is all-day");
      }
      if (name.equals("UNTIL")) until = value;
      else kept.add(name + "=" + value);
    }
    if (!seen.contains("FREQ")) throw line.malformed("has no FREQ");
    if (seen.contains("COUNT") && until != null) {
      throw new RecurrenceException("recurrence_count_and_until", "The recurrence line \"" + line.text
          + "\" has both COUNT and UNTIL; give one of them.");
    }
    try {
      return new RuleParts(new Recur<LocalDateTime>(String.join(";", kept)).toString(), until);
    } catch (RuntimeException e) {
      throw line.malformed("cannot be read (" + e.getMessage() + ")");
    }
  }

  /** Refuses what cannot be served, naming {@code lines} in the message. */
  private Recurrence checked(List<String> lines) {
    String named = String.join(" ", lines);
    if (excluded.contains(first)) {
      throw new RecurrenceException("recurrence_excludes_first", "The recurrence \"" + named
          + "\" excludes the first occurrence (" + first + "), which is the series itself.");
    }
    if (!extra.isEmpty() && extra.first().isBefore(first)) {
      throw new RecurrenceException("recurrence_before_start", "The recurrence \"" + named + "\" adds "
          + extra.first() + ", before the first occurrence (" + first + ").");
    }
    // An open-ended rule is checked on its first occurrences only: expanding it to the cap can take seconds.
    boolean bounded = bounded();
    List<LocalDateTime> ruleStarts = ruleStarts(FAR, (bounded ? MAX_OCCURRENCES : CHECKED_OPEN) + excluded.size() + 1);
    for (int i = 1; i < ruleStarts.size(); i++) {
      if (ruleStarts.get(i).toLocalDate().equals(ruleStarts.get(i - 1).toLocalDate())) {
        throw new RecurrenceException("recurrence_too_frequent", "The recurrence \"" + named
            + "\" gives more than one occurrence on " + ruleStarts.get(i).toLocalDate()
            + "; a series repeats at most daily.");
      }
    }
    List<LocalDateTime> all = merged(ruleStarts, FAR, MAX_OCCURRENCES + 1);
    if (all.size() < 2) {
      throw new RecurrenceException("recurrence_no_occurrence", "The recurrence \"" + named
          + "\" gives no occurrence after the first one (" + first + ").");
    }
    if ((bounded && all.size() > MAX_OCCURRENCES) || extra.size() >= MAX_OCCURRENCES) {
      throw new RecurrenceException("recurrence_too_many", "The recurrence \"" + named + "\" gives more than "
          + MAX_OCCURRENCES + " occurrences; a series has at most " + MAX_OCCURRENCES + ".");
    }
    return this;
  }

  private Recurrence checked() {
    return checked(lines());
  }

  /**
   * The local start times of every occurrence, the first included, sorted, EXDATEs removed, RDATEs added, up to
   * and including {@code until} (local) for open-ended rules; at most MAX_OCCURRENCES. Wall-clock times stay
   * the same across DST changes (a Tuesday 19:30 stays 19:30 local); a local time that does not exist on a DST
   * day moves forward as java.time's ZonedDateTime.of does.
   */
  public List<LocalDateTime> starts(LocalDateTime until) {
    return all(bounded() ? FAR : until, MAX_OCCURRENCES);
  }

  private List<LocalDateTime> all(LocalDateTime end, int limit) {
    return merged(ruleStarts(end, limit + excluded.size() + 1), end, limit);
  }

  /** The first start, {@code ruleStarts} and the RDATEs up to {@code end}, less the EXDATEs. */
  private List<LocalDateTime> merged(List<LocalDateTime> ruleStarts, LocalDateTime end, int limit) {
    SortedSet<LocalDateTime> starts = new TreeSet<>(ruleStarts);
    starts.add(first);
    starts.addAll(extra.headSet(end.plusNanos(1)));
    starts.removeAll(excluded);
    return starts.stream().limit(limit).toList();
  }

  /** The rule's starts from the first, up to {@code end}; COUNT counts the first start as RFC 5545 says. */
  private List<LocalDateTime> ruleStarts(LocalDateTime end, int limit) {
    if (rule == null) return List.of(first);
    LocalDateTime last = until != null && until.isBefore(end) ? until : end;
    if (last.isBefore(first)) return List.of(first);
    List<LocalDateTime> starts = new ArrayList<>();
    try {
      if (allDay) {
        LocalDate day = first.toLocalDate();
        new Recur<LocalDate>(rule).getDates(day, day, last.toLocalDate(), limit)
            .forEach(date -> starts.add(date.atTime(first.toLocalTime())));
      } else {
        starts.addAll(new Recur<LocalDateTime>(rule).getDates(first, first, last, limit));
      }
    } catch (RuntimeException e) {
      // ical4j reads some values it cannot expand (BYMONTHDAY=99): that is the client's rule, not a failure here
      throw RecurrenceLine.malformed("RRULE:" + rule, "cannot be expanded (" + e.getMessage() + ")");
    }
    if (!starts.contains(first)) {
      if (count > 0 && starts.size() >= count) starts.subList(count - 1, starts.size()).clear();
      starts.add(0, first);
    }
    return starts;
  }

  /** Whether the rule has an end (COUNT or UNTIL, or only RDATEs). */
  public boolean bounded() {
    return rule == null || until != null || count > 0;
  }

  /**
   * The lines in a normalised form (what the API answers in `recurrence`): RRULE (FREQ first, UNTIL in UTC for a
   * timed series as RFC 5545 requires with a TZID, a date for an all-day one), then one RDATE and one EXDATE
   * line, sorted, with the event's TZID (VALUE=DATE for an all-day series).
   */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    if (rule != null) {
      String text = rule;
      if (until != null) {
        String untilValue = allDay ? RecurrenceLine.DATE.format(until) : RecurrenceLine.utc(until, zone);
        int afterFreq = rule.indexOf(';');
        text = afterFreq < 0 ? rule + ";UNTIL=" + untilValue
            : rule.substring(0, afterFreq) + ";UNTIL=" + untilValue + rule.substring(afterFreq);
      }
      lines.add("RRULE:" + text);
    }
    if (!extra.isEmpty()) lines.add(dateLine("RDATE", extra));
    if (!excluded.isEmpty()) lines.add(dateLine("EXDATE", excluded));
    return lines;
  }

  private String dateLine(String name, SortedSet<LocalDateTime> starts) {
    if (allDay) {
      return name + ";VALUE=DATE:" + starts.stream().map(RecurrenceLine.DATE::format).collect(Collectors.joining(","));
    }
    if (zone instanceof ZoneOffset) {
      // a fixed offset is no TZID: its dates are written in UTC, which is exact
      return name + ":"
          + starts.stream().map(start -> RecurrenceLine.utc(start, zone)).collect(Collectors.joining(","));
    }
    return name + ";TZID=" + zone.getId() + ":"
        + starts.stream().map(RecurrenceLine.DATE_TIME::format).collect(Collectors.joining(","));
  }

  /** The same recurrence with one more EXDATE (an occurrence deleted). */
  public Recurrence excluding(LocalDateTime start) {
    SortedSet<LocalDateTime> extra = new TreeSet<>(this.extra);
    SortedSet<LocalDateTime> excluded = new TreeSet<>(this.excluded);
    if (!extra.remove(start)) excluded.add(start);
    return new Recurrence(zone, first, allDay, rule, until, extra, excluded).checked();
  }

  /**
   * The same recurrence ending before {@code start} ("this and following" ended): UNTIL set to just before it
   * (in UTC form as RFC 5545 requires when DTSTART has a TZID), COUNT dropped; RDATEs/EXDATEs at or after it
   * dropped. Throws RecurrenceException if nothing would remain (nothing besides the first occurrence).
   */
  public Recurrence endingBefore(LocalDateTime start) {
    if (!start.isAfter(first)) {
      throw new RecurrenceException("recurrence_no_occurrence", "Ending the series before " + start
          + " leaves nothing of it; its first occurrence is " + first + ".");
    }
    String rule = this.rule;
    LocalDateTime until = this.until;
    List<LocalDateTime> ruleStarts = ruleStarts(FAR, MAX_OCCURRENCES + excluded.size() + 1);
    boolean endsLater = rule != null && (!bounded() || !ruleStarts.get(ruleStarts.size() - 1).isBefore(start));
    if (endsLater) {
      rule = Arrays.stream(rule.split(";")).filter(part -> !part.startsWith("COUNT=")).collect(Collectors.joining(";"));
      LocalDateTime before = allDay ? start.toLocalDate().minusDays(1).atTime(first.toLocalTime())
          : start.minusSeconds(1);
      until = until == null || before.isBefore(until) ? before : until;
    }
    return new Recurrence(zone, first, allDay, rule, until, new TreeSet<>(extra.headSet(start)),
        new TreeSet<>(excluded.headSet(start))).checked();
  }

  /**
   * The same recurrence re-anchored at a new first start (a series whose times or first date changed). A change
   * of the time of day moves UNTIL, the RDATEs and the EXDATEs by as much, so the same dates stay excluded and
   * the last occurrence stays in; RDATEs and EXDATEs at or before the new first start are dropped.
   */
  public Recurrence anchoredAt(LocalDateTime firstStart) {
    Duration shift = allDay ? Duration.ZERO : Duration.between(first.toLocalTime(), firstStart.toLocalTime());
    SortedSet<LocalDateTime> extra = new TreeSet<>();
    this.extra.stream().map(start -> start.plus(shift)).filter(firstStart::isBefore).forEach(extra::add);
    SortedSet<LocalDateTime> excluded = new TreeSet<>();
    this.excluded.stream().map(start -> start.plus(shift)).filter(firstStart::isBefore).forEach(excluded::add);
    LocalDateTime until = this.until == null ? null : this.until.plus(shift);
    return new Recurrence(zone, firstStart, allDay, rule, until, extra, excluded).checked();
  }

  /**
   * The rule said in a language: "elke dinsdag om 19:30, tot 30 juni 2027",
   * "tous les mardis à 19h30, jusqu'au 30 juin 2027", "every Tuesday at 19:30, until 30 June 2027".
   * {@code language} is "nl", "en" or "fr" (others get English). Covers DAILY/WEEKLY/MONTHLY/YEARLY with INTERVAL,
   * BYDAY (incl. 1MO, -1FR), BYMONTHDAY, BYMONTH, COUNT, UNTIL (the last day it allows at the series' time),
   * all-day (no time), and mentions extra dates/exceptions briefly ("…, plus 2 other dates, except 3 dates"); a
   * generic but correct sentence for the rest ("on set days, every month").
   */
  public String describe(String language) {
    return RecurrenceText.describe(this, language);
  }

  String rule() {
    return rule;
  }

  LocalDateTime until() {
    return until;
  }

  LocalDateTime first() {
    return first;
  }

  boolean allDay() {
    return allDay;
  }

  SortedSet<LocalDateTime> extra() {
    return extra;
  }

  SortedSet<LocalDateTime> excluded() {
    return excluded;
  }
}
