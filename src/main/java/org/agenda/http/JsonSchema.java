package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Builders of the JSON schemas with which each feature describes its representations in /doc (§9.3). Keys are
 * listed in the contract's order; a key the contract marks "always" is required. Unknown keys stay allowed
 * because clients must ignore keys added within v1.
 */
public final class JsonSchema {
  private static final String DATE_TIME = "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$";

  private JsonSchema() {}

  /** The properties of an object schema and which of them are always present. */
  public static final class Keys {
    private final ObjectNode properties = Json.object();
    private final ArrayNode required = Json.array();

    public void always(String name, ObjectNode schema) {
      properties.set(name, schema);
      required.add(name);
    }

    public void optional(String name, ObjectNode schema) {
      properties.set(name, schema);
    }

    public ObjectNode object(String description) {
      ObjectNode schema = Json.object();
      schema.put("type", "object");
      if (description != null) schema.put("description", description);
      schema.set("properties", properties);
      if (!required.isEmpty()) schema.set("required", required);
      return schema;
    }
  }

  /** A reference to the component schema {@code component}. */
  public static ObjectNode ref(String component) {
    return Json.object().put("$ref", "#/components/schemas/" + component);
  }

  private static ObjectNode typed(String type, String description) {
    ObjectNode schema = Json.object().put("type", type);
    if (description != null) schema.put("description", description);
    return schema;
  }

  public static ObjectNode string(String description) {
    return typed("string", description);
  }

  public static ObjectNode integer(String description) {
    return typed("integer", description);
  }

  public static ObjectNode number(String description) {
    return typed("number", description);
  }

  public static ObjectNode bool(String description) {
    return typed("boolean", description);
  }

  /** A date-time string of §5.1: {@code YYYY-MM-DD HH:MM:SS}. */
  public static ObjectNode dateTime(String description) {
    return withPattern(string(description + " Format YYYY-MM-DD HH:MM:SS."), DATE_TIME);
  }

  public static ObjectNode nullableBoolean(String description) {
    ObjectNode schema = Json.object();
    schema.set("type", Json.array().add("boolean").add("null"));
    schema.put("description", description);
    return schema;
  }

  public static ObjectNode withPattern(ObjectNode schema, String pattern) {
    return schema.put("pattern", pattern);
  }

  public static ObjectNode withMaxItems(ObjectNode schema, int maxItems) {
    return schema.put("maxItems", maxItems);
  }

  public static ObjectNode enumOf(List<String> values, String description) {
    ObjectNode schema = string(description);
    schema.set("enum", Json.arrayOf(values));
    return schema;
  }

  public static ObjectNode constant(Object value) {
    return Json.object().set("const", Json.MAPPER.<JsonNode>valueToTree(value));
  }

  public static ObjectNode arrayOf(ObjectNode items, String description) {
    ObjectNode schema = typed("array", description);
    schema.set("items", items);
    return schema;
  }

  public static ObjectNode mapOf(ObjectNode values) {
    ObjectNode schema = Json.object().put("type", "object");
    schema.set("additionalProperties", values);
    return schema;
  }

  public static ObjectNode oneOf(String description, ObjectNode... alternatives) {
    ObjectNode schema = Json.object();
    if (description != null) schema.put("description", description);
    ArrayNode options = schema.putArray("oneOf");
    for (ObjectNode alternative : alternatives) options.add(alternative);
    return schema;
  }
}
