package org.agenda.term;

import static org.agenda.term.TermTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.record.Translation;
import org.agenda.text.Folding;
import org.agenda.text.Slugs;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/** Loading, creating and embedding categories and tags. */
public final class Terms {
  private Terms() {}

  /** The terms with these ids, with translations and counts, in a fixed number of queries. */
  public static Map<Long, Term> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Term> result = new LinkedHashMap<>();
    if (ids.isEmpty()) return result;
    Map<Long, Map<String, Translation>> texts = new HashMap<>();
    dsl.select(TT_TERM, TT_LANG, TT_NAME, TT_DESCRIPTION, TT_SLUG).from(TERM_TRANSLATIONS).where(TT_TERM.in(ids)).fetch()
        .forEach(row -> texts.computeIfAbsent(row.value1(), k -> new LinkedHashMap<>())
            .put(row.value2(), new Translation(row.value2(), row.value3(), row.value4(), "", row.value5())));
    Map<Long, Integer> counts = publishedCounts(dsl, ids);
    dsl.select(ID, TAXONOMY, PARENT).from(TERMS).where(ID.in(ids)).fetch().forEach(row -> result.put(row.value1(),
        new Term(row.value1(), row.value2(), row.value3(), counts.getOrDefault(row.value1(), 0),
            texts.getOrDefault(row.value1(), Map.of()))));
    return result;
  }

  /** §5.8: the number of events with status publish that carry each term. */
  private static Map<Long, Integer> publishedCounts(DSLContext dsl, Collection<Long> ids) {
    var eventTerms = DSL.table(DSL.name("event_terms"));
    var termId = DSL.field(DSL.name("event_terms", "term_id"), Long.class);
    var eventId = DSL.field(DSL.name("event_terms", "event_id"), Long.class);
    var records = DSL.table(DSL.name("records"));
    var recordId = DSL.field(DSL.name("records", "id"), Long.class);
    var status = DSL.field(DSL.name("records", "status"), String.class);
    Map<Long, Integer> counts = new HashMap<>();
    dsl.select(termId, DSL.count()).from(eventTerms).join(records).on(recordId.eq(eventId))
        .where(termId.in(ids).and(status.eq("publish"))).groupBy(termId).fetch()
        .forEach(row -> counts.put(row.value1(), row.value2()));
    return counts;
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
    ObjectNode links = node.putObject("urls");
    links.put("self", urls.record(term.collection(), term.id()));
    links.put("collection", urls.collection(term.collection()));
    if (term.parent() != 0) links.put("up", urls.record(term.collection(), term.parent()));
    node.put("language", text.language());
    ObjectNode translations = node.putObject("translations");
    for (String code : languages.codes()) {
      Translation translation = term.translations().get(code);
      if (translation == null) continue;
      ObjectNode member = translations.putObject(code);
      member.put("slug", translation.slug());
      member.put("rest_url", urls.inLanguage(code, term.collection(), term.id()));
    }
    return Optional.of(node);
  }

  /** The lowest-id term of the taxonomy whose name in the language equals {@code name} (case-insensitive). */
  public static Long findByName(DSLContext dsl, String taxonomy, String language, String name) {
    return dsl.select(TT_TERM).from(TERM_TRANSLATIONS)
        .where(TT_TAXONOMY.eq(taxonomy).and(TT_LANG.eq(language)).and(TT_NAME_FOLDED.eq(Folding.lower(name))))
        .orderBy(TT_TERM).limit(1).fetchOne(TT_TERM);
  }

  /** Creates a top-level term with text in one language and a unique derived slug (§3.4, §3.5). */
  public static long create(DSLContext dsl, String taxonomy, String language, String name) {
    long id = dsl.insertInto(TERMS).set(TAXONOMY, taxonomy).set(PARENT, 0L)
        .returningResult(ID).fetchOne().value1();
    String base = Slugs.normalise(name);
    if (base.isEmpty()) base = Long.toString(id);
    List<String> taken = dsl.select(TT_SLUG).from(TERM_TRANSLATIONS)
        .where(TT_TAXONOMY.eq(taxonomy).and(TT_LANG.eq(language)).and(TT_SLUG.like(base.substring(0, Math.min(base.length(), 190)) + "%")))
        .fetch(TT_SLUG);
    String slug = base;
    for (int n = 2; taken.contains(slug); n++) slug = Slugs.withSuffix(base, n);
    dsl.insertInto(TERM_TRANSLATIONS)
        .set(TT_TERM, id).set(TT_TAXONOMY, taxonomy).set(TT_LANG, language)
        .set(TT_NAME, name).set(TT_NAME_FOLDED, Folding.lower(name)).set(TT_DESCRIPTION, "").set(TT_SLUG, slug)
        .execute();
    return id;
  }
}
