package org.agenda.event;

import static org.agenda.event.EventTables.*;
import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.agenda.config.Config;
import org.agenda.db.ByIdLoader;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Invalid;
import org.agenda.http.ListPage;
import org.agenda.http.Param;
import org.agenda.http.ParamProblem;
import org.agenda.http.Urls;
import org.agenda.http.Utf8Buffer;
import org.agenda.i18n.Languages;
import org.agenda.record.Access;
import org.agenda.record.ListQueries;
import org.agenda.record.ModifiedFilter;
import org.agenda.record.Records;
import org.agenda.record.Status;
import org.agenda.record.TextIndex;
import org.agenda.term.CategoryTree;
import org.agenda.term.Term;
import org.agenda.term.TermLookup;
import org.agenda.term.TermTables;
import org.agenda.text.Folding;
import org.agenda.text.SearchTerms;
import org.agenda.time.DateTimes;
import org.agenda.time.ListWindow;
import org.agenda.venue.VenuePlaces;
import org.agenda.venue.VenueTables;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;

/**
 * {@code GET /events} (§6.3): filters, the date window, visibility, paging and navigation URLs; and the same
 * selection of events for the iCalendar feed {@code GET /events.ics}, which is not paged but capped, has a wider
 * default window and leaves out the protected events it does not unlock.
 */
final class EventList {
  /** The most events a feed holds, the earliest first; {@code X-Cal-Omitted} says how many more matched. */
  static final int FEED_CAP = 1_000;
  /** Days before today where a feed starts by default: a calendar keeps showing the events just past. */
  static final int FEED_DAYS_BACK = 30;
  /** Years after today where a feed ends by default. */
  static final int FEED_YEARS_AHEAD = 1;

  /**
   * The date window that applies to the sides a request gives no bound for (§6.3 step 2): its first and last day,
   * from today in the site time zone.
   */
  record DefaultWindow(UnaryOperator<LocalDate> firstDay, UnaryOperator<LocalDate> lastDay) {}

  /** §6.3: from today to the end of the day 24 months on. */
  static final DefaultWindow LIST_WINDOW = new DefaultWindow(today -> today, ListWindow::defaultEndDate);
  /** The feed's: from 30 days ago to the end of the day a year on (29 February → 28 February). */
  static final DefaultWindow FEED_WINDOW = new DefaultWindow(today -> today.minusDays(FEED_DAYS_BACK),
      today -> today.plusYears(FEED_YEARS_AHEAD));

  private static final List<String> RELATIVE_BOUNDS = List.of("starts_before", "starts_after", "ends_before", "ends_after");

  /** What {@link #bytesPerItem} may say: one answer of a few very long events must not size the next page of 50. */
  private static final int MOST_BYTES_PER_ITEM = 64 * 1024;

  /**
   * About how many bytes an item of the last answer took (with its comma and a margin): an answer's buffer starts at
   * that size per item, so that it is rarely copied to grow.
   */
  private volatile int bytesPerItem = 8 * 1024;
  private final Database database;
  private final Config config;
  private final Languages languages;
  private final EventView view;
  private final ByIdLoader<Event> events;
  /** Of many more events than {@link #events}: a page whose items are kept needs no event itself. */
  private final ByIdLoader<EventFacts> facts;
  private final ListItems items;
  /** Null when the list asks the database alone ({@code AGENDA_INDEX=off}). */
  private final EventIndex index;
  /** What tells a kept page that no write touched what it shows ({@link PageHolds}). */
  private final ByIdLoader.Factory changes;
  private final CategoryTree categoryTree;
  private final VenuePlaces venuePlaces;

  EventList(Database database, Config config, Languages languages, EventView view, ByIdLoader<Event> events,
      ByIdLoader<EventFacts> facts, ListItems items, EventIndex index, ByIdLoader.Factory changes,
      CategoryTree categoryTree, VenuePlaces venuePlaces) {
    this.facts = facts;
    this.database = database;
    this.changes = changes;
    this.categoryTree = categoryTree;
    this.venuePlaces = venuePlaces;
    this.config = config;
    this.languages = languages;
    this.view = view;
    this.events = events;
    this.items = items;
    this.index = index;
  }

