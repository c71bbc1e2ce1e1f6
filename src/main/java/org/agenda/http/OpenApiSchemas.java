package org.agenda.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.agenda.record.Status;

/**
 * The component schemas of /doc for the representations of contract §5, the list envelopes of §5.11,
 * the error body of §7.1 and the namespace index of §9.2. Keys are listed in the contract's order; a key
 * the contract marks "always" is required. Unknown keys stay allowed because clients must ignore keys
 * added within v1; the contract tests validate real responses with unknown keys forbidden.
 */
final class OpenApiSchemas {
  private static final String DATE_TIME = "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$";
  private static final String ISO_WITH_OFFSET = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$";

  private OpenApiSchemas() {}

  /** Every representation schema, keyed by component name. */
  static ObjectNode representations() {
    ObjectNode schemas = Json.object();
    schemas.set("Event", event());
    schemas.set("Venue", venue());
    schemas.set("Organizer", organizer());
    schemas.set("Category", term("A category (§5.8.1).", "cal_events_cat", true));
    schemas.set("Tag", term("A tag (§5.8.1).", "post_tag", false));
    schemas.set("EmbeddedTerm", embeddedTerm());
    schemas.set("TermUrls", termUrls());
    schemas.set("Image", image());
    schemas.set("DateDetails", dateDetails());
    schemas.set("CostDetails", costDetails());
    schemas.set("Translations", translations());
    schemas.set("Translation", translation());
    schemas.set("EventJsonLd", eventJsonLd());
    schemas.set("PlaceJsonLd", placeJsonLd());
    schemas.set("PersonJsonLd", personJsonLd());
    schemas.set("EventList", list("events", "Event", "A page of events (§5.11).", true));
    schemas.set("VenueList", list("venues", "Venue", "A page of venues (§5.11).", true));
    schemas.set("OrganizerList", list("organizers", "Organizer", "A page of organizers (§5.11).", true));
    schemas.set("CategoryList", list("categories", "Category", "A page of categories (§5.11).", false));
    schemas.set("TagList", list("tags", "Tag", "A page of tags (§5.11).", false));
    schemas.set("Error", error());
    schemas.set("NamespaceIndex", namespaceIndex());
    schemas.set("RouteDescription", routeDescription());
    schemas.set("ArgDescription", argDescription());
    schemas.set("Links", links());
    return schemas;
  }

  private static ObjectNode event() {
    var keys = new Keys();
    recordHead(keys, "event");
    keys.always("title", string("Title in the text language."));
    keys.always("description", string("Description in the text language, sanitised HTML; \"\" if none."));
    keys.always("excerpt", string("Excerpt in the text language, sanitised HTML; \"\" if none."));
    keys.always("slug", string("Slug in the text language."));
    // A typed false, so that client generators make a wrapper for both shapes instead of assuming an object.
    keys.always("image", oneOf("The image, or false when there is none.", ref("Image"),
        bool("No image.").set("const", BooleanNode.FALSE)));
    keys.always("all_day", nullableBoolean("All-day event; null in a password-protected list item."));
    for (String prefix : List.of("", "utc_")) {
      String zone = prefix.isEmpty() ? "wall clock in the event time zone" : "in UTC";
      keys.always(prefix + "start_date", dateTime("Start, " + zone + "."));
      keys.always(prefix + "start_date_details", ref("DateDetails"));
      keys.always(prefix + "end_date", dateTime("End, " + zone + "."));
      keys.always(prefix + "end_date_details", ref("DateDetails"));
    }
    keys.always("timezone", string("The event time zone as stored: an IANA name, UTC or UTC±N."));
    keys.always("timezone_abbr", string("Time zone abbreviation in effect at the start."));
    keys.always("cost", string("Formatted cost (§5.4); \"\" if none."));
    keys.always("cost_details", ref("CostDetails"));
    keys.always("website", string("The event website; \"\" when cleared, the event url when never set."));
    keys.always("show_map", nullableBoolean("Show a map of the venue."));
    keys.always("show_map_link", nullableBoolean("Show a link to a map of the venue."));
    keys.always("hide_from_listings", nullableBoolean("Hidden from every event list."));
    keys.always("sticky", nullableBoolean("Sticky flag."));
    keys.always("featured", nullableBoolean("Featured event."));
    keys.always("categories", arrayOf(ref("EmbeddedTerm"), "Categories in assignment order."));
    keys.always("tags", arrayOf(ref("EmbeddedTerm"), "Tags in assignment order."));
    keys.always("venue", oneOf("The linked venue when there is exactly one; otherwise an array of venues ([] for none).",
        ref("Venue"), arrayOf(ref("Venue"), null)));
    keys.always("organizer", arrayOf(ref("Organizer"), "Linked organizers in link order."));
    keys.always("post_parent", integer("Id of the parent event, 0 if none."));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    keys.optional("json_ld", ref("EventJsonLd"));
    return keys.object("An event (§5.2). In password-protected list items the flags are null and the text, "
        + "image, cost and links are empty (§4.8); json_ld is present only on single reads.");
  }

