package org.agenda.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.owasp.html.Encoding;

/**
 * The write body Agenda's routes take for a record as the original answers it: the same field names where the two
 * agree (the interface is the same), links turned into Agenda ids. What the body cannot say (an unparseable date, a
 * link to a record the site does not return) is a {@link Skip}; what the routes refuse is theirs to say.
 */
final class Bodies {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Pattern DATE_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
  private static final List<String> EVENT_FLAGS = List.of("all_day", "featured", "sticky", "hide_from_listings",
      "show_map", "show_map_link");
  private static final List<String> VENUE_TEXTS = List.of("address", "city", "country", "province", "state",
      "stateprovince", "zip", "phone");

  /** A record that cannot be imported, and why. */
  static final class Skip extends Exception {
    Skip(String reason) {
      super(reason);
    }
  }

  /** The Agenda id of a linked record of the source, or null when it was not imported. */
  @FunctionalInterface
  interface Links {
    Long agendaId(Kind kind, long sourceId);
  }

  private Bodies() {}

  /** The body of a create or a full update of the record: its text and everything else. */
  static ObjectNode of(Kind kind, JsonNode source, Links links) throws Skip {
    ObjectNode body = text(kind, source);
    switch (kind) {
      case CATEGORY -> {
        long parent = source.path("parent").asLong(0);
        body.put("parent", parent == 0 ? 0 : linked(links, Kind.CATEGORY, parent, "parent category"));
      }
      case TAG -> { }
      case VENUE -> {
        shared(source, body);
        for (String field : VENUE_TEXTS) body.put(field, source.path(field).asText(""));
        body.put("show_map", source.path("show_map").asBoolean(true));
        body.put("show_map_link", source.path("show_map_link").asBoolean(true));
        if (isNumber(source.get("geo_lat")) && isNumber(source.get("geo_lng"))) {
          body.put("geo_lat", source.get("geo_lat").asDouble());
          body.put("geo_lng", source.get("geo_lng").asDouble());
        }
      }
      case ORGANIZER -> {
        shared(source, body);
        body.put("phone", source.path("phone").asText(""));
        body.put("email", source.path("email").asText(""));
      }
      case EVENT -> event(source, body, links);
    }
    return body;
  }

  /** The translatable fields alone: what a translation of an Agenda record takes from the source's record. */
  static ObjectNode text(Kind kind, JsonNode source) throws Skip {
    ObjectNode body = NODES.objectNode();
    String name = Encoding.decodeHtml(source.path(kind.nameField).asText(""));
    if (name.isBlank()) throw new Skip("no " + kind.nameField);
    body.put(kind.nameField, name);
    body.put("description", source.path("description").asText(""));
    if (kind == Kind.EVENT) body.put("excerpt", source.path("excerpt").asText(""));
    if (source.hasNonNull("slug")) body.put("slug", source.get("slug").asText());
    return body;
  }

  private static void shared(JsonNode source, ObjectNode body) {
    body.put("status", source.path("status").asText("publish"));
    if (source.hasNonNull("date_utc")) body.put("date_utc", source.get("date_utc").asText());
    body.put("website", source.path("website").asText(""));
    body.put("image", image(source.get("image")));
  }

  private static void event(JsonNode source, ObjectNode body, Links links) throws Skip {
    shared(source, body);
    body.put("start_date", dateTime(source, "start_date"));
    body.put("end_date", dateTime(source, "end_date"));
    if (source.hasNonNull("timezone") && !source.get("timezone").asText().isEmpty()) {
      body.put("timezone", source.get("timezone").asText());
    }
    for (String flag : EVENT_FLAGS) body.put(flag, source.path(flag).asBoolean(false));
    body.put("cost", source.path("cost").asText(""));
    if (source.path("password").isTextual() && !source.get("password").asText().isEmpty()) {
      body.put("password", source.get("password").asText());
    }
    body.set("venue", ids(links, Kind.VENUE, source.get("venue"), "venue"));
    body.set("organizer", ids(links, Kind.ORGANIZER, source.get("organizer"), "organizer"));
    body.set("categories", ids(links, Kind.CATEGORY, source.get("categories"), "category"));
    body.set("tags", ids(links, Kind.TAG, source.get("tags"), "tag"));
  }

  private static String dateTime(JsonNode source, String field) throws Skip {
    String value = source.path(field).asText("");
    if (!DATE_TIME.matcher(value).matches()) {
      throw new Skip(field + " does not parse: \"" + value + "\"");
    }
    return value;
  }

  /** The original's image: false, a URL, or an object with {@code url}. */
  private static String image(JsonNode image) {
    if (image == null || !image.isContainerNode() && !image.isTextual()) return "";
    return image.isTextual() ? image.asText() : image.path("url").asText("");
  }

  /** Linked records: one object, a list of objects, or ids; each mapped to its Agenda id. */
  private static ArrayNode ids(Links links, Kind kind, JsonNode value, String what) throws Skip {
    ArrayNode ids = NODES.arrayNode();
    var items = new ArrayList<JsonNode>();
    if (value == null || value.isNull() || value.isBoolean()) return ids;
    if (value.isArray()) {
      value.forEach(items::add);
    } else {
      items.add(value);
    }
    for (JsonNode item : items) {
      JsonNode id = item.isObject() ? item.get("id") : item;
      if (id == null || !id.canConvertToLong() && !id.asText().matches("\\d+")) continue;
      ids.add(linked(links, kind, id.asLong(), what));
    }
    return ids;
  }

  private static long linked(Links links, Kind kind, long sourceId, String what) throws Skip {
    Long id = links.agendaId(kind, sourceId);
    if (id == null) throw new Skip(what + " " + sourceId + " is not one the site returns");
    return id;
  }

  private static boolean isNumber(JsonNode value) {
    if (value == null || value.isNull()) return false;
    if (value.isNumber()) return true;
    return value.asText().matches("-?\\d+(\\.\\d+)?");
  }
}
