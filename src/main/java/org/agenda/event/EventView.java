package org.agenda.event;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.agenda.config.Config;
import org.agenda.db.ByIdLoader;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.organizer.Organizer;
import org.agenda.organizer.Organizers;
import org.agenda.record.RecordKind;
import org.agenda.record.RecordView;
import org.agenda.record.Records;
import org.agenda.record.StoredRecord;
import org.agenda.record.Translation;
import org.agenda.series.Recurrence;
import org.agenda.series.RecurrenceException;
import org.agenda.term.Term;
import org.agenda.term.TermTables;
import org.agenda.term.Terms;
import org.agenda.text.PlainText;
import org.agenda.time.DateTimes;
import org.agenda.time.EventTimezone;
import org.agenda.venue.Venue;
import org.agenda.venue.Venues;
import org.jooq.DSLContext;

/** The event representation of §5.2, its password-stripped list form (§4.8) and its {@code json_ld} (§5.10). */
final class EventView {
  /**
   * The venues kept, and the organizers: a 128th of the heap each (2 MiB of 256). At a million events the 10 000 venues
   * and 5 000 organizers of the benchmark's data, all kept, held about 25 MB, in a heap that had no room left. Lists
   * embed them from their kept forms ({@link ListItems}), which need a record only to be rendered.
   */
  private static final int RECORD_SHARE = 128;
  /** Editions kept of each kind, about 100 bytes each: every venue and organizer of a million events (15 000). */
  private static final int EDITIONS_KEPT = 50_000;

  private final Config config;
  private final Languages languages;
  private final Venues venues;
  private final Organizers organizers;
  private final ByIdLoader<Term> terms;
  private final ByIdLoader<Venue> venueLoader;
  private final ByIdLoader<Organizer> organizerLoader;
  private final ByIdLoader<Series> seriesLoader;
  private final AtomicLong lastEdition = new AtomicLong();
  private final ByIdLoader<Long> venueEditions;
  private final ByIdLoader<Long> organizerEditions;

  EventView(Config config, Languages languages, Venues venues, Organizers organizers, ByIdLoader.Factory loaders) {
    this.config = config;
    this.languages = languages;
    this.venues = venues;
    this.organizers = organizers;
    // Few and shared by many events: kept, a read of an event then loads only the event itself.
    this.terms = loaders.following(TermTables.CHANGE_KINDS, 10_000, Terms::load);
    // a venue or organizer per hundred events, each with its text: kept within a part of the heap, not all of them
    this.venueLoader = loaders.following(List.of(Venues.TYPE), Caches.heapShare(RECORD_SHARE), StoredRecord::footprint,
        venues::load);
    this.organizerLoader = loaders.following(List.of(Organizers.TYPE), Caches.heapShare(RECORD_SHARE),
        StoredRecord::footprint, organizers::load);
    this.venueEditions = loaders.derived(List.of(Venues.TYPE), EDITIONS_KEPT, this::newEditions);
    this.organizerEditions = loaders.derived(List.of(Organizers.TYPE), EDITIONS_KEPT, this::newEditions);
    // each occurrence shows its series' rule: parsed once, not once per answer
    this.seriesLoader = loaders.following(List.of(Records.EVENT), 2_000, (dsl, ids) -> {
      Map<Long, Series> series = new HashMap<>();
      EventStore.findAll(dsl, List.copyOf(ids)).forEach(row -> series.put(row.id, new Series(row, parsedRule(row))));
      return series;
    });
  }

  /**
   * What events embed, for a whole page at once: terms by id, the editions of their venues and organizers, and the
   * series (with their parsed rules) of the events that belong to one. Venue and organizer records are loaded, and
   * rendered as embedded, when first asked for: a page whose items and embedded forms are all kept needs none of them.
   */
  static final class Related {
    private final Map<Long, Term> terms;
    private final Map<Long, Long> venueEditions;
    private final Map<Long, Long> organizerEditions;
    private final Function<Collection<Long>, Map<Long, Venue>> venueRecords;
    private final Function<Collection<Long>, Map<Long, Organizer>> organizerRecords;
    private final Map<Long, Series> series;
    private final Supplier<Map<Long, ObjectNode>> venues;
    private final Supplier<Map<Long, ObjectNode>> organizers;
    private final Set<Long> recordIds;
    private final Set<Long> termIds;

