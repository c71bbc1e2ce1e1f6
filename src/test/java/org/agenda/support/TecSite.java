package org.agenda.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stub WordPress site with The Events Calendar 6.17.2 on a loopback port, for the import tests: its answers have the
 * shapes of the recordings in {@code src/test/resources/tec-6.17.2/} (bodies, list envelopes, paging headers, error
 * bodies), its records are built from them, and it can misbehave on demand (a page that fails once, Retry-After, a
 * site that dies, credentials refused, no namespace, HTML, a redirect loop). Nothing leaves the machine.
 */
public final class TecSite implements AutoCloseable {
  public static final String USER = "editor";
  public static final String PASSWORD = "abcd efgh ijkl mnop";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NS = "/wp-json/tribe/events/v1/";
  private static final List<String> COLLECTIONS = List.of("events", "venues", "organizers", "categories", "tags");

  private final HttpServer server;
  /** Records per language ("" when the site has one) and collection, in list order. */
  private final Map<String, Map<String, List<ObjectNode>>> records = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();
  private final Map<String, Integer> retryAfterOnce = new ConcurrentHashMap<>();
  public final List<String> requests = new CopyOnWriteArrayList<>();
  /** Set when languages have directories of their own: the language at the plain root. */
  private volatile String directoriesDefault;
  private volatile int dieAfterRequests = Integer.MAX_VALUE;
  private volatile long pageDelayMillis;
  private volatile String mode = "normal";

  private TecSite(HttpServer server) {
    this.server = server;
  }

