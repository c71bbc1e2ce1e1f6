package org.agenda.series;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import net.fortuna.ical4j.model.Recur;
import net.fortuna.ical4j.model.WeekDay;

/**
 * A recurrence said in nl, en or fr. The sentence patterns are per language in {@link #LANGUAGES}; names of
 * weekdays and months come from java.time. A rule this does not word (BYSETPOS, BYWEEKNO, BYYEARDAY, other times
 * of day, a weekday and a day of the month together, …) gets a generic but correct sentence: "on set days,
 * every month".
 */
final class RecurrenceText {
  /** Keys of a language's patterns: "every.FREQ.1" and "every.FREQ.n" say the frequency and interval. */
  private static final Map<String, Map<String, String>> LANGUAGES = Map.of(
      "en", Map.ofEntries(
          Map.entry("every.DAILY.1", "every day"), Map.entry("every.DAILY.n", "every {n} days"),
          Map.entry("every.WEEKLY.1", "every week"), Map.entry("every.WEEKLY.n", "every {n} weeks"),
          Map.entry("every.MONTHLY.1", "every month"), Map.entry("every.MONTHLY.n", "every {n} months"),
          Map.entry("every.YEARLY.1", "every year"), Map.entry("every.YEARLY.n", "every {n} years"),
          Map.entry("generic", "on set days, {every}"), Map.entry("and", " and "),
          Map.entry("days", "every {days}"), Map.entry("weekdays", "every weekday"),
          Map.entry("day", "{day}"), Map.entry("onDay", "{day}"),
          Map.entry("onDays", "{every} on {days}"), Map.entry("monthly.1", "{what} of every month"),
          Map.entry("monthly.n", "{what}, {every}"), Map.entry("yearly", "{every} on {what}"),
          Map.entry("nthDay", "the {nth} {day}"), Map.entry("ofMonths", "{what} of {months}"),
          Map.entry("monthDay", "the {nth}"), Map.entry("lastMonthDay", "the last day"),
          Map.entry("date", "{d} {month}"), Map.entry("until", ", until {d} {month} {year}"),
          Map.entry("in", " in {months}"), Map.entry("time", " at {time}"), Map.entry("count", ", {n} times"),
          Map.entry("extra.1", ", plus 1 other date"), Map.entry("extra.n", ", plus {n} other dates"),
          Map.entry("except.1", ", except 1 date"), Map.entry("except.n", ", except {n} dates"),
          Map.entry("dates", "on {n} dates"),
          Map.entry("nth", "first second third fourth fifth last second-to-last")),
      "nl", Map.ofEntries(
          Map.entry("every.DAILY.1", "elke dag"), Map.entry("every.DAILY.n", "om de {n} dagen"),
          Map.entry("every.WEEKLY.1", "elke week"), Map.entry("every.WEEKLY.n", "om de {n} weken"),
          Map.entry("every.MONTHLY.1", "elke maand"), Map.entry("every.MONTHLY.n", "om de {n} maanden"),
          Map.entry("every.YEARLY.1", "elk jaar"), Map.entry("every.YEARLY.n", "om de {n} jaar"),
          Map.entry("generic", "op vaste dagen, {every}"), Map.entry("and", " en "),
          Map.entry("days", "elke {days}"), Map.entry("weekdays", "elke weekdag"),
          Map.entry("day", "{day}"), Map.entry("onDay", "{day}"),
          Map.entry("onDays", "{every} op {days}"), Map.entry("monthly.1", "{what} van elke maand"),
          Map.entry("monthly.n", "{what}, {every}"), Map.entry("yearly", "{every} op {what}"),
          Map.entry("nthDay", "de {nth} {day}"), Map.entry("ofMonths", "{what} van {months}"),
          Map.entry("monthDay", "de {n}e"), Map.entry("lastMonthDay", "de laatste dag"),
          Map.entry("date", "{d} {month}"), Map.entry("until", ", tot {d} {month} {year}"),
          Map.entry("in", " in {months}"), Map.entry("time", " om {time}"), Map.entry("count", ", {n} keer"),
          Map.entry("extra.1", ", plus 1 andere datum"), Map.entry("extra.n", ", plus {n} andere data"),
          Map.entry("except.1", ", behalve op 1 datum"), Map.entry("except.n", ", behalve op {n} data"),
          Map.entry("dates", "op {n} data"),
          Map.entry("nth", "eerste tweede derde vierde vijfde laatste voorlaatste")),
      "fr", Map.ofEntries(
          Map.entry("every.DAILY.1", "tous les jours"), Map.entry("every.DAILY.n", "tous les {n} jours"),
          Map.entry("every.WEEKLY.1", "toutes les semaines"), Map.entry("every.WEEKLY.n", "toutes les {n} semaines"),
          Map.entry("every.MONTHLY.1", "tous les mois"), Map.entry("every.MONTHLY.n", "tous les {n} mois"),
          Map.entry("every.YEARLY.1", "tous les ans"), Map.entry("every.YEARLY.n", "tous les {n} ans"),
          Map.entry("generic", "à des jours fixés, {every}"), Map.entry("and", " et "),
          Map.entry("days", "tous les {days}"), Map.entry("weekdays", "du lundi au vendredi"),
          Map.entry("day", "{day}s"), Map.entry("onDay", "le {day}"),
          Map.entry("onDays", "{every}, {days}"), Map.entry("monthly.1", "{what} de chaque mois"),
          Map.entry("monthly.n", "{what}, {every}"), Map.entry("yearly", "{every} {what}"),
          Map.entry("nthDay", "le {nth} {day}"), Map.entry("ofMonths", "{what} de {months}"),
          Map.entry("monthDay", "le {d}"), Map.entry("lastMonthDay", "le dernier jour"),
          Map.entry("date", "le {d} {month}"), Map.entry("until", ", jusqu'au {d} {month} {year}"),
          Map.entry("in", " en {months}"), Map.entry("time", " à {time}"), Map.entry("count", ", {n} fois"),
          Map.entry("extra.1", ", plus 1 autre date"), Map.entry("extra.n", ", plus {n} autres dates"),
          Map.entry("except.1", ", sauf 1 date"), Map.entry("except.n", ", sauf {n} dates"),
          Map.entry("dates", "à {n} dates"),
          Map.entry("nth", "premier deuxième troisième quatrième cinquième dernier avant-dernier")));
  /** The BYDAY offsets said with the words of "nth", in that order. */
  private static final List<Integer> NTH = List.of(1, 2, 3, 4, 5, -1, -2);

