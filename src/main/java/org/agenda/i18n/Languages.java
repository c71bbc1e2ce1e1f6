package org.agenda.i18n;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The configured languages and the choice of the text language T of a record (§3.3). */
public final class Languages {
  private final List<String> codes;
  private final String defaultLanguage;
  private final boolean fallback;

  public Languages(List<String> codes, String defaultLanguage, boolean fallback) {
    this.codes = List.copyOf(codes);
    this.defaultLanguage = defaultLanguage;
    this.fallback = fallback;
  }

  /** In the configured order. */
  public List<String> codes() {
    return codes;
  }

  public String defaultLanguage() {
    return defaultLanguage;
  }

  public boolean fallback() {
    return fallback;
  }

  /**
   * T for a record that has text in {@code available}: L if present; else (fallback on) the default
   * language, else the first configured one it has; empty when fallback is off and L is missing.
   */
  public Optional<String> textLanguage(String requested, Collection<String> available) {
    if (available.contains(requested)) return Optional.of(requested);
    if (!fallback) return Optional.empty();
    return Optional.ofNullable(fallbackLanguage(available));
  }

  /** T as for writes and DELETE, which are not refused for a missing L (§3.3 step 3). */
  public String textLanguageForWrite(String requested, Collection<String> available) {
    if (available.contains(requested)) return requested;
    return fallbackLanguage(available);
  }

  private String fallbackLanguage(Collection<String> available) {
    if (available.contains(defaultLanguage)) return defaultLanguage;
    for (String code : codes) {
      if (available.contains(code)) return code;
    }
    return available.isEmpty() ? null : available.iterator().next();
  }

  /** Preference order for T: L, the default, then the configured order (used in SQL ordering). */
  public List<String> preference(String requested) {
    var order = new ArrayList<String>();
    order.add(requested);
    if (!order.contains(defaultLanguage)) order.add(defaultLanguage);
    for (String code : codes) {
      if (!order.contains(code)) order.add(code);
    }
    return order;
  }

  /** Lookup order of by-slug routes (§3.6): L first, then the others in the configured order. */
  public List<String> lookupOrder(String requested) {
    var order = new ArrayList<String>();
    order.add(requested);
    for (String code : codes) {
      if (!order.contains(code)) order.add(code);
    }
    return order;
  }
}
