package org.agenda.term;

import static org.agenda.term.TermTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.agenda.db.KeptIds;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.record.RecordView;
import org.agenda.record.Translation;
import org.agenda.text.Folding;
import org.agenda.text.Slugs;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/** Loading, creating and embedding categories and tags. */
public final class Terms {
  private Terms() {}

  /** The terms with these ids, with translations and counts, in a fixed number of queries. */
  public static Map<Long, Term> load(DSLContext dsl, Collection<Long> ids) {
    if (ids.isEmpty()) return new LinkedHashMap<>();
    return load(dsl, ID.in(ids));
  }

  /** Every term of the taxonomy, by id in ascending order, in the same fixed number of queries. */
  static Map<Long, Term> loadTaxonomy(DSLContext dsl, String taxonomy) {
    return load(dsl, TAXONOMY.eq(taxonomy));
  }

  /** The term with this id if it belongs to the taxonomy. */
  static Optional<Term> find(DSLContext dsl, String taxonomy, long id) {
    return Optional.ofNullable(load(dsl, ID.eq(id).and(TAXONOMY.eq(taxonomy))).get(id));
  }

  /** Terms selected by a condition on {@code terms}: two statements, whatever their number. */
  private static Map<Long, Term> load(DSLContext dsl, Condition onTerms) {
    Map<Long, Term> result = new LinkedHashMap<>();
    Map<Long, Map<String, Translation>> texts = new HashMap<>();
    dsl.select(TT_TERM, TT_LANG, TT_NAME, TT_DESCRIPTION, TT_SLUG).from(TERM_TRANSLATIONS)
        .join(TERMS).on(ID.eq(TT_TERM)).where(onTerms).fetch()
        .forEach(row -> texts.computeIfAbsent(row.value1(), k -> new LinkedHashMap<>())
            .put(row.value2(), new Translation(row.value2(), row.value3(), row.value4(), "", row.value5())));
    dsl.select(ID, TAXONOMY, PARENT, EVENT_COUNT, MODIFIED_UTC).from(TERMS).where(onTerms).orderBy(ID).fetch()
        .forEach(row -> result.put(row.value1(), new Term(row.value1(), row.value2(), row.value3(), row.value4(),
            texts.getOrDefault(row.value1(), Map.of()), row.value5())));
    return result;
  }

  /** A term as embedded in an event (§5.8.2), or empty when fallback is off and it has no L text. */
  public static Optional<ObjectNode> embedded(Term term, String requestLanguage, Languages languages, Urls urls) {
    Optional<String> textLanguage = languages.textLanguage(requestLanguage, term.translations().keySet());
    if (textLanguage.isEmpty()) return Optional.empty();
    Translation text = term.translations().get(textLanguage.get());
    ObjectNode node = Json.object();
    node.put("name", text.name());
    node.put("slug", text.slug());
    node.put("term_group", 0);
    node.put("term_taxonomy_id", term.id());
    node.put("taxonomy", term.taxonomy());
    node.put("description", text.description());
    node.put("parent", term.parent());
    node.put("count", term.count());
    node.put("filter", "raw");
    node.put("id", term.id());
    putTail(node, term, text, languages, urls);
    return Optional.of(node);
  }

  /** {@code urls}, {@code language} and {@code translations}: the end of both term shapes (§5.8.1, §5.8.2). */
  static void putTail(ObjectNode node, Term term, Translation text, Languages languages, Urls urls) {
    ObjectNode links = node.putObject("urls");
    links.put("self", urls.record(term.collection(), term.id()));
    links.put("collection", urls.collection(term.collection()));
    if (term.parent() != 0) links.put("up", urls.record(term.collection(), term.parent()));
    node.put("language", text.language());
    node.set("translations", RecordView.translations(term.id(), term.translations(), term.collection(), urls,
        languages.codes()));
  }

  /**
   * Makes the transaction the only one that writes terms until it ends, so that the name and parent
   * checks it makes (term_exists, cycles, find-or-create by name) cannot race with another writer. SQLite
   * needs nothing: its write transactions already run one at a time. Readers are not blocked.
   */
  public static void lockForWrite(DSLContext dsl) {
    if (dsl.dialect() == org.jooq.SQLDialect.POSTGRES) dsl.execute("LOCK TABLE terms IN SHARE ROW EXCLUSIVE MODE");
  }

  /** The lowest-id term of the taxonomy whose name in the language equals {@code name} (case-insensitive). */
  public static Long findByName(DSLContext dsl, String taxonomy, String language, String name) {
    return sameName(dsl, taxonomy, language, name, null, null);
  }

