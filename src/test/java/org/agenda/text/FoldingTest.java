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
}
