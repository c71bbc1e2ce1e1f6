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
}