  List<Param> params() {
    var params = new ArrayList<>(ListPage.params("Events", config.defaultPerPage(), config.maxPerPage()));
    params.addAll(filters(
        "Events starting on or after this moment (default: start of today, site time zone).",
        "Events ending on or before this moment (default: end of the day 24 months after today).",
        "Unlocks protected events with this password."));
    params.add(Param.bool("hide_subsequent_recurrences")
        .describe("true: of each series, only its first occurrence among the events selected (the first coming one "
            + "in the default window)."));
    return params;
  }

  /**
   * The parameters of the feed: the filters of the list with their own window and password, and no paging (page
   * and per_page are not parameters of a feed: like any unknown parameter, they are ignored).
   */
  List<Param> feedParams() {
    return filters(
        "Events starting on or after this moment (default when no date filter is given: start of the day "
            + FEED_DAYS_BACK + " days ago, site time zone). A feed holds at most " + FEED_CAP + " events, the "
            + "earliest first; the header X-Cal-Omitted and the calendar property X-AGENDA-OMITTED say how many more "
            + "matched. page and per_page are ignored: a feed is not paged.",
        "Events ending on or before this moment (default when no date filter is given: end of the day "
            + FEED_YEARS_AHEAD + " year after today, site time zone).",
        "Unlocks protected events with this password; the protected events it does not unlock are left out.");
  }

  private static List<Param> filters(String startDate, String endDate, String password) {
    var filters = new ArrayList<Param>(List.of(
        Param.date("start_date").describe(startDate),
        Param.date("end_date").describe(endDate),
        Param.date("starts_before").describe("Events starting before this moment."),
        Param.date("starts_after").describe("Events starting after this moment."),
        Param.date("ends_before").describe("Events ending before this moment."),
        Param.date("ends_after").describe("Events ending after this moment."),
        Param.bool("strict_dates").defaultValue(false)
            .describe("false: date filters cover whole days; true: the given moments are used as given."),
        Param.string("search").maxLength(200).describe("Text search in title, description and excerpt."),
        Param.listOf("categories", Param.Type.STRING).describe("Category ids or slugs; events in any of them or their descendants."),
        Param.listOf("tags", Param.Type.STRING).describe("Tag ids or slugs; events with any of them."),
        Param.listOf("venue", Param.Type.INTEGER).describe("Venue ids; events linked to any of them."),
        Param.listOf("organizer", Param.Type.INTEGER).describe("Organizer ids; events linked to any of them."),
        Param.bool("featured").describe("Only featured (true) or only not featured (false) events."),
        Param.listOf("status", Status.ALL).describe("Statuses to include."),
        Param.bool("geoloc").describe("true: events with a venue that has coordinates; false: events without."),
        Param.number("geoloc_lat").range(new BigDecimal("-90"), new BigDecimal("90"), false).describe("Centre latitude."),
        Param.number("geoloc_lng").range(new BigDecimal("-180"), new BigDecimal("180"), false).describe("Centre longitude."),
        Param.number("geoloc_radius").range(BigDecimal.ZERO, new BigDecimal("20000"), true).defaultValue(10)
            .describe("Radius in kilometres around the centre."),
        Param.listOf("include", Param.Type.INTEGER).describe("Only these event ids; date filters are ignored."),
        Param.integer("post_parent").describe("Events whose parent is this event; a series' id lists its later occurrences."),
        Param.custom("ticketed", EventList::ticketed).describe("Ticketing is not supported: only false is accepted."),
        Param.string("password").maxLength(255).describe(password)));
    filters.addAll(ModifiedFilter.params("Events"));
    return filters;
  }