  private static ObjectNode venue() {
    var keys = new Keys();
    recordHead(keys, "venue");
    keys.always("venue", string("Name in the text language."));
    keys.optional("description", string("Description in the text language, sanitised HTML."));
    keys.always("slug", string("Slug in the text language."));
    keys.optional("image", ref("Image"));
    for (String field : List.of("address", "city", "country", "province", "state", "zip", "phone", "website")) {
      keys.optional(field, string("Present when non-empty."));
    }
    keys.optional("stateprovince", string("The stored value, or derived from state or province (§5.6)."));
    keys.optional("geo_lat", number("Latitude in decimal degrees; present together with geo_lng."));
    keys.optional("geo_lng", number("Longitude in decimal degrees; present together with geo_lat."));
    keys.optional("json_ld", ref("PlaceJsonLd"));
    keys.always("show_map", bool("Show a map."));
    keys.always("show_map_link", bool("Show a link to a map."));
    recordTail(keys);
    return keys.object("A venue (§5.6). Keys marked \"when non-empty\" in the contract are left out when empty.");
  }

  private static ObjectNode organizer() {
    var keys = new Keys();
    recordHead(keys, "organizer");
    keys.always("organizer", string("Name in the text language."));
    keys.optional("description", string("Description in the text language, sanitised HTML."));
    keys.always("slug", string("Slug in the text language."));
    keys.optional("image", ref("Image"));
    for (String field : List.of("phone", "website", "email")) keys.optional(field, string("Present when non-empty."));
    keys.optional("json_ld", ref("PersonJsonLd"));
    recordTail(keys);
    return keys.object("An organizer (§5.7). Empty phone, website and email are left out.");
  }

  /** The keys events, venues and organizers start with. Events carry their global ids first. */
  private static void recordHead(Keys keys, String type) {
    keys.always("id", integer("Record id."));
    if (type.equals("event")) globalIds(keys);
    keys.always("author", withPattern(string("User id of the author, as a string."), "^[0-9]+$"));
    keys.always("status", enumOf(Status.ALL, "Publication status."));
    keys.always("date", dateTime("Publication date, site time zone."));
    keys.always("date_utc", dateTime("Publication date, UTC."));
    keys.always("modified", dateTime("Last change, site time zone."));
    keys.always("modified_utc", dateTime("Last change, UTC."));
    keys.always("url", string("Public web page in the text language."));
    keys.always("rest_url", string("URL of this " + type + " in this API."));
  }

  private static void recordTail(Keys keys) {
    globalIds(keys);
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
  }

  private static void globalIds(Keys keys) {
    keys.always("global_id", string("Host and path of the public root, then ?id= and the id."));
    keys.always("global_id_lineage", arrayOf(string(null), "[global_id]."));
  }

  private static ObjectNode term(String description, String taxonomy, boolean hierarchical) {
    var keys = new Keys();
    keys.always("id", integer("Term id."));
    keys.always("count", integer("Number of published events that carry the term."));
    keys.always("description", string("Description in the text language, sanitised HTML; \"\" if none."));
    keys.always("name", string("Name in the text language."));
    keys.always("slug", string("Slug in the text language."));
    keys.always("taxonomy", constant(Json.MAPPER.valueToTree(taxonomy)));
    if (hierarchical) keys.always("parent", integer("Parent category id, 0 at the top level."));
    keys.always("meta", withMaxItems(arrayOf(Json.object(), "Always []."), 0));
    keys.always("url", string("Public web page in the text language."));
    keys.always("urls", ref("TermUrls"));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    return keys.object(description);
  }

