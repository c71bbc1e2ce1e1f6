package org.agenda.event;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Cache;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.agenda.db.ByIdLoader;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.http.Utf8Buffer;
import org.agenda.i18n.Languages;
import org.agenda.term.Term;
import org.agenda.term.Terms;

/**
 * Events as list items in UTF-8 JSON, kept rendered between writes. An item is kept without its categories, tags,
 * venues and organizers, which are put in on every request from their own kept forms: a term shows how many events
 * it has, which every new event of a popular term changes, and that should not make every item that embeds it be
 * rendered again; and a venue and an organizer were more than half of a kept item (2.8 of 5.1 KB), the same bytes in
 * every item of the events at that venue, so that the items' budget held half as many items.
 */
final class ListItems {
  /** Where an item rendered with its links apart ({@link EventView.Shape#linksApart}) gets them. */
  private static final byte[] LINKS_APART = ",\"categories\":[],\"tags\":[],\"venue\":[],\"organizer\":[],"
      .getBytes(StandardCharsets.UTF_8);
  private static final byte[] CATEGORIES = ",\"categories\":[".getBytes(StandardCharsets.UTF_8);
  private static final byte[] TAGS = "],\"tags\":[".getBytes(StandardCharsets.UTF_8);
  private static final byte[] VENUE = "],\"venue\":".getBytes(StandardCharsets.UTF_8);
  private static final byte[] ORGANIZER = ",\"organizer\":[".getBytes(StandardCharsets.UTF_8);
  private static final byte[] CLOSE = "],".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_SHOWN = new byte[0];

  /**
   * An item: what it is rendered from, as versions (the event's {@link EventFacts#stamp} and its series' revision), and
   * who for (the request's language, the item's text language and form, and the roots of its URLs). So a kept item
   * found under its key holds, whatever objects it was rendered from.
   */
  record ItemKey(long id, String stamp, long seriesRevision, String requestLanguage, String textLanguage,
      boolean stripped, String publicUrl, String baseUrl) {
    static ItemKey of(EventFacts event, String requestLanguage, Shown shown, Urls urls, EventView.Related related) {
      EventView.Series series = event.seriesId == null ? null : related.series().get(event.seriesId);
      return new ItemKey(event.id, event.stamp, series == null ? -1 : series.event().revision, requestLanguage,
          shown.textLanguage(), shown.stripped(), urls.publicUrl(), urls.baseUrl());
    }

    /**
     * Compared field by field, the numbers first, rather than through the method handles of a record's equality: a list
     * answer looks up each of its items by this key. Under the mixed-traffic route at 10 000 events (async-profiler, one
     * run each), the method handles' frames went from 2.4 to 0.7 % of the server's CPU; what is left of the comparison
     * (1.8 %) is waiting for the memory of the kept key.
     */
    @Override
    public boolean equals(Object other) {
      return other instanceof ItemKey key && key.id == id && key.seriesRevision == seriesRevision
          && key.stripped == stripped && Objects.equals(key.stamp, stamp)
          && Objects.equals(key.requestLanguage, requestLanguage) && Objects.equals(key.textLanguage, textLanguage)
          && Objects.equals(key.publicUrl, publicUrl) && Objects.equals(key.baseUrl, baseUrl);
    }

    @Override
    public int hashCode() {
      return (Long.hashCode(id) * 31 + Objects.hashCode(stamp)) * 31 + Objects.hashCode(requestLanguage) * 7
          + Objects.hashCode(textLanguage);
    }

    /** The key of the item in the disk cache. */
    String onDisk() {
      return id + "|" + stamp + "|" + seriesRevision + "|" + requestLanguage + "|" + textLanguage + "|" + stripped
          + "|" + publicUrl + "|" + baseUrl;
    }
  }

  /** How an event is shown in a list: the language of its text, and whether stripped of what a locked event hides. */
  record Shown(String textLanguage, boolean stripped) {}

  /**
   * A term as embedded, for a request's language and URL roots ({@code context}: the one object kept for them, {@link
   * #linkContext}). An answer looks up some 75 of them. Keyed by the three
   * strings, each lookup hashed them and compared them through the method handles of a record's equality; these
   * compare references and a number (async-profiler, one pair of runs at 100 000 events under the mixed-traffic
   * route: the lookups of these forms 9.1 → 7.9 % of the CPU, writing the links into items 15.0 → 13.6 %).
   */
  record LinkKey(LinkContext context, long id) {
    @Override
    public boolean equals(Object other) {
      return other instanceof LinkKey key && key.id == id && key.context == context;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(context) * 31 + Long.hashCode(id);
    }
  }

