package org.agenda.event;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.agenda.record.Translation;
import org.agenda.record.Translations;
import org.agenda.series.Recurrence;
import org.agenda.text.Slugs;
import org.agenda.time.DateTimes;
import org.jooq.DSLContext;

/**
 * Keeps the occurrences of a series in step with it. A series is an event with a recurrence; each later
 * occurrence is an event row of its own whose shared fields are copies of the series', except those the
 * occurrence changed itself (its {@code overrides}). An occurrence keeps its id as long as its date stays in the
 * expansion of the rule.
 */
final class EventSeries {
  /** The override that keeps an occurrence's own start and end (a moved occurrence). */
  static final String DATES = "dates";
  /** Text fields are overridden per language: "title@fr". */
  private static final List<String> TEXT_FIELDS = List.of("title", "description", "excerpt", "slug");
  private static final int DATE_SUFFIX_LENGTH = "-yyyy-mm-dd".length();

  private EventSeries() {}

  /**
   * The rule of a series, read in its time zone and anchored at its start.
   *
   * @throws org.agenda.series.RecurrenceException when it cannot be served
   */
  static Recurrence recurrence(Event series) {
    return Recurrence.parse(series.recurrence, zone(series), local(series.startLocal), series.allDay);
  }

  /** The starts of a series' later occurrences up to the horizon, and how far an open-ended rule was expanded. */
  record Expansion(List<LocalDateTime> laterStarts, Long expandedUntil) {}

  /** Expands the (already checked) rule of {@code series} as of {@code now}. */
  static Expansion expand(Event series, Recurrence rule, Instant now) {
    ZonedDateTime horizon = now.atZone(zone(series)).plus(Recurrence.HORIZON);
    LocalDateTime first = local(series.startLocal);
    List<LocalDateTime> later = rule.starts(horizon.toLocalDateTime()).stream()
        .filter(start -> !start.equals(first)).toList();
    return new Expansion(later, rule.bounded() ? null : horizon.toEpochSecond());
  }

  /**
   * Makes the stored occurrences of {@code series} (already written) those of {@code expansion}: keeps each one
   * whose original start (or, failing that, date) is still in it, deletes those that left, adds the new ones, and
   * copies every field an occurrence has not overridden. In the caller's transaction.
   */
  static void sync(DSLContext dsl, Event series, Expansion expansion, Instant now) {
    List<Event> unmatched = new ArrayList<>(EventStore.findAll(dsl, EventStore.occurrenceIds(dsl, series.id)));
    Map<LocalDateTime, Event> matched = new HashMap<>();
    for (LocalDateTime start : expansion.laterStarts()) {
      take(unmatched, e -> local(e.originalStart).equals(start)).ifPresent(e -> matched.put(start, e));
    }
    for (LocalDateTime start : expansion.laterStarts()) {
      if (matched.containsKey(start)) continue;
      take(unmatched, e -> local(e.originalStart).toLocalDate().equals(start.toLocalDate()))
          .ifPresent(e -> matched.put(start, e));
    }
    // first, so that the slugs of the occurrences that left are free for those that come
    for (Event gone : unmatched) EventStore.delete(dsl, gone);
    for (LocalDateTime start : expansion.laterStarts()) {
      Event stored = matched.get(start);
      Event occurrence = occurrence(dsl, series, start, stored, now);
      if (stored == null) {
        occurrence.id = EventStore.insertRecord(dsl, occurrence);
        EventStore.insertRest(dsl, occurrence);
      } else if (!occurrence.sameStoredValues(stored)) {
        occurrence.modifiedUtc = now.getEpochSecond();
        EventStore.update(dsl, stored, occurrence);
      }
    }
  }

  private static Optional<Event> take(List<Event> events, Predicate<Event> test) {
    for (int i = 0; i < events.size(); i++) {
      if (test.test(events.get(i))) return Optional.of(events.remove(i));
    }
    return Optional.empty();
  }

  /** The occurrence of {@code series} at {@code start}: the series' fields, with those {@code stored} overrides. */
  private static Event occurrence(DSLContext dsl, Event series, LocalDateTime start, Event stored, Instant now) {
    Event event = series.copy();
    event.id = stored == null ? 0 : stored.id;
    event.seriesId = series.id;
    event.postParent = series.id;
    event.originalStart = DateTimes.format(start);
    event.recurrence = null;
    event.expandedUntil = null;
    event.overrides = stored == null ? List.of() : stored.overrides;
    event.statusDetail = stored == null ? null : stored.statusDetail;
    event.revision = stored == null ? 0 : stored.revision;
    event.modifiedUtc = stored == null ? now.getEpochSecond() : stored.modifiedUtc;
    Set<String> own = Set.copyOf(event.overrides);
    LocalDateTime begin = start;
    LocalDateTime end = start.plus(Duration.between(local(series.startLocal), local(series.endLocal)));
    if (stored != null && own.contains(DATES)) {
      begin = local(stored.startLocal);
      end = local(stored.endLocal);
    }
    ZoneId zone = zone(series);
    event.startLocal = DateTimes.format(begin);
    event.endLocal = DateTimes.format(end);
    event.startUtc = ZonedDateTime.of(begin, zone).toEpochSecond();
    event.endUtc = ZonedDateTime.of(end, zone).toEpochSecond();
    if (stored != null) {
      for (String field : own) keepOwn(event, stored, field);
    }
    event.translations = texts(dsl, series, start, stored, own, event.id);
    return event;
  }

