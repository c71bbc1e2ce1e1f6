package org.agenda.text;

import org.owasp.html.Encoding;

/**
 * Plain-text treatments of §5.1 ("Names and titles…" row, applied on write) and §5.10 ("plain
 * text", derived from stored HTML for json_ld and search).
 */
public final class PlainText {
  private PlainText() {}

  /**
   * Removes tags and trims; the rest is kept as sent. A tag is a {@code <} followed by an ASCII
   * letter (as in the HTML tokenizer), {@code /} or {@code !}, through the next {@code >}; any
   * other {@code <}, a {@code <} with no later {@code >}, and entities stay as they are
   * ({@code Rock &amp; Roll}, {@code a < b}).
   */
  public static String stripTags(String s) {
    return Whitespace.trim(removeTags(s));
  }

  /** {@link #stripTags} plus runs of whitespace collapsed to one space (address fields, phone). */
  public static String stripTagsCollapse(String s) {
    return Whitespace.collapse(removeTags(s));
  }

  /**
   * Plain text of an HTML field (§5.10): tags removed, character references decoded (named ones
   * such as {@code &nbsp;} and {@code &eacute;}, and numeric ones), whitespace collapsed, trimmed.
   * A decoded no-break space counts as whitespace, so {@code a&nbsp;b} reads as {@code a b}.
   */
  public static String fromHtml(String html) {
    return Whitespace.collapse(Encoding.decodeHtml(removeTags(html)));
  }

  private static String removeTags(String s) {
    StringBuilder out = new StringBuilder(s.length());
    // Past the last '>' no tag can close; checking that first keeps long inputs with stray '<' linear.
    int lastClose = s.lastIndexOf('>');
    int i = 0;
    while (i < s.length()) {
      if (i + 2 <= lastClose && startsTag(s, i)) {
        i = s.indexOf('>', i + 2) + 1;
      } else {
        out.append(s.charAt(i));
        i++;
      }
    }
    return out.toString();
  }

  private static boolean startsTag(String s, int i) {
    if (s.charAt(i) != '<') return false;
    char next = s.charAt(i + 1);
    return next == '/' || next == '!' || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
  }
}
