package org.agenda.term;

import java.util.Map;
import org.agenda.record.Translation;

/**
 * A category or tag with its text per language, its count of published events (§5.8) and when its text or parent
 * last changed (epoch seconds).
 */
public record Term(long id, String taxonomy, long parent, int count, Map<String, Translation> translations,
    long modifiedUtc) {
  public boolean isCategory() {
    return TermTables.CATEGORY.equals(taxonomy);
  }

  /** The collection segment of its URLs. */
  public String collection() {
    return isCategory() ? "categories" : "tags";
  }
}
