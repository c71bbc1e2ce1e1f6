package org.agenda.event;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.agenda.config.Config;
import org.agenda.db.ByIdLoader;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResource;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Invalid;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.i18n.Languages;
import org.agenda.organizer.Organizers;
import org.agenda.record.Access;
import org.agenda.record.FuturePublisher;
import org.agenda.record.RecordTables;
import org.agenda.record.RecordWrites;
import org.agenda.record.Records;
import org.agenda.record.Status;
import org.agenda.record.Translations;
import org.agenda.series.Recurrence;
import org.agenda.series.RecurrenceException;
import org.agenda.term.CategoryTree;
import org.agenda.user.Role;
import org.agenda.venue.VenuePlaces;
import org.agenda.venue.Venues;
import org.jooq.DSLContext;

/**
 * The event routes R2–R4 of §2.2: list and create, and read, update and delete by id or slug; and their iCalendar
 * forms: the feed {@code /events.ics} (the list's events) and {@code /events/{id}.ics} (one event).
 */
public final class EventRoutes {
  private static final List<String> UPDATE_METHODS = List.of("POST", "PUT", "PATCH");
  /** What a calendar app asks for in {@code Accept}: the event routes answer it with their iCalendar form. */
  private static final String CALENDAR = "text/calendar";

  /**
   * List items kept rendered, each in one language, compressed and without what they embed (about 2.3 KB of JSON, of
   * the 8.5 KB an item is), in a 32nd of the heap (8 MiB of 256). Those memory lets go of are kept in the disk cache,
   * from which an item costs one lookup; kept in memory, they live long enough to die in the old generation, whose
   * full collections stop everything. At 100 000 events under the mixed route (150 s, then 20 s measured, two pairs
   * of runs side by side), 16 MiB against 32: 866 / 924 against 769 / 725 requests a second, 2.04 / 1.91 against
   * 2.36 / 2.48 ms of CPU a request, p99 100 / 141 against 160 / 204 ms, full collections 7 / 3 against 9 / 6; at
   * 10 000 events the same (2 166 against 2 182 requests a second, 0.70 ms a request both). With 48 MiB, at a
   * million events, what grows with the data had no room left in a 256 MiB heap. Half of the 16 went to the
   * embedded venues and organizers below, which every item embeds and a hundred events share.
   */
  private static final int LIST_ITEM_SHARE = 32;
  /**
   * Terms as events embed them, kept as they are (about 530 bytes each), in a 64th of the heap (4 MiB of 256: the 1 200
   * terms of the benchmark's data in four languages' forms), each matching while the cache of terms keeps the term it
   * was rendered from.
   */
  private static final int EMBEDDED_TERM_SHARE = 64;
  /**
   * Venues and organizers as events embed them (about 1.3 KB each), kept compressed in a 16th of the heap (16 MiB of
   * 256) and then on disk, under their editions: at a million events their forms in four languages are some 34 MB
   * compressed. A form is embedded by the items of a hundred events there, an item by the pages of one: with 8 MiB
   * for them and 16 for items, reading venue and organizer forms back from disk was 8.3 % of the mixed route's CPU
   * at 150 000 events with the million's venues, and 6.5 % with 16 and 8 (items from disk 2.9 → 3.5 %).
   */
  private static final int EMBEDDED_RECORD_SHARE = 16;
  /**
   * Events whose facts are kept ({@link EventFacts}, about 300 bytes each with their entry): more than the items'
   * budget holds items of, so that a kept item serves lists for as long as it is kept, not only while its event is.
   */
  private static final long EVENT_FACTS_KEPT = 50_000;
  /**
   * Events kept as loaded, with their text in every language (about 2.5 KB each): those read by id again. A list
   * needs only the facts of the events whose items are kept, and reads the others without keeping them
   * ({@code EventList.handle}); more of them would mostly hold text the items hold already (at 100 000 events, the
   * heap was then full and collected every second).
   */
  private static final long EVENTS_KEPT = 5_000;

