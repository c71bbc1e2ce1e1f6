package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WhitespaceTest {
  @Test
  void countsNoBreakAndOtherUnicodeSpaces() {
    assertThat(Whitespace.is(' ')).isTrue();
    assertThat(Whitespace.is('\n')).isTrue();
    assertThat(Whitespace.is('\u00A0')).isTrue();
    assertThat(Whitespace.is('\u202F')).isTrue();
    assertThat(Whitespace.is('x')).isFalse();
  }

  @Test
  void trimsAndCollapses() {
    assertThat(Whitespace.trim("\u00A0 a  b \n")).isEqualTo("a  b");
    assertThat(Whitespace.collapse("\u00A0 a \t\n b \n")).isEqualTo("a b");
    assertThat(Whitespace.trim("   ")).isEmpty();
    assertThat(Whitespace.collapse(" \u2003 ")).isEmpty();
    assertThat(Whitespace.collapse("a\u3000\u00A0b\uD83C\uDF89 c")).isEqualTo("a b\uD83C\uDF89 c");
  }

  @Test
  void collapsesAsTheRuleOfWhitespaceRunsSays() {
    var pattern = java.util.regex.Pattern.compile("[\\p{javaWhitespace}\\p{javaSpaceChar}]+");
    var random = new java.util.Random(5);
    String alphabet = " \t\n\u00A0\u2007\u202F\u3000\u200Bxyé\uD83C\uDF89";
    for (int n = 0; n < 20_000; n++) {
      var text = new StringBuilder();
      for (int i = random.nextInt(12); i > 0; i--) text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      String input = text.toString();
      assertThat(Whitespace.collapse(input)).as(input).isEqualTo(Whitespace.trim(pattern.matcher(input).replaceAll(" ")));
    }
  }
}
