package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlugsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Concert d'été|concert-d-ete",
      "Zomerconcert 2026!|zomerconcert-2026",
      "œuvre|oeuvre",
      "Œuvre|oeuvre",
      "Straße|strasse",
      "GROẞE|grosse",
      "Æble Ærø|aeble-aero",
      "Øresund|oresund",
      "Łódź|lodz",
      "Đakovo|dakovo",
      "Þingvellir þorp|thingvellir-thorp",
      "Müller & Söhne|muller-sohne",
      "Ça va? Señor Ñandú|ca-va-senor-nandu",
      "  --Hello--World--  |hello-world",
      "a___b...c|a-b-c",
      "ﬁne ½|fine-1-2",
      "İstanbul|istanbul",
      "Jazz avond|jazz-avond",
      "Soirée jazz|soiree-jazz",
  })
  void normalises(String text, String slug) {
    assertThat(Slugs.normalise(text)).isEqualTo(slug);
  }

  @Test
  void textWithoutLatinLettersOrDigitsNormalisesToEmpty() {
    assertThat(Slugs.normalise("!!! ---")).isEmpty();
    assertThat(Slugs.normalise("東京")).isEmpty();
    assertThat(Slugs.normalise("")).isEmpty();
  }

  @Test
  void cutsTo200CharactersThenDropsTrailingDash() {
    String text = "a".repeat(199) + " bcd";
    assertThat(Slugs.normalise(text)).isEqualTo("a".repeat(199));
    assertThat(Slugs.normalise("x".repeat(250))).hasSize(200);
  }

  @Test
  void cuttingHappensAfterLeadingDashesAreRemoved() {
    assertThat(Slugs.normalise("!!!" + "b".repeat(200))).isEqualTo("b".repeat(200));
  }

  @Test
  void suffixIsAppended() {
    assertThat(Slugs.withSuffix("zomerconcert", 2)).isEqualTo("zomerconcert-2");
    assertThat(Slugs.withSuffix("markt", 10)).isEqualTo("markt-10");
  }

  @Test
  void suffixShortensTheBaseToStayWithin200Characters() {
    String base = "a".repeat(200);
    assertThat(Slugs.withSuffix(base, 2)).isEqualTo("a".repeat(198) + "-2").hasSize(200);
    assertThat(Slugs.withSuffix(base, 123)).hasSize(200).endsWith("a-123");
  }

  @Test
  void shortenedBaseDoesNotEndInADash() {
    String base = "a".repeat(197) + "-bc";
    assertThat(Slugs.withSuffix(base, 2)).isEqualTo("a".repeat(197) + "-2");
  }

  @Test
  void firstFreeIsTheLowestUnusedSuffixAcrossLookups() {
    var used = new java.util.HashSet<String>(java.util.List.of("markt", "markt-3"));
    var lookups = new java.util.ArrayList<java.util.List<String>>();
    java.util.function.Function<java.util.List<String>, java.util.Collection<String>> taken = candidates -> {
      lookups.add(candidates);
      return candidates.stream().filter(used::contains).toList();
    };
    assertThat(Slugs.firstFree("concert", taken)).isEqualTo("concert");
    assertThat(Slugs.firstFree("markt", taken)).isEqualTo("markt-2");
    for (int n = 2; n <= 45; n++) used.add("markt-" + n);
    lookups.clear();
    assertThat(Slugs.firstFree("markt", taken)).isEqualTo("markt-46");
    assertThat(lookups).hasSize(3);
  }
}
