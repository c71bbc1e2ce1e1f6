package org.agenda.text;

import java.util.Set;

/** The URL rule for {@code href}, {@code src} and {@code cite} values (§5.1). */
final class SafeUrls {
  private static final Set<String> SCHEMES = Set.of("http", "https", "mailto", "tel");

  private SafeUrls() {}

  /**
   * True for a URL with scheme http, https, mailto or tel (any case), or a relative URL (no
   * {@code :} before the first {@code /}, {@code ?} or {@code #}). Anything else with a colon in
   * that place is refused, including look-alikes such as {@code java&#10;script:}: a browser
   * drops the tab or newline, so only an exact allowed scheme is safe to keep. Leading and
   * trailing control characters and spaces are ignored for the check because browsers strip
   * them before parsing.
   */
  static boolean isAllowed(String url) {
    String trimmed = stripControlsAndSpaces(url);
    for (int i = 0; i < trimmed.length(); i++) {
      char c = trimmed.charAt(i);
      if (c == '/' || c == '?' || c == '#') return true;
      if (c == ':') return SCHEMES.contains(Folding.lower(trimmed.substring(0, i)));
    }
    return true;
  }

  private static String stripControlsAndSpaces(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && s.charAt(start) <= ' ') start++;
    while (end > start && s.charAt(end - 1) <= ' ') end--;
    return s.substring(start, end);
  }
}
