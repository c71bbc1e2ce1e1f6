package org.agenda.organizer;

import static org.agenda.organizer.OrganizerTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.config.Config;
import org.agenda.http.ApiResource;
import org.agenda.http.Param;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.record.RecordKind;
import org.agenda.record.RecordRow;
import org.agenda.record.RecordTables;
import org.agenda.record.RecordView;
import org.agenda.record.Records;
import org.agenda.record.Translation;
import org.agenda.record.Translations;
import org.agenda.text.PlainText;
import org.jooq.DSLContext;
import org.jooq.Field;

/** Organizers (§5.7, §6.10): their own fields, the representation with its Person JSON-LD, and search texts. */
public final class Organizers implements RecordKind<Organizer> {
  public static final String TYPE = "organizer";

  private final Config config;
  private final Languages languages;

  public Organizers(Config config, Languages languages) {
    this.config = config;
    this.languages = languages;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public String collection() {
    return "organizers";
  }

  @Override
  public ApiResource resource() {
    return OrganizerSchemas.RESOURCE;
  }

  @Override
  public RecordTables.LinkTable eventLinks() {
    return RecordTables.ORGANIZER_LINKS;
  }

  @Override
  public List<Param> writeFields(boolean create) {
    return OrganizerFields.writeFields(create);
  }

  @Override
  public Map<Long, Organizer> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Organizer> organizers = new LinkedHashMap<>();
    if (ids.isEmpty()) return organizers;
    Map<Long, RecordRow> rows = Records.load(dsl, TYPE, ids);
    Map<Long, Map<String, Translation>> texts = Translations.load(dsl, rows.keySet());
    dsl.select(ID, PHONE, EMAIL).from(ORGANIZERS).where(ID.in(rows.keySet())).fetch().forEach(row ->
        organizers.put(row.get(ID), new Organizer(rows.get(row.get(ID)), texts.getOrDefault(row.get(ID), Map.of()),
            row.get(PHONE), row.get(EMAIL))));
    return organizers;
  }

  @Override
  public ObjectNode render(Organizer organizer, Translation text, Urls urls, boolean withJsonLd) {
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

  @Override
  public void insertDetails(DSLContext dsl, long id, Map<String, Object> values) {
    Map<Field<?>, Object> columns = columns(values);
    columns.put(ID, id);
    dsl.insertInto(ORGANIZERS).set(columns).execute();
  }

  @Override
  public void updateDetails(DSLContext dsl, long id, Map<String, Object> values) {
    Map<Field<?>, Object> columns = columns(values);
    if (!columns.isEmpty()) dsl.update(ORGANIZERS).set(columns).where(ID.eq(id)).execute();
  }

  /** The columns the values contain; {@code ""}/{@code null} store null (§6.10 "Clear with"). */
  private static Map<Field<?>, Object> columns(Map<String, Object> values) {
    Map<Field<?>, Object> columns = new LinkedHashMap<>();
    if (values.containsKey("phone")) {
      String phone = values.get("phone") instanceof String value ? PlainText.stripTagsCollapse(value) : "";
      columns.put(PHONE, phone.isEmpty() ? null : phone);
    }
    if (values.containsKey("email")) columns.put(EMAIL, values.get("email") instanceof String email ? email : null);
    return columns;
  }

  @Override
  public List<String> searchTexts(Organizer organizer) {
    return Arrays.asList(organizer.phone(), organizer.email(), organizer.row().website());
  }
}
