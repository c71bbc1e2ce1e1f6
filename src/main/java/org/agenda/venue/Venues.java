package org.agenda.venue;

import static org.agenda.venue.VenueTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agenda.http.Caller;
import org.agenda.http.Json;
import org.agenda.http.ParamProblem;
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

/** Stored venues: loading, the representation of §5.6 with its Place JSON-LD, and creation. */
public final class Venues {
  public static final String TYPE = "venue";

  private final Config config;
  private final Languages languages;

  public Venues(Config config, Languages languages) {
    this.config = config;
    this.languages = languages;
  }

  static Map<Long, Venue> load(DSLContext dsl, Collection<Long> ids) {
    Map<Long, Venue> venues = new LinkedHashMap<>();
    if (ids.isEmpty()) return venues;
    Map<Long, RecordRow> rows = Records.load(dsl, TYPE, ids);
    Map<Long, Map<String, Translation>> texts = Translations.load(dsl, rows.keySet());
    dsl.select(ID, ADDRESS, CITY, COUNTRY, PROVINCE, STATE, STATEPROVINCE, ZIP, PHONE, SHOW_MAP, SHOW_MAP_LINK, GEO_LAT,
        GEO_LNG).from(VENUES).where(ID.in(rows.keySet())).fetch().forEach(row -> venues.put(row.get(ID),
        new Venue(rows.get(row.get(ID)), texts.getOrDefault(row.get(ID), Map.of()), row.get(ADDRESS), row.get(CITY),
            row.get(COUNTRY), row.get(PROVINCE), row.get(STATE), row.get(STATEPROVINCE), row.get(ZIP), row.get(PHONE),
            row.get(SHOW_MAP) == 1, row.get(SHOW_MAP_LINK) == 1, row.get(GEO_LAT), row.get(GEO_LNG))));
    return venues;
  }

  /**
   * The venues as embedded in events, by id: trashed ones are left out (§4.7), and so are those
   * without text in L when fallback is off (§3.3).
   */
  public Map<Long, ObjectNode> embedded(DSLContext dsl, Collection<Long> ids, String requestLanguage, Urls urls,
      boolean withJsonLd) {
    Map<Long, ObjectNode> result = new LinkedHashMap<>();
    load(dsl, ids).forEach((id, venue) ->
        RecordView.embeddedText(venue.row(), venue.translations(), requestLanguage, languages)
            .ifPresent(text -> result.put(id, render(venue, text, urls, withJsonLd))));
    return result;
  }

  private ObjectNode render(Venue venue, Translation text, Urls urls, boolean withJsonLd) {
    String pageUrl = urls.page(config.permalinks().get("venue"), text.language(), text.slug(), venue.row().id());
    ObjectNode node = RecordView.head(venue.row(), text, "venue", "venues", pageUrl, urls, config.timezone());
    RecordView.putIfPresent(node, "address", venue.address());
    RecordView.putIfPresent(node, "city", venue.city());
    RecordView.putIfPresent(node, "country", venue.country());
    RecordView.putIfPresent(node, "province", venue.province());
    RecordView.putIfPresent(node, "state", venue.state());
    RecordView.putIfPresent(node, "zip", venue.zip());
    RecordView.putIfPresent(node, "phone", venue.phone());
    RecordView.putIfPresent(node, "website", venue.row().website());
    RecordView.putIfPresent(node, "stateprovince", venue.derivedStateprovince());
    if (venue.geoLat() != null && venue.geoLng() != null) {
      node.put("geo_lat", venue.geoLat());
      node.put("geo_lng", venue.geoLng());
    }
    if (withJsonLd) node.set("json_ld", place(venue, text, pageUrl));
    node.put("show_map", venue.showMap());
    node.put("show_map_link", venue.showMapLink());
    RecordView.putTail(node, venue.row().id(), text.language(), venue.translations(), "venues", urls, languages.codes());
    return node;
  }

