package org.agenda.event;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

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
  /**
   * The versions of what the event's list item shows of its own row and text: its revision, which every write of the
   * event moves, and what other writes change without it (the publishing of a scheduled event, the deletion of its
   * parent).
   */
  final String stamp;

  /**
   * {@code links}: the ids of the event's categories, tags, venues and organizers, in that order, each kind from the
   * index given.
   */
  private EventFacts(long id, Long seriesId, Collection<String> languages, String password, long author,
      String effectiveStatus, String stamp, List<Long> links, int tagsFrom, int venuesFrom, int organizersFrom) {
    this.id = id;
    this.seriesId = seriesId;
    List<String> order = List.copyOf(languages);
    this.languages = LANGUAGE_ORDERS.computeIfAbsent(order, kept -> kept);
    this.password = password;
    this.author = author;
    this.effectiveStatus = effectiveStatus;
    this.stamp = stamp;
    this.links = new long[links.size()];
    for (int i = 0; i < this.links.length; i++) this.links[i] = links.get(i);
    this.tagsFrom = tagsFrom;
    this.venuesFrom = venuesFrom;
    this.organizersFrom = organizersFrom;
  }

  static EventFacts of(Event event) {
    return of(event, event.translations.keySet());
  }

  /** The facts of {@code event}, whose text is in {@code languages} (when it was read without its text). */
  static EventFacts of(Event event, Collection<String> languages) {
    List<Long> links = new ArrayList<>(event.categoryIds);
    int tagsFrom = links.size();
    links.addAll(event.tagIds);
    int venuesFrom = links.size();
    links.addAll(event.venueIds);
    int organizersFrom = links.size();
    links.addAll(event.organizerIds);
    return new EventFacts(event.id, event.seriesId, languages, event.password, event.author, event.effectiveStatus(),
        stamp(event), links, tagsFrom, venuesFrom, organizersFrom);
  }

  static List<EventFacts> of(Collection<Event> events) {
    List<EventFacts> facts = new ArrayList<>(events.size());
    for (Event event : events) facts.add(of(event));
    return facts;
  }

  /** The facts as the event index keeps them beside each event ({@link EventDocuments#FACTS}). */
  BytesRef bytes() {
    var out = new ByteBuffersDataOutput();
    try {
      out.writeVLong(id);
      out.writeVLong(seriesId == null ? 0 : seriesId + 1);
      out.writeVInt(languages.size());
      for (String language : languages) out.writeString(language);
      out.writeByte(password == null ? (byte) 0 : 1);
      if (password != null) out.writeString(password);
      out.writeVLong(author);
      out.writeString(effectiveStatus);
      out.writeString(stamp);
      out.writeVInt(links.length);
      for (long link : links) out.writeVLong(link);
      out.writeVInt(tagsFrom);
      out.writeVInt(venuesFrom);
      out.writeVInt(organizersFrom);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory: not thrown
    }
    return new BytesRef(out.toArrayCopy());
  }

  /** The facts that {@link #bytes} wrote. */
  static EventFacts read(BytesRef bytes) throws IOException {
    var in = new ByteArrayDataInput(bytes.bytes, bytes.offset, bytes.length);
    long id = in.readVLong();
    long series = in.readVLong();
    int languageCount = in.readVInt();
    List<String> languages = new ArrayList<>(languageCount);
    for (int i = 0; i < languageCount; i++) languages.add(in.readString());
    String password = in.readByte() == 0 ? null : in.readString();
    long author = in.readVLong();
    String effectiveStatus = in.readString();
    String stamp = in.readString();
    int linkCount = in.readVInt();
    List<Long> links = new ArrayList<>(linkCount);
    for (int i = 0; i < linkCount; i++) links.add(in.readVLong());
    return new EventFacts(id, series == 0 ? null : series - 1, languages, password, author, effectiveStatus, stamp,
        links, in.readVInt(), in.readVInt(), in.readVInt());
  }

  /** What {@link #stamp} is made of; {@link EventStore#facts} reads these columns of an event without its text. */
  private static String stamp(Event event) {
    return event.revision + "." + event.status + "." + event.postParent + "." + event.modifiedUtc + "." + event.dateUtc;
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
