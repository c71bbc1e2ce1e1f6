package org.agenda.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.time.DateTimes;

/** Pieces of the representations that events, venues and organizers share (§5.2, §5.5–§5.7, §3.3). */
public final class RecordView {
  private RecordView() {}

  /**
   * The text a venue or organizer is embedded with in an event (§3.3, §4.7): none while it is trashed, or
   * when fallback is off and it has no text in L.
   */
  public static Optional<Translation> embeddedText(RecordRow row, Map<String, Translation> texts,
      String requestLanguage, Languages languages) {
    if (Status.TRASH.equals(row.status())) return Optional.empty();
    return languages.textLanguage(requestLanguage, texts.keySet()).map(texts::get);
  }

  /** {@code date}, {@code date_utc} (or {@code modified}…): site time zone, then UTC. */
  public static void putDates(ObjectNode node, String key, long epochSecond, ZoneId site) {
    node.put(key, DateTimes.format(epochSecond, site));
    node.put(key + "_utc", utc(epochSecond));
  }

  public static String utc(long epochSecond) {
    return DateTimes.format(epochSecond, ZoneOffset.UTC);
  }

  /**
   * The head of a venue or organizer (§5.6, §5.7): ids, status, dates, URLs, name, description when
   * non-empty, slug, image when set.
   */
  public static ObjectNode head(RecordRow row, Translation text, String nameKey, String collection, String pageUrl,
      Urls urls, ZoneId site) {
    ObjectNode node = Json.object();
    node.put("id", row.id());
    node.put("author", Long.toString(row.author()));
    node.put("status", row.status());
    putDates(node, "date", row.dateUtc(), site);
    putDates(node, "modified", row.modifiedUtc(), site);
    node.put("url", pageUrl);
    node.put("rest_url", urls.record(collection, row.id()));
    node.put(nameKey, text.name());
    if (!text.description().isEmpty()) node.put("description", text.description());
    node.put("slug", text.slug());
    if (row.image() != null) node.set("image", image(row.image()));
    return node;
  }

  /** {@code global_id}, {@code global_id_lineage}, {@code language} and {@code translations}. */
  public static void putTail(ObjectNode node, long id, String textLanguage, Map<String, Translation> translations,
      String collection, Urls urls, List<String> languageOrder) {
    String globalId = urls.globalId(id);
    node.put("global_id", globalId);
    node.set("global_id_lineage", Json.array().add(globalId));
    node.put("language", textLanguage);
    node.set("translations", translations(id, translations, collection, urls, languageOrder));
  }

  /** §3.3: one member per language with text, in the configured order. */
  public static ObjectNode translations(long id, Map<String, Translation> texts, String collection, Urls urls,
      List<String> languageOrder) {
    ObjectNode translations = Json.object();
    for (String code : languageOrder) {
      Translation text = texts.get(code);
      if (text == null) continue;
      ObjectNode member = translations.putObject(code);
      member.put("slug", text.slug());
      member.put("rest_url", urls.inLanguage(code, collection, id));
    }
    return translations;
  }

  /** §5.5: the URL as stored and the lower-cased extension of its last path segment, if plausible. */
  public static ObjectNode image(String url) {
    ObjectNode image = Json.object();
    image.put("url", url);
    String path;
    try {
      path = java.net.URI.create(url).getPath();
    } catch (IllegalArgumentException e) {
      path = null;
    }
    String extension = "";
    if (path != null) {
      String last = path.substring(path.lastIndexOf('/') + 1);
      int dot = last.lastIndexOf('.');
      String candidate = dot < 0 ? "" : last.substring(dot + 1);
      if (candidate.matches("[A-Za-z0-9]{1,5}")) extension = candidate.toLowerCase(Locale.ROOT);
    }
    image.put("extension", extension);
    return image;
  }

  /** Sets the member only when the value is non-empty (venue and organizer objects omit empty keys). */
  public static void putIfPresent(ObjectNode node, String key, String value) {
    if (value != null && !value.isEmpty()) node.put(key, value);
  }
}
