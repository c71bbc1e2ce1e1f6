package org.agenda.record;

import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;

/**
 * The trigram index of the translations' searchable text (migration V6: SQLite FTS5 {@code translation_text},
 * PostgreSQL {@code pg_trgm}; §10.5). It finds the records with a translation, in any language, that contains
 * every given term: a superset of those that a search's exact rule matches, since that rule looks for the same
 * lower-cased terms in the same columns of one translation. A trigram index cannot look up fewer than three
 * characters, so shorter terms are left to the exact rule.
 */
public final class TextIndex {
  private static final int SHORTEST_INDEXED = 3;
  private static final char LIKE_ESCAPE = '!';
  /** SQLite: a translation's row in the index is record_id * 1024 + the number of its language (migration V6). */
  private static final int ROWS_PER_RECORD = 1024;
  /** PostgreSQL: the most translations that the index narrows a search to (see {@link #postgres}). */
  private static final int MOST_CANDIDATES = 5_000;

  private TextIndex() {}

  /**
   * The records whose text contains every indexable term, or null for no narrowing: when no term is indexable,
   * or (PostgreSQL) when the terms are so common that narrowing would cost more than it saves.
   */
  public static Condition containingAll(DSLContext dsl, Field<Long> recordId, List<String> lowerCasedTerms) {
    List<String> indexable = lowerCasedTerms.stream()
        .filter(term -> term.codePointCount(0, term.length()) >= SHORTEST_INDEXED).toList();
    if (indexable.isEmpty()) return null;
    return dsl.dialect() == SQLDialect.SQLITE ? sqlite(recordId, indexable) : postgres(dsl, recordId, indexable);
  }

  /** An FTS5 query of one quoted string per term: with the trigram tokenizer each is a substring match. */
  private static Condition sqlite(Field<Long> recordId, List<String> terms) {
    String query = String.join(" AND ", terms.stream().map(term -> '"' + term.replace("\"", "\"\"") + '"').toList());
    var index = table(name("translation_text"));
    Field<Long> record =
        field("{0} / {1}", Long.class, field(name("translation_text", "rowid")), inline(ROWS_PER_RECORD));
    return recordId.in(select(record).from(index).where(condition("{0} MATCH {1}", index, inline(query))));
  }

  /**
   * The records found with LIKE on the indexed expression (written exactly as in the index, so that PostgreSQL
   * uses it), looked up first and given to the list's queries as values. Given as a sub-query instead, the
   * planner joined all of them before the window (at a million events, a search whose terms are in 15 % of the
   * events took 4.9 s against 4.3 s without the index) and computed them all for a page of 12 that walking the
   * window in order finds at once. So beyond {@value #MOST_CANDIDATES} translations (not made distinct: that
   * would read every match before the limit) the terms are common enough for that walk, and the index does not
   * narrow; below, the queries look up so many events by id.
   */
  private static Condition postgres(DSLContext dsl, Field<Long> recordId, List<String> terms) {
    Field<String> text = field("({0} || chr(10) || {1})", String.class, T_NAME_FOLDED, T_BODY_FOLDED);
    Condition all = noCondition();
    for (String term : terms) all = all.and(text.like(inline("%" + escapeLike(term) + "%"), LIKE_ESCAPE));
    List<Long> found = dsl.select(T_RECORD).from(TRANSLATIONS).where(all).limit(MOST_CANDIDATES + 1)
        .fetch(T_RECORD);
    if (found.size() > MOST_CANDIDATES) return null;
    return recordId.eq(any(found.toArray(Long[]::new)));
  }

  private static String escapeLike(String term) {
    StringBuilder escaped = new StringBuilder();
    for (char c : term.toCharArray()) {
      if (c == LIKE_ESCAPE || c == '%' || c == '_') escaped.append(LIKE_ESCAPE);
      escaped.append(c);
    }
    return escaped.toString();
  }
}