  private final Database database;
  private final Languages languages;
  private final LongPredicate userExists;
  private final EventView view;
  private final EventWrite write;
  private final EventList list;
  private final EventLinks links;
  private final EventCalendar calendar;
  private final FuturePublisher publisher;
  /** Events as read by id and listed; reading a kept one costs no query beyond the data version. */
  private final ByIdLoader<Event> events;

  /** What the self-description says of events. */
  private final ApiResource resource;

  public EventRoutes(Database database, Config config, Languages languages, Venues venues, Organizers organizers,
      RecordWrites writes, LongPredicate userExists, FuturePublisher publisher, ByIdLoader.Factory loaders,
      EventIndex index) {
    this.database = database;
    this.events = loaders.following(List.of(Records.EVENT), EVENTS_KEPT, EventStore::load);
    this.publisher = publisher;
    this.languages = languages;
    this.userExists = userExists;
    this.view = new EventView(config, languages, venues, organizers, loaders);
    this.write = new EventWrite(config);
    ByIdLoader<EventFacts> facts = loaders.derived(List.of(Records.EVENT), EVENT_FACTS_KEPT,
        (dsl, version, ids) -> facts(index, dsl, version, ids));
    var items = new ListItems(view, languages,
        loaders.renderings(Caches.heapShare(LIST_ITEM_SHARE), ListItems.ItemKey::onDisk),
        loaders.smallRenderings(Caches.heapShare(EMBEDDED_TERM_SHARE)),
        loaders.renderings(Caches.heapShare(EMBEDDED_RECORD_SHARE), ListItems.RecordFormKey::onDisk));
    this.list = new EventList(database, config, languages, view, events, facts, items, index, loaders,
        new CategoryTree(loaders), new VenuePlaces(loaders));
    this.calendar = new EventCalendar(config, languages, view);
    this.links = new EventLinks(languages, venues, organizers, writes, userExists);
    this.resource = EventSchemas.resource(venues.resource(), organizers.resource());
  }

  /**
   * The facts of these events: from the event index where it serves the data version (no statement), the rest, and
   * all inside a transaction, from the database.
   */
  private static Map<Long, EventFacts> facts(EventIndex index, DSLContext dsl, Long version, Collection<Long> ids) {
    Map<Long, EventFacts> found = index == null || version == null ? null : index.facts(version, ids);
    if (found == null) return EventStore.facts(dsl, ids);
    if (found.size() < ids.size()) {
      List<Long> rest = new ArrayList<>();
      for (Long id : ids) if (!found.containsKey(id)) rest.add(id);
      found.putAll(EventStore.facts(dsl, rest));
    }
    return found;
  }

  /** The id resolved from a by-slug path (null when no event has the slug), for the checks and the handler. */
  private record SlugTarget(Long id) {}

