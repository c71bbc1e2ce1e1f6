package org.agenda.event;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a list needs of an event besides its kept item: which languages it has text in, what locks it and for whom,
 * and what it embeds. Kept for many more events than the events themselves (a few hundred bytes against kilobytes of
 * text), so that an event's kept item can be shown without loading the event: at 100 000 events, loading the events
 * that the event cache did not hold was a third of the mixed route's CPU, while their items were kept.
 */
final class EventFacts {
  /** The few orders of languages events have text in, shared. */
  private static final Map<List<String>, List<String>> LANGUAGE_ORDERS = new ConcurrentHashMap<>();

  final long id;
  final Long seriesId;
  /** The languages the event has text in, in the order of its translations. */
  final List<String> languages;
  private final String password;
  final long author;
  final String effectiveStatus;
  private final long[] categoryIds;
  private final long[] tagIds;
  private final long[] venueIds;
  private final long[] organizerIds;

  private EventFacts(Event event) {
    this.id = event.id;
    this.seriesId = event.seriesId;
    List<String> languages = List.copyOf(event.translations.keySet());
    this.languages = LANGUAGE_ORDERS.computeIfAbsent(languages, order -> order);
    this.password = event.password;
    this.author = event.author;
    this.effectiveStatus = event.effectiveStatus();
    this.categoryIds = ids(event.categoryIds);
    this.tagIds = ids(event.tagIds);
    this.venueIds = ids(event.venueIds);
    this.organizerIds = ids(event.organizerIds);
  }

  static EventFacts of(Event event) {
    return new EventFacts(event);
  }

  static List<EventFacts> of(Collection<Event> events) {
    List<EventFacts> facts = new ArrayList<>(events.size());
    for (Event event : events) facts.add(new EventFacts(event));
    return facts;
  }

  /** The facts of the events loaded, by id. */
  static Map<Long, EventFacts> of(Map<Long, Event> events) {
    Map<Long, EventFacts> facts = new HashMap<>(events.size() * 2);
    events.forEach((id, event) -> facts.put(id, new EventFacts(event)));
    return facts;
  }

  /** As {@link Event#lockedAgainst}, from the same password. */
  boolean lockedAgainst(String presented) {
    return Event.lockedAgainst(password, presented);
  }

  List<Long> categoryIds() {
    return boxed(categoryIds);
  }

  List<Long> tagIds() {
    return boxed(tagIds);
  }

  List<Long> venueIds() {
    return boxed(venueIds);
  }

  List<Long> organizerIds() {
    return boxed(organizerIds);
  }

  private static long[] ids(List<Long> ids) {
    long[] array = new long[ids.size()];
    for (int i = 0; i < array.length; i++) array[i] = ids.get(i);
    return array;
  }

  private static List<Long> boxed(long[] ids) {
    List<Long> list = new ArrayList<>(ids.length);
    for (long id : ids) list.add(id);
    return list;
  }
}
