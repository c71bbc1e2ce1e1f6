package org.agenda.record;

/** The text of a record in one language (§3.2): name (title), description, excerpt and slug. */
public record Translation(String language, String name, String description, String excerpt, String slug) {
  public Translation withName(String value) {
    return new Translation(language, value, description, excerpt, slug);
  }

  public Translation withDescription(String value) {
    return new Translation(language, name, value, excerpt, slug);
  }

  public Translation withExcerpt(String value) {
    return new Translation(language, name, description, value, slug);
  }

  public Translation withSlug(String value) {
    return new Translation(language, name, description, excerpt, value);
  }
}
