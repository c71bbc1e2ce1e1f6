package org.agenda.term;

import static org.agenda.term.TermTables.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Invalid;
import org.agenda.http.Json;
import org.agenda.http.ListPage;
import org.agenda.http.Param;
import org.agenda.i18n.Languages;
import org.agenda.record.ModifiedFilter;
import org.agenda.record.Records;
import org.agenda.record.Translation;
import org.agenda.text.Folding;
import org.jooq.DSLContext;

/**
 * {@code GET /categories} and {@code GET /tags} (§6.11.1). Term sets are small, so the terms of the
 * taxonomy are loaded in a fixed number of statements and filtered and sorted here: the sort on text in T
 * must use the lower-casing rule of §0, which SQLite's lower() does not follow.
 */
final class TermList {
  static final List<String> ORDER_BY = List.of("name", "slug", "id", "term_id", "count", "description", "include",
      "term_group", "none");

  private final Database database;
  private final Config config;
  private final Languages languages;
  private final Taxonomy taxonomy;
  private final TermView view;

  TermList(Database database, Config config, Languages languages, Taxonomy taxonomy, TermView view) {
    this.database = database;
    this.config = config;
    this.languages = languages;
    this.taxonomy = taxonomy;
    this.view = view;
  }

  List<Param> params() {
    var params = new ArrayList<Param>();
    params.add(Param.integer("page").range(1L, null).defaultValue(1).describe("Page to return."));
    params.add(Param.integer("per_page").range(1L, null).defaultValue(config.defaultPerPage())
        .describe(capitalised(taxonomy.collection) + " per page; values above " + config.maxPerPage() + " are capped."));
    params.add(Param.string("search").maxLength(200)
        .describe("Only " + taxonomy.collection + " whose name or slug (in the text language) contains this, case-insensitively."));
    params.add(Param.listOf("exclude", Param.Type.INTEGER).describe("Leave out these " + taxonomy.noun + " ids."));
    params.add(Param.listOf("include", Param.Type.INTEGER).describe("Only these " + taxonomy.noun + " ids."));
    params.add(Param.oneOf("order", List.of("asc", "desc")).defaultValue("asc").describe("Sort direction."));
    params.add(Param.oneOf("orderby", ORDER_BY).defaultValue("name")
        .describe("Sort key: text keys case-insensitively in the text language, ties by id; term_id is id; include is "
            + "the order of the include list (else id); term_group and none are id."));
    params.add(Param.bool("hide_empty").defaultValue(true)
        .describe("Leave out " + taxonomy.collection + " that no published event carries (count 0)."));
    if (taxonomy.hierarchical) {
      params.add(Param.integer("parent").describe("Only the direct children of this category; 0 for the top level."));
    }
    params.add(Param.integer("post").describe("Only the " + taxonomy.collection + " of this event (any status; none "
        + "when the caller may not read the event or a password locks it)."));
    params.add(Param.integer("event").describe("Alias of post; wins when both are given."));
    params.add(Param.string("slug").maxLength(200)
        .describe("Only the " + taxonomy.noun + " whose slug in the text language is this."));
    params.addAll(ModifiedFilter.params(capitalised(taxonomy.collection)));
    return List.copyOf(params);
  }