  private final Map<String, String> words;
  private final Locale locale;
  private final String language;

  private RecurrenceText(String language) {
    this.language = LANGUAGES.containsKey(language) ? language : "en";
    this.words = LANGUAGES.get(this.language);
    this.locale = Locale.forLanguageTag(this.language);
  }

  static String describe(Recurrence recurrence, String language) {
    return new RecurrenceText(language).sentence(recurrence);
  }

  private String sentence(Recurrence recurrence) {
    LocalDateTime first = recurrence.first();
    StringBuilder text = new StringBuilder();
    if (recurrence.rule() == null) {
      text.append(words.get("dates").replace("{n}", String.valueOf(1 + recurrence.extra().size())));
      return text.toString();
    }
    Recur<LocalDateTime> rule = new Recur<>(recurrence.rule());
    String phrase = rulePhrase(rule, first);
    text.append(phrase != null ? phrase : generic(rule));
    if (!recurrence.allDay()) text.append(words.get("time").replace("{time}", time(first.toLocalTime())));
    if (recurrence.until() != null) {
      LocalDateTime until = recurrence.until();
      // an UNTIL before the series' time of day (a series ended before an occurrence) ends the day before
      LocalDate last = !recurrence.allDay() && until.toLocalTime().isBefore(first.toLocalTime())
          ? until.toLocalDate().minusDays(1) : until.toLocalDate();
      text.append(date(words.get("until"), last.getDayOfMonth(), last.getMonth()).replace("{year}",
          String.valueOf(last.getYear())));
    }
    if (rule.getCount() > 0) text.append(words.get("count").replace("{n}", String.valueOf(rule.getCount())));
    text.append(counted("extra", recurrence.extra().size())).append(counted("except", recurrence.excluded().size()));
    return elided(text.toString());
  }

  /** The rule's days and frequency, or null for a rule this does not word. */
  private String rulePhrase(Recur<LocalDateTime> rule, LocalDateTime first) {
    if (!rule.getSetPosList().isEmpty() || !rule.getWeekNoList().isEmpty() || !rule.getYearDayList().isEmpty()
        || !rule.getHourList().isEmpty() || !rule.getMinuteList().isEmpty() || !rule.getSecondList().isEmpty()) {
      return null;
    }
    List<WeekDay> days = rule.getDayList();
    List<Integer> monthDays = rule.getMonthDayList();
    List<Month> months = rule.getMonthList().stream().map(month -> Month.of(month.getMonthOfYear())).toList();
    boolean nth = days.stream().anyMatch(day -> day.getOffset() != 0);
    boolean plainDays = !days.isEmpty() && !nth;
    int interval = Math.max(1, rule.getInterval());
    String every = every(rule);
    String in = months.isEmpty() ? "" : words.get("in").replace("{months}", list(months, this::month));
    if (!days.isEmpty() && !monthDays.isEmpty()) return null;
    switch (rule.getFrequency()) {
      case DAILY -> {
        if (!monthDays.isEmpty() || nth || (plainDays && interval > 1)) return null;
        return (plainDays ? everyDays(days) : every) + in;
      }
      case WEEKLY -> {
        if (nth || !monthDays.isEmpty()) return null;
        List<WeekDay> weekDays = days.isEmpty() ? List.of(WeekDay.getWeekDay(first.getDayOfWeek())) : days;
        if (interval == 1) return everyDays(weekDays) + in;
        return words.get("onDays").replace("{every}", every)
            .replace("{days}", list(weekDays, day -> words.get("onDay").replace("{day}", dayName(day)))) + in;
      }
      case MONTHLY -> {
        if (plainDays) return interval == 1 ? everyDays(days) + in : null;
        String what = nth ? nthDays(days)
            : monthDays(monthDays.isEmpty() ? List.of(first.getDayOfMonth()) : monthDays);
        if (what == null) return null;
        return words.get(interval == 1 ? "monthly.1" : "monthly.n").replace("{every}", every).replace("{what}", what)
            + in;
      }
      case YEARLY -> {
        if (plainDays) return interval == 1 ? everyDays(days) + in : null;
        if (nth) {
          String what = nthDays(days);
          if (what == null || months.isEmpty()) return null;
          what = words.get("ofMonths").replace("{what}", what).replace("{months}", list(months, this::month));
          return words.get("yearly").replace("{every}", every).replace("{what}", what);
        }
        if (monthDays.size() > 1 || (monthDays.size() == 1 && monthDays.get(0) < 0)) return null;
        int day = monthDays.isEmpty() ? first.getDayOfMonth() : monthDays.get(0);
        List<Month> inMonths = months.isEmpty() ? List.of(first.getMonth()) : months;
        String what = list(inMonths, month -> date(words.get("date"), day, month));
        return words.get("yearly").replace("{every}", every).replace("{what}", what);
      }
      default -> {
        return null;
      }
    }
  }

