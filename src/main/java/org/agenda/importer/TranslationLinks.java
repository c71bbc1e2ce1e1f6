package org.agenda.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ids of the records that translate a record, as a multilingual site exposes them: WPML's REST add-ons give
 * {@code wpml_translations}, a list of {@code {"locale": "fr_FR", "id": 12, …}}; this service (and sites that answer
 * like it) gives {@code translations}, an object per language whose {@code rest_url} ends with the id (or {@code id}).
 */
final class TranslationLinks {
  private TranslationLinks() {}

  /** The ids of the record's translations into other languages than {@code language}. */
  static List<Long> of(JsonNode record, String language) {
    var ids = new ArrayList<Long>();
    for (JsonNode link : record.path("wpml_translations")) {
      String locale = link.path("locale").asText(link.path("language_code").asText(""));
      long id = link.path("id").asLong(0);
      if (id > 0 && !languageOf(locale).equals(language)) ids.add(id);
    }
    var translations = record.path("translations");
    translations.fieldNames().forEachRemaining(code -> {
      if (languageOf(code).equals(language)) return;
      JsonNode link = translations.get(code);
      long id = link.isNumber() ? link.asLong() : link.path("id").asLong(0);
      if (id == 0) id = lastSegment(link.path("rest_url").asText(""));
      if (id > 0) ids.add(id);
    });
    return ids;
  }

  private static String languageOf(String locale) {
    String code = locale.toLowerCase(Locale.ROOT);
    return code.length() > 2 ? code.substring(0, 2) : code;
  }

  private static long lastSegment(String url) {
    String trimmed = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    String last = trimmed.substring(trimmed.lastIndexOf('/') + 1);
    return last.matches("\\d{1,18}") ? Long.parseLong(last) : 0;
  }
}
