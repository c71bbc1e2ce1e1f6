package org.agenda.record;

import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.util.List;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.SQLDialect;

/**
 * The trigram index of the records' searchable text (migration V6: SQLite FTS5 {@code record_text}, PostgreSQL
 * {@code pg_trgm} on translations; §10.5). It finds the records whose text, in any language, contains every
 * given term: a superset of those that a search's exact rule matches, since that rule looks for the same
 * lower-cased terms in the same columns of one translation. A trigram index cannot look up fewer than three
 * characters, so shorter terms are left to the exact rule.
 */
public final class TextIndex {
  private static final int SHORTEST_INDEXED = 3;
  private static final char LIKE_ESCAPE = '!';

  private TextIndex() {}

  /** The records whose text contains every indexable term, or null when no term is indexable (no narrowing). */
  public static Condition containingAll(SQLDialect dialect, Field<Long> recordId, List<String> lowerCasedTerms) {
    List<String> indexable = lowerCasedTerms.stream()
        .filter(term -> term.codePointCount(0, term.length()) >= SHORTEST_INDEXED).toList();
    if (indexable.isEmpty()) return null;
    return dialect == SQLDialect.SQLITE ? sqlite(recordId, indexable) : postgres(recordId, indexable);
  }

  /** An FTS5 query of one quoted string per term: with the trigram tokenizer each is a substring match. */
  private static Condition sqlite(Field<Long> recordId, List<String> terms) {
    String query = String.join(" AND ", terms.stream().map(term -> '"' + term.replace("\"", "\"\"") + '"').toList());
    return recordId.in(select(field(name("record_text", "rowid"), Long.class)).from(table(name("record_text")))
        .where(condition("{0} MATCH {1}", table(name("record_text")), inline(query))));
  }

  /** LIKE on the indexed expression, written exactly as in the index so that PostgreSQL uses it. */
  private static Condition postgres(Field<Long> recordId, List<String> terms) {
    Field<String> text = field("({0} || chr(10) || {1})", String.class, T_NAME_FOLDED, T_BODY_FOLDED);
    Condition all = noCondition();
    for (String term : terms) all = all.and(text.like(inline("%" + escapeLike(term) + "%"), LIKE_ESCAPE));
    return recordId.in(select(T_RECORD).from(TRANSLATIONS).where(all));
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
