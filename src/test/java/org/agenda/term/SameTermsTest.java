package org.agenda.term;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.agenda.record.Translation;
import org.junit.jupiter.api.Test;

/** A term loaded again unchanged is the instance loaded before; a changed one (text or count) is the new one. */
class SameTermsTest {
  private static Term term(int count, String name) {
    return new Term(7, TermTables.TAG, 0, count, Map.of("nl", new Translation("nl", name, "", "", "buiten")), 100);
  }

  private static Map<Long, Term> loaded(Term term) {
    var loaded = new HashMap<Long, Term>();
    loaded.put(term.id(), term);
    return loaded;
  }

  @Test
  void anUnchangedTermIsTheInstanceLoadedBefore() {
    var same = new SameTerms(10);
    Term first = same.of(loaded(term(3, "buiten"))).get(7L);
    Term again = same.of(loaded(term(3, "buiten"))).get(7L);
    assertThat(again).isSameAs(first);

    Term counted = same.of(loaded(term(4, "buiten"))).get(7L);
    assertThat(counted).isNotSameAs(first).isEqualTo(term(4, "buiten"));
    Term renamed = same.of(loaded(term(4, "Buiten"))).get(7L);
    assertThat(renamed.translations().get("nl").name()).isEqualTo("Buiten");
    assertThat(same.of(loaded(term(4, "Buiten"))).get(7L)).isSameAs(renamed);
  }
}
