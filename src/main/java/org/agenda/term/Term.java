package org.agenda.term;

import java.util.Map;
import org.agenda.record.Translation;

/** A category or tag with its text per language and its count of published events (§5.8). */
public record Term(long id, String taxonomy, long parent, int count, Map<String, Translation> translations) {
  public boolean isCategory() {
    return TermTables.CATEGORY.equals(taxonomy);
  }

  /** The collection segment of its URLs. */
  public String collection() {
    return isCategory() ? "categories" : "tags";
  }
}