  /**
   * A venue or organizer (of {@code type}) as embedded in a request's language and URL roots, in one of its editions
   * ({@link EventView.Related#venueEditions}): all a form was rendered from, so that memory lets it go to disk.
   */
  record RecordFormKey(LinkContext context, String type, long id, long edition) {
    @Override
    public boolean equals(Object other) {
      return other instanceof RecordFormKey key && key.id == id && key.edition == edition && key.context == context
          && key.type.equals(type);
    }

    @Override
    public int hashCode() {
      return ((System.identityHashCode(context) * 31 + type.hashCode()) * 31 + Long.hashCode(id)) * 31
          + Long.hashCode(edition);
    }

    /** The key of the form in the disk cache; unlike an item's, it starts with a letter. */
    String onDisk() {
      return type + "|" + id + "|" + edition + "|" + context.key.requestLanguage() + "|" + context.key.publicUrl() + "|"
          + context.key.baseUrl();
    }
  }

  private static final String VENUE_LINK = "venue";
  private static final String ORGANIZER_LINK = "organizer";
  /**
   * What a kept item, venue or organizer form is compared with: nothing, since its key says all it was rendered from.
   * Items were kept with the objects of their event's facts and series and matched only those: since a page from the
   * index reads its events' facts anew for every question, no item in memory ever matched, and each was put in again.
   */
  private static final Object IN_KEY = new Object();

  /** A request's language and URL roots, one object for each that requests use lately, compared by identity. */
  static final class LinkContext {
    private final ContextKey key;

    private LinkContext(ContextKey key) {
      this.key = key;
    }
  }

  /** What makes a {@link LinkContext}. */
  private record ContextKey(String requestLanguage, String publicUrl, String baseUrl) {}

  /** The contexts requests used lately; a site answers under a few host names, and a form of another is made anew. */
  private static final int CONTEXTS_KEPT = 64;

  private final EventView view;
  private final Languages languages;
  private final ByIdLoader.Renderings<ItemKey> items;
  private final ByIdLoader.Renderings<LinkKey> links;
  private final ByIdLoader.Renderings<RecordFormKey> recordForms;
  private final Cache<ContextKey, LinkContext> contexts = Caches.builder().maximumSize(CONTEXTS_KEPT).build();

  /** {@code links}: the terms' embedded forms; {@code recordForms}: the venues' and organizers'. */
  ListItems(EventView view, Languages languages, ByIdLoader.Renderings<ItemKey> items,
      ByIdLoader.Renderings<LinkKey> links, ByIdLoader.Renderings<RecordFormKey> recordForms) {
    this.view = view;
    this.languages = languages;
    this.items = items;
    this.links = links;
    this.recordForms = recordForms;
  }

  /** Writes list items into {@code out}, one after the other, separated by commas. */
  Writer writer(Utf8Buffer out) {
    return new Writer(out);
  }

  /** The items of one answer, and the forms of what they embed, which items of one answer often share. */
  final class Writer {
    private final Utf8Buffer out;
    /** An item's categories, tags, venues and organizers, written before they replace the empty arrays kept in it. */
    private final Utf8Buffer linkArrays = new Utf8Buffer(4096);
    private final Map<Long, ByIdLoader.Form> termForms = new HashMap<>();
    private final Map<Long, ByIdLoader.Form> venueForms = new HashMap<>();
    private final Map<Long, ByIdLoader.Form> organizerForms = new HashMap<>();
    /** Where the terms written stand in {@link #out}, and in {@link #linkArrays} for the item being written. */
    private final TermPlaces termPlaces = new TermPlaces();
    private final TermPlaces itemTermPlaces = new TermPlaces();
    private boolean first = true;

    private Writer(Utf8Buffer out) {
      this.out = out;
    }

    /** Where the terms embedded in the items written stand in the answer. */
    TermPlaces termPlaces() {
      return termPlaces;
    }