  public void register(RouteTable routes) {
    routes.add(Route.namespaced("/events", resource, List.of(
        Endpoint.read(list.params(), list::check, list::handle),
        Endpoint.write(List.of("POST"), Role.CONTRIBUTOR, EventFields.writeFields(true), this::checkWrite,
            this::create))).offering(CALENDAR, "/events.ics"));
    for (boolean bySlug : new boolean[] {false, true}) {
      Param target = bySlug
          ? Param.string("slug").inPath().describe("The event slug, in any language (the request language is tried first).")
          : Param.integer("id").inPath().describe("The event id.");
      Param password = Param.string("password").maxLength(255).describe("The event password, to read a protected event.");
      var update = new ArrayList<Param>();
      update.add(target);
      update.addAll(EventFields.writeFields(false));
      Endpoint.Check targetCheck = bySlug ? this::resolveSlug : null;
      Endpoint.Check writeCheck = bySlug ? (request, invalid) -> {
        resolveSlug(request, invalid);
        checkWrite(request, invalid);
      } : this::checkWrite;
      Route route = Route.namespaced(bySlug ? "/events/by-slug/{slug}" : "/events/{id}", resource, List.of(
          Endpoint.read(List.of(target, password), targetCheck, this::read),
          Endpoint.write(List.of("DELETE"), Role.CONTRIBUTOR, List.of(target,
                  Param.bool("force").defaultValue(false).describe("true: delete permanently (editors and higher)."),
                  Param.bool("following").describe("On an occurrence of a series: end the series "
                      + "before it (this occurrence and the following ones are deleted; the rule gets an UNTIL). "
                      + "Without it, deleting an occurrence excludes its date (an EXDATE). On the series itself, "
                      + "deleting acts on the whole series either way."),
                  Param.string("password").maxLength(255).describe("Accepted for compatibility; has no effect.")),
              targetCheck, this::delete),
          Endpoint.write(UPDATE_METHODS, Role.CONTRIBUTOR, List.copyOf(update), writeCheck, this::update)));
      routes.add(bySlug ? route : route.offering(CALENDAR, "/events/{id}.ics"));
    }
    routes.add(Route.namespaced("/events.ics", resource, List.of(
        Endpoint.read(list.feedParams(), list::check, this::feed).describedAs(EventSchemas.feedDoc()))));
    routes.add(Route.namespaced("/events/{id}.ics", resource, List.of(
        Endpoint.read(List.of(Param.integer("id").inPath().describe("The event id."),
                Param.string("password").maxLength(255).describe("The event password, to read a protected event.")),
            null, this::readCalendar).describedAs(EventSchemas.eventCalendarDoc()))));
  }

  /** §3.6 for by-slug routes, as part of parameter validation (§2.4 step 6). */
  private void resolveSlug(ApiRequest request, Invalid invalid) {
    String slug = request.pathValue().toLowerCase(Locale.ROOT);
    Long id = Translations.lookupSlug(database.dsl(), EventStore.RECORD_TYPE, languages.lookupOrder(request.language()), slug);
    if (id == null) invalid.add("slug", "rest_not_found", "slug refers to an unknown event: " + slug + ".");
    request.attach(SlugTarget.class, new SlugTarget(id));
  }

  private void checkWrite(ApiRequest request, Invalid invalid) {
    links.check(database.dsl(), request, invalid);
    if (EventWrite.isEmptyTitle(request)) invalid.add("title", "rest_empty_value", "title must not be empty.");
    Long author = request.integer("author");
    if (author != null && !userExists.test(author)) {
      invalid.add("author", "rest_not_found", "author refers to an unknown user: " + author + ".");
    }
    Long parent = request.isCleared("post_parent") ? null : request.integer("post_parent");
    if (parent != null && parent != 0) {
      if (!Records.isEvent(database.dsl(), parent)) {
        invalid.add("post_parent", "rest_not_found", "post_parent refers to an unknown event: " + parent + ".");
      } else {
        Long self = targetIdIfKnown(request);
        if (self != null && EventStore.isSelfOrDescendant(database.dsl(), self, parent)) {
          invalid.add("post_parent", "rest_invalid_parent", "post_parent cannot be the event itself or one of its descendants.");
        }
      }
    }
  }

  /** The event being updated, when the path names one: null on create and for an unknown slug. */
  private Long targetIdIfKnown(ApiRequest request) {
    SlugTarget resolved = request.attachment(SlugTarget.class);
    if (resolved != null) return resolved.id();
    return request.pathValue().isEmpty() ? null : request.pathId();
  }

  /** Steps 1–2 of §6.5.1 for id routes; by-slug routes resolved the event during the parameter check. */
  private Event target(DSLContext dsl, ApiRequest request, boolean forWrite) {
    long id = targetId(request);
    if (forWrite) Records.lockForWrite(dsl, id);
    EventStore.Lookup found = EventStore.lookup(dsl, id);
    if (found.type() == null) {
      throw new ApiError(404, "rest-event-not-found", "Event with ID " + request.pathValue() + " does not exist.");
    }
    if (found.event() == null) {
      throw new ApiError(400, "rest-invalid-event-id", "The specified ID is not a valid event.");
    }
    return found.event();
  }

