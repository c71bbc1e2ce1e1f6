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
  }
}
