package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class FoldingTest {
  @Test
  void lowerCasesWithoutAccentFolding() {
    assertThat(Folding.lower("SOIRÉE Jazz")).isEqualTo("soirée jazz");
  }

  @Test
  void doesNotDependOnTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(new Locale("tr", "TR"));
      assertThat(Folding.lower("TITLE")).isEqualTo("title");
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void comparesLowerCasedValuesByCodePoint() {
    assertThat(Folding.compare("Zomer", "appel")).isPositive();
    assertThat(Folding.compare("ÉTÉ", "été")).isZero();
    assertThat(Folding.compare("ab", "abc")).isNegative();
    // U+1F3B5 (a surrogate pair in UTF-16) sorts after U+FF41 by code point, before it by UTF-16 unit.
    assertThat(Folding.compare("\uD83C\uDFB5", "\uFF41")).isPositive();
    assertThat("\uD83C\uDFB5".compareTo("\uFF41")).isNegative();
  }
}
