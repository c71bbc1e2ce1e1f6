package org.agenda.doc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agenda.doc.OpenApiOperations.Kind;
import org.agenda.doc.OpenApiOperations.Operation;
import org.agenda.http.ApiResource;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Json;
import org.agenda.http.JsonSchema;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.http.Urls;

/**
 * {@code GET /cal/events/v1/doc} (§6.2, §9.3): the OpenAPI 3.1 document, generated on each request from
 * the route table that also routes and validates, so that every route, method and parameter described
 * is one the service answers and checks. Parameters of GET and DELETE go in the query; the fields of
 * POST, PUT and PATCH become the request body (they may also be sent in the query, §2.5), except
 * {@code translation_language}, which stays a query parameter everywhere.
 */
public final class OpenApiDocument {
  private static final String LANGUAGE_PARAM = "translation_language";
  private static final List<String> BODY_METHODS = List.of("POST", "PUT", "PATCH");
  private static final List<String> BODY_MEDIA_TYPES =
      List.of("application/json", "application/x-www-form-urlencoded", "multipart/form-data");

  private static final String COMPONENT_SCHEMAS = "#/components/schemas/";

  private final RouteTable routes;

  public OpenApiDocument(RouteTable routes) {
    this.routes = routes;
  }

  /** R1 of §2.2; it has no parameters besides {@code translation_language}. */
  public Route route() {
    return Route.namespaced("/doc", MetaSchemas.META,
        List.of(Endpoint.read(List.of(), null, request -> ApiResponse.ok(build(request.urls())))));
  }

  ObjectNode build(Urls urls) {
    ObjectNode document = Json.object();
    document.put("openapi", "3.1.0");
    document.set("info", info());
    document.set("servers", servers(urls));
    ObjectNode schemas = Json.object();
    Set<ApiResource> used = new LinkedHashSet<>();
    ObjectNode paths = document.putObject("paths");
    for (Route route : routes.namespaceRoutes()) {
      ObjectNode path = paths.putObject(route.relativePattern());
      for (Endpoint endpoint : route.endpoints()) {
        for (String method : endpoint.methods()) {
          Operation operation = Operation.of(route, endpoint, method);
          if (used.add(operation.resource())) addSchemas(schemas, operation.resource().schemas());
          path.set(method.toLowerCase(Locale.ROOT), operation(operation, method, endpoint, schemas));
        }
      }
    }
    schemas.set("Error", MetaSchemas.error());
    checkReferences(document, schemas);
    document.set("tags", tags(used));
    ObjectNode components = document.putObject("components");
    components.set("schemas", schemas);
    components.set("headers", headers());
    ObjectNode security = components.putObject("securitySchemes");
    security.putObject("basicAuth").put("type", "http").put("scheme", "basic")
        .put("description", "User name and application password.");
    security.putObject("bearerAuth").put("type", "http").put("scheme", "bearer")
        .put("description", "The application password alone.");
    return document;
  }

  private static ObjectNode info() {
    ObjectNode info = Json.object();
    info.put("title", "Agenda REST API");
    info.put("version", "1.0.0");
    info.put("description", String.join("\n\n",
        "A multilingual event calendar: events, venues, organizers, event categories and tags.",
        "**Languages.** Every record exists once, with its text per language. The request language is the "
            + "translation_language parameter, else the language segment of the URL (/nl/, /en/, /fr/), else the "
            + "default language. Reads fall back to another language when a record has no text in the requested "
            + "one; writes store text in the request language.",
        "**Parameters.** Any parameter may be given in the query string or in the body (JSON, URL-encoded or "
            + "multipart form); the body wins. Lists may be repeated (venue=12&venue=14), comma-separated "
            + "(venue=12,14) or JSON arrays. Dates accept 2026-07-04, 2026-07-04 20:00, ISO 8601 with an offset, "
            + "Unix timestamps and phrases such as tomorrow 9am.",
        "**Authentication.** Reads are anonymous. Writes need an application password, sent with Basic "
            + "(user name and password) or Bearer (password alone) authentication.",
        "**Errors** have the body {code, message, data: {status, ...}}."));
    return info;
  }

  /** The server of the request first, then one per configured language (§9.3). */
  private ArrayNode servers(Urls urls) {
    ArrayNode servers = Json.array();
    servers.addObject().put("url", urls.api()).put("description", "This server, as requested.");
    for (String language : routes.languages()) {
      servers.addObject().put("url", urls.publicUrl() + "/" + language + "/" + Urls.NAMESPACE)
          .put("description", "Language segment " + language + ": text in " + language + " unless "
              + LANGUAGE_PARAM + " says otherwise.");
    }
    return servers;
  }

