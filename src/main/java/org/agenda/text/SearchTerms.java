package org.agenda.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed event {@code search} value (§6.3): terms split on whitespace, a
 * {@code "double-quoted phrase"} is one term, and {@code -term} (or {@code -"phrase"}) is a term
 * that must not occur. Terms are lower-cased ({@link Folding}) so they can be compared directly
 * with lower-cased text.
 */
public record SearchTerms(List<String> required, List<String> excluded) {
  public SearchTerms {
    required = List.copyOf(required);
    excluded = List.copyOf(excluded);
  }

  public static SearchTerms parse(String value) {
    List<String> required = new ArrayList<>();
    List<String> excluded = new ArrayList<>();
    int i = 0;
    while (i < value.length()) {
      if (Whitespace.is(value.codePointAt(i))) {
        i += Character.charCount(value.codePointAt(i));
        continue;
      }
      boolean exclusion = value.startsWith("-", i) && i + 1 < value.length()
          && !Whitespace.is(value.codePointAt(i + 1));
      int termStart = exclusion ? i + 1 : i;
      Term term = value.startsWith("\"", termStart) ? phraseAt(value, termStart) : wordAt(value, termStart);
      if (!term.text().isEmpty()) (exclusion ? excluded : required).add(Folding.lower(term.text()));
      i = term.end();
    }
    return new SearchTerms(required, excluded);
  }

  /**
   * Venue and organizer search fragments (§6.7): the value split at every character that is not a
   * letter, digit or {@code -}, empty fragments dropped, lower-cased.
   */
  public static List<String> fragments(String value) {
    List<String> fragments = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    value.codePoints().forEach(cp -> {
      if (Character.isLetterOrDigit(cp) || cp == '-') {
        current.appendCodePoint(cp);
      } else if (current.length() > 0) {
        fragments.add(Folding.lower(current.toString()));
        current.setLength(0);
      }
    });
    if (current.length() > 0) fragments.add(Folding.lower(current.toString()));
    return fragments;
  }

  private record Term(String text, int end) {}

  /**
   * A phrase runs to the closing quote (an unclosed quote runs to the end of the value); its
   * whitespace is collapsed like that of the plain text it is matched against.
   */
  private static Term phraseAt(String value, int quote) {
    int close = value.indexOf('"', quote + 1);
    int end = close < 0 ? value.length() : close;
    return new Term(Whitespace.collapse(value.substring(quote + 1, end)), close < 0 ? end : close + 1);
  }

  private static Term wordAt(String value, int start) {
    int end = start;
    while (end < value.length() && !Whitespace.is(value.codePointAt(end))) {
      end += Character.charCount(value.codePointAt(end));
    }
    return new Term(value.substring(start, end), end);
  }
}
