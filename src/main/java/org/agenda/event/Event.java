package org.agenda.event;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.agenda.record.Status;
import org.agenda.record.Translation;

/**
 * One stored event: shared fields, its translations by language and its links. Mutable so that a write
 * can apply a partial update to a copy and compare it with what was stored.
 */
final class Event {
  long id;
  long author;
  String status;
  String statusBeforeTrash;
  long dateUtc;
  long modifiedUtc;
  String image;
  /** null when never set (then the event's page URL is shown), "" when cleared. */
  String website;
  long startUtc;
  long endUtc;
  String startLocal;
  String endLocal;
  String timezone;
  boolean allDay;
  String password;
  List<String> cost = List.of();
  boolean showMap;
  boolean showMapLink;
  boolean hideFromListings;
  boolean sticky;
  boolean featured;
  long postParent;
  /** The series' id on the series row and on each of its occurrences; null for a single event. */
  Long seriesId;
  /** An occurrence's start in the rule (local wall time), its stable key; the series' own start on the series row. */
  String originalStart;
  /** The RFC 5545 lines of a series (on the series row only); null otherwise. */
  List<String> recurrence;
  /**
   * For an open-ended series: the epoch second up to which its occurrences exist; null otherwise. The change log
   * does not record it (the occurrences it adds are recorded), so an event kept across versions may hold an older
   * value: it is read in the write transaction that extends the series, never from a kept event.
   */
  Long expandedUntil;
  /** The fields an occurrence changed itself (see {@link SeriesFields}), kept when the series is edited. */
  List<String> overrides = List.of();
  /** null, "cancelled" or "postponed". */
  String statusDetail;
  /** Writes that changed the event since it was created (the SEQUENCE of its iCalendar form); not a stored value. */
  long revision;
  Map<String, Translation> translations = new LinkedHashMap<>();
  List<Long> venueIds = List.of();
  List<Long> organizerIds = List.of();
  List<Long> categoryIds = List.of();
  List<Long> tagIds = List.of();

  /** The status that permissions look at: for a trashed event, the one it had before (§4.4). */
  String effectiveStatus() {
    return Status.TRASH.equals(status) && statusBeforeTrash != null ? statusBeforeTrash : status;
  }

  /** The row that holds a series' rule (and is its first occurrence). */
  boolean isSeries() {
    return seriesId != null && seriesId == id;
  }

  /** A later occurrence of a series, whose shared fields follow the series. */
  boolean isOccurrence() {
    return seriesId != null && seriesId != id;
  }

  /**
   * True when the event has a password and {@code presented} is not exactly it (§4.8). Compared in constant
   * time, so that the time taken does not tell how much of a guess was right.
   */
  boolean lockedAgainst(String presented) {
    return lockedAgainst(password, presented);
  }

  /** Whether an event with {@code password} is locked against {@code presented}, as {@link #lockedAgainst}. */
  static boolean lockedAgainst(String password, String presented) {
    return password != null && !password.isEmpty() && (presented == null || !MessageDigest.isEqual(
        password.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8)));
  }

  Event copy() {
    Event copy = new Event();
    copy.id = id;
    copy.author = author;
    copy.status = status;
    copy.statusBeforeTrash = statusBeforeTrash;
    copy.dateUtc = dateUtc;
    copy.modifiedUtc = modifiedUtc;
    copy.image = image;
    copy.website = website;
    copy.startUtc = startUtc;
    copy.endUtc = endUtc;
    copy.startLocal = startLocal;
    copy.endLocal = endLocal;
    copy.timezone = timezone;
    copy.allDay = allDay;
    copy.password = password;
    copy.cost = List.copyOf(cost);
    copy.showMap = showMap;
    copy.showMapLink = showMapLink;
    copy.hideFromListings = hideFromListings;
    copy.sticky = sticky;
    copy.featured = featured;
    copy.postParent = postParent;
    copy.revision = revision;
    copy.seriesId = seriesId;
    copy.originalStart = originalStart;
    copy.recurrence = recurrence;
    copy.expandedUntil = expandedUntil;
    copy.overrides = overrides;
    copy.statusDetail = statusDetail;
    copy.translations = new LinkedHashMap<>(translations);
    copy.venueIds = new ArrayList<>(venueIds);
    copy.organizerIds = new ArrayList<>(organizerIds);
    copy.categoryIds = new ArrayList<>(categoryIds);
    copy.tagIds = new ArrayList<>(tagIds);
    return copy;
  }

  /** Everything stored except {@code modified} and {@code revision}: two events with equal values need no write. */
  List<Object> storedValues() {
    return java.util.Arrays.asList(author, status, statusBeforeTrash, dateUtc, image, website, startUtc, endUtc,
        startLocal, endLocal, timezone, allDay, password, cost, showMap, showMapLink, hideFromListings, sticky,
        featured, postParent, translations, venueIds, organizerIds, categoryIds, tagIds, seriesId, originalStart,
        recurrence, expandedUntil, overrides, statusDetail);
  }

  boolean sameStoredValues(Event other) {
    return Objects.equals(storedValues(), other.storedValues());
  }
}