  private static Object ticketed(org.agenda.http.Raw raw) {
    var node = raw.node();
    if (raw.fromText() && node.isArray()) node = node.get(node.size() - 1);
    boolean value;
    if (node.isBoolean()) {
      value = node.asBoolean();
    } else if (node.isIntegralNumber() && (node.asLong() == 0 || node.asLong() == 1)) {
      value = node.asLong() == 1;
    } else if (node.isTextual() && node.asText().isBlank()) {
      throw new ParamProblem("rest_empty_value", "ticketed must not be empty.");
    } else if (node.isTextual() && List.of("true", "1", "yes", "on").contains(Folding.lower(node.asText().trim()))) {
      value = true;
    } else if (node.isTextual() && List.of("false", "0", "no", "off").contains(Folding.lower(node.asText().trim()))) {
      value = false;
    } else {
      throw new ParamProblem("rest_invalid_type", "ticketed is not of type boolean.");
    }
    if (value) throw new ParamProblem("ticketing-not-supported", "Ticketing is not supported by this service.");
    return false;
  }

  /** Filters resolved during validation, for the query and the navigation URLs. */
  private record Resolved(List<Long> categories, List<Long> tags) {}

  void check(ApiRequest request, Invalid invalid) {
    DSLContext dsl = database.dsl();
    ListQueries.checkStatusFilter(request, invalid);
    // checked against the records kept for the data version: asking the database was 5 % of the mixed route's CPU;
    // the version is read only for a filter that names records (signed in, it is one statement more)
    Supplier<Long> version = EventView.memoized(() -> database.versionOf(dsl, request.dataVersion()));
    List<Long> categories = resolveTerms(dsl, version, request, invalid, "categories", TermTables.CATEGORY);
    List<Long> tags = resolveTerms(dsl, version, request, invalid, "tags", TermTables.TAG);
    request.attach(Resolved.class, new Resolved(categories, tags));
    checkRecords(request, invalid, "venue", ids -> view.areVenues(dsl, version.get(), ids));
    checkRecords(request, invalid, "organizer", ids -> view.areOrganizers(dsl, version.get(), ids));
    Long parent = request.integer("post_parent");
    if (parent != null && !Records.isEvent(dsl, parent)) {
      invalid.add("post_parent", "rest_not_found", "post_parent refers to an unknown event: " + parent + ".");
    }
    boolean hasLat = request.has("geoloc_lat");
    boolean hasLng = request.has("geoloc_lng");
    if (hasLat != hasLng) {
      invalid.add(hasLat ? "geoloc_lat" : "geoloc_lng", "rest_missing_pair", "geoloc_lat and geoloc_lng must be given together.");
    }
    List<Long> include = request.list("include");
    if (include != null && include.stream().anyMatch(id -> id < 1)) {
      invalid.add("include", "rest_out_of_range", "include ids must be greater than or equal to 1.");
    }
  }

  private List<Long> resolveTerms(DSLContext dsl, Supplier<Long> version, ApiRequest request, Invalid invalid,
      String name, String taxonomy) {
    List<String> items = request.list(name);
    if (items == null) return null;
    var ids = new ArrayList<Long>();
    for (String item : items) {
      Long id = TermLookup.resolve(dsl, taxonomy, item, languages.lookupOrder(request.language()),
          term -> view.isTerm(dsl, version.get(), taxonomy, term));
      if (id == null) {
        invalid.add(name, "rest_not_found", name + " refers to an unknown term: " + item + ".");
        return null;
      }
      if (!ids.contains(id)) ids.add(id);
    }
    return ids;
  }

  /** {@code name}: of a parameter listing the ids of records of the type of that name. */
  private static void checkRecords(ApiRequest request, Invalid invalid, String name, Predicate<List<Long>> exist) {
    List<Long> ids = request.list(name);
    if (ids != null && !exist.test(ids)) {
      invalid.add(name, "rest_not_found", name + " refers to an unknown " + name + ".");
    }
  }

  /** The date bounds in effect, as instants, with the exclusive ones of strict mode marked. */
  record Bound(String param, Instant at, boolean exclusive, boolean onStart, boolean lower) {}

