package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CostTest {
  /** Formats with the site defaults of the §5.4 examples: {@code €}, prefix. */
  private static String format(Cost cost, String language) {
    return cost.format(language, "€", "prefix");
  }

  private static void assertDetails(Cost cost, String symbol, String position, String... values) {
    assertThat(cost.currencySymbol()).isEqualTo(symbol);
    assertThat(cost.currencyPosition()).isEqualTo(position);
    assertThat(cost.values()).containsExactly(values);
  }

  // The rows of the §5.4 examples table (L = nl).

  @Test
  void plainNumber() {
    Cost cost = Cost.of(List.of("15"));
    assertThat(format(cost, "nl")).isEqualTo("€15");
    assertDetails(cost, "", "", "15");
  }

  @Test
  void postfixDollar() {
    Cost cost = Cost.of(List.of("20$"));
    assertThat(format(cost, "nl")).isEqualTo("20$");
    assertDetails(cost, "$", "postfix", "20");
  }

  @Test
  void prefixedRange() {
    Cost cost = Cost.of(List.of("€15 - €25"));
    assertThat(format(cost, "nl")).isEqualTo("€15 – €25");
    assertDetails(cost, "€", "prefix", "15", "25");
  }

  @Test
  void postfixedRange() {
    Cost cost = Cost.of(List.of("15 - 25 €"));
    assertThat(format(cost, "nl")).isEqualTo("15€ – 25€");
    assertDetails(cost, "€", "postfix", "15", "25");
  }

  @Test
  void freeToThirty() {
    Cost cost = Cost.of(List.of("0", "20 €", "30 €"));
    assertThat(format(cost, "nl")).isEqualTo("Gratis – 30€");
    assertDetails(cost, "€", "postfix", "0", "20", "30");
  }

  @Test
  void freeInEachLanguage() {
    Cost cost = Cost.of(List.of("0"));
    assertThat(format(cost, "nl")).isEqualTo("Gratis");
    assertThat(format(cost, "en")).isEqualTo("Free");
    assertThat(format(cost, "fr")).isEqualTo("Gratuit");
    assertThat(format(cost, "de")).isEqualTo("Free");
    assertDetails(cost, "", "", "0");
  }

  @Test
  void decimalCommaWithCurrencyCode() {
    Cost cost = Cost.of(List.of("12,50 EUR"));
    assertThat(format(cost, "nl")).isEqualTo("12.50EUR");
    assertDetails(cost, "EUR", "postfix", "12.50");
  }

  @Test
  void conflictingSymbolsFallBackToTheDefaults() {
    Cost cost = Cost.of(List.of("10 $", "20 €"));
    assertThat(format(cost, "nl")).isEqualTo("€10 – €20");
    assertDetails(cost, "", "", "10", "20");
  }

  @Test
  void wordBeforeTheNumberIsNotASymbol() {
    Cost cost = Cost.of(List.of("From 10 €"));
    assertThat(format(cost, "nl")).isEqualTo("10€");
    assertDetails(cost, "€", "postfix", "10");
  }

  @Test
  void nonNumericCost() {
    Cost cost = Cost.of(List.of("Donation"));
    assertThat(format(cost, "nl")).isEqualTo("Donation");
    assertDetails(cost, "", "", "donation");
  }

  @Test
  void noCost() {
    Cost cost = Cost.of(List.of());
    assertThat(format(cost, "nl")).isEmpty();
    assertThat(cost.values()).isEmpty();
    assertThat(cost.currencySymbol()).isEmpty();
    assertThat(cost.currencyPosition()).isEmpty();
    assertThat(cost.hasNumericValue()).isFalse();
    assertThat(cost.minValue()).isEmpty();
  }

  // Canonical values.

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "12,50|12.50",
      "1.250|1250",
      "1.234,56|1234.56",
      "1,234.56|1234.56",
      "12.5|12.5",
      "007|7",
      "0|0",
      "000|0",
      "00,50|0.50",
      "0.00|0.00",
      "1.000.000|1000000",
      "1.2.3|12.3",
      "10,000|10000",
  })
  void canonicalValue(String token, String canonical) {
    assertThat(CostElement.canonicalValue(token)).isEqualTo(canonical);
  }

  @Test
  void everyTokenOfEveryElementCounts() {
    Cost cost = Cost.of(List.of("Kids 5, adults 12,50", "Groups 1.250"));
    assertThat(cost.values()).containsExactly("5", "12.50", "1250");
  }

  @Test
  void valuesAreSortedNumericallyNotAsText() {
    assertThat(Cost.of(List.of("100", "9", "25.5")).values()).containsExactly("9", "25.5", "100");
  }

  @Test
  void numericallyEqualValuesCountOnceInTheFormFirstWritten() {
    Cost cost = Cost.of(List.of("15,00", "15", "20"));
    assertThat(cost.values()).containsExactly("15.00", "20");
  }

  @Test
  void equalMinAndMaxGiveOneValue() {
    assertThat(format(Cost.of(List.of("€15", "€15")), "nl")).isEqualTo("€15");
  }

  @Test
  void zeroWithDecimalsIsFree() {
    Cost cost = Cost.of(List.of("0.00", "5 €"));
    assertThat(format(cost, "en")).isEqualTo("Free – 5€");
    assertThat(cost.minValue()).isEqualTo("0");
  }

  @Test
  void minValueKeepsTheWrittenForm() {
    assertThat(Cost.of(List.of("12,50 - 20")).minValue()).isEqualTo("12.50");
    assertThat(Cost.of(List.of("0", "5")).minValue()).isEqualTo("0");
    assertThat(Cost.of(List.of("0", "5")).hasNumericValue()).isTrue();
  }

  // Symbol candidates.

  @Test
  void elementsWithoutCandidateDoNotBreakACommonSymbol() {
    assertDetails(Cost.of(List.of("10", "$20")), "$", "prefix", "10", "20");
  }

  @Test
  void sameSymbolInDifferentPositionsIsNoCommonSymbol() {
    Cost cost = Cost.of(List.of("€10", "20 €"));
    assertDetails(cost, "", "", "10", "20");
    assertThat(format(cost, "nl")).isEqualTo("€10 – €20");
  }

  @Test
  void punctuationAroundNumbersIsNoSymbol() {
    assertDetails(Cost.of(List.of("(15)")), "", "", "15");
    assertDetails(Cost.of(List.of("- 15 -")), "", "", "15");
    assertDetails(Cost.of(List.of("15.-")), "", "", "15");
  }

  @Test
  void candidateIsOneToFourCharactersWithoutWhitespaceDigitsOrLowerCase() {
    assertDetails(Cost.of(List.of("CHF 10")), "CHF", "prefix", "10");
    assertDetails(Cost.of(List.of("US$ 10")), "US$", "prefix", "10");
    assertDetails(Cost.of(List.of("EURO 10")), "EURO", "prefix", "10");
    assertDetails(Cost.of(List.of("EUROS 10")), "", "", "10");
    assertDetails(Cost.of(List.of("10 euro")), "", "", "10");
    assertDetails(Cost.of(List.of("A B 10")), "", "", "10");
  }

  @Test
  void prefixCandidateWinsOverPostfix() {
    assertDetails(Cost.of(List.of("$10 USD")), "$", "prefix", "10");
  }

  @Test
  void textBetweenTokensIsIgnored() {
    assertDetails(Cost.of(List.of("€10 — 20 or 30")), "€", "prefix", "10", "20", "30");
  }

  @Test
  void derivedSymbolOverridesTheDefaults() {
    Cost cost = Cost.of(List.of("£8"));
    assertThat(cost.format("en", "€", "postfix")).isEqualTo("£8");
  }

  @Test
  void defaultPostfixPositionIsUsedWithoutDerivedSymbol() {
    assertThat(Cost.of(List.of("8")).format("en", "€", "postfix")).isEqualTo("8€");
  }

  // Non-numeric costs.

  @Test
  void nonNumericElementsAreJoinedAndSlugged() {
    Cost cost = Cost.of(List.of("Vrije gift", "Pay what you can"));
    assertThat(format(cost, "nl")).isEqualTo("Vrije gift, Pay what you can");
    assertThat(cost.values()).containsExactly("vrije-gift", "pay-what-you-can");
    assertThat(cost.hasNumericValue()).isFalse();
    assertThat(cost.minValue()).isEmpty();
  }

  @Test
  void anyNumberMakesTheCostNumeric() {
    Cost cost = Cost.of(List.of("Donation", "10 €"));
    assertThat(format(cost, "nl")).isEqualTo("10€");
    assertThat(cost.values()).containsExactly("10");
  }

  @Test
  void valuesAreImmutable() {
    assertThat(Cost.of(List.of("5")).values()).isUnmodifiable();
    assertThat(Cost.of(List.of("x")).values()).isUnmodifiable();
  }
}