  /** The id in the path, or the one its slug resolved to during the parameter check. */
  private static long targetId(ApiRequest request) {
    SlugTarget resolved = request.attachment(SlugTarget.class);
    return resolved != null ? resolved.id() : request.pathId();
  }

  /** The event to read, kept for the data version (§10.5); anything else (errors included) as {@link #target}. */
  private Event readTarget(ApiRequest request, Long version) {
    long id = targetId(request);
    Event kept = events.load(database.dsl(), version, List.of(id)).get(id);
    return kept != null ? kept : target(database.dsl(), request, false);
  }

  /** An event the request may read (§6.5.1), the language of its text, and the data version it was read at. */
  private record Readable(Event event, String textLanguage, Long version) {}

  /** Steps 1–6 of §6.5.1: the event, or the error answer. */
  private Readable readable(ApiRequest request) {
    Long version = database.versionOf(database.dsl(), request.dataVersion());
    Event event = readTarget(request, version);
    var caller = request.caller();
    boolean canEdit = Access.canEdit(caller, event.author, event.effectiveStatus());
    if (Status.TRASH.equals(event.status) && !canEdit) {
      throw new ApiError(403, "event-no-longer-available", "This event is no longer available");
    }
    if (!Access.canRead(caller, event.status, event.author, event.effectiveStatus())) {
      throw new ApiError(403, "event-not-accessible", "The requested event is not accessible");
    }
    String textLanguage = languages.textLanguage(request.language(), event.translations.keySet())
        .orElseThrow(() -> ApiError.translationNotFound(request.language()));
    if (!canEdit && event.lockedAgainst(request.string("password"))) {
      throw new ApiError(403, "event-password-protected", "The requested event is not accessible without a password");
    }
    return new Readable(event, textLanguage, version);
  }

  private ApiResponse read(ApiRequest request) {
    Readable found = readable(request);
    Event event = found.event();
    // not the answer's Last-Modified: the event embeds terms, their counts and linked records, which change apart
    request.recordModified(event.modifiedUtc, false);
    return ApiResponse.ok(view.render(event, new EventView.Shape(found.textLanguage(), false, true), request.language(),
        request.urls(), view.related(database.dsl(), found.version(), List.of(EventFacts.of(event)), request.language(),
            request.urls(), true)));
  }

  /** {@code GET /events/{id}.ics}: the event of {@link #read} as a calendar of one event, named after its title. */
  private ApiResponse readCalendar(ApiRequest request) {
    Readable found = readable(request);
    Event event = found.event();
    String name = event.translations.get(found.textLanguage()).name();
    var shown = new ArrayList<Event>(List.of(event));
    // a series with its occurrences: those that differ from its rule are its exceptions
    if (event.isSeries()) shown.addAll(EventStore.findAll(database.dsl(), EventStore.occurrenceIds(database.dsl(), event.id)));
    var related = view.related(database.dsl(), found.version(), EventFacts.of(shown), request.language(),
        request.urls(), false);
    return ApiResponse.text(200, calendar.render(name, shown, related, request, 0, event.isOccurrence()),
        EventCalendar.MEDIA_TYPE);
  }

  /** {@code GET /events.ics}: the list's events as one feed (see {@link EventList#feed}). */
  private ApiResponse feed(ApiRequest request) {
    EventList.Feed feed = list.feed(request);
    String body = calendar.render("Agenda", feed.events(), feed.related(), request, feed.omitted(), false);
    return ApiResponse.text(200, body, EventCalendar.MEDIA_TYPE)
        .header("X-Cal-Total", Integer.toString(feed.total()))
        .header("X-Cal-Omitted", Integer.toString(feed.omitted()));
  }