  private static ObjectNode embeddedTerm() {
    var keys = new Keys();
    keys.always("name", string("Name in the text language."));
    keys.always("slug", string("Slug in the text language."));
    keys.always("term_group", constant(Json.MAPPER.valueToTree(0)));
    keys.always("term_taxonomy_id", integer("Equals id."));
    keys.always("taxonomy", enumOf(List.of("cal_events_cat", "post_tag"), "cal_events_cat for categories, post_tag for tags."));
    keys.always("description", string("Description in the text language; \"\" if none."));
    keys.always("parent", integer("Parent category id; 0 for tags and top-level categories."));
    keys.always("count", integer("Number of published events that carry the term."));
    keys.always("filter", constant(Json.MAPPER.valueToTree("raw")));
    keys.always("id", integer("Term id."));
    keys.always("urls", ref("TermUrls"));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    return keys.object("A category or tag embedded in an event (§5.8.2).");
  }

  private static ObjectNode termUrls() {
    var keys = new Keys();
    keys.always("self", string("This term in this API."));
    keys.always("collection", string("The list of its taxonomy."));
    keys.optional("up", string("The parent category, when there is one."));
    return keys.object("API links of a term.");
  }

  private static ObjectNode image() {
    var keys = new Keys();
    keys.always("url", string("The absolute URL as stored."));
    keys.always("extension", string("Lower-cased file extension of the URL path, or \"\"."));
    return keys.object("An image (§5.5); images are not downloaded or inspected.");
  }

  private static ObjectNode dateDetails() {
    var keys = new Keys();
    keys.always("year", withPattern(string(null), "^[0-9]{4}$"));
    for (String part : List.of("month", "day", "hour", "minutes", "seconds")) {
      keys.always(part, withPattern(string(null), "^[0-9]{2}$"));
    }
    return keys.object("The parts of a date-time string, zero-padded strings (§5.3).");
  }

  private static ObjectNode costDetails() {
    var keys = new Keys();
    keys.always("currency_symbol", string("The common currency symbol of the cost, or \"\"."));
    keys.always("currency_code", string("Always \"\"."));
    keys.always("currency_position", enumOf(List.of("prefix", "postfix", ""), "Where the symbol goes."));
    keys.always("values", arrayOf(string(null), "Canonical numeric values, ascending; or slugs of non-numeric costs."));
    return keys.object("The parts of the cost (§5.4).");
  }

  private static ObjectNode translations() {
    ObjectNode schema = Json.object();
    schema.put("type", "object");
    schema.put("description", "One member per language in which the record has text, keyed by language code (§3.3).");
    schema.set("additionalProperties", ref("Translation"));
    return schema;
  }

  private static ObjectNode translation() {
    var keys = new Keys();
    keys.always("slug", string("Slug in that language."));
    keys.always("rest_url", string("URL of the record in this API with that language segment."));
    return keys.object("The record's text in one language.");
  }

  private static ObjectNode eventJsonLd() {
    var keys = new Keys();
    keys.always("@context", constant(Json.MAPPER.valueToTree("http://schema.org")));
    keys.always("@type", constant(Json.MAPPER.valueToTree("Event")));
    keys.always("name", string("Title."));
    keys.always("description", string("Plain text of the excerpt, or of the description."));
    keys.optional("image", string("Image URL."));
    keys.always("url", string("Public web page."));
    keys.always("eventAttendanceMode", string(null));
    keys.always("eventStatus", string(null));
    keys.always("startDate", withPattern(string("Start, ISO 8601 with the event time zone's offset."), ISO_WITH_OFFSET));
    keys.always("endDate", withPattern(string("End, ISO 8601 with the event time zone's offset."), ISO_WITH_OFFSET));
    keys.optional("location", ref("PlaceJsonLd"));
    keys.optional("organizer", ref("PersonJsonLd"));
    var offer = new Keys();
    offer.always("@type", constant(Json.MAPPER.valueToTree("Offer")));
    for (String member : List.of("price", "priceCurrency", "url", "category", "availability", "validFrom")) {
      offer.always(member, string(null));
    }
    keys.optional("offers", offer.object("Present when the cost holds a number."));
    keys.always("performer", string(null));
    return keys.object("schema.org Event of a single event read (§5.10).");
  }

