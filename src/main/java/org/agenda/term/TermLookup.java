package org.agenda.term;

import static org.agenda.term.TermTables.*;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.jooq.DSLContext;

/** Resolves category and tag references given as ids or slugs (§3.7, §6.3 "categories"). */
public final class TermLookup {
  private TermLookup() {}

  /** The term id for a numeric id or a slug (in L first, then in the other languages), or null. */
  public static Long resolve(DSLContext dsl, String taxonomy, String item, List<String> lookupOrder) {
    return resolve(dsl, taxonomy, item, lookupOrder, id -> exists(dsl, taxonomy, id));
  }

  /** The same, with {@code isTerm} telling whether a term of the taxonomy has a numeric id. */
  public static Long resolve(DSLContext dsl, String taxonomy, String item, List<String> lookupOrder,
      LongPredicate isTerm) {
    if (isId(item)) {
      if (item.length() > 18) return null;
      long id = Long.parseLong(item);
      return isTerm.test(id) ? id : null;
    }
    String slug = item.toLowerCase(Locale.ROOT);
    var rows = dsl.select(TT_TERM, TT_LANG).from(TERM_TRANSLATIONS)
        .where(TT_TAXONOMY.eq(taxonomy).and(TT_SLUG.eq(slug))).fetch();
    for (String language : lookupOrder) {
      for (var row : rows) {
        if (row.get(TT_LANG).equals(language)) return row.get(TT_TERM);
      }
    }
    return null;
  }

  /** Whether a reference to a term is its numeric id, not a slug. */
  public static boolean isId(String item) {
    return !item.isEmpty() && item.chars().allMatch(Character::isDigit);
  }

  /** True when a term of the taxonomy has this id. */
  public static boolean exists(DSLContext dsl, String taxonomy, long id) {
    return dsl.fetchExists(dsl.selectOne().from(TERMS).where(ID.eq(id).and(TAXONOMY.eq(taxonomy))));
  }

  /** The categories and all their descendants. */
  public static Set<Long> withDescendants(DSLContext dsl, List<Long> ids) {
    return withDescendants(ids, parents -> dsl.select(ID).from(TERMS).where(PARENT.in(parents)).fetch(ID));
  }

  /** The same, {@code children} giving the children of some categories. */
  static Set<Long> withDescendants(List<Long> ids, Function<List<Long>, List<Long>> children) {
    Set<Long> all = new LinkedHashSet<>(ids);
    List<Long> frontier = new ArrayList<>(ids);
    while (!frontier.isEmpty()) frontier = children.apply(frontier).stream().filter(all::add).toList();
    return all;
  }
}