  /**
   * The events a request selects, before paging: the statuses and the date bounds in effect, the selection as a
   * query of the index (null where the index does not hold what the request asks), and as SQL, built only when the
   * database is asked (a search looks its candidates up while the condition is built).
   */
  private record Selection(List<String> statuses, List<Bound> bounds, IndexedQuestion indexed,
      Supplier<Condition> condition) {}

  private Selection selection(DSLContext dsl, Long version, ApiRequest request, DefaultWindow window,
      boolean unlockedOnly) {
    List<String> statuses = ListQueries.effectiveStatuses(request);
    List<Bound> bounds = bounds(request, window);
    var resolved = new ResolvedFilters(request.attachment(Resolved.class), dsl, version, request);
    Supplier<Condition> condition = () -> {
      Condition selected = condition(request, statuses, bounds, resolved);
      return unlockedOnly ? selected.and(unlocked(request)) : selected;
    };
    IndexedQuestion indexed = index == null ? null : IndexedSelection.of(request, languages, config.timezone(),
        new IndexedSelection.Filters(statuses, bounds, resolved.categories, resolved.tags, resolved.withinRadius,
            unlockedOnly));
    return new Selection(statuses, bounds, indexed, condition);
  }

  /**
   * The filters resolved against the database before the query: categories with their descendants, tags, and the
   * venues within the geoloc radius (null when the request does not filter on them).
   */
  private final class ResolvedFilters {
    final Set<Long> categories;
    final Set<Long> tags;
    final List<Long> withinRadius;

    ResolvedFilters(Resolved resolved, DSLContext dsl, Long version, ApiRequest request) {
      categories = resolved.categories() == null ? null
          : categoryTree.withDescendants(dsl, version, resolved.categories());
      tags = resolved.tags() == null ? null : Set.copyOf(resolved.tags());
      withinRadius = hasRadius(request) ? venuesWithin(dsl, version, request) : null;
    }
  }

  /** How many events the selection holds, and the ids of the page from {@code offset} on. */
  private EventIndex.Page page(DSLContext dsl, Long version, Selection selection, long offset, int limit) {
    if (selection.indexed() != null && version != null) {
      EventIndex.Page page = index.page(selection.indexed(), version, offset, limit, true);
      if (page != null) return page;
    }
    // events CROSS JOIN records: SQLite then walks events_start (start_utc, id, …) for the date window and the order
    // instead of every published record (a page at 10 000 events: 29 ms → 0.03 ms); PostgreSQL plans it as
    // the same inner join.
    Condition condition = selection.condition().get();
    int total = count(dsl, condition);
    return new EventIndex.Page(total, offset >= total ? List.of() : ids(dsl, condition, offset, limit));
  }

  /** The facts of these events, in this order; those no longer there left out. */
  private List<EventFacts> facts(DSLContext dsl, Long version, List<Long> ids) {
    Map<Long, EventFacts> found = facts.load(dsl, version, ids);
    List<EventFacts> shown = new ArrayList<>(ids.size());
    for (Long id : ids) {
      EventFacts event = found.get(id);
      if (event != null) shown.add(event);
    }
    return shown;
  }