  private String generic(Recur<LocalDateTime> rule) {
    String in = rule.getMonthList().isEmpty() ? "" : words.get("in").replace("{months}",
        list(rule.getMonthList(), month -> month(Month.of(month.getMonthOfYear()))));
    return words.get("generic").replace("{every}", every(rule)) + in;
  }

  private String every(Recur<LocalDateTime> rule) {
    int interval = Math.max(1, rule.getInterval());
    return words.get("every." + rule.getFrequency() + (interval == 1 ? ".1" : ".n"))
        .replace("{n}", String.valueOf(interval));
  }

  private String everyDays(List<WeekDay> days) {
    if (days.size() == 5 && days.stream().map(WeekDay::getDayOfWeek)
        .allMatch(day -> day != DayOfWeek.SATURDAY && day != DayOfWeek.SUNDAY)) {
      return words.get("weekdays");
    }
    return words.get("days").replace("{days}", list(days, day -> words.get("day").replace("{day}", dayName(day))));
  }

  /** "the first Monday and the last Friday", or null for an offset without a word (20MO). */
  private String nthDays(List<WeekDay> days) {
    if (!days.stream().allMatch(day -> NTH.contains(day.getOffset()))) return null;
    String[] nth = words.get("nth").split(" ");
    return list(days, day -> words.get("nthDay").replace("{nth}", nth[NTH.indexOf(day.getOffset())])
        .replace("{day}", dayName(day)));
  }

  /** "the 2nd and the 15th", "the last day", or null for other days counted from the end. */
  private String monthDays(List<Integer> days) {
    if (days.stream().anyMatch(day -> day < -1)) return null;
    return list(days, day -> day == -1 ? words.get("lastMonthDay")
        : words.get("monthDay").replace("{nth}", english(day)).replace("{n}", String.valueOf(day))
            .replace("{d}", dayOfMonth(day)));
  }

  private String counted(String key, int count) {
    if (count == 0) return "";
    return words.get(key + (count == 1 ? ".1" : ".n")).replace("{n}", String.valueOf(count));
  }

  private String date(String pattern, int day, Month month) {
    return pattern.replace("{d}", dayOfMonth(day)).replace("{month}", month(month));
  }

  private String dayOfMonth(int day) {
    return language.equals("fr") && day == 1 ? "1er" : String.valueOf(day);
  }

  private String time(LocalTime time) {
    if (language.equals("fr")) {
      return time.getHour() + "h" + (time.getMinute() == 0 ? "" : "%02d".formatted(time.getMinute()));
    }
    return time.getHour() + ":" + "%02d".formatted(time.getMinute());
  }

  private String dayName(WeekDay day) {
    return WeekDay.getDayOfWeek(day).getDisplayName(TextStyle.FULL, locale);
  }

  private String month(Month month) {
    return month.getDisplayName(TextStyle.FULL_STANDALONE, locale);
  }

  /** "a", "a and b", "a, b and c". */
  private <T> String list(List<T> items, Function<T, String> said) {
    List<String> texts = items.stream().map(said).toList();
    if (texts.size() == 1) return texts.get(0);
    return String.join(", ", texts.subList(0, texts.size() - 1)) + words.get("and") + texts.get(texts.size() - 1);
  }

  /** French elides "de" and "le" before a vowel: "d'avril", "d'octobre", "l'avant-dernier". */
  private String elided(String text) {
    return language.equals("fr") ? text.replaceAll("\\b([dl])e ([aeiouéAEIOU])", "$1'$2") : text;
  }

  private static String english(int day) {
    int lastTwo = day % 100;
    String suffix = lastTwo >= 11 && lastTwo <= 13 ? "th"
        : switch (day % 10) { case 1 -> "st"; case 2 -> "nd"; case 3 -> "rd"; default -> "th"; };
    return day + suffix;
  }
}
