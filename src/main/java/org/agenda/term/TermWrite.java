package org.agenda.term;

import static org.agenda.term.TermTables.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.Invalid;
import org.agenda.http.Param;
import org.agenda.record.Translation;
import org.agenda.text.HtmlSanitizer;
import org.agenda.text.PlainText;
import org.agenda.text.Slugs;
import org.jooq.DSLContext;

/**
 * Create, update and delete of categories and tags (§6.11.2, §6.11.3, §6.12): text goes to the request
 * language (§3.4), names are unique per parent and language, explicit slugs may not be taken (§3.5).
 */
final class TermWrite {
  private static final List<String> TRANSLATABLE = List.of("name", "description", "slug");

  private final Taxonomy taxonomy;

  TermWrite(Taxonomy taxonomy) {
    this.taxonomy = taxonomy;
  }

  /** The write fields in the order of the field table of §6.11.2 (tags: without {@code parent}). */
  List<Param> fields(boolean create) {
    var fields = new ArrayList<Param>();
    Param name = Param.string("name").maxLength(200).writeField()
        .describe("The " + taxonomy.noun + " name, plain text, in the request language; unique among "
            + (taxonomy.hierarchical ? "categories with the same parent" : "tags") + " in that language.");
    fields.add(create ? name.required() : name);
    fields.add(Param.string("description").maxLength(10_000).emptyClears().nullClears()
        .describe("The description, HTML (sanitised), in the request language; empty removes it."));
    fields.add(Param.string("slug").maxLength(200).emptyClears().nullClears()
        .describe("The slug in the request language; must not be taken by another " + taxonomy.noun
            + ". Empty derives it from the name."));
    if (taxonomy.hierarchical) {
      fields.add(Param.integer("parent").writeField()
          .describe("Id of the parent category; 0 (the default on creation) for the top level."));
    }
    return List.copyOf(fields);
  }

  /**
   * §2.4 step 6 for writes: a name that is empty once its tags are removed, and the parent (an existing
   * category, not the category itself nor one of its descendants). {@code self} is null on create.
   */
  void check(DSLContext dsl, ApiRequest request, Invalid invalid, Long self) {
    if (request.has("name") && PlainText.stripTags(request.string("name")).isEmpty()) {
      invalid.add("name", "rest_empty_value", "name must not be empty.");
    }
    Long parent = taxonomy.hierarchical ? request.integer("parent") : null;
    if (parent == null || parent == 0) return;
    if (!TermLookup.exists(dsl, taxonomy.value, parent)) {
      invalid.add("parent", "rest_not_found", "parent refers to an unknown category: " + parent + ".");
    } else if (self != null && TermLookup.withDescendants(dsl, List.of(self)).contains(parent)) {
      invalid.add("parent", "rest_invalid_parent", "parent cannot be the category itself or one of its descendants.");
    }
  }

  /** §6.12: tags refuse any non-null {@code parent}, in the body or the query. */
  void refuseParentOfTag(ApiRequest request) {
    if (taxonomy.hierarchical) return;
    var raw = request.raw("parent");
    if (raw != null && raw.node() != null && !raw.node().isNull()) {
      throw new ApiError(400, "rest_taxonomy_not_hierarchical", "Cannot set parent term, taxonomy is not hierarchical.");
    }
  }

  /** A new term with the L translation only (§3.4). */
  Term create(DSLContext dsl, ApiRequest request) {
    String language = request.language();
    long parent = taxonomy.hierarchical && request.has("parent") ? request.integer("parent") : 0;
    Translation text = applyText(request, new Translation(language, "", "", "", ""));
    requireUniqueName(dsl, text, parent, null);
    String wanted = explicitSlug(dsl, request, language, null);
    long id = Terms.create(dsl, taxonomy.value, parent, text, wanted, request.now());
    return Terms.find(dsl, taxonomy.value, id).orElseThrow();
  }

