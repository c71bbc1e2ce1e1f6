package org.agenda.doc;

import static org.agenda.http.JsonSchema.arrayOf;
import static org.agenda.http.JsonSchema.bool;
import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.enumOf;
import static org.agenda.http.JsonSchema.integer;
import static org.agenda.http.JsonSchema.mapOf;
import static org.agenda.http.JsonSchema.oneOf;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.Json;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.http.Urls;

/** The self-description's own resource (the namespace index and /doc), and the error body of §7.1. */
final class MetaSchemas {
  private MetaSchemas() {}

  static final ApiResource META = ApiResource.of("", "Meta", "", "", "The namespace index and this document.")
      .withSchemas(indexSchemas());

  /** The body of every error response, which every operation may answer. */
  static ObjectNode error() {
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

  private static Map<String, ObjectNode> indexSchemas() {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("NamespaceIndex", namespaceIndex());
    schemas.put("RouteDescription", routeDescription());
    schemas.put("ArgDescription", argDescription());
    schemas.put("Links", links());
    return schemas;
  }

  private static ObjectNode namespaceIndex() {
    var keys = new Keys();
    keys.always("namespace", constant(Urls.NAMESPACE));
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
}