  private static ObjectNode placeJsonLd() {
    var keys = new Keys();
    keys.optional("@context", constant(Json.MAPPER.valueToTree("http://schema.org")));
    keys.always("@type", constant(Json.MAPPER.valueToTree("Place")));
    keys.always("name", string(null));
    keys.always("description", string("Plain text."));
    keys.always("url", string("Public web page."));
    var address = new Keys();
    address.always("@type", constant(Json.MAPPER.valueToTree("PostalAddress")));
    for (String member : List.of("streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry")) {
      address.optional(member, string(null));
    }
    keys.optional("address", address.object("Present when any address field is set."));
    var geo = new Keys();
    geo.always("@type", constant(Json.MAPPER.valueToTree("GeoCoordinates")));
    geo.always("latitude", number(null));
    geo.always("longitude", number(null));
    keys.optional("geo", geo.object("Present when the venue has coordinates."));
    keys.optional("telephone", string(null));
    keys.optional("sameAs", string("Website."));
    return keys.object("schema.org Place of a venue (§5.10); @context only at the top of a json_ld key.");
  }

  private static ObjectNode personJsonLd() {
    var keys = new Keys();
    keys.optional("@context", constant(Json.MAPPER.valueToTree("http://schema.org")));
    keys.always("@type", constant(Json.MAPPER.valueToTree("Person")));
    keys.always("name", string(null));
    keys.always("description", string("Plain text."));
    keys.always("url", string("Public web page."));
    keys.optional("telephone", string(null));
    keys.optional("email", string(null));
    keys.optional("sameAs", string("Website."));
    return keys.object("schema.org Person of an organizer (§5.10); @context only at the top of a json_ld key.");
  }

  /** §5.11: records and terms order their envelope keys differently. */
  private static ObjectNode list(String key, String item, String description, boolean recordsFirst) {
    var keys = new Keys();
    ObjectNode items = arrayOf(ref(item), null);
    if (recordsFirst) keys.always(key, items);
    keys.always("rest_url", string("This page; parameters in effect, then page."));
    if (recordsFirst) keys.optional("next_rest_url", string("The next page, when there is one."));
    if (recordsFirst) keys.optional("previous_rest_url", string("The previous page, when there is one."));
    keys.always("total", integer("Number of matching items, ignoring paging."));
    keys.always("total_pages", integer("Number of pages; 0 when total is 0."));
    if (!recordsFirst) keys.always(key, items);
    if (!recordsFirst) keys.optional("next_rest_url", string("The next page, when there is one."));
    if (!recordsFirst) keys.optional("previous_rest_url", string("The previous page, when there is one."));
    return keys.object(description);
  }

  private static ObjectNode error() {
    var detail = new Keys();
    detail.always("code", string("Detail code, e.g. rest_invalid_type (§7.3)."));
    detail.always("message", string(null));
    var detailData = new Keys();
    detailData.always("param", string(null));
    detail.always("data", detailData.object(null));
    var data = new Keys();
    data.always("status", integer("The HTTP status."));
    data.optional("params", oneOf("Missing parameter names (rest_missing_callback_param), or parameter name → message "
        + "(rest_invalid_param).", arrayOf(string(null), null), mapOf(string(null))));
    data.optional("details", mapOf(detail.object(null)));
    data.optional("term_id", integer("The existing term (term_exists)."));
    data.optional("json_error_message", string("The JSON parser's message (rest_invalid_json)."));
    data.optional("request_id", string("The X-Request-Id of the request (500)."));
    var keys = new Keys();
    keys.always("code", string("Machine-readable error code (§7.2)."));
    keys.always("message", string("English text."));
    keys.always("data", data.object(null));
    return keys.object("The body of every error response (§7.1).");
  }

  private static ObjectNode namespaceIndex() {
    var keys = new Keys();
    keys.always("namespace", constant(Json.MAPPER.valueToTree(Urls.NAMESPACE)));
    keys.always("routes", mapOf(ref("RouteDescription")));
    keys.always("_links", ref("Links"));
    return keys.object("Every route of the namespace with its methods and parameters (§9.2).");
  }

