package org.agenda.text;

/**
 * The whitespace rule used when trimming, collapsing and splitting text: Java whitespace plus
 * the Unicode space separators, so that a no-break space pasted into a name or a search box
 * counts as a space too.
 */
public final class Whitespace {
  private Whitespace() {}

  public static boolean is(int codePoint) {
    return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
  }

  /** Removes leading and trailing whitespace. */
  public static String trim(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && is(s.codePointAt(start))) start += Character.charCount(s.codePointAt(start));
    while (end > start && is(s.codePointBefore(end))) end -= Character.charCount(s.codePointBefore(end));
    return s.substring(start, end);
  }

  /**
   * Replaces every run of whitespace by one ASCII space and trims. A loop, not a regular expression: it runs
   * on every text of every record rendered, where the pattern took 5 % of building an event's answer.
   */
  public static String collapse(String s) {
    var out = new StringBuilder(s.length());
    boolean spaceBefore = false;
    for (int i = 0; i < s.length(); ) {
      int codePoint = s.codePointAt(i);
      i += Character.charCount(codePoint);
      if (is(codePoint)) {
        spaceBefore = out.length() > 0;
      } else {
        if (spaceBefore) out.append(' ');
        spaceBefore = false;
        out.appendCodePoint(codePoint);
      }
    }
    return out.toString();
  }
}
