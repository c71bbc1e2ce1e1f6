package org.agenda.record;

import java.util.Map;

/** A stored venue or organizer as its kind loads it: the shared row and its text per language. */
public interface StoredRecord {
  RecordRow row();

  Map<String, Translation> translations();
}
