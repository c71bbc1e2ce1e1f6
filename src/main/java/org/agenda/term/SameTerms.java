package org.agenda.term;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Map;

/**
 * One instance per term for as long as it stays equal. Terms are loaded again at every data version, since their
 * counts change with their events; what is kept rendered from a term is checked against the term it was rendered
 * from, on every request. Handing out the instance loaded before when the term did not change compares the two once
 * per load, and makes the check on every request a comparison of references.
 */
public final class SameTerms {
  private final Cache<Long, Term> last;

  public SameTerms(long maximumSize) {
    this.last = Caffeine.newBuilder().maximumSize(maximumSize).build();
  }

  /** {@code loaded}, with each term that equals the one loaded before replaced by that earlier instance. */
  public Map<Long, Term> of(Map<Long, Term> loaded) {
    loaded.replaceAll((id, term) -> {
      Term before = last.getIfPresent(id);
      if (term.equals(before)) return before;
      last.put(id, term);
      return term;
    });
    return loaded;
  }
}