  private static String capitalised(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /** §2.4 step 6: referenced terms and events must exist. */
  void check(ApiRequest request, Invalid invalid) {
    DSLContext dsl = database.dsl();
    for (String name : List.of("exclude", "include")) {
      List<Long> ids = request.list(name);
      if (ids == null) continue;
      Set<Long> found = new HashSet<>(dsl.select(ID).from(TERMS).where(ID.in(ids).and(TAXONOMY.eq(taxonomy.value))).fetch(ID));
      ids.stream().filter(id -> !found.contains(id)).findFirst().ifPresent(id ->
          invalid.add(name, "rest_not_found", name + " refers to an unknown " + taxonomy.noun + ": " + id + "."));
    }
    Long parent = taxonomy.hierarchical ? request.integer("parent") : null;
    if (parent != null && parent != 0
        && !TermLookup.exists(dsl, taxonomy.value, parent)) {
      invalid.add("parent", "rest_not_found", "parent refers to an unknown category: " + parent + ".");
    }
    for (String name : List.of("post", "event")) {
      Long event = request.integer(name);
      if (event != null && !Records.isEvent(dsl, event)) {
        invalid.add(name, "rest_not_found", name + " refers to an unknown event: " + event + ".");
      }
    }
  }

  /** A candidate with its text in T. */
  private record Item(Term term, Translation text) {}

  ApiResponse handle(ApiRequest request) {
    DSLContext dsl = database.dsl();
    var paging = new ListPage(request, config.defaultPerPage(), config.maxPerPage());
    Long event = request.has("event") ? request.integer("event") : request.integer("post");
    Set<Long> ofEvent = event == null ? null
        : Records.eventLinksVisible(dsl, request.caller(), event)
        ? new HashSet<>(dsl.select(ET_TERM).from(EVENT_TERMS).where(ET_EVENT.eq(event)).fetch(ET_TERM))
        : Set.of();
    ModifiedFilter modified = ModifiedFilter.of(request, config.timezone());
    List<Item> items = new ArrayList<>();
    for (Term term : Terms.loadTaxonomy(dsl, taxonomy.value).values()) {
      if (!modified.admits(term.modifiedUtc())) continue;
      var textLanguage = languages.textLanguage(request.language(), term.translations().keySet());
      if (textLanguage.isEmpty()) continue;
      Item item = new Item(term, term.translations().get(textLanguage.get()));
      if (ofEvent == null || ofEvent.contains(term.id())) {
        if (matches(request, item)) items.add(item);
      }
    }
    items.sort(order(request));
    long total = items.size();
    var page = Json.array();
    if (!paging.beyondEnd(total)) {
      // a page beyond the end is 200 and empty (§5.11); only pages up to the last are sliced, so no overflow
      int from = (int) Math.min(paging.offset(), total);
      for (Item item : items.subList(from, (int) Math.min(from + (long) paging.perPage(), total))) {
        page.add(view.render(item.term(), item.text().language(), request.urls()));
      }
    }
    String navigation = paging.navigation(request.urls().collection(taxonomy.collection), navigation(request, event));
    return paging.response(taxonomy.collection, page, false, navigation, total);
  }

  private boolean matches(ApiRequest request, Item item) {
    Term term = item.term();
    List<Long> include = request.list("include");
    List<Long> exclude = request.list("exclude");
    if (include != null && !include.contains(term.id())) return false;
    if (exclude != null && exclude.contains(term.id())) return false;
    if (hideEmpty(request) && term.count() == 0) return false;
    if (taxonomy.hierarchical && request.has("parent") && term.parent() != request.integer("parent")) return false;
    if (request.has("slug") && !item.text().slug().equals(Folding.lower(request.string("slug")))) return false;
    if (request.has("search")) {
      String search = Folding.lower(request.string("search"));
      return Folding.lower(item.text().name()).contains(search) || Folding.lower(item.text().slug()).contains(search);
    }
    return true;
  }

  private static boolean hideEmpty(ApiRequest request) {
    return !Boolean.FALSE.equals(request.bool("hide_empty"));
  }

  /** §6.11.1: the sort key, ties by id ascending; desc reverses the whole order. */
  private static Comparator<Item> order(ApiRequest request) {
    String orderBy = request.has("orderby") ? request.string("orderby") : "name";
    List<Long> include = request.list("include");
    Comparator<Item> byKey = switch (orderBy) {
      case "name" -> (a, b) -> Folding.compare(a.text().name(), b.text().name());
      case "slug" -> (a, b) -> Folding.compare(a.text().slug(), b.text().slug());
      case "description" -> (a, b) -> Folding.compare(a.text().description(), b.text().description());
      case "count" -> Comparator.comparingInt(item -> item.term().count());
      case "include" -> include == null ? (a, b) -> 0 : Comparator.comparingInt(item -> include.indexOf(item.term().id()));
      default -> (a, b) -> 0;
    };
    Comparator<Item> order = byKey.thenComparingLong(item -> item.term().id());
    return "desc".equals(request.string("order")) ? order.reversed() : order;
  }

  /** The navigation parameters after {@code per_page}, in the order of §5.11. */
  private Map<String, String> navigation(ApiRequest request, Long event) {
    Map<String, String> values = new LinkedHashMap<>();
    if (request.has("search")) values.put("search", request.string("search"));
    if (request.has("exclude")) values.put("exclude", joined(request.list("exclude")));
    if (request.has("include")) values.put("include", joined(request.list("include")));
    if (request.has("order")) values.put("order", request.string("order"));
    if (request.has("orderby")) values.put("orderby", request.string("orderby"));
    values.put("hide_empty", Boolean.toString(hideEmpty(request)));
    if (taxonomy.hierarchical && request.has("parent")) values.put("parent", request.integer("parent").toString());
    if (event != null) values.put("post", event.toString());
    if (request.has("slug")) values.put("slug", request.string("slug"));
    ModifiedFilter.of(request, config.timezone()).putNavigation(values, config.timezone());
    if (request.languageGiven()) values.put("translation_language", request.language());
    return values;
  }

  private static String joined(List<?> values) {
    return String.join(",", values.stream().map(String::valueOf).toList());
  }
}