  ApiResponse handle(ApiRequest request) {
    DSLContext dsl = database.dsl();
    var paging = new ListPage(request, config.defaultPerPage(), config.maxPerPage());
    Long version = database.versionOf(dsl, request.dataVersion());
    Selection selection = selection(dsl, version, request, LIST_WINDOW, false);
    EventIndex.Page page = page(dsl, version, selection, paging.offset(), paging.perPage());
    int total = page.total();
    if (paging.beyondEnd(total)) {
      throw new ApiError(404, "event-archive-page-not-found", "The requested event archive page does not exist");
    }
    List<EventFacts> shown = page.facts() != null ? page.facts() : facts(dsl, version, page.ids());
    var related = view.related(dsl, version, shown, request.language(), request.urls(), false);
    Utf8Buffer body = ListPage.itemsFirst("events", (shown.size() + 1) * bytesPerItem);
    // the events of the items kept neither in memory nor on disk are read without the cache of events: their events,
    // kept there, turned it over in under a second at 100 000 events and filled the old generation with what it let go
    ListItems.Writer writer = items.writer(body);
    writer.items(shown, event -> shown(event, request), request.language(), request.urls(), related,
        missing -> EventStore.loadWithoutLinks(dsl, missing));
    if (!shown.isEmpty()) bytesPerItem = Math.min(MOST_BYTES_PER_ITEM, body.length() / shown.size() * 9 / 8);
    String navigation = paging.navigation(request.urls().collection("events"),
        navigation(request, selection.statuses(), selection.bounds()));
    if (selection.indexed() != null && version != null && !namesTermsBySlug(request)) {
      // what the page shows, and what its filters name: a venue deleted makes the same question a 400
      Set<Long> records = new HashSet<>(page.ids());
      records.addAll(related.recordIds());
      for (String name : List.of("venue", "organizer")) if (request.has(name)) records.addAll(request.list(name));
      if (request.has("post_parent")) records.add(request.integer("post_parent"));
      Set<Long> terms = new HashSet<>(related.termIds());
      Resolved resolved = request.attachment(Resolved.class);
      if (resolved.categories() != null) terms.addAll(resolved.categories());
      if (resolved.tags() != null) terms.addAll(resolved.tags());
      List<String> questionKinds = new ArrayList<>();
      if (resolved.categories() != null) questionKinds.add(TermTables.CATEGORY);
      if (hasRadius(request)) questionKinds.add(VenuePlaces.KIND);
      String language = request.language();
      Urls urls = request.urls();
      request.answerHolds(new PageHolds(database, changes, index, selection.indexed(), version, paging.offset(),
          paging.perPage(), page.withoutFacts(), records, terms, questionKinds, writer.termPlaces(),
          (at, placed) -> termForms(at, placed, language, urls)));
    }
    return paging.response(body, navigation, total);
  }

  /**
   * The forms of these terms as embedded in {@code language} at data version {@code version}; null when one is gone or
   * not shown in it.
   */
  private Map<Long, ByIdLoader.Form> termForms(long version, Collection<Long> ids, String language, Urls urls) {
    Map<Long, Term> terms = view.terms(database.dsl(), version, ids);
    Map<Long, ByIdLoader.Form> forms = new HashMap<>();
    for (Long id : ids) {
      Term term = terms.get(id);
      ByIdLoader.Form form = term == null ? null : items.termForm(term, language, urls);
      if (form == null || form.length() == 0) return null;
      forms.put(id, form);
    }
    return forms;
  }

  /**
   * Whether a category or tag is given by slug: which term a slug names can change with a write to another term, so
   * such an answer is kept for its data version only.
   */
  private static boolean namesTermsBySlug(ApiRequest request) {
    for (String name : List.of("categories", "tags")) {
      List<String> items = request.list(name);
      if (items != null && !items.stream().allMatch(TermLookup::isId)) return true;
    }
    return false;
  }

  private static int count(DSLContext dsl, Condition condition) {
    return dsl.fetchCount(dsl.select(ID).from(EVENTS).crossJoin(RECORDS).where(EVENT_ID.eq(ID).and(condition)));
  }

  /** The ids of the events that meet the condition, in list order (start, then id), from {@code offset} on. */
  private static List<Long> ids(DSLContext dsl, Condition condition, long offset, int limit) {
    return dsl.select(ID).from(EVENTS).crossJoin(RECORDS).where(EVENT_ID.eq(ID).and(condition))
        .orderBy(START_UTC, EVENT_ID).limit(limit).offset(offset).fetch(ID);
  }

  /**
   * What a feed shows: at most {@link #FEED_CAP} events in list order (start, then id), what they embed, and how
   * many events matched in all.
   */
  record Feed(List<Event> events, EventView.Related related, int total) {
    int omitted() {
      return total - events.size();
    }
  }

