package org.agenda.event;

import static org.agenda.event.EventTables.*;
import static org.agenda.record.RecordTables.*;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.agenda.db.RenderedQuery;
import org.agenda.http.Json;
import org.agenda.record.RecordRow;
import org.agenda.record.Records;
import org.agenda.record.Status;
import org.agenda.record.Translation;
import org.agenda.record.Translations;
import org.agenda.term.TermCounts;
import org.agenda.term.TermTables;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record4;
import org.jooq.Result;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;

/** Reads and writes events: the record row, the event row, translations and links. */
final class EventStore {
  static final String RECORD_TYPE = Records.EVENT;
  private static final String VENUE_LINK = "venue";
  private static final String ORGANIZER_LINK = "organizer";

  private EventStore() {}

  private static final List<Field<?>> COLUMNS = List.of(ID, AUTHOR, STATUS, STATUS_BEFORE_TRASH, DATE_UTC, MODIFIED_UTC,
      IMAGE, WEBSITE, START_UTC, END_UTC, START_LOCAL, END_LOCAL, TIMEZONE, ALL_DAY, PASSWORD, COST, SHOW_MAP,
      SHOW_MAP_LINK, HIDE_FROM_LISTINGS, STICKY, FEATURED, POST_PARENT, REVISION, SERIES_ID, ORIGINAL_START, RECURRENCE,
      EXPANDED_UNTIL, OVERRIDES, STATUS_DETAIL);

  /** The events with these ids, in the given order, in three queries whatever the count. */
  static List<Event> findAll(DSLContext dsl, List<Long> ids) {
    return inOrder(byId(dsl, ids, true), ids);
  }

  /** The events with these ids that exist, by id: one in the two statements of {@link #lookup}, more in three. */
  static Map<Long, Event> load(DSLContext dsl, Collection<Long> ids) {
    return load(dsl, ids, true);
  }

  /**
   * The events with these ids that exist, by id, without their venues, organizers and terms (their lists are empty): a
   * list item is rendered with its links apart and gets them from the facts of its page ({@link ListItems}). At a
   * million events under the mixed-traffic route, the query of the links was a third of loading the events of items
   * that no cache held (5.7 % of the server's CPU).
   */
  static Map<Long, Event> loadWithoutLinks(DSLContext dsl, Collection<Long> ids) {
    return load(dsl, ids, false);
  }

  private static Map<Long, Event> load(DSLContext dsl, Collection<Long> ids, boolean withLinks) {
    if (ids.size() != 1) return byId(dsl, ids, withLinks);
    Map<Long, Event> found = new HashMap<>();
    long id = ids.iterator().next();
    Event event = lookup(dsl, id, withLinks).event();
    if (event != null) found.put(id, event);
    return found;
  }

  /** The columns of an event that its {@link EventFacts} need besides its links and the languages of its text. */
  private static final List<Field<?>> FACT_COLUMNS = List.of(ID, AUTHOR, STATUS, STATUS_BEFORE_TRASH, DATE_UTC,
      MODIFIED_UTC, PASSWORD, POST_PARENT, REVISION, SERIES_ID);

  /**
   * The facts of the events with these ids that exist, by id, in three statements, without reading their text: a list
   * whose items are kept needs no more, and the text was most of what loading an event read (at 100 000 events).
   */
  static Map<Long, EventFacts> facts(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Event> byId = new HashMap<>();
    if (ids.isEmpty()) return new HashMap<>();
    for (Record row : dsl.select(FACT_COLUMNS).from(RECORDS).join(EVENTS).on(EVENT_ID.eq(ID)).where(ID.in(ids))
        .fetch()) {
      Event event = withFactColumns(row);
      byId.put(event.id, event);
    }
    if (byId.isEmpty()) return new HashMap<>();
    Map<Long, List<String>> languages = new HashMap<>();
    for (var row : dsl.select(T_RECORD, T_LANG).from(TRANSLATIONS).where(T_RECORD.in(byId.keySet())).fetch()) {
      languages.computeIfAbsent(row.value1(), id -> new ArrayList<>()).add(row.value2());
    }
    addLinks(byId, dsl.fetch(links(event -> event.in(byId.keySet()))));
    Map<Long, EventFacts> facts = new HashMap<>(byId.size() * 2);
    byId.forEach((id, event) -> facts.put(id, EventFacts.of(event, languages.getOrDefault(id, List.of()))));
    return facts;
  }

  /** Of the events found by id, those with these ids, in this order. */
  static List<Event> inOrder(Map<Long, Event> byId, List<Long> ids) {
    List<Event> result = new ArrayList<>(ids.size());
    for (Long id : ids) {
      Event event = byId.get(id);
      if (event != null) result.add(event);
    }
    return result;
  }

