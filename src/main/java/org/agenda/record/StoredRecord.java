package org.agenda.record;

import java.util.Map;

/** A stored venue or organizer as its kind loads it: the shared row and its text per language. */
public interface StoredRecord {
  /** The row, the record's own fields and its map of text: about what a venue holds besides its text. */
  int FIELDS_BYTES = 640;
  /** A translation's object, its four strings' headers and its entry in the map. */
  int TRANSLATION_BYTES = 224;

  RecordRow row();

  Map<String, Translation> translations();

  /**
   * About how many bytes of heap this record holds, what the caches of records weigh it by: its text, a byte a
   * character (Java keeps Latin-1 text so; other text takes two, and is rare enough here not to count apart), and the
   * objects around it. At a million events the venues' text is what makes them weigh: 10 000 venues with a paragraph
   * or three each in one or two languages.
   */
  default int footprint() {
    int bytes = FIELDS_BYTES;
    for (Translation text : translations().values()) {
      bytes += TRANSLATION_BYTES + length(text.name()) + length(text.description()) + length(text.excerpt())
          + length(text.slug());
    }
    return bytes;
  }

  private static int length(String value) {
    return value == null ? 0 : value.length();
  }
}
