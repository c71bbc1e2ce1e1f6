package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.DialectId;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §9.3 held against the behaviour: /doc passes a standard OpenAPI 3.1 parser and validator, describes
 * every route, method and parameter that the namespace index lists (the index is generated from the
 * registry that validates requests), and real responses of every documented operation come with a
 * status the document declares and a body that validates against the schema declared for it.
 */
class OpenApiContractApiTest {
  private static final String NS = "/cal/events/v1";
  private static final String DOC_URI = "https://agenda.test/openapi.json";
  private static final List<String> BODY_MEDIA_TYPES =
      List.of("application/json", "application/x-www-form-urlencoded", "multipart/form-data");

  /** A valid create body per collection (§6.4, §6.8, §6.10, §6.11.2, §6.12); %d keeps names unique. */
  private static final Map<String, String> CREATE_BODIES = Map.of(
      "/events", "{\"title\":\"Sample %d\",\"start_date\":\"2026-07-04 20:00\",\"end_date\":\"2026-07-04 22:00\"}",
      "/venues", "{\"venue\":\"Sample hall %d\",\"city\":\"Utrecht\",\"geo_lat\":52.09,\"geo_lng\":5.12}",
      "/organizers", "{\"organizer\":\"Sample organizer %d\",\"email\":\"info@sample.example\"}",
      "/categories", "{\"name\":\"Sample category %d\"}",
      "/tags", "{\"name\":\"Sample tag %d\"}");

  static TestServer server;
  static HttpResult docResponse;
  static JsonNode doc;
  static SchemaRegistry responseSchemas;
  private final AtomicInteger unique = new AtomicInteger();
  private final Map<String, Schema> schemaCache = new HashMap<>();