  private static Map<Long, Event> byId(DSLContext dsl, Collection<Long> ids, boolean withLinks) {
    Map<Long, Event> byId = new HashMap<>();
    if (ids.isEmpty()) return byId;
    for (Record row : dsl.select(COLUMNS).from(RECORDS).join(EVENTS).on(EVENT_ID.eq(ID))
        .where(ID.in(ids)).fetch()) {
      Event event = fromRow(row);
      byId.put(event.id, event);
    }
    complete(dsl, byId, withLinks);
    return byId;
  }

  /** What a single-record route finds at an id: its type ("event", "venue", "organizer", or null) and the event. */
  record Lookup(String type, Event event) {}

  /** The record at an id with, for an event, its event row and one row per translation. */
  private static final RenderedQuery LOOKUP = new RenderedQuery(() -> {
    var columns = new ArrayList<Field<?>>(COLUMNS);
    columns.add(TYPE);
    columns.addAll(Translations.COLUMNS);
    return DSL.select(columns).from(RECORDS).leftJoin(EVENTS).on(EVENT_ID.eq(ID))
        .leftJoin(TRANSLATIONS).on(T_RECORD.eq(ID)).where(ID.eq(DSL.param("id", Long.class)));
  });
  private static final RenderedQuery LINKS_OF_ONE = new RenderedQuery(() -> links(DSL.param("id", Long.class)::eq));

  /**
   * The record type and, for an event, the event, in two statements rendered once (this is the work of
   * every by-id read that no cache answers).
   */
  static Lookup lookup(DSLContext dsl, long id) {
    return lookup(dsl, id, true);
  }

  private static Lookup lookup(DSLContext dsl, long id, boolean withLinks) {
    var rows = LOOKUP.fetch(dsl, id);
    if (rows.isEmpty()) return new Lookup(null, null);
    if (!RECORD_TYPE.equals(rows.get(0).get(TYPE))) return new Lookup(rows.get(0).get(TYPE), null);
    Event event = fromRow(rows.get(0));
    Map<String, Translation> texts = new LinkedHashMap<>();
    for (Record row : rows) {
      if (row.get(T_LANG) != null) texts.put(row.get(T_LANG), Translations.fromRow(row));
    }
    event.translations = texts;
    if (withLinks) addLinks(Map.of(id, event), LINKS_OF_ONE.fetch(dsl, id, id, id));
    return new Lookup(RECORD_TYPE, event);
  }

  /** Adds translations and, {@code withLinks}, links (venues, organizers, categories, tags) to loaded events. */
  private static void complete(DSLContext dsl, Map<Long, Event> byId, boolean withLinks) {
    Collection<Long> found = byId.keySet();
    if (found.isEmpty()) return;
    Translations.load(dsl, found).forEach((id, texts) -> byId.get(id).translations = texts);
    if (withLinks) addLinks(byId, dsl.fetch(links(event -> event.in(found))));
  }

  /**
   * The venue, organizer and term links of the events that {@code owner} selects by their event id column:
   * event id, kind of link, linked id, position.
   */
  private static Select<Record4<Long, String, Long, Integer>> links(Function<Field<Long>, Condition> owner) {
    Field<String> kind = DSL.field(DSL.name("kind"), String.class);
    return DSL.select(EV_EVENT, DSL.inline(VENUE_LINK).as(kind), EV_VENUE, EV_POSITION)
        .from(EVENT_VENUES).where(owner.apply(EV_EVENT))
        .unionAll(DSL.select(EO_EVENT, DSL.inline(ORGANIZER_LINK).as(kind), EO_ORGANIZER, EO_POSITION)
            .from(EVENT_ORGANIZERS).where(owner.apply(EO_EVENT)))
        .unionAll(DSL.select(ET_EVENT, TermTables.TAXONOMY, ET_TERM, ET_POSITION)
            .from(EVENT_TERMS).join(TermTables.TERMS).on(TermTables.ID.eq(ET_TERM)).where(owner.apply(ET_EVENT)));
  }

  private static void addLinks(Map<Long, Event> byId, Result<? extends Record> links) {
    var rows = new ArrayList<Record>(links);
    rows.sort(Comparator.comparing(row -> row.get(3, Integer.class)));
    for (Record row : rows) {
      Event event = byId.get(row.get(0, Long.class));
      long target = row.get(2, Long.class);
      switch (row.get(1, String.class)) {
        case VENUE_LINK -> event.venueIds = append(event.venueIds, target);
        case ORGANIZER_LINK -> event.organizerIds = append(event.organizerIds, target);
        case TermTables.CATEGORY -> event.categoryIds = append(event.categoryIds, target);
        default -> event.tagIds = append(event.tagIds, target);
      }
    }
  }