  /** The component schemas of a resource; two resources may declare one only alike (the ones events embed). */
  private static void addSchemas(ObjectNode schemas, Map<String, ObjectNode> declared) {
    declared.forEach((name, schema) -> {
      JsonNode known = schemas.get(name);
      if (known != null && !known.equals(schema)) throw new IllegalStateException("resources disagree on " + name);
      schemas.set(name, schema);
    });
  }

  /** Every schema a route refers to is declared by the resource of some route: else /doc would not validate. */
  private static void checkReferences(JsonNode node, ObjectNode schemas) {
    JsonNode ref = node.get("$ref");
    if (ref != null && ref.asText().startsWith(COMPONENT_SCHEMAS)
        && !schemas.has(ref.asText().substring(COMPONENT_SCHEMAS.length()))) {
      throw new IllegalStateException("no resource declares the schema " + ref.asText());
    }
    for (JsonNode child : node) checkReferences(child, schemas);
  }

  private static ArrayNode tags(Set<ApiResource> used) {
    ArrayNode tags = Json.array();
    for (ApiResource resource : used) tags.addObject().put("name", resource.tag()).put("description", resource.description());
    return tags;
  }

  private static ObjectNode operation(Operation operation, String method, Endpoint endpoint, ObjectNode schemas) {
    ObjectNode node = Json.object();
    node.set("tags", Json.array().add(operation.resource().tag()));
    node.put("summary", operation.summary());
    String description = operation.description();
    if (endpoint.requiredRole() != null) {
      description += " Requires the role " + endpoint.requiredRole().code() + " or higher.";
    }
    node.put("description", description);
    node.put("operationId", operation.operationId());
    boolean hasBody = BODY_METHODS.contains(method);
    ArrayNode parameters = node.putArray("parameters");
    List<Param> bodyFields = new ArrayList<>();
    for (Param param : endpoint.params()) {
      if (hasBody && !param.isInPath() && !param.name().equals(LANGUAGE_PARAM)) {
        bodyFields.add(param);
      } else {
        parameters.add(parameter(param));
      }
    }
    if (hasBody) node.set("requestBody", requestBody(operation, bodyFields, schemas));
    node.set("responses", responses(operation, !method.equals("GET")));
    node.set("security", security(endpoint.requiredRole() == null));
    return node;
  }

  /** Writes need one of the two schemes; reads also accept no credentials at all ({@code {}}). */
  private static ArrayNode security(boolean anonymousAllowed) {
    ArrayNode alternatives = Json.array();
    if (anonymousAllowed) alternatives.addObject();
    alternatives.addObject().putArray("basicAuth");
    alternatives.addObject().putArray("bearerAuth");
    return alternatives;
  }

  private static ObjectNode parameter(Param param) {
    ObjectNode node = Json.object();
    node.put("name", param.name());
    node.put("in", param.isInPath() ? "path" : "query");
    node.put("required", param.isRequired());
    node.put("description", describe(param));
    if (param.type() == Param.Type.LIST) {
      node.put("style", "form");
      node.put("explode", false);
    }
    node.set("schema", schema(param));
    return node;
  }

  /**
   * The body schema, a component named after the resource ({@code EventCreateInput} for creation,
   * {@code EventInput} for updates). Routes that share a component must declare the same fields.
   */
  private static ObjectNode requestBody(Operation operation, List<Param> fields, ObjectNode schemas) {
    String name = operation.resource().schema() + (operation.kind() == Kind.CREATE ? "CreateInput" : "Input");
    ObjectNode schema = Json.object().put("type", "object");
    schema.put("description", "The " + operation.resource().noun() + " fields to write"
        + (operation.kind() == Kind.CREATE ? "." : "; fields left out keep their value."));
    ObjectNode properties = schema.putObject("properties");
    ArrayNode required = Json.array();
    for (Param field : fields) {
      ObjectNode property = schema(field);
      property.put("description", describe(field));
      properties.set(field.name(), property);
      if (field.isRequired()) required.add(field.name());
    }
    if (!required.isEmpty()) schema.set("required", required);
    JsonNode known = schemas.get(name);
    if (known != null && !known.equals(schema)) {
      throw new IllegalStateException("routes disagree on the fields of " + name);
    }
    schemas.set(name, schema);
    ObjectNode body = Json.object();
    body.put("required", !required.isEmpty());
    ObjectNode content = body.putObject("content");
    for (String mediaType : BODY_MEDIA_TYPES) content.putObject(mediaType).set("schema", JsonSchema.ref(name));
    return body;
  }

