package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchTermsTest {
  @Test
  void splitsOnWhitespaceAndLowerCases() {
    SearchTerms terms = SearchTerms.parse("  Jazz\tAVOND\n soirée ");
    assertThat(terms.required()).containsExactly("jazz", "avond", "soirée");
    assertThat(terms.excluded()).isEmpty();
  }

  @Test
  void quotedPhraseIsOneTerm() {
    SearchTerms terms = SearchTerms.parse("\"Open Air\" concert");
    assertThat(terms.required()).containsExactly("open air", "concert");
  }

  @Test
  void dashMarksAnExclusion() {
    SearchTerms terms = SearchTerms.parse("jazz -Blues -\"Big Band\"");
    assertThat(terms.required()).containsExactly("jazz");
    assertThat(terms.excluded()).containsExactly("blues", "big band");
  }

  @Test
  void loneDashIsAnOrdinaryTerm() {
    SearchTerms terms = SearchTerms.parse("rock - roll");
    assertThat(terms.required()).containsExactly("rock", "-", "roll");
    assertThat(terms.excluded()).isEmpty();
  }

  @Test
  void dashInsideQuotesOrAWordIsLiteral() {
    SearchTerms terms = SearchTerms.parse("\"-x\" hip-hop --y");
    assertThat(terms.required()).containsExactly("-x", "hip-hop");
    assertThat(terms.excluded()).containsExactly("-y");
  }

  @Test
  void unclosedQuoteRunsToTheEnd() {
    assertThat(SearchTerms.parse("jazz \"open  air").required()).containsExactly("jazz", "open air");
  }

  @Test
  void emptyPhrasesAreDropped() {
    SearchTerms terms = SearchTerms.parse("\"\" \"  \" -\"\" x");
    assertThat(terms.required()).containsExactly("x");
    assertThat(terms.excluded()).isEmpty();
  }

  @Test
  void phraseEndsAtItsClosingQuote() {
    assertThat(SearchTerms.parse("\"a b\"c").required()).containsExactly("a b", "c");
  }

  @Test
  void termsAreImmutable() {
    SearchTerms terms = SearchTerms.parse("a");
    assertThat(terms.required()).isUnmodifiable();
    assertThat(terms.excluded()).isUnmodifiable();
  }

  @Test
  void fragmentsSplitAtNonWordCharacters() {
    assertThat(SearchTerms.fragments("temple avenue")).containsExactly("temple", "avenue");
    assertThat(SearchTerms.fragments("100, Avenue du Temple")).containsExactly("100", "avenue", "du", "temple");
    assertThat(SearchTerms.fragments("Saint-Étienne's café!")).containsExactly("saint-étienne", "s", "café");
    assertThat(SearchTerms.fragments(" ,;. ")).isEmpty();
  }
}