    private Related(Map<Long, Term> terms, Map<Long, Long> venueEditions, Map<Long, Long> organizerEditions,
        Function<Collection<Long>, Map<Long, Venue>> venueRecords,
        Function<Collection<Long>, Map<Long, Organizer>> organizerRecords, Map<Long, Series> series,
        Supplier<Map<Long, ObjectNode>> venues, Supplier<Map<Long, ObjectNode>> organizers, Set<Long> recordIds,
        Set<Long> termIds) {
      this.terms = terms;
      this.venueEditions = venueEditions;
      this.organizerEditions = organizerEditions;
      this.venueRecords = venueRecords;
      this.organizerRecords = organizerRecords;
      this.series = series;
      this.venues = venues;
      this.organizers = organizers;
      this.recordIds = recordIds;
      this.termIds = termIds;
    }

    Map<Long, Term> terms() {
      return terms;
    }

    /** The ids of the series, venues and organizers the events embed, asked for whether loaded or not. */
    Set<Long> recordIds() {
      return recordIds;
    }

    /** The ids of the terms the events embed. */
    Set<Long> termIds() {
      return termIds;
    }

    Map<Long, Series> series() {
      return series;
    }

    Map<Long, ObjectNode> venues() {
      return venues.get();
    }

    Map<Long, ObjectNode> organizers() {
      return organizers.get();
    }

    /** The editions of the venues the events embed ({@link EventView#newEditions}). */
    Map<Long, Long> venueEditions() {
      return venueEditions;
    }

    Map<Long, Long> organizerEditions() {
      return organizerEditions;
    }

    /** The records of these venues among those the events embed, loaded now (trashed ones are not). */
    Map<Long, Venue> venueRecords(Collection<Long> ids) {
      return venueRecords.apply(ids);
    }

    Map<Long, Organizer> organizerRecords(Collection<Long> ids) {
      return organizerRecords.apply(ids);
    }

  }

  /**
   * A series as its events show it: the series row, its rule (null when it no longer parses), and the rule's
   * sentence per language, worded once for all the series' events (it is kept as long as the series row is).
   */
  record Series(Event event, Recurrence rule, Map<String, String> sentences) {
    Series(Event event, Recurrence rule) {
      this(event, rule, new ConcurrentHashMap<>());
    }

    String sentence(String language) {
      return sentences.computeIfAbsent(language, rule::describe);
    }
  }

  /** The terms with these ids, as kept for data version {@code version}. */
  Map<Long, Term> terms(DSLContext dsl, Long version, Collection<Long> ids) {
    return terms.load(dsl, version, ids);
  }

  /** Whether a term of {@code taxonomy} has this id, as the terms kept for data version {@code version} say. */
  boolean isTerm(DSLContext dsl, Long version, String taxonomy, long id) {
    Term term = terms.load(dsl, version, List.of(id)).get(id);
    return term != null && term.taxonomy().equals(taxonomy);
  }

  /** Whether every id is a venue's, as the venues kept for data version {@code version} say. */
  boolean areVenues(DSLContext dsl, Long version, List<Long> ids) {
    return venueLoader.load(dsl, version, ids).keySet().containsAll(ids);
  }

  /** Whether every id is an organizer's, as the organizers kept for data version {@code version} say. */
  boolean areOrganizers(DSLContext dsl, Long version, List<Long> ids) {
    return organizerLoader.load(dsl, version, ids).keySet().containsAll(ids);
  }

  /** {@code version}: of {@link org.agenda.db.Database#versionOf}, for {@code dsl}. */
  Related related(DSLContext dsl, Long version, Collection<EventFacts> events, String requestLanguage, Urls urls,
      boolean withJsonLd) {
    Set<Long> termIds = new LinkedHashSet<>();
    Set<Long> venueIds = new LinkedHashSet<>();
    Set<Long> organizerIds = new LinkedHashSet<>();
    Set<Long> seriesIds = new LinkedHashSet<>();
    for (EventFacts event : events) {
      if (event.seriesId != null) seriesIds.add(event.seriesId);
      termIds.addAll(event.categoryIds());
      termIds.addAll(event.tagIds());
      venueIds.addAll(event.venueIds());
      organizerIds.addAll(event.organizerIds());
    }
    // the editions before the records: a record loaded after its edition is at least as new as the edition says
    Map<Long, Long> venueEditionsNow = venueEditions.load(dsl, version, venueIds);
    Map<Long, Long> organizerEditionsNow = organizerEditions.load(dsl, version, organizerIds);
    Set<Long> recordIds = new HashSet<>(seriesIds);
    recordIds.addAll(venueIds);
    recordIds.addAll(organizerIds);
    return new Related(terms.load(dsl, version, termIds), venueEditionsNow, organizerEditionsNow,
        ids -> venueLoader.load(dsl, version, ids), ids -> organizerLoader.load(dsl, version, ids),
        seriesLoader.load(dsl, version, seriesIds),
        memoized(() -> embedded(venues, venueLoader.load(dsl, version, venueIds), requestLanguage, urls, withJsonLd)),
        memoized(() -> embedded(organizers, organizerLoader.load(dsl, version, organizerIds), requestLanguage, urls,
            withJsonLd)),
        recordIds, termIds);
  }