  /** §5.10 Place, with {@code @context} (a top-level json_ld object). */
  private static ObjectNode place(Venue venue, Translation text, String pageUrl) {
    ObjectNode ld = Json.object();
    ld.put("@context", "http://schema.org");
    ld.put("@type", "Place");
    ld.put("name", text.name());
    ld.put("description", PlainText.fromHtml(text.description()));
    ld.put("url", pageUrl);
    ObjectNode address = Json.object();
    address.put("@type", "PostalAddress");
    RecordView.putIfPresent(address, "streetAddress", venue.address());
    RecordView.putIfPresent(address, "addressLocality", venue.city());
    RecordView.putIfPresent(address, "addressRegion", venue.derivedStateprovince());
    RecordView.putIfPresent(address, "postalCode", venue.zip());
    RecordView.putIfPresent(address, "addressCountry", venue.country());
    if (address.size() > 1) ld.set("address", address);
    if (venue.geoLat() != null && venue.geoLng() != null) {
      ObjectNode geo = ld.putObject("geo");
      geo.put("@type", "GeoCoordinates");
      geo.put("latitude", venue.geoLat());
      geo.put("longitude", venue.geoLng());
    }
    RecordView.putIfPresent(ld, "telephone", venue.phone());
    RecordView.putIfPresent(ld, "sameAs", venue.row().website());
    return ld;
  }

  /** Rules across fields of a create request: coordinates come in pairs (§6.8). */
  public static void checkPair(Map<String, Object> values) {
    boolean lat = values.get("geo_lat") instanceof BigDecimal;
    boolean lng = values.get("geo_lng") instanceof BigDecimal;
    if (lat != lng) throw new ParamProblem("rest_missing_pair", "geo_lat and geo_lng must be given together.");
  }

  /** Creates a venue from validated create fields (§6.8) with text in the request language only. */
  public long create(DSLContext dsl, Map<String, Object> values, String language, Caller caller, Instant now) {
    long dateUtc = CommonFields.publicationDate(values, now, config.timezone());
    String status = Status.toStore(caller, (String) values.get("status"), null, Instant.ofEpochSecond(dateUtc), now);
    long author = values.containsKey("author") ? (Long) values.get("author") : caller.id();
    long id = Records.insert(dsl, TYPE, new RecordRow(0, author, status, null, dateUtc, now.getEpochSecond(),
        text(values, "image"), text(values, "website")));
    BigDecimal lat = values.get("geo_lat") instanceof BigDecimal d ? d : null;
    BigDecimal lng = values.get("geo_lng") instanceof BigDecimal d ? d : null;
    boolean located = lat != null && lng != null;
    dsl.insertInto(VENUES)
        .set(ID, id)
        .set(ADDRESS, plain(values, "address")).set(CITY, plain(values, "city")).set(COUNTRY, plain(values, "country"))
        .set(PROVINCE, plain(values, "province")).set(STATE, plain(values, "state"))
        .set(STATEPROVINCE, plain(values, "stateprovince")).set(ZIP, plain(values, "zip")).set(PHONE, plain(values, "phone"))
        .set(SHOW_MAP, flag(values, "show_map")).set(SHOW_MAP_LINK, flag(values, "show_map_link"))
        .set(GEO_LAT, located ? lat.doubleValue() : null).set(GEO_LNG, located ? lng.doubleValue() : null)
        .execute();
    Translations.saveFirst(dsl, TYPE, id, language, values);
    return id;
  }

  private static String text(Map<String, Object> values, String name) {
    return values.get(name) instanceof String value ? value : null;
  }

  private static String plain(Map<String, Object> values, String name) {
    String value = text(values, name);
    if (value == null) return null;
    String clean = PlainText.stripTagsCollapse(value);
    return clean.isEmpty() ? null : clean;
  }

  private static int flag(Map<String, Object> values, String name) {
    return Boolean.FALSE.equals(values.get(name)) ? 0 : 1;
  }
}
