package org.agenda.text;

import java.util.Locale;

/**
 * The one case-folding rule of the interface (§0 "case-insensitive"): Unicode lower-casing as
 * {@code toLowerCase(Locale.ROOT)}, no accent folding. Every case-insensitive comparison goes
 * through here so that all of them agree, whatever the default locale of the JVM.
 */
public final class Folding {
  private Folding() {}

  public static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  /**
   * The case-insensitive sort order of §0: the lower-cased values compared by Unicode code point (not
   * by UTF-16 unit, which puts characters beyond U+FFFF before U+E000–U+FFFF).
   */
  public static int compare(String a, String b) {
    return compareCodePoints(lower(a), lower(b));
  }

  private static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) return Integer.compare(x, y);
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