  /**
   * A new edition for each of these venues or organizers: a number that stands for the record as it is, kept until a
   * change touches the record ({@link ByIdLoader.Factory#derived}), then replaced by a new one. So a form rendered from
   * the record holds for as long as its edition is the record's, whether or not the record itself is still kept: the
   * 10 000 venues of a million events are not, and loading and rendering them again was a third of the mixed route's
   * CPU. Editions are numbered within this process, as the forms kept under them are.
   */
  private Map<Long, Long> newEditions(DSLContext dsl, Long version, Collection<Long> ids) {
    Map<Long, Long> editions = new HashMap<>();
    for (Long id : ids) editions.put(id, lastEdition.incrementAndGet());
    return editions;
  }

  /** {@code make}'s value, made on the first {@code get} and kept (one thread: a request's own). */
  static <T> Supplier<T> memoized(Supplier<T> make) {
    return new Supplier<>() {
      private T made;

      @Override
      public T get() {
        if (made == null) made = make.get();
        return made;
      }
    };
  }

  /** The stored rule of a series row, checked when it was written (null if it no longer parses). */
  private static Recurrence parsedRule(Event series) {
    try {
      return EventSeries.recurrence(series);
    } catch (RecurrenceException e) {
      return null;
    }
  }

  /**
   * Venues or organizers as embedded in events, by id: trashed ones are left out (§4.7), and so are those
   * without text in L when fallback is off (§3.3).
   */
  private <T extends StoredRecord> Map<Long, ObjectNode> embedded(RecordKind<T> kind, Map<Long, T> loaded,
      String requestLanguage, Urls urls, boolean withJsonLd) {
    Map<Long, ObjectNode> result = new HashMap<>();
    loaded.forEach((id, record) -> embedded(kind, record, requestLanguage, urls, withJsonLd)
        .ifPresent(node -> result.put(id, node)));
    return result;
  }

  private <T extends StoredRecord> Optional<ObjectNode> embedded(RecordKind<T> kind, T record, String requestLanguage,
      Urls urls, boolean withJsonLd) {
    return RecordView.embeddedText(record.row(), record.translations(), requestLanguage, languages)
        .map(text -> kind.render(record, text, urls, withJsonLd));
  }

  /** A venue as a list item embeds it (without json_ld), if it is shown in the request's language. */
  Optional<ObjectNode> embeddedVenue(Venue venue, String requestLanguage, Urls urls) {
    return embedded(venues, venue, requestLanguage, urls, false);
  }

  /** An organizer as a list item embeds it, if it is shown in the request's language. */
  Optional<ObjectNode> embeddedOrganizer(Organizer organizer, String requestLanguage, Urls urls) {
    return embedded(organizers, organizer, requestLanguage, urls, false);
  }

  /**
   * How one event is shown: in which text language, stripped or not, with or without json_ld, and with its categories,
   * tags, venues and organizers or with empty arrays in their place, where they are put in later ({@link ListItems}).
   */
  record Shape(String textLanguage, boolean stripped, boolean withJsonLd, boolean linksApart) {
    Shape(String textLanguage, boolean stripped, boolean withJsonLd) {
      this(textLanguage, stripped, withJsonLd, false);
    }
  }

