package org.agenda.http;

import java.util.Locale;

/** The media ranges of an {@code Accept} header (RFC 9110 §12.5.1), for the routes that answer in more than one. */
final class AcceptHeader {
  private AcceptHeader() {}

  /**
   * Whether {@code accept} names {@code alternate} (itself, or its type with any subtype) with a higher quality
   * than JSON gets: a plain "any type" range or a browser's list keeps the JSON answer.
   */
  static boolean prefers(String accept, String alternate) {
    if (accept == null || accept.isBlank()) return false;
    double named = quality(accept, alternate, false);
    return named > 0 && named > quality(accept, "application/json", true);
  }

  /** The quality of {@code mediaType} from its most specific range; the "any type" range only when {@code wildcard}. */
  private static double quality(String accept, String mediaType, boolean wildcard) {
    String type = mediaType.substring(0, mediaType.indexOf('/'));
    double quality = 0;
    int specificity = -1;
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      String name = parts[0].trim().toLowerCase(Locale.ROOT);
      int level = name.equals(mediaType) ? 2 : name.equals(type + "/*") ? 1 : wildcard && name.equals("*/*") ? 0 : -1;
      if (level <= specificity) continue;
      specificity = level;
      quality = 1;
      for (int i = 1; i < parts.length; i++) {
        String[] parameter = parts[i].trim().split("=", 2);
        if (parameter.length == 2 && parameter[0].trim().equalsIgnoreCase("q")) quality = parse(parameter[1].trim());
      }
    }
    return quality;
  }

  private static double parse(String value) {
    try {
      double q = Double.parseDouble(value);
      return q >= 0 && q <= 1 ? q : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
