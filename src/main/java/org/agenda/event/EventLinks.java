package org.agenda.event;

import static org.agenda.record.RecordTables.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.agenda.http.ApiRequest;
import org.agenda.http.Invalid;
import org.agenda.i18n.Languages;
import org.agenda.record.Status;
import org.agenda.term.TermLookup;
import org.agenda.term.TermTables;
import org.agenda.term.Terms;
import org.agenda.user.Role;
import org.jooq.DSLContext;

/**
 * The {@code categories}, {@code tags}, {@code venue} and {@code organizer} fields of event writes
 * (§6.4): references are checked with the other parameters, new terms are created with the write.
 */
final class EventLinks {
  private final Languages languages;

  EventLinks(Languages languages) {
    this.languages = languages;
  }

  /** A resolved term list: existing ids, and names of terms to create, in payload order. */
  record TermPlan(String taxonomy, List<Object> items) {}

  record Plans(TermPlan categories, TermPlan tags) {}

  void check(DSLContext dsl, ApiRequest request, Invalid invalid) {
    TermPlan categories = planTerms(dsl, request, invalid, "categories", TermTables.CATEGORY, Role.AUTHOR);
    TermPlan tags = planTerms(dsl, request, invalid, "tags", TermTables.TAG, Role.EDITOR);
    request.attach(Plans.class, new Plans(categories, tags));
    checkLinked(dsl, request, invalid, "venue");
    checkLinked(dsl, request, invalid, "organizer");
  }

  private TermPlan planTerms(DSLContext dsl, ApiRequest request, Invalid invalid, String name, String taxonomy,
      Role mayCreate) {
    List<String> items = request.isCleared(name) ? null : request.list(name);
    if (items == null) return null;
    var plan = new ArrayList<Object>();
    for (String item : items) {
      Long id;
      if (item.chars().allMatch(Character::isDigit)) {
        id = TermLookup.resolve(dsl, taxonomy, item, List.of());
        if (id == null) {
          invalid.add(name, "rest_not_found", name + " refers to an unknown term: " + item + ".");
          return null;
        }
      } else {
        id = TermLookup.resolve(dsl, taxonomy, item, languages.lookupOrder(request.language()));
        if (id == null) id = Terms.findByName(dsl, taxonomy, request.language(), item);
      }
      if (id == null && !request.caller().atLeast(mayCreate)) {
        invalid.add(name, "rest_not_allowed", name + ": you may not create the new term " + item + ".");
        return null;
      }
      Object entry = id != null ? id : item;
      if (!plan.contains(entry)) plan.add(entry);
    }
    return new TermPlan(taxonomy, plan);
  }

  /** Referenced venues or organizers must exist and not be trashed (§6.4). */
  private static void checkLinked(DSLContext dsl, ApiRequest request, Invalid invalid, String name) {
    List<Object> items = request.isCleared(name) ? null : request.list(name);
    if (items == null) return;
    var ids = new ArrayList<Long>();
    for (Object item : items) {
      if (!(item instanceof Long id)) {
        invalid.add(name, "rest_not_allowed", name + ": creating a " + name + " inside an event is not available yet.");
        return;
      }
      ids.add(id);
    }
    Set<Long> found = new HashSet<>(dsl.select(ID).from(RECORDS)
        .where(ID.in(ids).and(TYPE.eq(name)).and(STATUS.ne(Status.TRASH))).fetch(ID));
    for (Long id : ids) {
      if (!found.contains(id)) {
        invalid.add(name, "rest_not_found", name + " refers to an unknown " + name + ": " + id + ".");
        return;
      }
    }
  }

  /** Applies the link fields to the event, creating the planned new terms in the request language. */
  void apply(DSLContext dsl, ApiRequest request, Event event) {
    Plans plans = request.attachment(Plans.class);
    if (request.has("categories")) event.categoryIds = termIds(dsl, request, plans.categories());
    if (request.has("tags")) event.tagIds = termIds(dsl, request, plans.tags());
    if (request.has("venue")) event.venueIds = linkedIds(request, "venue");
    if (request.has("organizer")) event.organizerIds = linkedIds(request, "organizer");
  }

  private static List<Long> termIds(DSLContext dsl, ApiRequest request, TermPlan plan) {
    if (plan == null) return List.of();
    var ids = new ArrayList<Long>();
    for (Object item : plan.items()) {
      long id;
      if (item instanceof Long existing) {
        id = existing;
      } else {
        Long created = Terms.findByName(dsl, plan.taxonomy(), request.language(), (String) item);
        id = created != null ? created : Terms.create(dsl, plan.taxonomy(), request.language(), (String) item);
      }
      if (!ids.contains(id)) ids.add(id);
    }
    return ids;
  }

  private static List<Long> linkedIds(ApiRequest request, String name) {
    if (request.isCleared(name)) return List.of();
    return request.<Object>list(name).stream().map(Long.class::cast).distinct().toList();
  }
}