  /** The stored term with the request's fields applied (§6.11.3, §3.4); returns it as stored now. */
  Term update(DSLContext dsl, ApiRequest request, Term stored) {
    String language = request.language();
    long parent = taxonomy.hierarchical && request.has("parent") ? request.integer("parent") : stored.parent();
    Map<String, Translation> texts = new LinkedHashMap<>(stored.translations());
    Translation existing = texts.get(language);
    if (existing == null && TRANSLATABLE.stream().anyMatch(request::has)) {
      if (!request.has("name")) throw Invalid.missing(List.of("name"));
    }
    Translation text = existing;
    if (existing != null || TRANSLATABLE.stream().anyMatch(request::has)) {
      text = applyText(request, existing != null ? existing : new Translation(language, "", "", "", ""));
    }
    if (text != null && (request.has("name") || parent != stored.parent())) {
      requireUniqueName(dsl, text, parent, stored.id());
    }
    if (text != null && (existing == null || request.has("slug"))) {
      String wanted = explicitSlug(dsl, request, language, stored.id());
      text = text.withSlug(Terms.uniqueSlug(dsl, taxonomy.value, language, wanted, text.name(), stored.id()));
    }
    boolean changed = false;
    if (text != null && !text.equals(existing)) {
      Terms.save(dsl, taxonomy.value, stored.id(), text, existing != null);
      texts.put(language, text);
      changed = true;
    }
    if (parent != stored.parent()) {
      dsl.update(TERMS).set(PARENT, parent).where(ID.eq(stored.id())).execute();
      changed = true;
    }
    if (!changed) return stored;
    Terms.modified(dsl, ID.eq(stored.id()), request.now());
    return new Term(stored.id(), stored.taxonomy(), parent, stored.count(), texts, request.now().getEpochSecond());
  }

  /**
   * Permanent delete (§4.9): the links from events go with it (ON DELETE CASCADE), its children move up
   * to its parent (which changes them: modified at {@code now}). Returns the term as it was.
   */
  Term delete(DSLContext dsl, Term stored, java.time.Instant now) {
    if (taxonomy.hierarchical) {
      var children = PARENT.eq(stored.id()).and(TAXONOMY.eq(taxonomy.value));
      Terms.modified(dsl, children, now);
      dsl.update(TERMS).set(PARENT, stored.parent()).where(children).execute();
    }
    dsl.deleteFrom(TERMS).where(ID.eq(stored.id())).execute();
    return stored;
  }

  private static Translation applyText(ApiRequest request, Translation text) {
    Translation result = text;
    if (request.has("name")) result = result.withName(PlainText.stripTags(request.string("name")));
    if (request.has("description")) {
      result = result.withDescription(request.isCleared("description") ? "" : HtmlSanitizer.sanitize(request.string("description")));
    }
    return result;
  }

  /** {@code term_exists} (§6.11.2): the name in L among the same parent's children (tags: all tags). */
  private void requireUniqueName(DSLContext dsl, Translation text, long parent, Long self) {
    Long existing = Terms.sameName(dsl, taxonomy.value, text.language(), text.name(),
        taxonomy.hierarchical ? parent : null, self);
    if (existing != null) {
      var error = new ApiError(400, "term_exists", "A term with the name provided already exists with this parent.");
      error.data().put("term_id", existing);
      throw error;
    }
  }

  /**
   * The normalised slug the request gives, or "" to derive one; an explicit slug another term of the
   * taxonomy already has in L is refused with {@code duplicate_term_slug} (§3.5 "Terms").
   */
  private String explicitSlug(DSLContext dsl, ApiRequest request, String language, Long self) {
    if (!request.has("slug") || request.isCleared("slug")) return "";
    String slug = Slugs.normalise(request.string("slug"));
    if (slug.isEmpty()) return "";
    Long owner = Terms.slugOwner(dsl, taxonomy.value, language, slug);
    if (owner != null && !owner.equals(self)) {
      throw new ApiError(400, "duplicate_term_slug", "The slug \"" + slug + "\" is already in use by another term.");
    }
    return slug;
  }
}