    /**
     * The items of these events, in this order; {@code shown} says how each is shown (from its facts) and {@code load}
     * loads the events whose items are not kept, all at once. An event {@code load} no longer finds (deleted since its
     * page was found) is left out.
     */
    void items(List<EventFacts> events, Function<EventFacts, Shown> shown, String requestLanguage, Urls urls,
        EventView.Related related, Function<List<Long>, Map<Long, Event>> load) {
      Shown[] how = new Shown[events.size()];
      List<ItemKey> keys = new ArrayList<>(events.size());
      for (int i = 0; i < how.length; i++) {
        EventFacts event = events.get(i);
        how[i] = shown.apply(event);
        keys.add(ItemKey.of(event, requestLanguage, how[i], urls, related));
      }
      LinkContext context = linkContext(requestLanguage, urls);
      recordForms(VENUE_LINK, events, EventFacts::venueIds, related.venueEditions(), related::venueRecords,
          venue -> view.embeddedVenue(venue, requestLanguage, urls), venueForms, context);
      recordForms(ORGANIZER_LINK, events, EventFacts::organizerIds, related.organizerEditions(),
          related::organizerRecords, organizer -> view.embeddedOrganizer(organizer, requestLanguage, urls),
          organizerForms, context);
      // in memory, else on disk, each key looked up once
      ByIdLoader.Form[] kept = items.stored(keys);
      List<Long> missing = new ArrayList<>();
      for (int i = 0; i < kept.length; i++) if (kept[i] == null) missing.add(events.get(i).id);
      Map<Long, Event> loaded = missing.isEmpty() ? Map.of() : load.apply(missing);
      for (int i = 0; i < how.length; i++) {
        EventFacts facts = events.get(i);
        if (kept[i] != null) {
          item(kept[i], facts, how[i].stripped(), requestLanguage, context, urls, related);
          continue;
        }
        Event event = loaded.get(facts.id);
        if (event == null) continue;
        // as the event loaded is shown: a write between the two reads may have changed its languages or password
        EventFacts loadedFacts = EventFacts.of(event);
        Shown now = shown.apply(loadedFacts);
        Supplier<byte[]> render = () -> {
          byte[] item = Json.bytes(view.render(event,
              new EventView.Shape(now.textLanguage(), now.stripped(), false, !now.stripped()), requestLanguage, urls,
              related));
          return now.stripped() ? item : withLinksPlace(item);
        };
        ByIdLoader.Form form = items.get(ItemKey.of(loadedFacts, requestLanguage, now, urls, related), IN_KEY, render);
        item(form, facts, now.stripped(), requestLanguage, context, urls, related);
      }
    }

    private void item(ByIdLoader.Form apart, EventFacts event, boolean stripped, String requestLanguage,
        LinkContext context, Urls urls, EventView.Related related) {
      if (!first) out.write((byte) ',');
      first = false;
      int from = out.length();
      out.write(apart.length(), apart::copyTo);
      if (stripped) return;
      int at = from + out.removeTrailingInt();
      linkArrays.clear();
      itemTermPlaces.clear();
      linkArrays.write(CATEGORIES);
      writeTerms(event.categoryIds(), related.terms(), requestLanguage, context, urls);
      linkArrays.write(TAGS);
      writeTerms(event.tagIds(), related.terms(), requestLanguage, context, urls);
      linkArrays.write(VENUE);
      // one venue shown is the object itself, any other number an array (§5.2)
      List<ByIdLoader.Form> venues = shown(event.venueIds(), venueForms);
      if (venues.size() == 1) {
        linkArrays.write(venues.get(0).length(), venues.get(0)::copyTo);
      } else {
        linkArrays.write((byte) '[');
        write(venues);
        linkArrays.write((byte) ']');
      }
      linkArrays.write(ORGANIZER);
      write(shown(event.organizerIds(), organizerForms));
      linkArrays.write(CLOSE);
      out.replace(at, LINKS_APART.length, linkArrays);
      itemTermPlaces.addTo(termPlaces, at);
    }

    /** The terms of {@code ids} shown in the request's language, noting where each stands. */
    private void writeTerms(List<Long> ids, Map<Long, Term> loaded, String requestLanguage, LinkContext context,
        Urls urls) {
      boolean firstTerm = true;
      for (Long id : ids) {
        Term record = loaded.get(id);
        if (record == null) continue;
        ByIdLoader.Form form = termForms.computeIfAbsent(id,
            unused -> termForm(record, requestLanguage, context, urls));
        if (form.length() == 0) continue;
        if (!firstTerm) linkArrays.write((byte) ',');
        firstTerm = false;
        itemTermPlaces.add(id, linkArrays.length(), form.length());
        linkArrays.write(form.length(), form::copyTo);
      }
    }