  /** {@code related} holds at least what this event embeds (see {@link #related}). */
  ObjectNode render(Event event, Shape shape, String requestLanguage, Urls urls, Related related) {
    Translation text = event.translations.get(shape.textLanguage());
    String url = urls.page(config.permalinks().get("event"), text.language(), text.slug(), event.id);
    Cost cost = Cost.of(event.cost);
    ObjectNode node = Json.object();
    node.put("id", event.id);
    String globalId = urls.globalId(event.id);
    node.put("global_id", globalId);
    node.set("global_id_lineage", Json.array().add(globalId));
    node.put("author", Long.toString(event.author));
    node.put("status", event.status);
    RecordView.putDates(node, "date", event.dateUtc, config.timezone());
    RecordView.putDates(node, "modified", event.modifiedUtc, config.timezone());
    node.put("url", url);
    node.put("rest_url", urls.record("events", event.id));
    node.put("title", text.name());
    node.put("description", shape.stripped() ? "" : text.description());
    node.put("excerpt", shape.stripped() ? "" : text.excerpt());
    node.put("slug", text.slug());
    if (shape.stripped() || event.image == null) {
      node.put("image", false);
    } else {
      node.set("image", RecordView.image(event.image));
    }
    putFlag(node, "all_day", event.allDay, shape);
    putDate(node, "start_date", event.startLocal);
    putDate(node, "end_date", event.endLocal);
    putDate(node, "utc_start_date", RecordView.utc(event.startUtc));
    putDate(node, "utc_end_date", RecordView.utc(event.endUtc));
    EventTimezone zone = zone(event);
    node.put("timezone", event.timezone);
    node.put("timezone_abbr", zone.abbreviation(Instant.ofEpochSecond(event.startUtc)));
    if (shape.stripped()) {
      node.put("cost", "");
      node.set("cost_details", costDetails("", "", Json.array()));
    } else {
      node.put("cost", cost.format(requestLanguage, config.currencySymbol(), config.currencyPosition()));
      node.set("cost_details", costDetails(cost.currencySymbol(), cost.currencyPosition(), Json.arrayOf(cost.values())));
    }
    node.put("website", shape.stripped() ? "" : event.website == null ? url : event.website);
    putFlag(node, "show_map", event.showMap, shape);
    putFlag(node, "show_map_link", event.showMapLink, shape);
    putFlag(node, "hide_from_listings", event.hideFromListings, shape);
    putFlag(node, "sticky", event.sticky, shape);
    putFlag(node, "featured", event.featured, shape);
    boolean noLinks = shape.stripped() || shape.linksApart();
    node.set("categories", noLinks ? Json.array() : embeddedTerms(event.categoryIds, related.terms(), requestLanguage, urls));
    node.set("tags", noLinks ? Json.array() : embeddedTerms(event.tagIds, related.terms(), requestLanguage, urls));
    ArrayNode venueNodes = noLinks ? Json.array() : linked(event.venueIds, related.venues());
    node.set("venue", venueNodes.size() == 1 ? venueNodes.get(0) : venueNodes);
    ArrayNode organizerNodes = noLinks ? Json.array() : linked(event.organizerIds, related.organizers());
    node.set("organizer", organizerNodes);
    node.put("post_parent", event.postParent);
    Series series = event.seriesId == null ? null : related.series().get(event.seriesId);
    if (series != null) {
      node.put("series_id", event.seriesId);
      node.put("original_start_date", event.originalStart);
      if (event.isSeries()) node.set("recurrence", Json.arrayOf(event.recurrence));
      if (series.rule() != null) node.put("recurrence_text", series.sentence(sentenceLanguage(requestLanguage)));
    }
    if (event.statusDetail != null) node.put("status_detail", event.statusDetail);
    node.put("language", text.language());
    node.set("translations", RecordView.translations(event.id, event.translations, "events", urls, languages.codes()));
    if (shape.withJsonLd()) {
      ObjectNode ld = jsonLd(event, text, url, cost, zone, venueNodes, organizerNodes);
      if (series != null) ld.set("superEvent", superEvent(series.event(), shape.textLanguage(), urls));
      node.set("json_ld", ld);
    }
    return node;
  }

  private ArrayNode embeddedTerms(List<Long> ids, Map<Long, Term> terms, String requestLanguage, Urls urls) {
    ArrayNode array = Json.array();
    for (Long id : ids) {
      Term term = terms.get(id);
      if (term != null) Terms.embedded(term, requestLanguage, languages, urls).ifPresent(array::add);
    }
    return array;
  }

  private static ArrayNode linked(List<Long> ids, Map<Long, ObjectNode> objects) {
    ArrayNode array = Json.array();
    for (Long id : ids) {
      if (objects.containsKey(id)) array.add(objects.get(id));
    }
    return array;
  }