  private ApiResponse create(ApiRequest request) {
    Access.requireAuthorRight(request.caller(), request.integer("author"));
    Event created = database.transaction(dsl -> {
      Event event = write.create(request);
      links.apply(dsl, request, event);
      boolean series = request.has("recurrence") && !request.isCleared("recurrence");
      if (series) event.recurrence = request.list("recurrence");
      if (series) seriesRule(event);
      event.id = EventStore.insertRecord(dsl, event);
      event.translations.put(request.language(),
          RecordWrites.textAfterWrite(dsl, request.params(), request.language(), EventStore.RECORD_TYPE, "title",
              event.id, null));
      EventSeries.Expansion expansion = series ? asSeries(event, request) : null;
      EventStore.insertRest(dsl, event);
      if (series) EventSeries.sync(dsl, event, expansion, request.now());
      return event;
    });
    if (Status.FUTURE.equals(created.status)) publisher.scheduled(created.dateUtc);
    var body = render(created, request);
    return ApiResponse.json(201, body).header("Location", body.get("rest_url").asText());
  }

  private ApiResponse update(ApiRequest request) {
    Event updated = database.transaction(dsl -> {
      lockSeriesOf(dsl, request);
      Event stored = target(dsl, request, true);
      if (!Access.canEdit(request.caller(), stored.author, stored.effectiveStatus())) throw ApiError.forbidden();
      Access.requireAuthorRight(request.caller(), request.integer("author"));
      Event event = write.update(request, stored, dsl);
      links.apply(dsl, request, event);
      if (stored.isOccurrence()) {
        // the status follows the series: a write that does not name it leaves it as the series set it
        if (!request.has("status")) {
          event.status = stored.status;
          event.statusBeforeTrash = stored.statusBeforeTrash;
        }
        String wide = request.has("recurrence") ? "recurrence" : EventSeries.seriesWideChange(stored, event);
        if (wide != null) {
          throw Invalid.single(wide, "series_field_of_occurrence", wide + " belongs to the whole series: change it "
              + "on the series, event " + stored.seriesId + ".");
        }
        event.overrides = EventSeries.overridesAfter(stored, event);
      } else if (request.has("recurrence")) {
        event.recurrence = request.isCleared("recurrence") ? null : request.list("recurrence");
      }
      if (event.recurrence != null) seriesRule(event);
      boolean changed = !event.sameStoredValues(stored);
      if (!changed) return event;
      event.modifiedUtc = request.now().getEpochSecond();
      if (event.recurrence == null && stored.isSeries()) {
        event.seriesId = null;
        event.originalStart = null;
        event.expandedUntil = null;
        for (Event occurrence : EventStore.findAll(dsl, EventStore.occurrenceIds(dsl, stored.id))) {
          EventStore.delete(dsl, occurrence);
        }
      }
      EventSeries.Expansion expansion = event.recurrence != null ? asSeries(event, request) : null;
      EventStore.update(dsl, stored, event);
      if (expansion != null) EventSeries.sync(dsl, event, expansion, request.now());
      return event;
    });
    if (Status.FUTURE.equals(updated.status)) publisher.scheduled(updated.dateUtc);
    return ApiResponse.ok(render(updated, request));
  }

  private ApiResponse delete(ApiRequest request) {
    boolean force = Boolean.TRUE.equals(request.bool("force"));
    Event deleted = database.transaction(dsl -> {
      lockSeriesOf(dsl, request);
      Event stored = target(dsl, request, true);
      if (!Access.canEdit(request.caller(), stored.author, stored.effectiveStatus())
          || force && !request.caller().atLeast(Role.EDITOR)) {
        throw ApiError.forbidden();
      }
      if (stored.isOccurrence()) {
        if (Status.TRASH.equals(stored.status) && !force) {
          throw new ApiError(410, "event-is-in-trash", "The event is already trashed");
        }
        leaveSeries(dsl, request, stored);
        return stored;
      }
      if (force) {
        EventStore.delete(dsl, stored);
        return stored;
      }
      if (Status.TRASH.equals(stored.status)) {
        throw new ApiError(410, "event-is-in-trash", "The event is already trashed");
      }
      Event trashed = stored.copy();
      trashed.statusBeforeTrash = stored.status;
      trashed.status = Status.TRASH;
      trashed.modifiedUtc = request.now().getEpochSecond();
      EventSeries.Expansion expansion = trashed.isSeries() ? asSeries(trashed, request) : null;
      EventStore.update(dsl, stored, trashed);
      if (expansion != null) EventSeries.sync(dsl, trashed, expansion, request.now());
      return trashed;
    });
    return ApiResponse.ok(render(deleted, request));
  }