  /**
   * The lowest-id term of the taxonomy, other than {@code except}, whose name in the language equals
   * {@code name} case-insensitively; with a {@code parent}, only among the children of that category.
   */
  static Long sameName(DSLContext dsl, String taxonomy, String language, String name, Long parent, Long except) {
    Condition condition = TT_TAXONOMY.eq(taxonomy).and(TT_LANG.eq(language)).and(TT_NAME_FOLDED.eq(Folding.lower(name)));
    if (except != null) condition = condition.and(TT_TERM.ne(except));
    if (parent != null) condition = condition.and(TT_TERM.in(DSL.select(ID).from(TERMS).where(PARENT.eq(parent))));
    return dsl.select(TT_TERM).from(TERM_TRANSLATIONS).where(condition).orderBy(TT_TERM).limit(1).fetchOne(TT_TERM);
  }

  /** The term of the taxonomy whose slug in the language is {@code slug}, or null. */
  static Long slugOwner(DSLContext dsl, String taxonomy, String language, String slug) {
    return dsl.select(TT_TERM).from(TERM_TRANSLATIONS)
        .where(TT_TAXONOMY.eq(taxonomy).and(TT_LANG.eq(language)).and(TT_SLUG.eq(slug))).fetchOne(TT_TERM);
  }

  /** Creates a top-level term with text in one language and a unique derived slug (§3.4, §3.5), at {@code now}. */
  public static long create(DSLContext dsl, String taxonomy, String language, String name, Instant now) {
    return create(dsl, taxonomy, 0, new Translation(language, name, "", "", ""), "", now);
  }

  /**
   * Creates a term with its first translation; the slug is {@code wanted} (normalised, or "" to derive it
   * from the name), made unique, modified at {@code now}. Returns the new id.
   */
  static long create(DSLContext dsl, String taxonomy, long parent, Translation text, String wanted, Instant now) {
    Long kept = KeptIds.take();
    var insert = dsl.insertInto(TERMS).set(TAXONOMY, taxonomy).set(PARENT, parent)
        .set(MODIFIED_UTC, now.getEpochSecond());
    long id = (kept == null ? insert : insert.set(ID, kept)).returningResult(ID).fetchOne().value1();
    if (kept != null) KeptIds.afterInsert(dsl, "terms");
    save(dsl, taxonomy, id, text.withSlug(uniqueSlug(dsl, taxonomy, text.language(), wanted, text.name(), id)), false);
    return id;
  }

  /**
   * A slug for {@code wanted} (already normalised, or empty to derive from the name, then the id) that no
   * other term of the taxonomy uses in the language: the first free of base, base-2, base-3, … (§3.5).
   */
  static String uniqueSlug(DSLContext dsl, String taxonomy, String language, String wanted, String name, long termId) {
    String base = wanted;
    if (base.isEmpty()) base = Slugs.normalise(name);
    if (base.isEmpty()) base = Long.toString(termId);
    return Slugs.firstFree(base, candidates -> dsl.select(TT_SLUG).from(TERM_TRANSLATIONS)
        .where(TT_TAXONOMY.eq(taxonomy).and(TT_LANG.eq(language)).and(TT_TERM.ne(termId)).and(TT_SLUG.in(candidates)))
        .fetch(TT_SLUG));
  }

  /** The terms changed at {@code now}: their text, or their parent (modified_after, modified_before). */
  static void modified(DSLContext dsl, Condition terms, Instant now) {
    dsl.update(TERMS).set(MODIFIED_UTC, now.getEpochSecond()).where(terms).execute();
  }

  /** Inserts or replaces one translation of a term, with its folded name (§10.5). */
  static void save(DSLContext dsl, String taxonomy, long termId, Translation text, boolean exists) {
    if (exists) {
      dsl.update(TERM_TRANSLATIONS)
          .set(TT_NAME, text.name()).set(TT_NAME_FOLDED, Folding.lower(text.name()))
          .set(TT_DESCRIPTION, text.description()).set(TT_SLUG, text.slug())
          .where(TT_TERM.eq(termId).and(TT_LANG.eq(text.language()))).execute();
    } else {
      dsl.insertInto(TERM_TRANSLATIONS)
          .set(TT_TERM, termId).set(TT_TAXONOMY, taxonomy).set(TT_LANG, text.language())
          .set(TT_NAME, text.name()).set(TT_NAME_FOLDED, Folding.lower(text.name()))
          .set(TT_DESCRIPTION, text.description()).set(TT_SLUG, text.slug())
          .execute();
    }
  }
}
