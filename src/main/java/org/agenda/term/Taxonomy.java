package org.agenda.term;

import org.agenda.user.Role;

/** What differs between categories and tags (§6.11, §6.12); everything else is shared. */
enum Taxonomy {
  CATEGORIES(TermTables.CATEGORY, "categories", "category", true, Role.AUTHOR),
  TAGS(TermTables.TAG, "tags", "tag", false, Role.EDITOR);

  /** The {@code taxonomy} value stored and returned. */
  final String value;
  /** The path segment and the key of the list envelope. */
  final String collection;
  /** The singular, also the key of its page template in {@code config.permalinks()}. */
  final String noun;
  /** Categories have a {@code parent}; tags are flat. */
  final boolean hierarchical;
  /** Route-level requirement of the write methods (§2.2, §4.3). */
  final Role writeRole;

  Taxonomy(String value, String collection, String noun, boolean hierarchical, Role writeRole) {
    this.value = value;
    this.collection = collection;
    this.noun = noun;
    this.hierarchical = hierarchical;
    this.writeRole = writeRole;
  }
}
