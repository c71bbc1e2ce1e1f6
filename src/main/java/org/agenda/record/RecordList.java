package org.agenda.record;

import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Invalid;
import org.agenda.http.Json;
import org.agenda.http.ListPage;
import org.agenda.http.Param;
import org.agenda.i18n.Languages;
import org.agenda.text.SearchTerms;
import org.agenda.user.Role;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;

/** {@code GET /venues} and {@code GET /organizers} (§6.7, §6.10): filters, visibility, paging, navigation. */
final class RecordList<T extends StoredRecord> {
  private final Database database;
  private final Config config;
  private final Languages languages;
  private final RecordKind<T> kind;
  private final LinkTable links;

  RecordList(Database database, Config config, Languages languages, RecordKind<T> kind) {
    this.database = database;
    this.config = config;
    this.languages = languages;
    this.kind = kind;
    this.links = kind.eventLinks();
  }

  List<Param> params() {
    String items = kind.collection().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + kind.collection().substring(1);
    var params = new ArrayList<>(ListPage.params(items, config.defaultPerPage(), config.maxPerPage()));
    params.add(Param.string("search").maxLength(200).describe(searchDescription()));
    params.add(Param.integer("event").describe(items + " linked to this event (any status; none when the caller "
        + "may not read the event or a password locks it)."));
    params.add(Param.bool("has_events").describe("true: " + kind.collection() + " linked to at least one event the "
        + "caller can read (not trashed; hidden events count); false: linked to none."));
    params.add(Param.bool("only_with_upcoming").defaultValue(false)
        .describe("true: " + kind.collection() + " linked to such an event that starts now or later."));
    params.add(Param.listOf("status", Status.ALL).describe("Statuses to include."));
    params.addAll(ModifiedFilter.params(items));
    return List.copyOf(params);
  }

  private String searchDescription() {
    return "Text search: the value is split into fragments at every character that is not a letter, digit or -; "
        + "a " + kind.type() + " matches when one of its fields contains every fragment (name and description in "
        + "the text language, " + (kind.type().equals("venue")
            ? "address, city, province, state, stateprovince, zip, phone)." : "phone, email, website).");
  }

  void check(ApiRequest request, Invalid invalid) {
    ListQueries.checkStatusFilter(request, invalid);
    Long event = request.integer("event");
    if (event != null && !Records.isEvent(database.dsl(), event)) {
      invalid.add("event", "rest_not_found", "event refers to an unknown event: " + event + ".");
    }
  }

  ApiResponse handle(ApiRequest request) {
    DSLContext dsl = database.dsl();
    var paging = new ListPage(request, config.defaultPerPage(), config.maxPerPage());
    List<String> statuses = ListQueries.effectiveStatuses(request);
    Condition condition = condition(request, statuses);
    int total = dsl.fetchCount(dsl.select(ID).from(RECORDS).where(condition));
    if (paging.beyondEnd(total)) {
      String noun = kind.type();
      throw new ApiError(404, noun + "-archive-page-not-found", "The requested " + noun + " archive page does not exist");
    }
    List<Long> ids = dsl.select(ID).from(RECORDS).where(condition).orderBy(DATE_UTC.desc(), ID.desc())
        .limit(paging.perPage()).offset(paging.offset()).fetch(ID);
    Map<Long, T> records = kind.load(dsl, ids);
    var items = Json.array();
    for (Long id : ids) {
      T record = records.get(id);
      String textLanguage = languages.textLanguage(request.language(), record.translations().keySet()).orElseThrow();
      items.add(kind.render(record, record.translations().get(textLanguage), request.urls(), false));
    }
    String navigation = paging.navigation(request.urls().collection(kind.collection()), navigation(request, statuses));
    return paging.response(kind.collection(), items, true, navigation, total);
  }

  private Condition condition(ApiRequest request, List<String> statuses) {
    Condition condition = TYPE.eq(kind.type()).and(ListQueries.visibility(request, statuses))
        .and(ListQueries.translatedIfRequired(request, languages))
        .and(ModifiedFilter.of(request, config.timezone()).on(MODIFIED_UTC));
    if (request.has("search")) condition = condition.and(search(request));
    if (request.has("event")) {
      long event = request.integer("event");
      condition = condition.and(Records.eventLinksVisible(database.dsl(), request.caller(), event)
          ? exists(selectOne().from(links.table()).where(links.target().eq(ID).and(links.event().eq(event))))
          : falseCondition());
    }
    if (request.has("has_events")) {
      Condition linked = exists(linkedReadableEvents(request));
      condition = condition.and(request.bool("has_events") ? linked : not(linked));
    }
    if (Boolean.TRUE.equals(request.bool("only_with_upcoming"))) {
      condition = condition.and(exists(linkedReadableEvents(request).andExists(selectOne().from(EVENTS)
          .where(EVENT_ID.eq(links.event()).and(EVENT_START_UTC.ge(request.now().getEpochSecond()))))));
    }
    return condition;
  }

  /** Links of the listed record to events the caller can read that are not trashed (§4.4, §6.7). */
  private org.jooq.SelectConditionStep<?> linkedReadableEvents(ApiRequest request) {
    var event = RECORDS.as("linked_event");
    Field<Long> eventId = field(name("linked_event", "id"), Long.class);
    Field<String> eventStatus = field(name("linked_event", "status"), String.class);
    Condition readable = request.caller().atLeast(Role.CONTRIBUTOR)
        ? eventStatus.ne(Status.TRASH) : eventStatus.eq(Status.PUBLISH);
    return selectOne().from(links.table()).join(event).on(eventId.eq(links.event()))
        .where(links.target().eq(ID).and(readable));
  }

  /**
   * §6.7: a record matches when one of its fields contains every fragment: the name or the description in
   * T, or one of the shared text fields of its kind.
   */
  private Condition search(ApiRequest request) {
    List<String> fragments = SearchTerms.fragments(request.string("search"));
    var text = TRANSLATIONS.as("search_text");
    Field<String> name = field(name("search_text", "name_folded"), String.class);
    Field<String> body = field(name("search_text", "body_folded"), String.class);
    Condition inText = SearchFields.containsAll(name, fragments).or(SearchFields.containsAll(body, fragments));
    return ListQueries.inTextLanguage(request, languages, text, inText).or(SearchFields.anyFieldContainsAll(fragments));
  }

  /** Every effective filter after {@code per_page}, in the order of §5.11. */
  private Map<String, String> navigation(ApiRequest request, List<String> statuses) {
    Map<String, String> values = new LinkedHashMap<>();
    if (request.has("search")) values.put("search", request.string("search"));
    if (request.has("event")) values.put("event", request.integer("event").toString());
    if (request.has("has_events")) values.put("has_events", request.bool("has_events").toString());
    if (Boolean.TRUE.equals(request.bool("only_with_upcoming"))) values.put("only_with_upcoming", "true");
    values.put("status", String.join(",", statuses));
    ModifiedFilter.of(request, config.timezone()).putNavigation(values, config.timezone());
    if (request.languageGiven()) values.put("translation_language", request.language());
    return values;
  }
}