  /** A nested schema.org object carries no {@code @context} (§5.10). */
  private static ObjectNode withoutContext(com.fasterxml.jackson.databind.JsonNode jsonLd) {
    ObjectNode copy = ((ObjectNode) jsonLd).deepCopy();
    copy.remove("@context");
    return copy;
  }

  private static void putDate(ObjectNode node, String key, String formatted) {
    node.put(key, formatted);
    String[] parts = DateTimes.detailParts(formatted);
    ObjectNode details = node.putObject(key + "_details");
    details.put("year", parts[0]);
    details.put("month", parts[1]);
    details.put("day", parts[2]);
    details.put("hour", parts[3]);
    details.put("minutes", parts[4]);
    details.put("seconds", parts[5]);
  }

  private static void putFlag(ObjectNode node, String key, boolean value, Shape shape) {
    if (shape.stripped()) {
      node.putNull(key);
    } else {
      node.set(key, BooleanNode.valueOf(value));
    }
  }

  private static ObjectNode costDetails(String symbol, String position, ArrayNode values) {
    ObjectNode details = Json.object();
    details.put("currency_symbol", symbol);
    details.put("currency_code", "");
    details.put("currency_position", position);
    details.set("values", values);
    return details;
  }

  static EventTimezone zone(Event event) {
    return EventTimezone.parse(event.timezone)
        .orElseThrow(() -> new IllegalStateException("stored time zone is invalid: " + event.timezone));
  }

  private ObjectNode jsonLd(Event event, Translation text, String url, Cost cost, EventTimezone zone,
      ArrayNode venueNodes, ArrayNode organizerNodes) {
    ObjectNode ld = Json.object();
    ld.put("@context", "http://schema.org");
    ld.put("@type", "Event");
    ld.put("name", text.name());
    ld.put("description", PlainText.fromHtml(text.excerpt().isEmpty() ? text.description() : text.excerpt()));
    if (event.image != null) ld.put("image", event.image);
    ld.put("url", url);
    ld.put("eventAttendanceMode", "https://schema.org/OfflineEventAttendanceMode");
    ld.put("eventStatus", eventStatus(event.statusDetail));
    ld.put("startDate", iso(event.startUtc, zone.zoneId()));
    ld.put("endDate", iso(event.endUtc, zone.zoneId()));
    if (!venueNodes.isEmpty()) ld.set("location", withoutContext(venueNodes.get(0).path("json_ld")));
    if (!organizerNodes.isEmpty()) ld.set("organizer", withoutContext(organizerNodes.get(0).path("json_ld")));
    if (cost.hasNumericValue()) {
      ObjectNode offer = ld.putObject("offers");
      offer.put("@type", "Offer");
      offer.put("price", cost.minValue());
      offer.put("priceCurrency", config.currencyCode());
      offer.put("url", url);
      offer.put("category", "primary");
      offer.put("availability", "inStock");
      offer.put("validFrom", iso(event.dateUtc, ZoneOffset.UTC));
    }
    ld.put("performer", "Organization");
    return ld;
  }

  /** schema.org eventStatus of a {@code status_detail}. */
  private static String eventStatus(String statusDetail) {
    if ("cancelled".equals(statusDetail)) return "https://schema.org/EventCancelled";
    if ("postponed".equals(statusDetail)) return "https://schema.org/EventPostponed";
    return "https://schema.org/EventScheduled";
  }

  /**
   * The series an event belongs to, as schema.org's EventSeries (its first occurrence, the series row, points to it
   * too): name and page of the series, its rule as the sentence of the text language.
   */
  private ObjectNode superEvent(Event series, String textLanguage, Urls urls) {
    String language = languages.textLanguage(textLanguage, series.translations.keySet())
        .orElse(series.translations.keySet().iterator().next());
    Translation text = series.translations.get(language);
    ObjectNode ld = Json.object();
    ld.put("@type", "EventSeries");
    ld.put("@id", urls.record("events", series.id));
    ld.put("name", text.name());
    ld.put("url", urls.page(config.permalinks().get("event"), text.language(), text.slug(), series.id));
    return ld;
  }

  /** The language of {@code recurrence_text}: the request's, when the sentence exists in it (nl, en, fr). */
  private static String sentenceLanguage(String requestLanguage) {
    return List.of("nl", "en", "fr").contains(requestLanguage) ? requestLanguage : "en";
  }

  private static String iso(long epochSecond, ZoneId zone) {
    return DateTimes.iso(ZonedDateTime.ofInstant(Instant.ofEpochSecond(epochSecond), zone));
  }
}