  @BeforeAll
  static void start() {
    server = TestServer.start();
    docResponse = server.anonymous().get(NS + "/doc");
    doc = docResponse.json();
    // The document allows unknown keys (clients must ignore keys added within v1); the responses of this
    // service must not have any, so that a key the service adds without describing it fails here.
    ObjectNode strict = doc.deepCopy();
    forbidUnknownKeys(strict.path("components").path("schemas"));
    // The document is loaded as one schema resource so that its $refs resolve; its top-level members are
    // OpenAPI, not JSON Schema, keywords.
    var documentKeys = new ArrayList<NonValidationKeyword>();
    doc.fieldNames().forEachRemaining(name -> documentKeys.add(new NonValidationKeyword(name)));
    Dialect dialect = Dialect.builder(Dialects.getOpenApi31()).keywords(documentKeys).build();
    responseSchemas = SchemaRegistry.withDefaultDialect(dialect, builder -> builder.schemas(Map.of(DOC_URI, strict.toString())));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void documentPassesAStandardOpenApi31Validator() {
    assertThat(docResponse.status()).isEqualTo(200);
    var options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult result = new OpenAPIV3Parser().readContents(docResponse.body(), null, options);
    assertThat(result.getMessages()).isEmpty();
    assertThat(result.getOpenAPI().getSpecVersion()).isEqualTo(SpecVersion.V31);
    assertThat(doc.path("openapi").asText()).isEqualTo("3.1.0");

    Schema metaSchema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(SchemaLocation.of(DialectId.DRAFT_2020_12));
    doc.path("components").path("schemas").fields().forEachRemaining(component ->
        assertThat(metaSchema.validate(component.getValue())).as(component.getKey()).isEmpty());
  }

  @Test
  void infoServersAndSecuritySchemes() {
    assertThat(doc.path("info").path("title").asText()).isEqualTo("Agenda REST API");
    assertThat(doc.path("info").path("version").asText()).isEqualTo("1.0.0");
    assertThat(doc.path("info").path("description").asText()).isNotBlank();
    assertThat(serverUrls(doc)).containsExactly(server.url(NS), server.url("/nl" + NS), server.url("/en" + NS),
        server.url("/fr" + NS));
    assertThat(serverUrls(server.anonymous().get("/fr" + NS + "/doc").json()).get(0)).isEqualTo(server.url("/fr" + NS));

    JsonNode schemes = doc.path("components").path("securitySchemes");
    assertThat(schemes.path("basicAuth").path("type").asText()).isEqualTo("http");
    assertThat(schemes.path("basicAuth").path("scheme").asText()).isEqualTo("basic");
    assertThat(schemes.path("bearerAuth").path("type").asText()).isEqualTo("http");
    assertThat(schemes.path("bearerAuth").path("scheme").asText()).isEqualTo("bearer");
    forEachOperation((path, method, operation) -> {
      String expected = method.equals("GET") ? "[{},{\"basicAuth\":[]},{\"bearerAuth\":[]}]"
          : "[{\"basicAuth\":[]},{\"bearerAuth\":[]}]";
      assertThat(operation.path("security").toString()).as(method + " " + path).isEqualTo(expected);
    });
  }

  @Test
  void everyRouteMethodAndParameterOfTheRegistryIsDocumented() {
    JsonNode index = server.anonymous().get(NS).json();
    List<String> indexPaths = new ArrayList<>();
    index.path("routes").fields().forEachRemaining(route -> {
      String path = openApiPath(route.getKey());
      indexPaths.add(path);
      JsonNode documented = doc.path("paths").path(path);
      List<String> documentedMethods = new ArrayList<>();
      documented.fieldNames().forEachRemaining(method -> documentedMethods.add(method.toUpperCase(Locale.ROOT)));
      assertThat(documentedMethods).as(path).containsExactlyInAnyOrderElementsOf(texts(route.getValue().path("methods")));
      for (JsonNode endpoint : route.getValue().path("endpoints")) {
        for (String method : texts(endpoint.path("methods"))) {
          assertDescribes(path, method, documented.path(method.toLowerCase(Locale.ROOT)), endpoint.path("args"));
        }
      }
    });
    List<String> documentedPaths = new ArrayList<>();
    doc.path("paths").fieldNames().forEachRemaining(documentedPaths::add);
    assertThat(documentedPaths).containsExactlyElementsOf(indexPaths);
  }

  /** Each argument is a parameter or a body field with the same type, enum, default and requiredness. */
  private static void assertDescribes(String path, String method, JsonNode operation, JsonNode args) {
    String where = method + " " + path;
    Map<String, JsonNode> parameters = new LinkedHashMap<>();
    operation.path("parameters").forEach(parameter -> parameters.put(parameter.path("name").asText(), parameter));
    JsonNode body = requestBodySchema(operation);
    assertThat(parameters).as(where).containsKey("translation_language");
    assertThat(parameters.get("translation_language").path("in").asText()).isEqualTo("query");
    // A by-slug update has the slug twice: the path one finds the record, the body one renames it (§6.6).
    Set<String> described = new TreeSet<>(parameters.keySet());
    body.path("properties").fieldNames().forEachRemaining(described::add);
    assertThat(described).as(where + ": documented parameters and fields").hasSize(args.size());
    args.fields().forEachRemaining(entry -> {
      String name = entry.getKey();
      JsonNode arg = entry.getValue();
      JsonNode parameter = parameters.get(name);
      JsonNode schema;
      boolean required;
      if (parameter != null) {
        assertThat(parameter.path("in").asText()).as(where + " " + name)
            .isEqualTo(path.contains("{" + name + "}") ? "path" : "query");
        assertThat(parameter.path("description").asText()).as(where + " " + name).isNotBlank();
        schema = parameter.path("schema");
        required = parameter.path("required").asBoolean();
        if ("array".equals(arg.path("type").asText())) {
          assertThat(parameter.path("style").asText()).isEqualTo("form");
          assertThat(parameter.path("explode").asBoolean(true)).isFalse();
        }
      } else {
        assertThat(body.path("properties").has(name)).as(where + ": " + name + " is a parameter or a body field").isTrue();
        schema = body.path("properties").path(name);
        required = texts(body.path("required")).contains(name);
      }
      assertThat(required).as(where + " " + name + " required").isEqualTo(arg.path("required").asBoolean());
      assertThat(schema.path("type")).as(where + " " + name + " type").isEqualTo(arg.path("type"));
      assertThat(schema.path("format")).as(where + " " + name + " format").isEqualTo(arg.path("format"));
      assertThat(schema.path("enum")).as(where + " " + name + " enum").isEqualTo(arg.path("enum"));
      assertThat(schema.path("default")).as(where + " " + name + " default").isEqualTo(arg.path("default"));
      assertThat(schema.path("items").path("enum")).as(where + " " + name + " items").isEqualTo(arg.path("items").path("enum"));
    });
  }

  private static JsonNode requestBodySchema(JsonNode operation) {
    JsonNode content = operation.path("requestBody").path("content");
    if (content.isMissingNode()) return content;
    List<String> mediaTypes = new ArrayList<>();
    content.fieldNames().forEachRemaining(mediaTypes::add);
    assertThat(mediaTypes).containsExactlyElementsOf(BODY_MEDIA_TYPES);
    JsonNode ref = content.path("application/json").path("schema");
    content.forEach(mediaType -> assertThat(mediaType.path("schema")).isEqualTo(ref));
    return resolve(ref);
  }

  @Test
  void operationIdsAndTagsFollowTheContract() {
    Set<String> ids = new TreeSet<>();
    forEachOperation((path, method, operation) -> {
      String operationId = operation.path("operationId").asText();
      assertThat(operationId).as(method + " " + path).isEqualTo(expectedOperationId(path, method));
      assertThat(ids.add(operationId)).as("unique " + operationId).isTrue();
      assertThat(texts(operation.path("tags"))).as(operationId).containsExactly(expectedTag(path));
      assertThat(operation.path("summary").asText()).as(operationId).isNotBlank();
      assertThat(operation.path("description").asText()).as(operationId).isNotBlank();
    });
    for (String component : List.of("Event", "Venue", "Organizer", "Category", "Tag", "EmbeddedTerm", "Image",
        "DateDetails", "CostDetails", "Translations", "EventList", "VenueList", "OrganizerList", "CategoryList",
        "TagList", "Error", "NamespaceIndex", "EventJsonLd", "PlaceJsonLd", "PersonJsonLd", "EventInput",
        "EventCreateInput")) {
      assertThat(doc.path("components").path("schemas").has(component)).as(component).isTrue();
    }
  }

  /**
   * §9.3: {@code /venues/by-slug/{slug}} PATCH is {@code updateVenueBySlugPatch}, and so on; the iCalendar form of a
   * route is its operation {@code AsICalendar} ({@code /events.ics}: {@code listEventsAsICalendar}).
   */
  private static String expectedOperationId(String path, String method) {
    if (path.endsWith(".ics")) return expectedOperationId(path.substring(0, path.length() - 4), method) + "AsICalendar";
    if (path.equals("/")) return "getIndex";
    if (path.equals("/doc")) return "getDoc";
    String collection = path.substring(1).split("/")[0];
    String plural = Character.toUpperCase(collection.charAt(0)) + collection.substring(1);
    String singular = switch (collection) {
      case "categories" -> "Category";
      default -> plural.substring(0, plural.length() - 1);
    };
    if (!path.contains("{")) return method.equals("GET") ? "list" + plural : "create" + singular;
    String suffix = path.contains("/by-slug/") ? "BySlug" : "";
    return switch (method) {
      case "GET" -> "get" + singular + suffix;
      case "DELETE" -> "delete" + singular + suffix;
      case "POST" -> "update" + singular + suffix;
      case "PUT" -> "update" + singular + suffix + "Put";
      default -> "update" + singular + suffix + "Patch";
    };
  }

  private static String expectedTag(String path) {
    if (path.equals("/") || path.equals("/doc")) return "Meta";
    String collection = path.substring(1).split("[/.]")[0];
    return Character.toUpperCase(collection.charAt(0)) + collection.substring(1);
  }

  @Test
  void realResponsesOfEveryOperationMatchTheirDeclaredSchemas() {
    seedRichRecords();
    Map<String, Set<Integer>> answered = new TreeMap<>();
    forEachOperation((path, method, operation) -> sample(path, method, operation, answered));
    forEachOperation((path, method, operation) -> {
      Set<Integer> statuses = answered.get(operation.path("operationId").asText());
      assertThat(statuses).as(method + " " + path + " was sampled").isNotNull();
      assertThat(statuses).as(method + " " + path + " success").anyMatch(status -> status < 300);
      assertThat(statuses).as(method + " " + path + " error").anyMatch(status -> status >= 400);
    });
  }

  /**
   * Events whose representations use every shape of §5: terms, cost, image, one venue (an object) or two
   * (an array), an organizer, a password-protected event (stripped in anonymous lists), and a series. The venues
   * and organizers are created inline (§6.4), so that they exist whichever routes are registered.
   */
  private static void seedRichRecords() {
    String venue = "{\"venue\":\"Grote Zaal\",\"description\":\"<p>Concertzaal</p>\",\"address\":\"Kerkstraat 1\","
        + "\"city\":\"Utrecht\",\"zip\":\"3511 AB\",\"phone\":\"+31 30 000 0000\",\"website\":\"https://zaal.example\","
        + "\"geo_lat\":52.0907,\"geo_lng\":5.1214}";
    String organizer = "{\"organizer\":\"Stichting Muziek\",\"email\":\"info@muziek.example\",\"phone\":\"+31 30 111 1111\"}";
    seed("{\"title\":\"Zomerconcert\",\"start_date\":\"2026-07-04 20:00\",\"end_date\":\"2026-07-04 22:30\","
        + "\"excerpt\":\"<p>Openlucht</p>\",\"cost\":\"€15 - €25\",\"image\":\"https://cdn.example.org/img/zomer.jpg\","
        + "\"website\":\"https://muziek.example\",\"categories\":[\"Concerten\"],\"tags\":[\"buiten\"],\"featured\":true,"
        + "\"venue\":" + venue + ",\"organizer\":[" + organizer + "]}");
    seed("{\"title\":\"Dubbelconcert\",\"start_date\":\"2026-07-06 20:00\",\"end_date\":\"2026-07-06 22:00\","
        + "\"venue\":[{\"venue\":\"Grote Zaal\"},{\"venue\":\"Kleine Zaal\",\"city\":\"Gent\"}]}");
    seed("{\"title\":\"Besloten\",\"start_date\":\"2026-07-05 20:00\",\"end_date\":\"2026-07-05 22:00\","
        + "\"password\":\"geheim\",\"cost\":\"0\",\"venue\":{\"venue\":\"Grote Zaal\"}}");
    // a series (the keys of its events, status_detail on its first)
    seed("{\"title\":\"Zomercursus\",\"start_date\":\"2026-07-07 19:30\",\"end_date\":\"2026-07-07 21:00\","
        + "\"recurrence\":[\"RRULE:FREQ=WEEKLY;COUNT=3\"],\"status_detail\":\"postponed\"}");
  }

  private static void seed(String event) {
    HttpResult created = server.asAdmin().postJson(NS + "/events", event);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
  }

  /** Sends real requests for one operation: a success, an anonymous write, invalid input, a missing target. */
  private void sample(String path, String method, JsonNode operation, Map<String, Set<Integer>> answered) {
    var admin = server.asAdmin();
    var anonymous = server.anonymous();
    Expectation expect = (response, expected) -> {
      check(path, method, operation, response);
      if (expected != null) assertThat(response.status()).as(method + " " + path + ": " + response).isEqualTo(expected);
      answered.computeIfAbsent(operation.path("operationId").asText(), id -> new TreeSet<>()).add(response.status());
    };
    String collection = path.equals("/") || path.equals("/doc") ? path : "/" + path.substring(1).split("/")[0];
    boolean single = path.contains("{");
    String body = "{\"description\":\"<p>Updated</p>\"}";
    switch (single ? method : method + " collection") {
      case "GET collection" -> {
        expect.of(anonymous.get(NS + path), 200);
        expect.of(admin.get(NS + path), 200);
        expect.of(anonymous.get(NS + path + "?translation_language=xx"), 400);
        expect.of(anonymous.get(NS + path + "?page=99"), null);
      }
      case "POST collection" -> {
        expect.of(admin.postJson(NS + path, createBody(path)), 201);
        expect.of(anonymous.postJson(NS + path, createBody(path)), 401);
        expect.of(admin.postJson(NS + path, "{}"), 400);
        expect.of(admin.send("POST", NS + path, "text/plain", "x", Map.of()), 415);
      }
      case "GET" -> {
        for (JsonNode record : firstPage(collection)) {
          expect.of(admin.get(NS + target(path, record)), 200);
          expect.of(anonymous.get(NS + target(path, record)), null);
        }
        expect.of(anonymous.get(NS + target(path, create(collection)) + "?translation_language=xx"), 400);
        expect.of(anonymous.get(NS + path.replace("{id}", "999999999").replace("{slug}", "no-such-slug")), null);
      }
      case "DELETE" -> {
        String target = NS + target(path, create(collection));
        expect.of(anonymous.delete(target), 401);
        expect.of(admin.delete(target), 200);
        expect.of(admin.delete(target), null);
        expect.of(admin.delete(NS + target(path, create(collection)) + "?force=true"), 200);
      }
      default -> {
        String target = NS + target(path, create(collection));
        expect.of(admin.send(method, target, "application/json", body, Map.of()), 200);
        expect.of(anonymous.send(method, target, "application/json", body, Map.of()), 401);
        expect.of(admin.send(method, target, "application/json", "{\"description\":", Map.of()), 400);
      }
    }
  }

  @FunctionalInterface
  private interface Expectation {
    void of(HttpResult response, Integer expectedStatus);
  }

  /** The status is declared, its required headers are sent, and the body validates against its schema. */
  private void check(String path, String method, JsonNode operation, HttpResult response) {
    String body = response.body();
    String where = method + " " + path + " → " + response.status() + " " + (body.length() > 400 ? body.substring(0, 400) + "…" : body);
    JsonNode declared = operation.path("responses").path(Integer.toString(response.status()));
    assertThat(declared.isMissingNode()).as("undeclared status: " + where).isFalse();
    declared.path("headers").fields().forEachRemaining(header -> {
      if (resolve(header.getValue()).path("required").asBoolean()) {
        assertThat(response.header(header.getKey())).as(header.getKey() + " of " + where).isNotNull();
      }
    });
    JsonNode content = declared.path("content");
    if (!content.has("application/json")) {
      // another format: the one declared, in a body that its own parser accepts
      List<String> mediaTypes = new ArrayList<>();
      content.fieldNames().forEachRemaining(mediaTypes::add);
      assertThat(mediaTypes).as(where).containsExactly("text/calendar");
      assertThat(response.header("Content-Type")).as(where).isEqualTo("text/calendar; charset=utf-8");
      CalendarChecks.parse(body);
      return;
    }
    JsonNode schema = content.path("application/json").path("schema");
    String key = schema.has("$ref") ? schema.get("$ref").asText() : schema.toString();
    Schema validator = schemaCache.computeIfAbsent(key, k -> schema.has("$ref")
        ? responseSchemas.getSchema(SchemaLocation.of(DOC_URI + k))
        : responseSchemas.getSchema(schema));
    assertThat(validator.validate(response.json())).as(where).isEmpty();
  }

  private JsonNode create(String collection) {
    HttpResult created = server.asAdmin().postJson(NS + collection, createBody(collection));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created.json();
  }

  private String createBody(String collection) {
    String body = CREATE_BODIES.get(collection);
    assertThat(body).as("a sample create body for " + collection).isNotNull();
    return String.format(Locale.ROOT, body, unique.incrementAndGet());
  }

  /** The first page of a collection as the administrator sees it (all statuses but trash). */
  private static JsonNode firstPage(String collection) {
    JsonNode list = server.asAdmin().get(NS + collection).json();
    return list.path(collection.substring(1));
  }

  private static String target(String path, JsonNode record) {
    return path.replace("{id}", record.path("id").asText())
        .replace("{slug}", URLEncoder.encode(record.path("slug").asText(), StandardCharsets.UTF_8));
  }

  @FunctionalInterface
  private interface OperationVisitor {
    void visit(String path, String method, JsonNode operation);
  }

  private static void forEachOperation(OperationVisitor visitor) {
    doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
        visitor.visit(path.getKey(), operation.getKey().toUpperCase(Locale.ROOT), operation.getValue())));
  }

  /**
   * Index key to OpenAPI path: {@code /cal/events/v1/events/(?P<id>\d+)} → {@code /events/{id}},
   * {@code /cal/events/v1/events\.ics} → {@code /events.ics}.
   */
  private static String openApiPath(String indexKey) {
    String relative = indexKey.substring(NS.length()).replace("(?P<id>\\d+)", "{id}").replace("(?P<slug>[^/]+)", "{slug}")
        .replace("\\.", ".");
    return relative.isEmpty() ? "/" : relative;
  }

  private static JsonNode resolve(JsonNode node) {
    if (!node.has("$ref")) return node;
    return doc.at(node.get("$ref").asText().substring(1));
  }

  private static List<String> serverUrls(JsonNode document) {
    List<String> urls = new ArrayList<>();
    document.path("servers").forEach(server -> urls.add(server.path("url").asText()));
    return urls;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  /** Adds {@code unevaluatedProperties: false} to every object schema that lists its properties. */
  private static void forbidUnknownKeys(JsonNode node) {
    if (node instanceof ObjectNode object && object.has("properties") && !object.has("additionalProperties")) {
      object.put("unevaluatedProperties", false);
    }
    node.forEach(OpenApiContractApiTest::forbidUnknownKeys);
  }
}