  /**
   * The events of {@code GET /events.ics}: those the list would show for the same parameters (filters, status,
   * visibility, language), with the feed's default window, without the protected events the request does not
   * unlock (a feed has no stripped form of them), earliest first and at most {@link #FEED_CAP}.
   */
  Feed feed(ApiRequest request) {
    DSLContext dsl = database.dsl();
    Long version = database.versionOf(dsl, request.dataVersion());
    EventIndex.Page page = page(dsl, version, selection(dsl, version, request, FEED_WINDOW, true), 0, FEED_CAP);
    int total = page.total();
    List<Event> shown = EventStore.inOrder(events.load(dsl, version, page.ids()), page.ids());
    var related = view.related(dsl, version, EventFacts.of(shown), request.language(), request.urls(), false);
    return new Feed(shown, related, total);
  }

  /** §4.8 as SQL: the event has no password, the request gives it, or the caller can edit the event. */
  private static Condition unlocked(ApiRequest request) {
    Condition unlocked = PASSWORD.isNull().or(PASSWORD.eq("")).or(ListQueries.canEdit(request));
    return request.has("password") ? unlocked.or(PASSWORD.eq(request.string("password"))) : unlocked;
  }

  /** How the list shows an event to this request: in which language, and whether stripped as locked (§4.8). */
  private ListItems.Shown shown(EventFacts event, ApiRequest request) {
    String textLanguage = languages.textLanguage(request.language(), event.languages).orElseThrow();
    boolean locked = event.lockedAgainst(request.string("password"))
        && !Access.canEdit(request.caller(), event.author, event.effectiveStatus);
    return new ListItems.Shown(textLanguage, locked);
  }

  private List<Bound> bounds(ApiRequest request, DefaultWindow window) {
    var bounds = new ArrayList<Bound>();
    if (request.has("include")) return bounds;
    boolean strict = Boolean.TRUE.equals(request.bool("strict_dates"));
    boolean relative = RELATIVE_BOUNDS.stream().anyMatch(request::has);
    boolean defaults = !relative && !(request.has("start_date") && request.has("end_date"));
    // today() narrows how long the answer holds to this day: a default window moves with the date.
    LocalDate today = defaults ? request.today(config.timezone()) : null;
    if (request.has("start_date")) {
      bounds.add(bound(request, "start_date", strict, false, true, true));
    } else if (!relative) {
      ZonedDateTime first = window.firstDay().apply(today).atStartOfDay(config.timezone());
      bounds.add(new Bound("start_date", ListWindow.dayStart(first), false, true, true));
    }
    if (request.has("end_date")) {
      bounds.add(bound(request, "end_date", strict, false, false, false));
    } else if (!relative) {
      ZonedDateTime last = window.lastDay().apply(today).atStartOfDay(config.timezone());
      bounds.add(new Bound("end_date", ListWindow.dayEnd(last), false, false, false));
    }
    if (request.has("starts_before")) bounds.add(bound(request, "starts_before", strict, true, true, false));
    if (request.has("starts_after")) bounds.add(bound(request, "starts_after", strict, true, true, true));
    if (request.has("ends_before")) bounds.add(bound(request, "ends_before", strict, true, false, false));
    if (request.has("ends_after")) bounds.add(bound(request, "ends_after", strict, true, false, true));
    return bounds;
  }

  /** One bound of the table in §6.3: whole days in inclusive mode, the moment itself in strict mode. */
  private Bound bound(ApiRequest request, String param, boolean strict, boolean exclusiveWhenStrict, boolean onStart,
      boolean lower) {
    ZonedDateTime moment = request.dateIn(param, config.timezone());
    if (strict) return new Bound(param, moment.toInstant(), exclusiveWhenStrict, onStart, lower);
    return new Bound(param, lower ? ListWindow.dayStart(moment) : ListWindow.dayEnd(moment), false, onStart, lower);
  }

