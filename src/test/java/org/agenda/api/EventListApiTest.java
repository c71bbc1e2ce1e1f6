package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.keys;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /events} (§6.3, §5.11, §2.10): paging, navigation URLs and their headers, the order and
 * encoding of the parameters in {@code rest_url}, and the language segment / parameter. Also holds the
 * helpers shared by the other {@code EventList*ApiTest} classes.
 */
class EventListApiTest {
  static final String EVENTS = "/cal/events/v1/events";
  /** The default window of 2026-03-10 (the harness clock) as it appears in navigation URLs. */
  static final String DEFAULT_WINDOW = "start_date=2026-03-10%2000%3A00%3A00&end_date=2028-03-10%2023%3A59%3A59";
  static final ObjectMapper MAPPER = new ObjectMapper();

  static TestServer server;
  /** The five "Bladzijde" events, in list order (tomorrow 10:00 … 14:00), all children of {@link #book}. */
  static final List<Long> pages = new ArrayList<>();
  /** A past event whose children are the five "Bladzijde" events: {@code post_parent=book} selects them. */
  static long book;
  static String BOOK;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    var admin = server.asAdmin();
    // created out of order, so that id order and start order differ
    book = create(admin, event("Boek", "yesterday 10:00", "yesterday 11:00"));
    BOOK = "post_parent=" + book;
    long[] byHour = new long[15];
    for (int hour : new int[] {12, 10, 14, 11, 13}) {
      byHour[hour] = create(admin, event("Bladzijde " + hour, "tomorrow " + hour + ":00", "tomorrow " + hour + ":30")
          .put("post_parent", book));
    }
    for (int hour = 10; hour <= 14; hour++) pages.add(byHour[hour]);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  // ---------------------------------------------------------------------------------------------
  // helpers shared by the EventList*ApiTest classes

  static ObjectNode event(String title, String start, String end) {
    ObjectNode body = MAPPER.createObjectNode();
    body.put("title", title);
    body.put("start_date", start);
    body.put("end_date", end);
    return body;
  }

  /** Creates an event and returns its id (captured from the 201 response). */
  static long create(TestServer.Caller caller, ObjectNode body) {
    return createJson(caller, body).path("id").asLong();
  }

  static JsonNode createJson(TestServer.Caller caller, ObjectNode body) {
    HttpResult response = caller.postJson(EVENTS, body.toString());
    assertThat(response.status()).as("create %s → %s", body, response).isEqualTo(201);
    return response.json();
  }

  static JsonNode patch(TestServer.Caller caller, String path, ObjectNode body) {
    HttpResult response = caller.patchJson(path, body.toString());
    assertThat(response.status()).as("PATCH %s %s → %s", path, body, response).isEqualTo(200);
    return response.json();
  }

