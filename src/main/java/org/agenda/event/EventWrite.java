package org.agenda.event;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.agenda.config.Config;
import org.agenda.http.ApiRequest;
import org.agenda.http.DateValue;
import org.agenda.http.Invalid;
import org.agenda.record.CommonFields;
import org.agenda.record.RecordWrites;
import org.agenda.record.Status;
import org.agenda.record.Translation;
import org.agenda.text.PlainText;
import org.agenda.time.DateTimes;
import org.agenda.time.EventTimezone;
import org.jooq.DSLContext;

/**
 * Applies the fields of a create or update request to an event (§6.4, §6.5.3): only fields present in
 * the request change; translatable ones go to the request language (§3.4).
 */
final class EventWrite {
  private static final DateTimeFormatter STORED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final Config config;

  EventWrite(Config config) {
    this.config = config;
  }

  /** A new event with the request's values and the defaults of §6.4; its id and text come later. */
  Event create(ApiRequest request) {
    Event event = new Event();
    event.author = request.has("author") ? request.integer("author") : request.caller().id();
    event.dateUtc = request.now().getEpochSecond();
    event.timezone = EventTimezone.of(config.timezone()).name();
    applyShared(request, event, null);
    event.status = Status.toStore(request.caller(), request.string("status"), null,
        Instant.ofEpochSecond(event.dateUtc), request.now());
    event.modifiedUtc = request.now().getEpochSecond();
    return event;
  }

  /** The stored event with the request's fields applied (links and {@code modified} are the caller's). */
  Event update(ApiRequest request, Event stored, DSLContext dsl) {
    Event event = stored.copy();
    applyShared(request, event, stored);
    Translation text = RecordWrites.textAfterWrite(dsl, request.params(), request.language(), EventStore.RECORD_TYPE, "title", event.id,
        event.translations.get(request.language()));
    if (text != null) {
      event.translations.put(request.language(), text);
      sortTranslations(event);
    }
    event.status = Status.afterUpdate(request.caller(), request.string("status"), stored.status,
        Instant.ofEpochSecond(event.dateUtc), request.now());
    if (!Status.TRASH.equals(event.status)) event.statusBeforeTrash = null;
    return event;
  }

  private void sortTranslations(Event event) {
    var sorted = new java.util.LinkedHashMap<String, Translation>();
    for (String code : config.languages()) {
      if (event.translations.containsKey(code)) sorted.put(code, event.translations.get(code));
    }
    event.translations.forEach(sorted::putIfAbsent);
    event.translations = sorted;
  }

  private void applyShared(ApiRequest request, Event event, Event stored) {
    if (request.has("author")) event.author = request.integer("author");
    applyDates(request, event, stored);
    event.dateUtc = CommonFields.publicationDate(request.params(), event.dateUtc, request.now(), config.timezone());
    if (request.has("password")) event.password = request.isCleared("password") ? null : request.string("password");
    if (request.has("image")) event.image = request.isCleared("image") ? null : (String) request.value("image");
    if (request.has("website")) event.website = request.isCleared("website") ? "" : (String) request.value("website");
    if (request.has("cost")) event.cost = request.isCleared("cost") ? List.of() : request.list("cost");
    if (request.has("show_map")) event.showMap = request.bool("show_map");
    if (request.has("show_map_link")) event.showMapLink = request.bool("show_map_link");
    if (request.has("hide_from_listings")) event.hideFromListings = request.bool("hide_from_listings");
    if (request.has("sticky")) event.sticky = request.bool("sticky");
    if (request.has("featured")) event.featured = request.bool("featured");
    if (request.has("status_detail")) {
      event.statusDetail = request.isCleared("status_detail") ? null : request.string("status_detail");
    }
    if (request.has("post_parent")) {
      event.postParent = request.isCleared("post_parent") ? 0 : request.integer("post_parent");
    }
  }

  /** Dates, time zone and all-day flag together, with the rules of the update table in §6.5.3. */
  private void applyDates(ApiRequest request, Event event, Event stored) {
    if (request.has("timezone")) {
      event.timezone = request.isCleared("timezone") ? EventTimezone.of(config.timezone()).name()
          : (String) request.value("timezone");
    }
    ZoneId zone = EventView.zone(event).zoneId();
    boolean datesGiven = request.has("start_date") || request.has("end_date");
    LocalDateTime start = stored == null ? null : LocalDateTime.parse(stored.startLocal, STORED);
    LocalDateTime end = stored == null ? null : LocalDateTime.parse(stored.endLocal, STORED);
    if (request.has("start_date")) start = wallClock(request.date("start_date"), zone, request);
    if (request.has("end_date")) end = wallClock(request.date("end_date"), zone, request);
    if (request.has("all_day")) event.allDay = request.bool("all_day");
    boolean normaliseDay = event.allDay
        && (Boolean.TRUE.equals(request.bool("all_day")) || datesGiven || request.has("timezone"));
    if (normaliseDay) {
      start = start.toLocalDate().atStartOfDay();
      end = end.toLocalDate().atTime(LocalTime.of(23, 59, 59));
    }
    ZonedDateTime startAt = ZonedDateTime.of(start, zone);
    ZonedDateTime endAt = ZonedDateTime.of(end, zone);
    if (endAt.isBefore(startAt)) {
      String param = stored != null && request.has("start_date") && !request.has("end_date") ? "start_date" : "end_date";
      String message = param.equals("start_date") ? "start_date must not be after end_date."
          : "end_date must not be before start_date.";
      throw Invalid.single(param, "rest_date_order", message);
    }
    event.startLocal = DateTimes.format(startAt.toLocalDateTime());
    event.endLocal = DateTimes.format(endAt.toLocalDateTime());
    event.startUtc = startAt.toEpochSecond();
    event.endUtc = endAt.toEpochSecond();
  }

  private static LocalDateTime wallClock(DateValue value, ZoneId zone, ApiRequest request) {
    return value.in(zone, request.now()).toLocalDateTime();
  }

  /** True when the value would be a title that is empty once its tags are removed. */
  static boolean isEmptyTitle(ApiRequest request) {
    return request.has("title") && PlainText.stripTags(request.string("title")).isEmpty();
  }
}