  private Condition condition(ApiRequest request, List<String> statuses, List<Bound> bounds, ResolvedFilters resolved) {
    Condition condition = TYPE.eq(EventStore.RECORD_TYPE).and(HIDE_FROM_LISTINGS.eq(0)).and(ListQueries.visibility(request, statuses));
    for (Bound bound : bounds) {
      Field<Long> column = bound.onStart() ? START_UTC : END_UTC;
      long at = bound.at().getEpochSecond();
      condition = condition.and(bound.lower()
          ? (bound.exclusive() ? column.gt(at) : column.ge(at))
          : (bound.exclusive() ? column.lt(at) : column.le(at)));
    }
    condition = condition.and(ListQueries.translatedIfRequired(request, languages))
        .and(ModifiedFilter.of(request, config.timezone()).on(MODIFIED_UTC));
    if (request.has("search")) condition = condition.and(search(request));
    if (request.has("featured")) condition = condition.and(FEATURED.eq(request.bool("featured") ? 1 : 0));
    if (request.has("include")) condition = condition.and(ID.in(request.<Long>list("include")));
    if (request.has("post_parent")) condition = condition.and(POST_PARENT.eq(request.integer("post_parent")));
    if (resolved.categories != null) condition = condition.and(hasTerm(resolved.categories));
    if (resolved.tags != null) condition = condition.and(hasTerm(resolved.tags));
    if (request.has("venue")) {
      condition = condition.and(atVenues(request.<Long>list("venue")));
    }
    if (request.has("organizer")) {
      condition = condition.and(ID.in(select(EO_EVENT).from(EVENT_ORGANIZERS)
          .where(EO_ORGANIZER.in(request.<Long>list("organizer")))));
    }
    if (request.has("geoloc")) {
      Condition located = exists(linkedVenues().and(VenueTables.GEO_LAT.isNotNull()));
      condition = condition.and(request.bool("geoloc") ? located : not(located));
    }
    if (resolved.withinRadius != null) {
      condition = condition.and(resolved.withinRadius.isEmpty() ? falseCondition() : atVenues(resolved.withinRadius));
    }
    if (Boolean.TRUE.equals(request.bool("hide_subsequent_recurrences"))) condition = firstOfEachSeries(condition);
    return condition;
  }

  /**
   * Of the events that meet {@code condition}, a single event and the first occurrence (in list order) of each
   * series: the others are ranked after it within their series.
   */
  private static Condition firstOfEachSeries(Condition condition) {
    Field<Long> rankedId = field(name("ranked_id"), Long.class);
    Field<Integer> rank = field(name("series_rank"), Integer.class);
    var ranked = select(EVENT_ID.as(rankedId.getName()),
        rowNumber().over(partitionBy(coalesce(SERIES_ID, EVENT_ID)).orderBy(START_UTC, EVENT_ID)).as(rank.getName()))
        .from(EVENTS).crossJoin(RECORDS).where(EVENT_ID.eq(ID).and(condition)).asTable("ranked");
    return condition.and(ID.in(select(rankedId).from(ranked).where(rank.eq(1))));
  }

  /** Non-trashed venues linked to the event being filtered (a correlated sub-query). */
  private static org.jooq.SelectConditionStep<?> linkedVenues() {
    var venueRecord = RECORDS.as("venue_record");
    return selectOne().from(EVENT_VENUES)
        .join(VenueTables.VENUES).on(VenueTables.ID.eq(EV_VENUE))
        .join(venueRecord).on(field(name("venue_record", "id"), Long.class).eq(EV_VENUE))
        .where(EV_EVENT.eq(ID).and(field(name("venue_record", "status"), String.class).ne(Status.TRASH)));
  }

  /** Whether the request filters on a distance from a point (the radius applies only with both coordinates). */
  private static boolean hasRadius(ApiRequest request) {
    return request.has("geoloc_lat") && request.has("geoloc_lng");
  }

  /** Ids of the venues not in the trash within the radius. */
  private List<Long> venuesWithin(DSLContext dsl, Long version, ApiRequest request) {
    double radius = request.has("geoloc_radius") ? request.number("geoloc_radius").doubleValue() : 10;
    return venuePlaces.within(dsl, version, request.number("geoloc_lat").doubleValue(),
        request.number("geoloc_lng").doubleValue(), radius);
  }