  /**
   * Deletes an occurrence from its series: its date becomes an EXDATE of the rule, or with {@code following} the
   * rule ends before it (UNTIL), so that this occurrence (and the following ones) leave the expansion.
   */
  private void leaveSeries(DSLContext dsl, ApiRequest request, Event occurrence) {
    Event series = EventStore.lookup(dsl, occurrence.seriesId).event();
    var start = EventSeries.local(occurrence.originalStart);
    Event after = series.copy();
    after.recurrence = checked(() -> {
      Recurrence rule = EventSeries.recurrence(series);
      return (Boolean.TRUE.equals(request.bool("following")) ? rule.endingBefore(start) : rule.excluding(start)).lines();
    });
    after.modifiedUtc = request.now().getEpochSecond();
    EventSeries.Expansion expansion = asSeries(after, request);
    EventStore.update(dsl, series, after);
    EventSeries.sync(dsl, after, expansion, request.now());
  }

  /** Checks the recurrence of an event that is to be a series, and stores its lines normalised. */
  private static void seriesRule(Event event) {
    event.recurrence = checked(() -> EventSeries.recurrence(event).lines());
  }

  /**
   * Makes {@code event} (with its id and a checked recurrence) the row of its series, expanded as of now: what
   * {@link EventSeries#sync} makes of its occurrences once the row is written.
   */
  private static EventSeries.Expansion asSeries(Event event, ApiRequest request) {
    event.seriesId = event.id;
    event.originalStart = event.startLocal;
    event.overrides = List.of();
    EventSeries.Expansion expansion = checked(() -> EventSeries.expand(event, EventSeries.recurrence(event),
        request.now()));
    event.expandedUntil = expansion.expandedUntil();
    return expansion;
  }

  /** A recurrence that cannot be served answers 400 with its detail code (contract error shape). */
  private static <T> T checked(Supplier<T> work) {
    try {
      return work.get();
    } catch (RecurrenceException e) {
      throw Invalid.single("recurrence", e.code(), e.getMessage());
    }
  }

  /**
   * Before a write of an occurrence locks the occurrence, it locks its series: writes of a series and of its
   * occurrences then take their locks in one order (series first) and apply one after the other.
   */
  private void lockSeriesOf(DSLContext dsl, ApiRequest request) {
    long id = targetId(request);
    Long series = dsl.select(EventTables.SERIES_ID).from(RecordTables.EVENTS).where(RecordTables.EVENT_ID.eq(id))
        .fetchOne(EventTables.SERIES_ID);
    if (series != null && series != id) Records.lockForWrite(dsl, series);
  }

  /**
   * Responses to writes show the event in L, or as fallback would (never refused, never stripped). They load
   * after the write committed, so the version is read afresh, not taken from before the request.
   */
  private com.fasterxml.jackson.databind.node.ObjectNode render(Event event, ApiRequest request) {
    String textLanguage = languages.textLanguageForWrite(request.language(), event.translations.keySet());
    return view.render(event, new EventView.Shape(textLanguage, false, false), request.language(), request.urls(),
        view.related(database.dsl(), database.versionOf(database.dsl(), null), List.of(EventFacts.of(event)),
            request.language(), request.urls(), false));
  }
}