  static ObjectNode fields(Object... namesAndValues) {
    ObjectNode body = MAPPER.createObjectNode();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      body.set((String) namesAndValues[i], MAPPER.valueToTree(namesAndValues[i + 1]));
    }
    return body;
  }

  /** RFC 3986 percent-encoding of a query value (everything but A-Z a-z 0-9 - . _ ~). */
  static String enc(String value) {
    var out = new StringBuilder();
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
          || c == '_' || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(String.format("%02X", c));
      }
    }
    return out.toString();
  }

  /** {@code ?name=value&…} with encoded values. */
  static String q(String... namesAndValues) {
    var out = new StringBuilder();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      out.append(i == 0 ? '?' : '&').append(namesAndValues[i]).append('=').append(enc(namesAndValues[i + 1]));
    }
    return out.toString();
  }

  /** Ids of the listed events, in list order; the response must be 200. */
  static List<Long> ids(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    var ids = new ArrayList<Long>();
    response.json().path("events").forEach(item -> ids.add(item.path("id").asLong()));
    return ids;
  }

  static List<Long> ids(TestServer.Caller caller, String query) {
    return ids(caller.get(EVENTS + query));
  }

  /** Ids of the events that an anonymous {@code search} for the value lists. */
  static List<Long> searched(TestServer server, String value) {
    return ids(server.anonymous(), q("search", value));
  }

  static String restUrl(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json().path("rest_url").asText();
  }

  /** The query parameters of a URL, decoded, in order ({@code +} is kept as {@code +}). */
  static Map<String, String> params(String url) {
    Map<String, String> params = new LinkedHashMap<>();
    int question = url.indexOf('?');
    if (question < 0) return params;
    for (String pair : url.substring(question + 1).split("&")) {
      int equals = pair.indexOf('=');
      String name = equals < 0 ? pair : pair.substring(0, equals);
      String value = equals < 0 ? "" : pair.substring(equals + 1);
      params.put(name, URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8));
    }
    return params;
  }

  /** The path and query of an absolute URL generated by the server. */
  static String pathOf(TestServer server, String url) {
    String base = server.url("");
    assertThat(url).startsWith(base);
    return url.substring(base.length());
  }

  // ---------------------------------------------------------------------------------------------
  // paging and navigation (§5.11, §12 rows 55–57)

  private String bladzijde(int perPage, int page) {
    return server.url(EVENTS + "/?per_page=" + perPage + "&" + DEFAULT_WINDOW + "&status=publish&" + BOOK + "&page=" + page);
  }

  @Test
  void middlePageHasNextPreviousLinkAndTotals() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=2&page=2");
    assertThat(ids(response)).containsExactly(pages.get(2), pages.get(3));
    JsonNode json = response.json();
    assertThat(keys(json)).containsExactly("events", "rest_url", "next_rest_url", "previous_rest_url", "total", "total_pages");
    assertThat(json.path("total").isInt()).isTrue();
    assertThat(json.path("total").asInt()).isEqualTo(5);
    assertThat(json.path("total_pages").isIntegralNumber()).isTrue();
    assertThat(json.path("total_pages").asInt()).isEqualTo(3);
    assertThat(response.header("X-Cal-Total")).isEqualTo("5");
    assertThat(response.header("X-Cal-TotalPages")).isEqualTo("3");
    assertThat(json.path("rest_url").asText()).isEqualTo(bladzijde(2, 2));
    assertThat(json.path("next_rest_url").asText()).isEqualTo(bladzijde(2, 3)).endsWith("&page=3");
    assertThat(json.path("previous_rest_url").asText()).isEqualTo(bladzijde(2, 1)).endsWith("&page=1");
    assertThat(response.header("Link"))
        .isEqualTo("<" + bladzijde(2, 3) + ">; rel=\"next\", <" + bladzijde(2, 1) + ">; rel=\"prev\"");
  }

  @Test
  void followingNextRestUrlGivesTheLastPage() {
    var first = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=2&page=2");
    String next = first.json().path("next_rest_url").asText();
    var last = server.anonymous().get(pathOf(server, next));
    assertThat(ids(last)).containsExactly(pages.get(4));
    JsonNode json = last.json();
    assertThat(keys(json)).containsExactly("events", "rest_url", "previous_rest_url", "total", "total_pages");
    assertThat(json.path("rest_url").asText()).isEqualTo(next);
    assertThat(json.has("next_rest_url")).isFalse();
    // previous_rest_url is also defined for page total_pages + 1, but that page is a 404: check it here
    assertThat(json.path("previous_rest_url").asText()).isEqualTo(bladzijde(2, 2));
    assertThat(last.header("Link")).isEqualTo("<" + bladzijde(2, 2) + ">; rel=\"prev\"");
    assertThat(last.header("X-Cal-Total")).isEqualTo("5");
    assertThat(last.header("X-Cal-TotalPages")).isEqualTo("3");
  }

  @Test
  void firstPageHasOnlyNext() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=2");
    assertThat(ids(response)).containsExactly(pages.get(0), pages.get(1));
    JsonNode json = response.json();
    assertThat(keys(json)).containsExactly("events", "rest_url", "next_rest_url", "total", "total_pages");
    assertThat(json.path("rest_url").asText()).isEqualTo(bladzijde(2, 1));
    assertThat(response.header("Link")).isEqualTo("<" + bladzijde(2, 2) + ">; rel=\"next\"");
  }

  @Test
  void singlePageHasNoNavigationAndNoLink() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK);
    assertThat(ids(response)).containsExactlyElementsOf(pages);
    JsonNode json = response.json();
    assertThat(keys(json)).containsExactly("events", "rest_url", "total", "total_pages");
    assertThat(json.path("total_pages").asInt()).isEqualTo(1);
    assertThat(response.header("Link")).isNull();
    assertThat(response.header("X-Cal-TotalPages")).isEqualTo("1");
  }

  @Test
  void pageBeyondTheLastIs404() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=2&page=4");
    assertThat(response.status()).isEqualTo(404);
    assertThat(response.code()).isEqualTo("event-archive-page-not-found");
    assertThat(response.json().path("message").asText()).isEqualTo("The requested event archive page does not exist");
    assertThat(response.json().path("data").path("status").asInt()).isEqualTo(404);
  }

  @Test
  void row57SearchWithoutMatchIsAnEmptyPage() {
    var empty = server.anonymous().get(EVENTS + "?search=zzzz");
    assertThat(ids(empty)).isEmpty();
    assertThat(empty.json().path("total").asInt()).isZero();
    assertThat(empty.json().path("total_pages").asInt()).isZero();
  }

  @Test
  void emptyResultIs200OnPageOneAnd404OnPageTwo() {
    var empty = server.anonymous().get(EVENTS + "?post_parent=" + pages.get(0));
    assertThat(ids(empty)).isEmpty();
    JsonNode json = empty.json();
    assertThat(json.path("events").isArray()).isTrue();
    assertThat(keys(json)).containsExactly("events", "rest_url", "total", "total_pages");
    assertThat(json.path("total").asInt()).isZero();
    assertThat(json.path("total_pages").asInt()).isZero();
    assertThat(empty.header("X-Cal-Total")).isEqualTo("0");
    assertThat(empty.header("X-Cal-TotalPages")).isEqualTo("0");
    assertThat(empty.header("Link")).isNull();

    var second = server.anonymous().get(EVENTS + "?post_parent=" + pages.get(0) + "&page=2");
    assertThat(second.status()).isEqualTo(404);
    assertThat(second.code()).isEqualTo("event-archive-page-not-found");
  }

  @Test
  void perPageIsCappedAt50AndValidated() {
    var capped = server.anonymous().get(EVENTS + "?per_page=100");
    assertThat(params(restUrl(capped))).containsEntry("per_page", "50");
    assertThat(restUrl(capped)).startsWith(server.url(EVENTS + "/?per_page=50&"));
    assertThat(params(restUrl(server.anonymous().get(EVENTS + "?per_page=50")))).containsEntry("per_page", "50");
    assertThat(params(restUrl(server.anonymous().get(EVENTS)))).containsEntry("per_page", "12");

    // the cap also decides total_pages
    var cappedPages = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=1000");
    assertThat(cappedPages.json().path("total_pages").asInt()).isEqualTo(1);
    assertThat(ids(cappedPages)).hasSize(5);

    assertInvalid(server.anonymous().get(EVENTS + "?page=0"), "page", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?per_page=0"), "per_page", "rest_out_of_range");
    assertInvalid(server.anonymous().get(EVENTS + "?per_page=abc"), "per_page", "rest_invalid_type");
    assertInvalid(server.anonymous().get(EVENTS + "?page=abc"), "page", "rest_invalid_type");
  }

  @Test
  void invalidParametersAreAllReportedInDeclarationOrder() {
    var response = server.anonymous().get(EVENTS + "?featured=maybe&per_page=abc");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.code()).isEqualTo("rest_invalid_param");
    assertThat(response.json().path("message").asText()).isEqualTo("Invalid parameter(s): per_page, featured");
    assertThat(keys(response.json().path("data").path("params"))).containsExactly("per_page", "featured");
    assertThat(keys(response.json().path("data").path("details"))).containsExactly("per_page", "featured");
  }

  // ---------------------------------------------------------------------------------------------
  // rest_url: parameter order, effective values, encoding (§5.11, §2.10)

  @Test
  void restUrlOfTheDefaultRequest() {
    assertThat(restUrl(server.anonymous().get(EVENTS)))
        .isEqualTo(server.url(EVENTS + "/?per_page=12&" + DEFAULT_WINDOW + "&status=publish&page=1"));
    // trailing slash and query-less forms give the same navigation
    assertThat(restUrl(server.anonymous().get(EVENTS + "/")))
        .isEqualTo(server.url(EVENTS + "/?per_page=12&" + DEFAULT_WINDOW + "&status=publish&page=1"));
  }

  @Test
  void restUrlRendersParametersInContractOrderWhateverTheRequestOrder() {
    String query = q("translation_language", "en", "geoloc", "false", "status", "publish", "featured", "false",
        "search", "a b:c,d", "strict_dates", "true", "ends_after", "2026-03-10", "starts_before", "2026-03-20",
        "per_page", "3", "page", "1");
    assertThat(restUrl(server.anonymous().get(EVENTS + query))).isEqualTo(server.url(EVENTS
        + "/?per_page=3&starts_before=2026-03-20%2000%3A00%3A00&ends_after=2026-03-10%2000%3A00%3A00"
        + "&strict_dates=true&search=a%20b%3Ac%2Cd&featured=false&status=publish&geoloc=false"
        + "&translation_language=en&page=1"));
  }

  @Test
  void restUrlRendersGeolocationIncludeAndPostParentWithEffectiveValues() {
    long parent = pages.get(0);
    String query = q("post_parent", Long.toString(parent), "include", "5,3,5", "geoloc_radius", "5.0",
        "geoloc_lng", "-0.50", "geoloc_lat", "52.090", "per_page", "2");
    assertThat(restUrl(server.anonymous().get(EVENTS + query))).isEqualTo(server.url(EVENTS
        + "/?per_page=2&status=publish&geoloc_lat=52.09&geoloc_lng=-0.5&geoloc_radius=5&include=5%2C3"
        + "&post_parent=" + parent + "&page=1"));
    // the default radius is rendered with lat/lng
    assertThat(restUrl(server.anonymous().get(EVENTS + "?geoloc_lat=52&geoloc_lng=5")))
        .endsWith("&status=publish&geoloc_lat=52&geoloc_lng=5&geoloc_radius=10&page=1");
  }

  @Test
  void restUrlEncodesValuesPerRfc3986() {
    String search = "x~y*z'(!)/+&=?é \"q\"";
    var response = server.anonymous().get(EVENTS + q("search", search));
    assertThat(restUrl(response)).contains(
        "&search=x~y%2Az%27%28%21%29%2F%2B%26%3D%3F%C3%A9%20%22q%22&status=publish&page=1");
    assertThat(params(restUrl(response))).containsEntry("search", search);
  }

  @Test
  void restUrlStatusListIsInCanonicalOrderWithoutDuplicates() {
    var response = server.asAdmin().get(EVENTS + q("status", "trash,draft,publish,draft"));
    assertThat(restUrl(response)).endsWith("&status=publish%2Cdraft%2Ctrash&page=1");
    var repeated = server.asAdmin().get(EVENTS + "?status%5B%5D=pending&status%5B%5D=future");
    assertThat(restUrl(repeated)).endsWith("&status=future%2Cpending&page=1");
    // members get the member default, always rendered
    assertThat(restUrl(server.asAdmin().get(EVENTS)))
        .endsWith("&status=publish%2Cfuture%2Cdraft%2Cpending%2Cprivate&page=1");
  }

  @Test
  void booleansAreRenderedTrueOrFalse() {
    String url = restUrl(server.anonymous().get(EVENTS + "?strict_dates=YES&featured=0&geoloc=off"));
    assertThat(url).contains("&strict_dates=true&").contains("&featured=false&").contains("&geoloc=false&");
  }

  @Test
  void parametersNotInEffectOrNeverRenderedAreLeftOut() {
    String url = restUrl(server.anonymous().get(EVENTS + q("strict_dates", "false", "ticketed", "false",
        "password", "geheim", "unknown", "x")));
    assertThat(url).isEqualTo(server.url(EVENTS + "/?per_page=12&" + DEFAULT_WINDOW + "&status=publish&page=1"));
  }

  @Test
  void repeatedScalarParameterUsesTheLastOccurrence() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK + "&per_page=5&per_page=2");
    assertThat(ids(response)).hasSize(2);
    assertThat(params(restUrl(response))).containsEntry("per_page", "2");
  }

  @Test
  void bodyOfAGetRequestIsIgnored() {
    var json = server.anonymous().send("GET", EVENTS + "?" + BOOK, "application/json",
        "{\"per_page\": 1, \"post_parent\": 999999}", Map.of());
    assertThat(ids(json)).hasSize(5);
    assertThat(params(restUrl(json))).containsEntry("per_page", "12").containsEntry("post_parent", Long.toString(book));
    var malformed = server.anonymous().send("GET", EVENTS + "?" + BOOK, "application/json", "{\"per_page\":", Map.of());
    assertThat(ids(malformed)).hasSize(5);
    var otherType = server.anonymous().send("GET", EVENTS + "?" + BOOK, "text/plain", "per_page=1", Map.of());
    assertThat(ids(otherType)).hasSize(5);
  }

  @Test
  void headGivesTheSameStatusAndHeadersWithoutBody() {
    var head = server.anonymous().send("HEAD", EVENTS + "?" + BOOK + "&per_page=2&page=2", null, null, Map.of());
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("X-Cal-Total")).isEqualTo("5");
    assertThat(head.header("X-Cal-TotalPages")).isEqualTo("3");
    assertThat(head.header("Link"))
        .isEqualTo("<" + bladzijde(2, 3) + ">; rel=\"next\", <" + bladzijde(2, 1) + ">; rel=\"prev\"");
    var missing = server.anonymous().send("HEAD", EVENTS + "?" + BOOK + "&per_page=2&page=9", null, null, Map.of());
    assertThat(missing.status()).isEqualTo(404);
  }

  @Test
  void anonymousStatusPublishIsCaseInsensitive() {
    var response = server.anonymous().get(EVENTS + "?status=Publish&" + BOOK);
    assertThat(ids(response)).hasSize(5);
    assertThat(params(restUrl(response))).containsEntry("status", "publish");
  }

  @Test
  void listResponsesCarryTheStandardHeaders() {
    var response = server.anonymous().get(EVENTS);
    assertThat(response.header("Content-Type")).isEqualTo("application/json; charset=UTF-8");
    assertThat(response.header("Content-Language")).isEqualTo("nl");
    assertThat(response.header("Allow")).isEqualTo("GET");
    assertThat(server.asAdmin().get(EVENTS).header("Allow")).isEqualTo("GET, POST");
    assertThat(server.asAdmin().get(EVENTS).header("Cache-Control")).isEqualTo("private, no-store");
  }

  // ---------------------------------------------------------------------------------------------
  // language: parameter versus path segment (§2.10, §3.1)

  @Test
  void translationLanguageParameterIsRenderedWithoutSegment() {
    var response = server.anonymous().get(EVENTS + "?translation_language=fr&" + BOOK + "&per_page=2");
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    String expected = server.url(EVENTS + "/?per_page=2&" + DEFAULT_WINDOW
        + "&status=publish&" + BOOK + "&translation_language=fr&page=");
    assertThat(restUrl(response)).isEqualTo(expected + "1");
    assertThat(response.json().path("next_rest_url").asText()).isEqualTo(expected + "2");
    assertThat(response.json().path("events").get(0).path("rest_url").asText())
        .isEqualTo(server.url(EVENTS + "/" + pages.get(0)));
    // enum values are normalised to the listed spelling
    assertThat(restUrl(server.anonymous().get(EVENTS + "?translation_language=FR")))
        .endsWith("&status=publish&translation_language=fr&page=1");
  }

  @Test
  void languageSegmentAppearsInNavigationUrlsAndNotAsParameter() {
    var response = server.anonymous().get("/fr" + EVENTS + "?" + BOOK + "&per_page=2&page=2");
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    String expected = server.url("/fr" + EVENTS + "/?per_page=2&" + DEFAULT_WINDOW + "&status=publish&" + BOOK + "&page=");
    JsonNode json = response.json();
    assertThat(json.path("rest_url").asText()).isEqualTo(expected + "2");
    assertThat(json.path("next_rest_url").asText()).isEqualTo(expected + "3");
    assertThat(json.path("previous_rest_url").asText()).isEqualTo(expected + "1");
    assertThat(response.header("Link"))
        .isEqualTo("<" + expected + "3>; rel=\"next\", <" + expected + "1>; rel=\"prev\"");
    assertThat(json.path("events").get(0).path("rest_url").asText())
        .isEqualTo(server.url("/fr" + EVENTS + "/" + pages.get(2)));
    // the segment is matched case-insensitively but generated in lower case
    assertThat(restUrl(server.anonymous().get("/FR" + EVENTS)))
        .startsWith(server.url("/fr" + EVENTS + "/?per_page=12&"));
  }

  @Test
  void segmentAndParameterTogether() {
    var response = server.anonymous().get("/en" + EVENTS + "?translation_language=fr");
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(restUrl(response)).isEqualTo(server.url("/en" + EVENTS + "/?per_page=12&" + DEFAULT_WINDOW
        + "&status=publish&translation_language=fr&page=1"));
  }

  @Test
  void unknownTranslationLanguageIsRefused() {
    assertInvalid(server.anonymous().get(EVENTS + "?translation_language=de"), "translation_language",
        "rest_invalid_value");
  }

  @Test
  void listItemsHaveNoJsonLd() {
    var response = server.anonymous().get(EVENTS + "?" + BOOK);
    response.json().path("events").forEach(item -> {
      assertThat(item.has("json_ld")).isFalse();
      assertThat(keys(item)).startsWith("id", "global_id", "global_id_lineage", "author", "status")
          .endsWith("post_parent", "language", "translations");
    });
  }
}