  private static ObjectNode responses(Operation operation, boolean readsBody) {
    ObjectNode responses = Json.object();
    for (Map.Entry<Integer, String> answer : operation.statuses(readsBody).entrySet()) {
      int status = answer.getKey();
      ObjectNode response = responses.putObject(Integer.toString(status));
      response.put("description", answer.getValue());
      boolean success = status < 300;
      if (success && !operation.successHeaders().isEmpty()) response.set("headers", headersOf(operation));
      if (status == 304) {
        response.putObject("headers").set("ETag", Operation.headerRef("ETag"));
        continue;
      }
      ObjectNode schema;
      String mediaType = "application/json";
      if (!success) {
        schema = JsonSchema.ref("Error");
      } else if (operation.successSchema() == null) {
        schema = Json.object().put("type", "object").put("description", "An OpenAPI 3.1 document.");
      } else {
        schema = operation.successSchema();
        mediaType = operation.successMediaType();
      }
      response.putObject("content").putObject(mediaType).set("schema", schema);
    }
    return responses;
  }

  private static ObjectNode headersOf(Operation operation) {
    ObjectNode headers = Json.object();
    operation.successHeaders().forEach(headers::set);
    return headers;
  }

  private static ObjectNode headers() {
    ObjectNode headers = Json.object();
    header(headers, "X-Cal-Total", true, "integer", "Number of matching items, ignoring paging (same as total).");
    header(headers, "X-Cal-TotalPages", true, "integer", "Number of pages (same as total_pages).");
    header(headers, "Link", false, "string", "RFC 8288 links to the next and previous pages, when there are any.");
    header(headers, "Location", true, "string", "URL of the created record.");
    header(headers, "ETag", true, "string", "A tag of the answer's bytes: send it back in If-None-Match to read "
        + "only what changed, or in If-Match to write only over what was read.");
    return headers;
  }

  private static void header(ObjectNode headers, String name, boolean required, String type, String description) {
    ObjectNode header = headers.putObject(name);
    header.put("description", description);
    header.put("required", required);
    header.putObject("schema").put("type", type);
  }

  /** The registry's description, plus what its declared type accepts (§2.5). */
  private static String describe(Param param) {
    String text = param.description();
    if (param.type() == Param.Type.DATE || param.itemType() == Param.Type.DATE) {
      text += " Accepts 2026-07-04, 2026-07-04 20:00, ISO 8601 with an offset, a Unix timestamp or a phrase such as "
          + "tomorrow 9am (§8.1).";
    }
    if (param.type() == Param.Type.LIST) text += " A list: repeated, comma-separated or a JSON array.";
    return text;
  }

  /** The JSON schema of a parameter's declared type and limits; a custom type accepts several shapes. */
  private static ObjectNode schema(Param param) {
    ObjectNode schema = Json.object();
    if (param.type() == Param.Type.LIST) {
      schema.put("type", "array");
      ObjectNode items = schema.putObject("items");
      scalar(items, param.itemType(), param);
      schema.put("maxItems", Param.MAX_LIST_ITEMS);
    } else {
      scalar(schema, param.type(), param);
    }
    if (param.defaultValue() != null) schema.set("default", Json.MAPPER.valueToTree(param.defaultValue()));
    return schema;
  }

  private static void scalar(ObjectNode schema, Param.Type type, Param param) {
    if (type == Param.Type.CUSTOM) return;
    schema.put("type", type.jsonType);
    if (param.format() != null) schema.put("format", param.format());
    if (type == Param.Type.ENUM) schema.set("enum", Json.arrayOf(param.enumValues()));
    if (param.maxLength() != null) schema.put("maxLength", param.maxLength());
    if (param.min() != null) schema.put("minimum", param.min());
    if (param.max() != null) schema.put("maximum", param.max());
    if (param.minNumber() != null) {
      schema.put(param.exclusiveMinNumber() ? "exclusiveMinimum" : "minimum", param.minNumber());
    }
    if (param.maxNumber() != null) schema.put("maximum", param.maxNumber());
  }
}
