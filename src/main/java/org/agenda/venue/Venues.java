package org.agenda.venue;

import static org.agenda.venue.VenueTables.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.config.Config;
import org.agenda.http.ApiResource;
import org.agenda.http.Json;
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

/** Venues (§5.6, §6.7–§6.9): their own fields, the representation with its Place JSON-LD, and search texts. */
public final class Venues implements RecordKind<Venue> {
  public static final String TYPE = "venue";

  private final Config config;
  private final Languages languages;

  public Venues(Config config, Languages languages) {
    this.config = config;
    this.languages = languages;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public String collection() {
    return "venues";
  }

  @Override
  public ApiResource resource() {
    return VenueSchemas.RESOURCE;
  }

  @Override
  public RecordTables.LinkTable eventLinks() {
    return RecordTables.VENUE_LINKS;
  }

  @Override
  public List<Param> writeFields(boolean create) {
    return VenueFields.writeFields(create);
  }

  /** §6.8: coordinates are given, or cleared, together. */
  @Override
  public String unpairedField(Map<String, Object> values) {
    boolean lat = values.containsKey("geo_lat");
    boolean lng = values.containsKey("geo_lng");
    if (lat != lng) return lat ? "geo_lat" : "geo_lng";
    if (lat && (values.get("geo_lat") instanceof BigDecimal) != (values.get("geo_lng") instanceof BigDecimal)) {
      return values.get("geo_lat") instanceof BigDecimal ? "geo_lng" : "geo_lat";
    }
    return null;
  }

  @Override
  public Map<Long, Venue> load(DSLContext dsl, Collection<Long> ids) {
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

  @Override
  public ObjectNode render(Venue venue, Translation text, Urls urls, boolean withJsonLd) {
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

  @Override
  public void insertDetails(DSLContext dsl, long id, Map<String, Object> values) {
    Map<Field<?>, Object> columns = textColumns(values);
    columns.put(ID, id);
    columns.put(SHOW_MAP, Boolean.FALSE.equals(values.get("show_map")) ? 0 : 1);
    columns.put(SHOW_MAP_LINK, Boolean.FALSE.equals(values.get("show_map_link")) ? 0 : 1);
    columns.putAll(coordinates(values));
    dsl.insertInto(VENUES).set(columns).execute();
  }

  @Override
  public void updateDetails(DSLContext dsl, long id, Map<String, Object> values) {
    Map<Field<?>, Object> columns = textColumns(values);
    if (values.get("show_map") instanceof Boolean show) columns.put(SHOW_MAP, show ? 1 : 0);
    if (values.get("show_map_link") instanceof Boolean show) columns.put(SHOW_MAP_LINK, show ? 1 : 0);
    if (values.containsKey("geo_lat")) columns.putAll(coordinates(values));
    if (!columns.isEmpty()) dsl.update(VENUES).set(columns).where(ID.eq(id)).execute();
  }

  /** The plain-text columns the values contain; {@code ""}/{@code null} store null (§6.8 "Clear with"). */
  private static Map<Field<?>, Object> textColumns(Map<String, Object> values) {
    Map<Field<?>, Object> columns = new LinkedHashMap<>();
    TEXT_COLUMNS.forEach((name, column) -> {
      if (!values.containsKey(name)) return;
      String clean = values.get(name) instanceof String value ? PlainText.stripTagsCollapse(value) : "";
      columns.put(column, clean.isEmpty() ? null : clean);
    });
    return columns;
  }

  private static Map<Field<?>, Object> coordinates(Map<String, Object> values) {
    Map<Field<?>, Object> columns = new LinkedHashMap<>();
    boolean located = values.get("geo_lat") instanceof BigDecimal && values.get("geo_lng") instanceof BigDecimal;
    columns.put(GEO_LAT, located ? ((BigDecimal) values.get("geo_lat")).doubleValue() : null);
    columns.put(GEO_LNG, located ? ((BigDecimal) values.get("geo_lng")).doubleValue() : null);
    return columns;
  }

  @Override
  public List<String> searchTexts(Venue venue) {
    return Arrays.asList(venue.address(), venue.city(), venue.province(), venue.state(), venue.derivedStateprovince(),
        venue.zip(), venue.phone());
  }
}