  private static List<Long> append(List<Long> list, long id) {
    var result = new ArrayList<>(list);
    result.add(id);
    return result;
  }

  /** An event with the values of {@link #FACT_COLUMNS} in {@code row}, and no others. */
  private static Event withFactColumns(Record row) {
    Event event = new Event();
    event.id = row.get(ID);
    event.author = row.get(AUTHOR);
    event.status = row.get(STATUS);
    event.statusBeforeTrash = row.get(STATUS_BEFORE_TRASH);
    event.dateUtc = row.get(DATE_UTC);
    event.modifiedUtc = row.get(MODIFIED_UTC);
    event.password = row.get(PASSWORD);
    event.postParent = row.get(POST_PARENT);
    event.revision = row.get(REVISION);
    event.seriesId = row.get(SERIES_ID);
    return event;
  }

  private static Event fromRow(Record row) {
    Event event = withFactColumns(row);
    event.image = row.get(IMAGE);
    event.website = row.get(WEBSITE);
    event.startUtc = row.get(START_UTC);
    event.endUtc = row.get(END_UTC);
    event.startLocal = row.get(START_LOCAL);
    event.endLocal = row.get(END_LOCAL);
    event.timezone = row.get(TIMEZONE);
    event.allDay = row.get(ALL_DAY) == 1;
    event.cost = parseList(row.get(COST));
    event.showMap = row.get(SHOW_MAP) == 1;
    event.showMapLink = row.get(SHOW_MAP_LINK) == 1;
    event.hideFromListings = row.get(HIDE_FROM_LISTINGS) == 1;
    event.sticky = row.get(STICKY) == 1;
    event.featured = row.get(FEATURED) == 1;
    event.originalStart = row.get(ORIGINAL_START);
    String recurrence = row.get(RECURRENCE);
    event.recurrence = recurrence == null ? null : parseList(recurrence);
    event.expandedUntil = row.get(EXPANDED_UNTIL);
    event.overrides = parseList(row.get(OVERRIDES));
    event.statusDetail = row.get(STATUS_DETAIL);
    return event;
  }

  /** A stored JSON array of strings (cost, recurrence, overrides); null is the empty list. */
  private static List<String> parseList(String stored) {
    if (stored == null) return List.of();
    try {
      return List.copyOf(Json.MAPPER.readValue(stored, new TypeReference<List<String>>() {}));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("stored value is not a JSON array", e);
    }
  }