    /** The forms of the linked records that are shown in the request's language, in the order of {@code ids}. */
    private List<ByIdLoader.Form> shown(List<Long> ids, Map<Long, ByIdLoader.Form> forms) {
      List<ByIdLoader.Form> shown = new ArrayList<>(ids.size());
      for (Long id : ids) {
        ByIdLoader.Form form = forms.get(id);
        if (form != null && form.length() > 0) shown.add(form);
      }
      return shown;
    }

    /**
     * Into {@code forms}, the embedded forms of the venues or organizers ({@code type}) that these events link to, for
     * the whole answer at once: kept in memory, else read from disk together, else rendered from their records, loaded
     * together. A record no longer there (deleted or trashed since the page was found) gets none, as does one that
     * {@code related} has no edition of (it has one of every record that the events it was made for link to).
     */
    private <T> void recordForms(String type, List<EventFacts> events, Function<EventFacts, List<Long>> linked,
        Map<Long, Long> editions, Function<Collection<Long>, Map<Long, T>> load,
        Function<T, Optional<ObjectNode>> embedded, Map<Long, ByIdLoader.Form> forms, LinkContext context) {
      List<RecordFormKey> keys = new ArrayList<>();
      // an id is put in at once, with null until its form is found, so that each is looked up once an answer
      for (EventFacts event : events) {
        for (Long id : linked.apply(event)) {
          Long edition = editions.get(id);
          if (edition == null || forms.containsKey(id)) continue;
          forms.put(id, null);
          keys.add(new RecordFormKey(context, type, id, edition));
        }
      }
      if (keys.isEmpty()) return;
      ByIdLoader.Form[] stored = recordForms.stored(keys);
      List<RecordFormKey> unrendered = new ArrayList<>();
      for (int i = 0; i < stored.length; i++) {
        if (stored[i] != null) {
          forms.put(keys.get(i).id(), stored[i]);
        } else {
          unrendered.add(keys.get(i));
        }
      }
      if (unrendered.isEmpty()) return;
      Map<Long, T> records = load.apply(unrendered.stream().map(RecordFormKey::id).toList());
      for (RecordFormKey key : unrendered) {
        T record = records.get(key.id());
        forms.put(key.id(), record == null ? null : recordForms.get(key, IN_KEY,
            () -> embedded.apply(record).map(Json::bytes).orElse(NOT_SHOWN)));
      }
    }

    private void write(List<ByIdLoader.Form> forms) {
      for (int i = 0; i < forms.size(); i++) {
        if (i > 0) linkArrays.write((byte) ',');
        linkArrays.write(forms.get(i).length(), forms.get(i)::copyTo);
      }
    }
  }

  /**
   * The form of {@code term} as embedded in answers in {@code requestLanguage} (empty when not shown in it), the one
   * kept while the term is the same object.
   */
  ByIdLoader.Form termForm(Term term, String requestLanguage, Urls urls) {
    return termForm(term, requestLanguage, linkContext(requestLanguage, urls), urls);
  }

  private ByIdLoader.Form termForm(Term term, String requestLanguage, LinkContext context, Urls urls) {
    return links.get(new LinkKey(context, term.id()), term, () -> Terms.embedded(term,
        requestLanguage, languages, urls).map(Json::bytes).orElse(NOT_SHOWN));
  }

  /** The one object kept for this language and these URL roots. */
  private LinkContext linkContext(String requestLanguage, Urls urls) {
    return contexts.get(new ContextKey(requestLanguage, urls.publicUrl(), urls.baseUrl()), LinkContext::new);
  }

  /**
   * An item rendered with its links apart, followed by where their empty arrays stand in it (four bytes, big-endian),
   * found once here rather than in every answer that shows it.
   */
  private static byte[] withLinksPlace(byte[] item) {
    int at = indexOf(item, LINKS_APART);
    byte[] marked = Arrays.copyOf(item, item.length + 4);
    for (int i = 0; i < 4; i++) marked[item.length + i] = (byte) (at >>> (24 - 8 * i));
    return marked;
  }

  /**
   * Where the empty arrays of the links stand in an item: the first such bytes, since the event's own fields before
   * them are JSON strings, in which a quote is escaped.
   */
  private static int indexOf(byte[] item, byte[] part) {
    outer:
    for (int i = 0; i <= item.length - part.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (item[i + j] != part[j]) continue outer;
      }
      return i;
    }
    throw new IllegalStateException("an item rendered with its links apart has no place for them: "
        + new String(Arrays.copyOf(item, Math.min(item.length, 200)), StandardCharsets.UTF_8));
  }
}