  private static ObjectNode routeDescription() {
    var endpoint = new Keys();
    endpoint.always("methods", arrayOf(string(null), null));
    endpoint.always("args", mapOf(ref("ArgDescription")));
    var keys = new Keys();
    keys.always("namespace", string(null));
    keys.always("methods", arrayOf(string(null), "All methods of the route, in the order of §2.2."));
    keys.always("endpoints", arrayOf(endpoint.object("One handler and its parameters."), null));
    keys.optional("_links", ref("Links"));
    return keys.object("One route of the namespace index.");
  }

  private static ObjectNode argDescription() {
    var keys = new Keys();
    keys.always("description", string(null));
    keys.optional("type", enumOf(List.of("integer", "number", "boolean", "string", "array"), null));
    keys.optional("format", string(null));
    keys.optional("items", Json.object().put("type", "object"));
    keys.optional("enum", arrayOf(string(null), null));
    keys.optional("default", Json.object());
    keys.always("required", bool(null));
    return keys.object("One parameter of an endpoint.");
  }

  private static ObjectNode links() {
    var link = new Keys();
    link.always("href", string(null));
    ObjectNode schema = Json.object();
    schema.put("type", "object");
    schema.put("description", "Relation name → links.");
    schema.set("additionalProperties", arrayOf(link.object(null), null));
    return schema;
  }

  /** The properties of an object schema and which of them are always present. */
  private static final class Keys {
    private final ObjectNode properties = Json.object();
    private final ArrayNode required = Json.array();

    void always(String name, ObjectNode schema) {
      properties.set(name, schema);
      required.add(name);
    }

    void optional(String name, ObjectNode schema) {
      properties.set(name, schema);
    }

    ObjectNode object(String description) {
      ObjectNode schema = Json.object();
      schema.put("type", "object");
      if (description != null) schema.put("description", description);
      schema.set("properties", properties);
      if (!required.isEmpty()) schema.set("required", required);
      return schema;
    }
  }

  static ObjectNode ref(String component) {
    return Json.object().put("$ref", "#/components/schemas/" + component);
  }

  private static ObjectNode typed(String type, String description) {
    ObjectNode schema = Json.object().put("type", type);
    if (description != null) schema.put("description", description);
    return schema;
  }

  private static ObjectNode string(String description) {
    return typed("string", description);
  }

  private static ObjectNode integer(String description) {
    return typed("integer", description);
  }

  private static ObjectNode number(String description) {
    return typed("number", description);
  }

  private static ObjectNode bool(String description) {
    return typed("boolean", description);
  }

  private static ObjectNode dateTime(String description) {
    return withPattern(string(description + " Format YYYY-MM-DD HH:MM:SS."), DATE_TIME);
  }

  private static ObjectNode nullableBoolean(String description) {
    ObjectNode schema = Json.object();
    schema.set("type", Json.array().add("boolean").add("null"));
    schema.put("description", description);
    return schema;
  }

  private static ObjectNode withPattern(ObjectNode schema, String pattern) {
    return schema.put("pattern", pattern);
  }

  private static ObjectNode withMaxItems(ObjectNode schema, int maxItems) {
    return schema.put("maxItems", maxItems);
  }

  private static ObjectNode enumOf(List<String> values, String description) {
    ObjectNode schema = string(description);
    schema.set("enum", Json.arrayOf(values));
    return schema;
  }

  private static ObjectNode constant(com.fasterxml.jackson.databind.JsonNode value) {
    return Json.object().set("const", value);
  }

  private static ObjectNode arrayOf(ObjectNode items, String description) {
    ObjectNode schema = typed("array", description);
    schema.set("items", items);
    return schema;
  }

  private static ObjectNode mapOf(ObjectNode values) {
    ObjectNode schema = Json.object().put("type", "object");
    schema.set("additionalProperties", values);
    return schema;
  }

  private static ObjectNode oneOf(String description, ObjectNode... alternatives) {
    ObjectNode schema = Json.object();
    if (description != null) schema.put("description", description);
    ArrayNode options = schema.putArray("oneOf");
    for (ObjectNode alternative : alternatives) options.add(alternative);
    return schema;
  }
}
