package org.agenda.organizer;

import static org.agenda.organizer.OrganizerTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agenda.http.Caller;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.record.CommonFields;
import org.agenda.record.RecordRow;
import org.agenda.record.RecordView;
import org.agenda.record.Records;
import org.agenda.record.Status;
import org.agenda.record.Translation;
import org.agenda.record.Translations;
import org.agenda.system.Config;
import org.agenda.text.PlainText;
import org.jooq.DSLContext;

/** Stored organizers: loading, the representation of §5.7 with its Person JSON-LD, and creation. */
public final class Organizers {
  public static final String TYPE = "organizer";

  private final Config config;
  private final Languages languages;

  public Organizers(Config config, Languages languages) {
    this.config = config;
    this.languages = languages;
  }

  private record Organizer(RecordRow row, Map<String, Translation> translations, String phone, String email) {}

  private static Map<Long, Organizer> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Organizer> organizers = new LinkedHashMap<>();
    if (ids.isEmpty()) return organizers;
    Map<Long, RecordRow> rows = Records.load(dsl, TYPE, ids);
    Map<Long, Map<String, Translation>> texts = Translations.load(dsl, rows.keySet());
    dsl.select(ID, PHONE, EMAIL).from(ORGANIZERS).where(ID.in(rows.keySet())).fetch().forEach(row ->
        organizers.put(row.get(ID), new Organizer(rows.get(row.get(ID)), texts.getOrDefault(row.get(ID), Map.of()),
            row.get(PHONE), row.get(EMAIL))));
    return organizers;
  }

  /** The organizers as embedded in events, by id, without trashed ones (§4.7) or untranslated ones (§3.3). */
  public Map<Long, ObjectNode> embedded(DSLContext dsl, Collection<Long> ids, String requestLanguage, Urls urls,
      boolean withJsonLd) {
    Map<Long, ObjectNode> result = new LinkedHashMap<>();
    load(dsl, ids).forEach((id, organizer) ->
        RecordView.embeddedText(organizer.row(), organizer.translations(), requestLanguage, languages)
            .ifPresent(text -> result.put(id, render(organizer, text, urls, withJsonLd))));
    return result;
  }

  private ObjectNode render(Organizer organizer, Translation text, Urls urls, boolean withJsonLd) {
    long id = organizer.row().id();
    String pageUrl = urls.page(config.permalinks().get("organizer"), text.language(), text.slug(), id);
    ObjectNode node = RecordView.head(organizer.row(), text, "organizer", "organizers", pageUrl, urls, config.timezone());
    RecordView.putIfPresent(node, "phone", organizer.phone());
    RecordView.putIfPresent(node, "website", organizer.row().website());
    RecordView.putIfPresent(node, "email", organizer.email());
    if (withJsonLd) {
      ObjectNode ld = node.putObject("json_ld");
      ld.put("@context", "http://schema.org");
      ld.put("@type", "Person");
      ld.put("name", text.name());
      ld.put("description", PlainText.fromHtml(text.description()));
      ld.put("url", pageUrl);
      RecordView.putIfPresent(ld, "telephone", organizer.phone());
      RecordView.putIfPresent(ld, "email", organizer.email());
      RecordView.putIfPresent(ld, "sameAs", organizer.row().website());
    }
    RecordView.putTail(node, id, text.language(), organizer.translations(), "organizers", urls, languages.codes());
    return node;
  }

  /** Creates an organizer from validated create fields (§6.10) with text in the request language only. */
  public long create(DSLContext dsl, Map<String, Object> values, String language, Caller caller, Instant now) {
    long dateUtc = CommonFields.publicationDate(values, now, config.timezone());
    String status = Status.toStore(caller, (String) values.get("status"), null, Instant.ofEpochSecond(dateUtc), now);
    long author = values.containsKey("author") ? (Long) values.get("author") : caller.id();
    long id = Records.insert(dsl, TYPE, new RecordRow(0, author, status, null, dateUtc, now.getEpochSecond(),
        text(values, "image"), text(values, "website")));
    String phone = text(values, "phone") == null ? null : PlainText.stripTagsCollapse(text(values, "phone"));
    dsl.insertInto(ORGANIZERS).set(ID, id).set(PHONE, phone == null || phone.isEmpty() ? null : phone)
        .set(EMAIL, text(values, "email")).execute();
    Translations.saveFirst(dsl, TYPE, id, language, values);
    return id;
  }

  private static String text(Map<String, Object> values, String name) {
    return values.get(name) instanceof String value ? value : null;
  }
}