  private static void keepOwn(Event event, Event stored, String field) {
    switch (field) {
      case "image" -> event.image = stored.image;
      case "website" -> event.website = stored.website;
      case "cost" -> event.cost = stored.cost;
      case "show_map" -> event.showMap = stored.showMap;
      case "show_map_link" -> event.showMapLink = stored.showMapLink;
      case "hide_from_listings" -> event.hideFromListings = stored.hideFromListings;
      case "sticky" -> event.sticky = stored.sticky;
      case "featured" -> event.featured = stored.featured;
      case "categories" -> event.categoryIds = stored.categoryIds;
      case "tags" -> event.tagIds = stored.tagIds;
      case "venue" -> event.venueIds = stored.venueIds;
      case "organizer" -> event.organizerIds = stored.organizerIds;
      default -> { } // dates and text are handled where they are computed
    }
  }

  /** The series' text in each of its languages, with the occurrence's own overridden fields and slug. */
  private static Map<String, Translation> texts(DSLContext dsl, Event series, LocalDateTime start, Event stored,
      Set<String> own, long id) {
    Map<String, Translation> texts = new LinkedHashMap<>();
    for (Translation text : series.translations.values()) {
      String language = text.language();
      Translation mine = stored == null ? null : stored.translations.get(language);
      Translation result = text;
      if (mine != null) {
        if (own.contains("title@" + language)) result = result.withName(mine.name());
        if (own.contains("description@" + language)) result = result.withDescription(mine.description());
        if (own.contains("excerpt@" + language)) result = result.withExcerpt(mine.excerpt());
      }
      String slug;
      if (mine != null && own.contains("slug@" + language)) {
        slug = mine.slug();
      } else {
        String wanted = occurrenceSlug(text.slug(), start);
        slug = mine != null && derivedFrom(mine.slug(), wanted) ? mine.slug()
            : Translations.uniqueSlug(dsl, EventStore.RECORD_TYPE, language, wanted, result.name(), id);
      }
      texts.put(language, result.withSlug(slug));
    }
    if (stored != null) stored.translations.forEach(texts::putIfAbsent);
    return texts;
  }

  /** {@code {series slug}-{yyyy-mm-dd}}, the series slug shortened so that it fits. */
  private static String occurrenceSlug(String seriesSlug, LocalDateTime start) {
    int room = Slugs.MAX_LENGTH - DATE_SUFFIX_LENGTH - 4;
    String head = seriesSlug.length() > room ? seriesSlug.substring(0, room) : seriesSlug;
    return Slugs.normalise(head + "-" + start.toLocalDate());
  }

  private static boolean derivedFrom(String slug, String wanted) {
    return slug.equals(wanted) || slug.matches(Pattern.quote(wanted) + "-[0-9]+");
  }

  /**
   * The fields an occurrence overrides after a write changed it from {@code stored} to {@code after}: those it
   * overrode before, and every one this write changed.
   */
  static List<String> overridesAfter(Event stored, Event after) {
    Set<String> own = new LinkedHashSet<>(stored.overrides);
    if (!stored.startLocal.equals(after.startLocal) || !stored.endLocal.equals(after.endLocal)) own.add(DATES);
    addIfChanged(own, "image", stored.image, after.image);
    addIfChanged(own, "website", stored.website, after.website);
    addIfChanged(own, "cost", stored.cost, after.cost);
    addIfChanged(own, "show_map", stored.showMap, after.showMap);
    addIfChanged(own, "show_map_link", stored.showMapLink, after.showMapLink);
    addIfChanged(own, "hide_from_listings", stored.hideFromListings, after.hideFromListings);
    addIfChanged(own, "sticky", stored.sticky, after.sticky);
    addIfChanged(own, "featured", stored.featured, after.featured);
    addIfChanged(own, "categories", stored.categoryIds, after.categoryIds);
    addIfChanged(own, "tags", stored.tagIds, after.tagIds);
    addIfChanged(own, "venue", stored.venueIds, after.venueIds);
    addIfChanged(own, "organizer", stored.organizerIds, after.organizerIds);
    for (Translation text : after.translations.values()) {
      Translation before = stored.translations.get(text.language());
      for (String field : TEXT_FIELDS) {
        String was = before == null ? null : textField(before, field);
        addIfChanged(own, field + "@" + text.language(), was, textField(text, field));
      }
    }
    return List.copyOf(own);
  }

  private static String textField(Translation text, String field) {
    return switch (field) {
      case "title" -> text.name();
      case "description" -> text.description();
      case "excerpt" -> text.excerpt();
      default -> text.slug();
    };
  }

  private static void addIfChanged(Set<String> own, String field, Object before, Object after) {
    if (!Objects.equals(before, after)) own.add(field);
  }

  /**
   * The write field, of those that belong to the whole series, that a write of an occurrence would change; null
   * when it changes none of them. An occurrence takes these from its series.
   */
  static String seriesWideChange(Event stored, Event after) {
    if (stored.author != after.author) return "author";
    if (!stored.status.equals(after.status)) return "status";
    if (!Objects.equals(stored.password, after.password)) return "password";
    if (!stored.timezone.equals(after.timezone)) return "timezone";
    if (stored.allDay != after.allDay) return "all_day";
    if (stored.dateUtc != after.dateUtc) return "date";
    if (stored.postParent != after.postParent) return "post_parent";
    return null;
  }

  static LocalDateTime local(String stored) {
    return LocalDateTime.parse(stored.replace(' ', 'T'));
  }

  static ZoneId zone(Event event) {
    return EventView.zone(event).zoneId();
  }
}
