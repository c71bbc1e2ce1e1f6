package org.agenda.record;

import static org.agenda.record.RecordTables.*;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.text.Folding;
import org.agenda.text.PlainText;
import org.agenda.text.Slugs;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;

/** Reads and writes the per-language text of records, and hands out unique slugs (§3.5). */
public final class Translations {
  /** What a {@link Translation} is read from, for queries that select it beside other columns. */
  public static final List<Field<?>> COLUMNS = List.of(T_LANG, T_NAME, T_DESCRIPTION, T_EXCERPT, T_SLUG);

  private Translations() {}

  /** All translations of the given records, in one query: record id → language → text. */
  public static Map<Long, Map<String, Translation>> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Map<String, Translation>> result = new LinkedHashMap<>();
    if (ids.isEmpty()) return result;
    var columns = new ArrayList<Field<?>>(COLUMNS);
    columns.add(T_RECORD);
    dsl.select(columns)
        .from(TRANSLATIONS)
        .where(T_RECORD.in(ids))
        .fetch()
        .forEach(row -> result.computeIfAbsent(row.get(T_RECORD), k -> new LinkedHashMap<>())
            .put(row.get(T_LANG), fromRow(row)));
    return result;
  }

  /** The translation in a row that selected {@link #COLUMNS}. */
  public static Translation fromRow(Record row) {
    return new Translation(row.get(T_LANG), row.get(T_NAME), row.get(T_DESCRIPTION), row.get(T_EXCERPT),
        row.get(T_SLUG));
  }

  /** Inserts or replaces one translation, with the folded search columns computed here (§10.5). */
  public static void save(DSLContext dsl, String type, long recordId, Translation text, boolean exists) {
    Map<Field<?>, Object> values = new LinkedHashMap<>();
    values.put(T_NAME, text.name());
    values.put(T_DESCRIPTION, text.description());
    values.put(T_EXCERPT, text.excerpt());
    values.put(T_SLUG, text.slug());
    values.put(T_NAME_FOLDED, Folding.lower(text.name()));
    values.put(T_BODY_FOLDED, Folding.lower(PlainText.fromHtml(text.description())) + "\u001f"
        + Folding.lower(PlainText.fromHtml(text.excerpt())));
    if (exists) {
      dsl.update(TRANSLATIONS).set(values).where(T_RECORD.eq(recordId).and(T_LANG.eq(text.language()))).execute();
    } else {
      values.put(T_RECORD, recordId);
      values.put(T_TYPE, type);
      values.put(T_LANG, text.language());
      dsl.insertInto(TRANSLATIONS).set(values).execute();
    }
  }

  /**
   * A slug for {@code wanted} (already normalised, or empty to derive from the name, then the id) that no
   * other record of the type uses in the language: the first free of base, base-2, base-3, …
   */
  public static String uniqueSlug(DSLContext dsl, String type, String language, String wanted, String name, long recordId) {
    String base = wanted;
    if (base.isEmpty()) base = Slugs.normalise(name);
    if (base.isEmpty()) base = Long.toString(recordId);
    Records.lockSlugBase(dsl, type, language, base);
    return Slugs.firstFree(base, candidates -> dsl.select(T_SLUG).from(TRANSLATIONS)
        .where(T_TYPE.eq(type).and(T_LANG.eq(language)).and(T_RECORD.ne(recordId)).and(T_SLUG.in(candidates)))
        .fetch(T_SLUG));
  }

  /** §3.6: the slug in L first, then in the other languages in the configured order. */
  public static Long lookupSlug(DSLContext dsl, String type, List<String> lookupOrder, String slug) {
    List<Long> found = new ArrayList<>();
    var rows = dsl.select(T_RECORD, T_LANG).from(TRANSLATIONS)
        .where(T_TYPE.eq(type).and(T_SLUG.eq(slug)))
        .fetch();
    for (String language : lookupOrder) {
      for (var row : rows) {
        if (row.get(T_LANG).equals(language)) found.add(row.get(T_RECORD));
      }
      if (!found.isEmpty()) return found.get(0);
    }
    return null;
  }
}