  /** A list as stored: a JSON array, or null for the empty list. */
  private static String listText(List<String> values) {
    if (values == null || values.isEmpty()) return null;
    try {
      return Json.MAPPER.writeValueAsString(values);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Inserts the record row and returns its new id; the event row and text follow in {@link #insertRest}. */
  static long insertRecord(DSLContext dsl, Event event) {
    return Records.insert(dsl, RECORD_TYPE, recordRow(event));
  }

  private static RecordRow recordRow(Event event) {
    return new RecordRow(event.id, event.author, event.status, event.statusBeforeTrash, event.dateUtc,
        event.modifiedUtc, event.image, event.website);
  }

  static void insertRest(DSLContext dsl, Event event) {
    dsl.insertInto(EVENTS)
        .set(EVENT_ID, event.id)
        .set(eventValues(event))
        .execute();
    for (Translation text : event.translations.values()) Translations.save(dsl, RECORD_TYPE, event.id, text, false);
    writeLinks(dsl, event);
    TermCounts.eventChanged(dsl, List.of(), false, terms(event), counted(event));
  }

  /** Writes {@code after} over {@code before} (the event as stored, locked), one revision later. */
  static void update(DSLContext dsl, Event before, Event after) {
    Records.update(dsl, recordRow(after));
    dsl.update(EVENTS).set(eventValues(after)).set(REVISION, REVISION.plus(1)).where(EVENT_ID.eq(after.id)).execute();
    after.revision = before.revision + 1;
    for (Translation text : after.translations.values()) {
      Translation old = before.translations.get(text.language());
      if (!text.equals(old)) Translations.save(dsl, RECORD_TYPE, after.id, text, old != null);
    }
    if (!after.venueIds.equals(before.venueIds) || !after.organizerIds.equals(before.organizerIds)
        || !after.categoryIds.equals(before.categoryIds) || !after.tagIds.equals(before.tagIds)) {
      deleteLinks(dsl, after.id);
      writeLinks(dsl, after);
    }
    TermCounts.eventChanged(dsl, terms(before), counted(before), terms(after), counted(after));
  }

  private static List<Long> terms(Event event) {
    var terms = new ArrayList<>(event.categoryIds);
    terms.addAll(event.tagIds);
    return terms;
  }

  /** Whether the event counts for its terms (§5.8): published, and not a later occurrence (a series counts once). */
  private static boolean counted(Event event) {
    return Status.PUBLISH.equals(event.status) && !event.isOccurrence();
  }

  private static Map<Field<?>, Object> eventValues(Event event) {
    Map<Field<?>, Object> values = new LinkedHashMap<>();
    values.put(START_UTC, event.startUtc);
    values.put(END_UTC, event.endUtc);
    values.put(START_LOCAL, event.startLocal);
    values.put(END_LOCAL, event.endLocal);
    values.put(TIMEZONE, event.timezone);
    values.put(ALL_DAY, flag(event.allDay));
    values.put(PASSWORD, event.password);
    values.put(COST, listText(event.cost));
    values.put(SHOW_MAP, flag(event.showMap));
    values.put(SHOW_MAP_LINK, flag(event.showMapLink));
    values.put(HIDE_FROM_LISTINGS, flag(event.hideFromListings));
    values.put(STICKY, flag(event.sticky));
    values.put(FEATURED, flag(event.featured));
    values.put(POST_PARENT, event.postParent);
    values.put(SERIES_ID, event.seriesId);
    values.put(ORIGINAL_START, event.originalStart);
    values.put(RECURRENCE, listText(event.recurrence));
    values.put(EXPANDED_UNTIL, event.expandedUntil);
    values.put(OVERRIDES, listText(event.overrides));
    values.put(STATUS_DETAIL, event.statusDetail);
    return values;
  }

  private static int flag(boolean value) {
    return value ? 1 : 0;
  }

  private static void writeLinks(DSLContext dsl, Event event) {
    insertLinks(dsl, EVENT_VENUES, EV_EVENT, EV_VENUE, EV_POSITION, event.id, event.venueIds);
    insertLinks(dsl, EVENT_ORGANIZERS, EO_EVENT, EO_ORGANIZER, EO_POSITION, event.id, event.organizerIds);
    insertLinks(dsl, EVENT_TERMS, ET_EVENT, ET_TERM, ET_POSITION, event.id, terms(event));
  }

  private static void insertLinks(DSLContext dsl, Table<Record> table, Field<Long> owner, Field<Long> target,
      Field<Integer> position, long id, List<Long> targets) {
    for (int i = 0; i < targets.size(); i++) {
      dsl.insertInto(table).set(owner, id).set(target, targets.get(i)).set(position, i).execute();
    }
  }

  private static void deleteLinks(DSLContext dsl, long id) {
    dsl.deleteFrom(EVENT_VENUES).where(EV_EVENT.eq(id)).execute();
    dsl.deleteFrom(EVENT_ORGANIZERS).where(EO_EVENT.eq(id)).execute();
    dsl.deleteFrom(EVENT_TERMS).where(ET_EVENT.eq(id)).execute();
  }

  /**
   * Permanent delete: a series' occurrences go with it; other children lose their parent (§4.9); translations and
   * links go with the record.
   */
  static void delete(DSLContext dsl, Event stored) {
    if (stored.isSeries()) {
      for (Long occurrence : occurrenceIds(dsl, stored.id)) Records.delete(dsl, occurrence);
    }
    dsl.update(EVENTS).set(POST_PARENT, 0L).where(POST_PARENT.eq(stored.id)).execute();
    TermCounts.eventChanged(dsl, terms(stored), counted(stored), List.of(), false);
    Records.delete(dsl, stored.id);
  }

  /** The later occurrences of a series, by id. */
  static List<Long> occurrenceIds(DSLContext dsl, long seriesId) {
    return dsl.select(EVENT_ID).from(EVENTS).where(SERIES_ID.eq(seriesId).and(EVENT_ID.ne(seriesId)))
        .orderBy(EVENT_ID).fetch(EVENT_ID);
  }

  /** Ids of the event and all its descendants, for the cycle check of {@code post_parent}. */
  static boolean isSelfOrDescendant(DSLContext dsl, long eventId, long candidateParent) {
    List<Long> frontier = List.of(eventId);
    java.util.Set<Long> seen = new java.util.HashSet<>(frontier);
    while (!frontier.isEmpty()) {
      if (frontier.contains(candidateParent)) return true;
      List<Long> children = dsl.select(EVENT_ID).from(EVENTS).where(POST_PARENT.in(frontier)).fetch(EVENT_ID);
      frontier = children.stream().filter(seen::add).toList();
    }
    return false;
  }
}
