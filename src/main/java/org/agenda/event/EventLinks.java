package org.agenda.event;

import static org.agenda.record.RecordTables.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import org.agenda.http.ApiRequest;
import org.agenda.http.Invalid;
import org.agenda.http.ParamProblem;
import org.agenda.i18n.Languages;
import org.agenda.organizer.Organizers;
import org.agenda.record.Access;
import org.agenda.record.InlineRecord;
import org.agenda.record.RecordKind;
import org.agenda.record.RecordWrites;
import org.agenda.record.Records;
import org.agenda.record.Status;
import org.agenda.term.TermLookup;
import org.agenda.term.TermTables;
import org.agenda.term.Terms;
import org.agenda.text.PlainText;
import org.agenda.user.Role;
import org.agenda.venue.Venues;
import org.jooq.DSLContext;

/**
 * The {@code categories}, {@code tags}, {@code venue} and {@code organizer} fields of event writes
 * (§6.4): references are checked with the other parameters, new terms are created with the write.
 */
final class EventLinks {
  private static final int MAX_TERM_NAME = 200;
  private final Languages languages;
  private final Venues venues;
  private final Organizers organizers;
  private final RecordWrites writes;
  private final LongPredicate userExists;

  EventLinks(Languages languages, Venues venues, Organizers organizers, RecordWrites writes, LongPredicate userExists) {
    this.languages = languages;
    this.venues = venues;
    this.organizers = organizers;
    this.writes = writes;
    this.userExists = userExists;
  }

  /** A resolved term list: existing ids, and names of terms to create, in payload order. */
  record TermPlan(String taxonomy, List<Object> items) {}

  /** Linked venues or organizers: existing ids, and validated create fields of inline objects. */
  record LinkPlan(List<Object> items) {}

  record Plans(TermPlan categories, TermPlan tags, LinkPlan venues, LinkPlan organizers) {}

  void check(DSLContext dsl, ApiRequest request, Invalid invalid) {
    TermPlan categories = planTerms(dsl, request, invalid, "categories", TermTables.CATEGORY, Role.AUTHOR);
    TermPlan tags = planTerms(dsl, request, invalid, "tags", TermTables.TAG, Role.EDITOR);
    LinkPlan venuePlan = planLinks(dsl, request, invalid, venues);
    LinkPlan organizerPlan = planLinks(dsl, request, invalid, organizers);
    request.attach(Plans.class, new Plans(categories, tags, venuePlan, organizerPlan));
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
      if (id == null && item.codePointCount(0, item.length()) > MAX_TERM_NAME) {
        invalid.add(name, "rest_too_long", name + ": a new term name must be at most " + MAX_TERM_NAME + " characters.");
        return null;
      }
      Object entry = id != null ? id : item;
      if (!plan.contains(entry)) plan.add(entry);
    }
    return new TermPlan(taxonomy, plan);
  }

  /**
   * Referenced venues or organizers must exist and not be trashed; inline objects are validated like a
   * create request of that resource, their problems reported under the field's name (§6.4).
   */
  private LinkPlan planLinks(DSLContext dsl, ApiRequest request, Invalid invalid, RecordKind<?> kind) {
    String name = kind.type();
    List<Object> items = request.isCleared(name) ? null : request.list(name);
    if (items == null) return null;
    var plan = new ArrayList<Object>();
    var ids = new ArrayList<Long>();
    for (Object item : items) {
      if (item instanceof Long id) {
        ids.add(id);
        plan.add(id);
        continue;
      }
      var inline = (EventFields.InlineObject) item;
      try {
        Map<String, Object> values = InlineRecord.validate(inline.node(), inline.fromText(), kind.writeFields(true), name,
            request.now());
        String unpaired = kind.unpairedField(values);
        if (unpaired != null) throw new ParamProblem("rest_missing_pair", "geo_lat and geo_lng must be given together.");
        if (values.get("author") instanceof Long author && !userExists.test(author)) {
          throw new ParamProblem("rest_not_found", "author refers to an unknown user: " + author + ".");
        }
        plan.add(values);
      } catch (ParamProblem problem) {
        invalid.add(name, problem.detailCode(), name + "." + problem.getMessage());
        return null;
      }
    }
    // by id, the type and status checked on the rows: as a condition beside the ids, SQLite walked an index on them
    // through every record of the type (Records.load)
    Set<Long> found = new HashSet<>();
    Records.load(dsl, name, ids).values().forEach(row -> {
      if (!Status.TRASH.equals(row.status())) found.add(row.id());
    });
    for (Long id : ids) {
      if (!found.contains(id)) {
        invalid.add(name, "rest_not_found", name + " refers to an unknown " + name + ": " + id + ".");
        return null;
      }
    }
    return new LinkPlan(plan);
  }

  /** Applies the link fields to the event, creating the planned new terms in the request language. */
  void apply(DSLContext dsl, ApiRequest request, Event event) {
    Plans plans = request.attachment(Plans.class);
    if (request.has("categories")) event.categoryIds = termIds(dsl, request, plans.categories());
    if (request.has("tags")) event.tagIds = termIds(dsl, request, plans.tags());
    if (request.has("venue")) event.venueIds = linkedIds(dsl, request, venues, plans.venues());
    if (request.has("organizer")) event.organizerIds = linkedIds(dsl, request, organizers, plans.organizers());
  }

  private static List<Long> termIds(DSLContext dsl, ApiRequest request, TermPlan plan) {
    if (plan == null) return List.of();
    var ids = new ArrayList<Long>();
    for (Object item : plan.items()) {
      long id;
      if (item instanceof Long existing) {
        id = existing;
      } else {
        Terms.lockForWrite(dsl);
        Long created = Terms.findByName(dsl, plan.taxonomy(), request.language(), (String) item);
        id = created != null ? created : Terms.create(dsl, plan.taxonomy(), request.language(), (String) item, request.now());
      }
      if (!ids.contains(id)) ids.add(id);
    }
    return ids;
  }

  /**
   * Ids of the linked records in order; an inline object links the non-trashed record of that name in L,
   * or a new one created by the caller (§6.4), which must be allowed to name its author (§4.3).
   */
  @SuppressWarnings("unchecked")
  private List<Long> linkedIds(DSLContext dsl, ApiRequest request, RecordKind<?> kind, LinkPlan plan) {
    if (plan == null) return List.of();
    var ids = new ArrayList<Long>();
    for (Object item : plan.items()) {
      long id;
      if (item instanceof Long existing) {
        id = existing;
      } else {
        Map<String, Object> values = (Map<String, Object>) item;
        Access.requireAuthorRight(request.caller(), values.get("author") instanceof Long author ? author : null);
        String name = PlainText.stripTags((String) values.get(kind.type()));
        Records.lockName(dsl, kind.type(), request.language(), name);
        Long same = Records.findByName(dsl, kind.type(), request.language(), name);
        id = same != null ? same : writes.create(kind, dsl, values, request.language(), request.caller(), request.now());
      }
      if (!ids.contains(id)) ids.add(id);
    }
    return ids;
  }
}
