package org.agenda.text;

import java.util.Locale;
import java.util.Set;
import org.owasp.html.Encoding;

/**
 * Plain-text treatments of §5.1 ("Names and titles…" row, applied on write) and §5.10 ("plain
 * text", derived from stored HTML for json_ld and search).
 */
public final class PlainText {
  /** Tags whose start or end begins a paragraph in {@link #fromHtmlWithBreaks}. */
  private static final Set<String> PARAGRAPHS = Set.of("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
      "pre", "table", "figure", "ul", "ol", "hr");
  /** Tags whose start or end begins a line. */
  private static final Set<String> LINES = Set.of("br", "li", "tr", "figcaption");

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

  /**
   * Plain text of an HTML field that keeps its shape, for where text is shown as text (the DESCRIPTION of an
   * iCalendar event): like {@link #fromHtml}, but paragraphs ({@code p}, {@code div}, headings, lists, …) are
   * separated by an empty line and {@code br} and list items start a line; a line end in the source is a space, as
   * HTML shows it. Whitespace within a line is collapsed; there are no empty lines at the start or end, nor two in
   * a row.
   */
  public static String fromHtmlWithBreaks(String html) {
    // a line end in HTML source is a space like any other; the lines of the result come from tags only
    String text = Encoding.decodeHtml(removeTags(html.replace('\r', ' ').replace('\n', ' '), true));
    var out = new StringBuilder(text.length());
    int newlines = 0;
    for (String line : text.split("\n", -1)) {
      String collapsed = Whitespace.collapse(line);
      if (collapsed.isEmpty()) {
        if (out.length() > 0) newlines++;
        continue;
      }
      if (out.length() > 0) out.append(newlines > 1 ? "\n\n" : "\n");
      out.append(collapsed);
      newlines = 0;
    }
    return out.toString();
  }

  private static String removeTags(String s) {
    return removeTags(s, false);
  }

  /** With {@code breaks}, a removed tag of a paragraph is replaced by two line ends, one of a line by one. */
  private static String removeTags(String s, boolean breaks) {
    StringBuilder out = new StringBuilder(s.length());
    // Past the last '>' no tag can close; checking that first keeps long inputs with stray '<' linear.
    int lastClose = s.lastIndexOf('>');
    int i = 0;
    while (i < s.length()) {
      if (i + 2 <= lastClose && startsTag(s, i)) {
        int end = s.indexOf('>', i + 2) + 1;
        if (breaks) out.append(breakFor(s.substring(i, end)));
        i = end;
      } else {
        out.append(s.charAt(i));
        i++;
      }
    }
    return out.toString();
  }

  /** What a tag such as {@code <p class="x">}, {@code </li>} or {@code <br>} stands for in plain text. */
  private static String breakFor(String tag) {
    int start = tag.startsWith("</") ? 2 : 1;
    int end = start;
    while (end < tag.length() && Character.isLetterOrDigit(tag.charAt(end))) end++;
    String name = tag.substring(start, end).toLowerCase(Locale.ROOT);
    if (PARAGRAPHS.contains(name)) return "\n\n";
    return LINES.contains(name) ? "\n" : "";
  }

  private static boolean startsTag(String s, int i) {
    if (s.charAt(i) != '<') return false;
    char next = s.charAt(i + 1);
    return next == '/' || next == '!' || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z');
  }
}