  public static TecSite start() {
    try {
      var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      var site = new TecSite(server);
      server.createContext("/", site::handle);
      server.setExecutor(Executors.newFixedThreadPool(8));
      server.start();
      return site;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The REST root to give the import: {@code http://127.0.0.1:PORT/wp-json}. */
  public String root() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/wp-json";
  }

  // ---- records, built from the recorded shapes

  public static ObjectNode fixture(String name) {
    try (InputStream in = TecSite.class.getResourceAsStream("/tec-6.17.2/" + name + ".body.json")) {
      return (ObjectNode) JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public List<ObjectNode> list(String language, String collection) {
    return records.computeIfAbsent(language, l -> new ConcurrentHashMap<>())
        .computeIfAbsent(collection, c -> new CopyOnWriteArrayList<>());
  }

  public ObjectNode find(String language, String collection, long id) {
    return list(language, collection).stream().filter(r -> r.path("id").asLong() == id).findFirst().orElse(null);
  }

  public ObjectNode category(String language, long id, String name, String slug, long parent) {
    ObjectNode category = fixture("026-categories-get");
    category.remove("_links");
    category.put("id", id).put("name", name).put("slug", slug).put("parent", parent).put("description", "");
    list(language, "categories").add(category);
    return category;
  }

  public ObjectNode tag(String language, long id, String name, String slug) {
    ObjectNode tag = fixture("026-categories-get");
    tag.remove("_links");
    tag.put("id", id).put("name", name).put("slug", slug).put("taxonomy", "post_tag").put("description", "");
    list(language, "tags").add(tag);
    return tag;
  }

  public ObjectNode venue(String language, long id, String name, String slug) {
    ObjectNode venue = fixture("024-venues-get");
    venue.put("id", id).put("venue", name).put("slug", slug);
    list(language, "venues").add(venue);
    return venue;
  }

  public ObjectNode organizer(String language, long id, String name, String slug) {
    ObjectNode organizer = fixture("025-organizers-get");
    organizer.put("id", id).put("organizer", name).put("slug", slug);
    list(language, "organizers").add(organizer);
    return organizer;
  }

  /** An event on the recorded one's shape, embedding its venue, organizers and terms as the original does. */
  public ObjectNode event(String language, long id, String title, String slug, String start, Long venue,
      List<Long> organizers, List<Long> categories, List<Long> tags) {
    ObjectNode event = fixture("029-events-get-full");
    event.put("id", id).put("title", title).put("slug", slug).put("description", "<p>" + title + "</p>")
        .put("start_date", start).put("end_date", start.substring(0, 11) + "23:00:00")
        .put("website", "https://example.org/" + slug).put("featured", false);
    event.set("venue", venue == null ? JSON.createArrayNode() : find(language, "venues", venue).deepCopy());
    event.set("organizer", embedded(language, "organizers", organizers));
    event.set("categories", embedded(language, "categories", categories));
    event.set("tags", embedded(language, "tags", tags));
    list(language, "events").add(event);
    return event;
  }

  private ArrayNode embedded(String language, String collection, List<Long> ids) {
    ArrayNode array = JSON.createArrayNode();
    for (long id : ids) {
      ObjectNode found = find(language, collection, id);
      array.add(found != null ? found.deepCopy() : JSON.createObjectNode().put("id", id));
    }
    return array;
  }

  // ---- misbehaviour

  /** The next {@code times} requests whose target contains {@code match} answer 500. */
  public void failNext(String match, int times) {
    failuresLeft.put(match, new AtomicInteger(times));
  }

  /** The next request whose target contains {@code match} answers 429 with {@code Retry-After: seconds}. */
  public void retryAfterOnce(String match, int seconds) {
    retryAfterOnce.put(match, seconds);
  }

  /** After this many more requests the site closes every connection without answering. */
  public void dieAfter(int requests) {
    dieAfterRequests = this.requests.size() + requests;
  }

  public void revive() {
    dieAfterRequests = Integer.MAX_VALUE;
  }

  public void delayPages(long millis) {
    pageDelayMillis = millis;
  }

  /**
   * Answers each language other than {@code defaultLanguage} only under a REST root of its own ({@code /fr/wp-json}),
   * as WPML does with languages in directories; {@code ?lang=} is ignored then.
   */
  public void languagesInDirectories(String defaultLanguage) {
    this.directoriesDefault = defaultLanguage;
  }

  /** "normal", "html" (every answer a web page), "no-namespace" (rest_no_route), "redirect-loop". */
  public void mode(String mode) {
    this.mode = mode;
  }

  // ---- serving

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String target = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      requests.add(target);
      if (requests.size() > dieAfterRequests) return; // closed without an answer
      switch (mode) {
        case "html" -> {
          send(exchange, 200, "text/html", "<!doctype html><title>Blog</title>".getBytes(StandardCharsets.UTF_8), Map.of());
          return;
        }
        case "no-namespace" -> {
          json(exchange, 404, fixture("048-route-not-found"), Map.of());
          return;
        }
        case "redirect-loop" -> {
          exchange.getResponseHeaders().add("Location", target);
          exchange.sendResponseHeaders(302, -1);
          return;
        }
        default -> { }
      }
      for (var failure : failuresLeft.entrySet()) {
        if (target.contains(failure.getKey()) && failure.getValue().getAndDecrement() > 0) {
          json(exchange, 500, error("internal_server_error", "There has been a critical error.", 500), Map.of());
          return;
        }
      }
      for (var limited : Set.copyOf(retryAfterOnce.keySet())) {
        if (target.contains(limited)) {
          Integer seconds = retryAfterOnce.remove(limited);
          if (seconds != null) {
            json(exchange, 429, error("too_many_requests", "Slow down.", 429), Map.of("Retry-After", seconds.toString()));
            return;
          }
        }
      }
      serve(exchange, exchange.getRequestURI().getRawPath(), query(exchange.getRequestURI().getRawQuery()));
    } catch (RuntimeException e) {
      e.printStackTrace();
      throw e;
    }
  }

  private void serve(HttpExchange exchange, String path, Map<String, String> query) throws IOException {
    if (directoriesDefault != null) {
      var inDirectory = java.util.regex.Pattern.compile("/([a-z]{2})(/wp-json(/.*)?)").matcher(path);
      query = new java.util.HashMap<>(query);
      query.put("lang", inDirectory.matches() ? inDirectory.group(1) : directoriesDefault);
      if (inDirectory.matches()) path = inDirectory.group(2);
    }
    Boolean authenticated = authenticated(exchange);
    if (authenticated == null) {
      json(exchange, 401, fixture("005-events-create-bad-password"), Map.of());
      return;
    }
    if (path.equals("/wp-json/tribe/events/v1") || path.equals(NS)) {
      json(exchange, 200, fixture("001-namespace-index"), Map.of());
      return;
    }
    if (!path.startsWith(NS)) {
      json(exchange, 404, fixture("048-route-not-found"), Map.of());
      return;
    }
    String collection = path.substring(NS.length()).replaceAll("/$", "");
    if (collection.matches("[a-z]+/(by-slug/)?[^/]+")) {
      one(exchange, collection, query.getOrDefault("lang", ""));
      return;
    }
    if (!COLLECTIONS.contains(collection)) {
      json(exchange, 404, fixture("048-route-not-found"), Map.of());
      return;
    }
    String status = query.getOrDefault("status", "publish");
    if (!status.equals("publish") && !authenticated) {
      json(exchange, 401, error("rest_forbidden_status", "Status is forbidden.", 401), Map.of());
      return;
    }
    String language = records.containsKey(query.getOrDefault("lang", "")) ? query.getOrDefault("lang", "") : "";
    List<String> statuses = List.of(status.split(","));
    var visible = new ArrayList<ObjectNode>();
    for (ObjectNode record : list(language, collection)) {
      boolean protectedOne = record.path("password").asText("").length() > 0;
      if (!statuses.contains(record.path("status").asText("publish"))) continue;
      if (protectedOne && !authenticated) continue;
      ObjectNode shown = record.deepCopy();
      if (!authenticated) shown.remove("password");
      visible.add(shown);
    }
    int perPage = Math.min(50, Integer.parseInt(query.getOrDefault("per_page", "10")));
    int page = Integer.parseInt(query.getOrDefault("page", "1"));
    int total = visible.size();
    int pages = (total + perPage - 1) / perPage;
    if (page > Math.max(pages, 1)) {
      json(exchange, 404, fixture("037-events-list-page-out-of-range"), Map.of());
      return;
    }
    if (pageDelayMillis > 0 && collection.equals("events")) sleep(pageDelayMillis);
    ObjectNode body = JSON.createObjectNode();
    String self = root() + "/tribe/events/v1/" + collection + "/?page=" + page + "&per_page=" + perPage;
    ArrayNode items = JSON.createArrayNode();
    visible.subList(Math.min(total, (page - 1) * perPage), Math.min(total, page * perPage)).forEach(items::add);
    if (collection.equals("categories") || collection.equals("tags")) {
      body.put("rest_url", self).put("total", total).put("total_pages", pages).set(collection, items);
    } else {
      body.set(collection, items);
      body.put("rest_url", self);
      if (page < pages) body.put("next_rest_url", self.replace("page=" + page, "page=" + (page + 1)));
      if (page > 1) body.put("previous_rest_url", self.replace("page=" + page, "page=" + (page - 1)));
      body.put("total", total).put("total_pages", pages);
    }
    var headers = new LinkedHashMap<String, String>();
    headers.put("X-TEC-Total", Integer.toString(total));
    headers.put("X-TEC-TotalPages", Integer.toString(pages));
    json(exchange, 200, body, headers);
  }

  /** A single record as a front-end asks for it: {@code events/223} or {@code events/by-slug/summer-concert}. */
  private void one(HttpExchange exchange, String target, String language) throws IOException {
    String[] parts = target.split("/");
    String key = parts[parts.length - 1];
    boolean bySlug = parts.length == 3;
    for (ObjectNode record : list(records.containsKey(language) ? language : "", parts[0])) {
      boolean match = bySlug ? record.path("slug").asText().equals(key) : record.path("id").asText().equals(key);
      if (match && "publish".equals(record.path("status").asText("publish")) && !record.has("password")) {
        json(exchange, 200, record, Map.of());
        return;
      }
    }
    json(exchange, 404, fixture("017-events-get-not-found"), Map.of());
  }

  /** True with the right application password, false without credentials, null with wrong ones. */
  private static Boolean authenticated(HttpExchange exchange) {
    String header = exchange.getRequestHeaders().getFirst("Authorization");
    if (header == null) return false;
    String expected = "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    return header.equals(expected) ? true : null;
  }

  private static ObjectNode error(String code, String message, int status) {
    ObjectNode error = JSON.createObjectNode().put("code", code).put("message", message);
    error.putObject("data").put("status", status);
    return error;
  }

  private static Map<String, String> query(String raw) {
    var values = new LinkedHashMap<String, String>();
    if (raw == null) return values;
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      values.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return values;
  }

  private static void json(HttpExchange exchange, int status, JsonNode body, Map<String, String> headers)
      throws IOException {
    var all = new LinkedHashMap<>(headers);
    all.put("Access-Control-Expose-Headers", "X-WP-Total, X-WP-TotalPages, Link");
    send(exchange, status, "application/json; charset=UTF-8", JSON.writeValueAsBytes(body), all);
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body, Map<String, String> headers)
      throws IOException {
    exchange.getResponseHeaders().add("Content-Type", type);
    headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
