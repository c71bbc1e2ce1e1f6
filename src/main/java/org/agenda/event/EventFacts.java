package org.agenda.event;

import java.lang.ref.WeakReference;
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
  /** The ids of its categories, tags, venues and organizers, one after the other: one array, not four of 16 bytes. */
  private final long[] links;
  private final int tagsFrom;
  private final int venuesFrom;
  private final int organizersFrom;
  /** The event these facts were made from, until it is collected (see {@link #remembering}); else null. */
  private final WeakReference<Event> loadedFrom;

  private EventFacts(Event event, boolean remember) {
    this.loadedFrom = remember ? new WeakReference<>(event) : null;
    this.id = event.id;
    this.seriesId = event.seriesId;
    List<String> languages = List.copyOf(event.translations.keySet());
    this.languages = LANGUAGE_ORDERS.computeIfAbsent(languages, order -> order);
    this.password = event.password;
    this.author = event.author;
    this.effectiveStatus = event.effectiveStatus();
    List<Long> links = new ArrayList<>(event.categoryIds);
    this.tagsFrom = links.size();
    links.addAll(event.tagIds);
    this.venuesFrom = links.size();
    links.addAll(event.venueIds);
    this.organizersFrom = links.size();
    links.addAll(event.organizerIds);
    this.links = new long[links.size()];
    for (int i = 0; i < this.links.length; i++) this.links[i] = links.get(i);
  }

  static EventFacts of(Event event) {
    return new EventFacts(event, false);
  }

  static List<EventFacts> of(Collection<Event> events) {
    List<EventFacts> facts = new ArrayList<>(events.size());
    for (Event event : events) facts.add(new EventFacts(event, false));
    return facts;
  }

  /**
   * The facts of the events loaded, by id, each remembering its event weakly: an event whose facts were not kept has
   * no kept item either (a kept item matches only the facts object it was rendered with), so the answer that loaded
   * the facts renders the item from that event rather than reading it again ({@code EventList.unkept}).
   */
  static Map<Long, EventFacts> remembering(Map<Long, Event> events) {
    Map<Long, EventFacts> facts = new HashMap<>(events.size() * 2);
    events.forEach((id, event) -> facts.put(id, new EventFacts(event, true)));
    return facts;
  }

  /**
   * The event these facts were made from, while it is still in memory; else null. It is as current as the facts: both
   * are dropped when a write touches the event.
   */
  Event loaded() {
    return loadedFrom == null ? null : loadedFrom.get();
  }

  /** As {@link Event#lockedAgainst}, from the same password. */
  boolean lockedAgainst(String presented) {
    return Event.lockedAgainst(password, presented);
  }

  List<Long> categoryIds() {
    return boxed(0, tagsFrom);
  }

  List<Long> tagIds() {
    return boxed(tagsFrom, venuesFrom);
  }

  List<Long> venueIds() {
    return boxed(venuesFrom, organizersFrom);
  }

  List<Long> organizerIds() {
    return boxed(organizersFrom, links.length);
  }

  private List<Long> boxed(int from, int to) {
    List<Long> list = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) list.add(links[i]);
    return list;
  }
}
