package org.agenda.text;

import java.util.regex.Pattern;

/**
 * The whitespace rule used when trimming, collapsing and splitting text: Java whitespace plus
 * the Unicode space separators, so that a no-break space pasted into a name or a search box
 * counts as a space too.
 */
public final class Whitespace {
  private static final Pattern RUNS = Pattern.compile("[\\p{javaWhitespace}\\p{javaSpaceChar}]+");

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

  /** Replaces every run of whitespace by one ASCII space, then trims. */
  public static String collapse(String s) {
    return trim(RUNS.matcher(s).replaceAll(" "));
  }
}