  /**
   * The events linked to any of these terms. An uncorrelated sub-query: its event ids are looked up once;
   * as a correlated EXISTS, SQLite probed the link table's key once per term for every event in the window
   * (a top-level category with its 20 descendants: 5 s at a million events).
   */
  private static Condition hasTerm(Set<Long> termIds) {
    return ID.in(select(ET_EVENT).from(EVENT_TERMS).where(ET_TERM.in(termIds)));
  }

  /** The events at any of these venues, as an uncorrelated sub-query for the same reason as {@link #hasTerm}. */
  private static Condition atVenues(Collection<Long> venueIds) {
    return ID.in(select(EV_EVENT).from(EVENT_VENUES).where(EV_VENUE.in(venueIds)));
  }

  /**
   * §6.3 search on the text in T: every term in the title, description or excerpt; excluded terms in
   * none. Locked protected events are searched by title only. The rule is checked on the events that the
   * text index finds (when a term is long enough for it), not on every event of the window.
   */
  private Condition search(ApiRequest request) {
    SearchTerms terms = SearchTerms.parse(request.string("search"));
    var text = TRANSLATIONS.as("search_text");
    Field<String> name = field(name("search_text", "name_folded"), String.class);
    Field<String> body = field(name("search_text", "body_folded"), String.class);
    Condition unlocked = unlocked(request);
    Condition match = trueCondition();
    for (String term : terms.required()) {
      match = match.and(position(name, inline(term)).gt(0).or(unlocked.and(position(body, inline(term)).gt(0))));
    }
    for (String term : terms.excluded()) {
      match = match.and(position(name, inline(term)).eq(0)).and(not(unlocked).or(position(body, inline(term)).eq(0)));
    }
    Condition exact = ListQueries.inTextLanguage(request, languages, text, match);
    Condition candidates = TextIndex.containingAll(database.dsl(), ID, terms.required());
    return candidates == null ? exact : candidates.and(exact);
  }

  /** Every effective filter after {@code per_page}, in the order of §5.11. */
  private Map<String, String> navigation(ApiRequest request, List<String> statuses, List<Bound> bounds) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : List.of("start_date", "end_date", "starts_before", "starts_after", "ends_before", "ends_after")) {
      bounds.stream().filter(b -> b.param().equals(name)).findFirst()
          .ifPresent(b -> values.put(name, DateTimes.format(LocalDateTime.ofInstant(b.at(), config.timezone()))));
    }
    if (Boolean.TRUE.equals(request.bool("strict_dates"))) values.put("strict_dates", "true");
    if (request.has("search")) values.put("search", request.string("search"));
    Resolved resolved = request.attachment(Resolved.class);
    if (resolved.categories() != null) values.put("categories", joined(resolved.categories()));
    if (resolved.tags() != null) values.put("tags", joined(resolved.tags()));
    if (request.has("venue")) values.put("venue", joined(request.list("venue")));
    if (request.has("organizer")) values.put("organizer", joined(request.list("organizer")));
    if (request.has("featured")) values.put("featured", request.bool("featured").toString());
    values.put("status", String.join(",", statuses));
    if (request.has("geoloc")) values.put("geoloc", request.bool("geoloc").toString());
    if (hasRadius(request)) {
      values.put("geoloc_lat", plain(request.number("geoloc_lat")));
      values.put("geoloc_lng", plain(request.number("geoloc_lng")));
      values.put("geoloc_radius", request.has("geoloc_radius") ? plain(request.number("geoloc_radius")) : "10");
    }
    if (request.has("include")) values.put("include", joined(request.list("include")));
    if (request.has("post_parent")) values.put("post_parent", request.integer("post_parent").toString());
    if (Boolean.TRUE.equals(request.bool("hide_subsequent_recurrences"))) values.put("hide_subsequent_recurrences", "true");
    ModifiedFilter.of(request, config.timezone()).putNavigation(values, config.timezone());
    if (request.languageGiven()) values.put("translation_language", request.language());
    return values;
  }

  private static String joined(List<?> values) {
    return String.join(",", values.stream().map(String::valueOf).toList());
  }

  private static String plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
  }
}
