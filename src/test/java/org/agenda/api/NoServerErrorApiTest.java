package org.agenda.api;

import static org.agenda.api.HostileValues.RAW;
import static org.agenda.api.HostileValues.VALUES;
import static org.agenda.api.HostileValues.nested;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import org.agenda.api.HostileValues.Hostile;
import org.agenda.support.HttpResult;
import org.agenda.support.RowChanges;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * §2, §7.1: bad input never produces a 500, every 4xx is a well-formed JSON error body, and a rejected write
 * leaves the database as it was.
 *
 * <p>Black-box robustness sweep driven by the namespace index (§9.2): every route × method × declared
 * parameter gets a bounded, deterministic (fixed-seed) set of hostile values, as query parameters and as
 * JSON / form / multipart bodies, from admin, contributor and anonymous callers; plus hostile path
 * values (ids, slugs, language segments). Then seeded random requests up to {@link #TOTAL_REQUESTS} from
 * {@link #CLIENT_THREADS} threads (one seed each, derived from {@link #SEED}; set {@code agenda.fuzz.seed} to
 * try another): random routes, callers, parameters and values of their declared types or hostile ones,
 * with now and then a body of invalid UTF-8, duplicate keys, 10 000 nested arrays or a 10 000-item list.
 * Malformed transport comes last (its failed logins rate-limit the test's address). Around every write the
 * test reads {@link RowChanges}; writes are serialised among themselves and with reads, so that a change
 * seen around a rejected write is that write's. All failures are collected and reported together.
 */
class NoServerErrorApiTest {
  private static final String NS = "/cal/events/v1";
  private static final long SEED = Long.getLong("agenda.fuzz.seed", 20260310L);
  private static final int TOTAL_REQUESTS = TestServer.usesPostgres() ? 10_000 : 100_000;
  /** Requests of the index-driven sweep of parameters; the sweep of paths adds up to 1 500. */
  private static final int SWEEP_REQUESTS = TestServer.usesPostgres() ? 5_000 : 9_000;
  private static final int CLIENT_THREADS = 2;
  private static final List<String> READ_METHODS = List.of("GET", "HEAD", "OPTIONS");
  private static final String JSON_UTF8 = "application/json; charset=UTF-8";
  private static final String BOUNDARY = "----agendaFuzzBoundary7MA4YWxk";

  static TestServer server;
  static TestServer.Caller admin;
  static TestServer.Caller contributor;
  static TestServer.Caller anonymous;

  /** Real ids per resource (events, venues, organizers, categories, tags); the first one is the main target. */
  static final Map<String, List<Long>> ids = new ConcurrentHashMap<>();
  /** Real slugs per resource. */
  static final Map<String, List<String>> slugs = new ConcurrentHashMap<>();

  /** Failure group (problem, method, route or context) → first example, and how often it occurred. */
  final Map<String, String> failures = new LinkedHashMap<>();
  final Map<String, Integer> failureCounts = new LinkedHashMap<>();
  final AtomicInteger requests = new AtomicInteger();
  final AtomicInteger serverErrors = new AtomicInteger();
  final AtomicInteger rejectedWritesChecked = new AtomicInteger();
  final AtomicInteger uniq = new AtomicInteger();
  /** Writes hold it exclusively, reads shared: a change of the row count around a write is that write's. */
  final ReentrantReadWriteLock writeIsolation = new ReentrantReadWriteLock();
  RowChanges rowChanges;
  /** The slowest exchange so far, for the summary line. */
  long slowestNanos;
  String slowest = "";

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
    anonymous = server.anonymous();
    contributor = server.as("fuzzer", server.addUser("fuzzer", Role.CONTRIBUTOR));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void closeRowChanges() throws Exception {
    if (rowChanges != null) rowChanges.close();
  }

  // ---------------------------------------------------------------------------------------------
  // Requests

  enum Enc { QUERY, JSON, FORM, MULTIPART }

  record Req(TestServer.Caller caller, String who, String method, String path, String contentType, byte[] body,
      Map<String, String> headers) {
    Req(TestServer.Caller caller, String who, String method, String path, String contentType, String body,
        Map<String, String> headers) {
      this(caller, who, method, path, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    boolean writes() {
      return !READ_METHODS.contains(method.toUpperCase(Locale.ROOT));
    }
  }

  HttpResult send(Req r, String context, Function<HttpResult, String> extraCheck) {
    requests.incrementAndGet();
    Lock lock = r.writes() ? writeIsolation.writeLock() : writeIsolation.readLock();
    lock.lock();
    try {
      long rowsBefore = r.writes() ? rowChanges.count() : 0;
      long started = System.nanoTime();
      HttpResult result = exchange(r, context);
      noteDuration(System.nanoTime() - started, r, context);
      if (result == null) return null;
      check(r, context, result, extraCheck);
      if (r.writes() && result.status() >= 400) {
        long changed = rowChanges.count() - rowsBefore;
        rejectedWritesChecked.incrementAndGet();
        if (changed != 0) fail("rejected write changed " + changed + " database rows", r, context, result);
      } else if (result.status() == 201) {
        remember(result);
      }
      return result;
    } finally {
      lock.unlock();
    }
  }

  private synchronized void noteDuration(long nanos, Req r, String context) {
    if (nanos <= slowestNanos) return;
    slowestNanos = nanos;
    slowest = r.method() + " " + cut(r.path(), 80) + " [" + cut(context, 80) + "]";
  }

  private HttpResult exchange(Req r, String context) {
    try {
      return r.caller().sendBytes(r.method(), r.path(), r.contentType(), r.body(), r.headers());
    } catch (IllegalArgumentException e) {
      return null; // the client refuses to send it (restricted method or header): nothing to test
    } catch (RuntimeException e) {
      // An earlier answer sent without reading its body may poison a pooled connection: retry once.
      try {
        return r.caller().sendBytes(r.method(), r.path(), r.contentType(), r.body(), r.headers());
      } catch (RuntimeException again) {
        fail("no HTTP response (" + again.getCause() + ")", r, context, null);
        return null;
      }
    }
  }

  /** A created record joins the ids (and slugs) that later random requests aim at. */
  private static void remember(HttpResult created) {
    JsonNode record = created.json();
    String location = created.header("Location");
    if (location == null || !record.path("id").canConvertToLong()) return;
    String resource = resourceOf(location.substring(location.indexOf(NS)));
    ids.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>())).add(record.path("id").asLong());
    if (record.path("slug").isTextual()) {
      slugs.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>())).add(record.path("slug").asText());
    }
  }

  private void check(Req r, String context, HttpResult result, Function<HttpResult, String> extraCheck) {
    if (result.status() >= 500) {
      serverErrors.incrementAndGet();
      fail("server error", r, context, result);
    } else if (result.status() >= 400 && !"HEAD".equals(r.method())) {
      String problem = errorShapeProblem(result);
      if (problem != null) fail(problem, r, context, result);
    } else if (result.status() == 200 && "GET".equals(r.method())
        && CalendarChecks.MEDIA_TYPE.equals(result.header("Content-Type"))) {
      String problem = calendarProblem(result);
      if (problem != null) fail(problem, r, context, result);
    }
    if (extraCheck != null) {
      String problem = extraCheck.apply(result);
      if (problem != null) fail(problem, r, context, result);
    }
  }

  static String errorShapeProblem(HttpResult result) {
    String type = result.header("Content-Type");
    if (!JSON_UTF8.equals(type)) return "error Content-Type is " + type;
    JsonNode json;
    try {
      json = result.json();
    } catch (AssertionError e) {
      return "error body is not JSON";
    }
    if (!json.path("code").isTextual() || json.path("code").asText().isEmpty()) return "error body without code";
    if (!json.path("message").isTextual()) return "error body without message";
    if (!json.path("data").path("status").isInt() || json.path("data").path("status").asInt() != result.status()) {
      return "error data.status is not " + result.status();
    }
    return null;
  }

  /** An iCalendar answer (whatever the hostile text it holds) parses strictly and is valid. */
  static String calendarProblem(HttpResult result) {
    try {
      CalendarChecks.parse(result.body());
      return null;
    } catch (AssertionError e) {
      return "invalid iCalendar answer: " + cut(e.getMessage(), 300);
    }
  }

  synchronized void fail(String problem, Req r, String context, HttpResult result) {
    String statusText = result == null ? "" : " " + result.status();
    String group = context.contains(" path ") || context.contains(" transport ") || context.contains(" header ")
        ? context.replaceAll(" (path|transport|header) .*", " $1 …") : context.replaceAll(" (=|raw) .*", "");
    String key = problem + statusText + " | " + r.method() + " | " + group;
    failureCounts.merge(key, 1, Integer::sum);
    if (failures.containsKey(key)) return;
    var text = new StringBuilder();
    text.append(problem).append(" (seed ").append(SEED).append("): ").append(r.who()).append(' ').append(r.method()).append(' ').append(cut(r.path(), 300));
    if (r.contentType() != null) text.append("\n    Content-Type: ").append(r.contentType());
    if (!r.headers().isEmpty()) text.append("\n    headers: ").append(cut(r.headers().toString(), 200));
    if (r.body() != null) text.append("\n    body: ").append(cut(new String(r.body(), StandardCharsets.UTF_8), 300));
    text.append("\n    [").append(context).append(']');
    if (result != null) {
      text.append("\n    → ").append(result.status()).append(' ').append(cut(result.body(), 400));
      String requestId = result.header("X-Request-Id");
      if (requestId != null) text.append(" (X-Request-Id ").append(requestId).append(')');
    }
    failures.put(key, text.toString());
  }

  static String cut(String text, int max) {
    if (text == null) return "null";
    String shown = text.length() <= max ? text : text.substring(0, max) + "…(" + text.length() + " chars)";
    var visible = new StringBuilder();
    shown.codePoints().forEach(c -> {
      if (c < 0x20 || c == 0x7f) visible.append(String.format("\\u%04x", c));
      else visible.appendCodePoint(c);
    });
    return visible.toString();
  }

  static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  static String pathEnc(String text) {
    return enc(text).replace("+", "%20");
  }

  static String multipart(Map<String, String> fields, String raw) {
    var body = new StringBuilder();
    fields.forEach((name, value) -> part(body, name, value));
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        part(body, eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
      }
    }
    body.append("--").append(BOUNDARY).append("--\r\n");
    return body.toString();
  }

  static void part(StringBuilder body, String name, String value) {
    body.append("--").append(BOUNDARY).append("\r\nContent-Disposition: form-data; name=\"")
        .append(name.replace("\"", "%22")).append("\"\r\n\r\n").append(value).append("\r\n");
  }

  /** A request carrying {@code fields} (name → Hostile, flat or JSON) plus raw fragments, in the given encoding. */
  Req build(TestServer.Caller caller, String who, String method, String path, Map<String, Hostile> fields, String raw,
      Enc encoding) {
    switch (encoding) {
      case JSON -> {
        var body = new StringBuilder("{");
        fields.forEach((name, value) -> body.append(body.length() > 1 ? "," : "").append(ApiChecks.q(name)).append(':')
            .append(value.json()));
        return new Req(caller, who, method, path, "application/json", body.append('}').toString(), Map.of());
      }
      case MULTIPART -> {
        var flat = new LinkedHashMap<String, String>();
        fields.forEach((name, value) -> flat.put(name, value.flat() == null ? value.json() : value.flat()));
        return new Req(caller, who, method, path, "multipart/form-data; boundary=" + BOUNDARY,
            multipart(flat, raw == null ? null : raw), Map.of());
      }
      default -> {
        var query = new StringBuilder();
        fields.forEach((name, value) -> query.append(query.length() > 0 ? "&" : "").append(enc(name)).append('=')
            .append(enc(value.flat() == null ? value.json() : value.flat())));
        if (raw != null) query.append(query.length() > 0 ? "&" : "").append(raw);
        if (encoding == Enc.FORM) {
          return new Req(caller, who, method, path, "application/x-www-form-urlencoded", query.toString(), Map.of());
        }
        String target = query.length() == 0 ? path : path + (path.contains("?") ? "&" : "?") + query;
        return new Req(caller, who, method, target, null, (String) null, Map.of());
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Fixtures

  /** The collection segment of a route pattern ("events", "venues", …; "" for the index; "events" for events.ics). */
  static String resourceOf(String pattern) {
    String rest = pattern.length() > NS.length() ? address(pattern).substring(NS.length() + 1) : "";
    int slash = rest.indexOf('/');
    return (slash < 0 ? rest : rest.substring(0, slash)).replace(".ics", "");
  }

  /** A pattern of the index as a path: the literal characters it escapes ({@code events\.ics}) as themselves. */
  static String address(String pattern) {
    return pattern.replace("\\.", ".");
  }

  static List<Long> idsOf(String resource) {
    return ids.getOrDefault(resource, List.of(424242L));
  }

  static List<String> slugsOf(String resource) {
    return slugs.getOrDefault(resource, List.of("fuzz-missing"));
  }

  /** Creates a record if the route exists (routes are added over time); returns it or null. */
  static JsonNode create(String resource, String json) {
    var response = admin.postJson(NS + "/" + resource, json);
    if (response.status() != 201) return null;
    var record = response.json();
    ids.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>())).add(ApiChecks.id(record));
    if (record.path("slug").isTextual()) {
      slugs.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>())).add(record.path("slug").asText());
    }
    return record;
  }

  void createFixtures() {
    create("categories", "{\"name\":\"Fuzz Categorie\"}");
    create("tags", "{\"name\":\"fuzz-tag\"}");
    create("venues", "{\"venue\":\"Fuzz Zaal\",\"city\":\"Gent\",\"geo_lat\":51,\"geo_lng\":3.7}");
    JsonNode organizer = create("organizers", "{\"organizer\":\"Fuzz Stichting\",\"email\":\"x@x.example\"}");
    JsonNode plain = create("events", ApiChecks.event("Fuzz evenement é",
        "\"venue\":{\"venue\":\"Zaal\",\"geo_lat\":52,\"geo_lng\":5},\"categories\":[\"Fuzz Categorie\",\"Nieuwe Cat\"],"
            + "\"tags\":\"fuzz-tag\",\"cost\":[\"5\",\"10 EUR\"]"
            + (organizer == null ? "" : ",\"organizer\":" + ApiChecks.id(organizer))));
    assertThat(plain).as("the main fixture event").isNotNull();
    create("events", ApiChecks.event("Fuzz geheim", "\"password\":\"s3cret\""));
    JsonNode trashed = create("events", ApiChecks.event("Fuzz weg", "\"status\":\"draft\""));
    admin.delete(NS + "/events/" + ApiChecks.id(trashed));
    create("events", ApiChecks.event("Fuzz kind",
        "\"post_parent\":" + ApiChecks.id(plain) + ",\"all_day\":true,\"timezone\":\"UTC+3\""));
    // a series and one of its occurrences, so that every event route meets both
    JsonNode series = create("events", ApiChecks.event("Fuzz reeks", "\"recurrence\":[\"RRULE:FREQ=WEEKLY;COUNT=6\"],"
        + "\"timezone\":\"Europe/Brussels\",\"categories\":[\"Fuzz Categorie\"]"));
    assertThat(series).as("the series fixture").isNotNull();
    JsonNode occurrences = admin.get(NS + "/events?post_parent=" + ApiChecks.id(series)).json().path("events");
    assertThat(occurrences.size()).as("the series' occurrences").isEqualTo(5);
    ids.get("events").add(ApiChecks.id(occurrences.get(1)));
    // Every route resource gets at least a fake id and slug, so new routes are still swept.
    for (String resource : List.of("events", "venues", "organizers", "categories", "tags")) {
      ids.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>(List.of(424242L))));
      slugs.computeIfAbsent(resource, r -> Collections.synchronizedList(new ArrayList<>(List.of("fuzz-missing"))));
    }
  }

  /** Required write fields with valid values, so single-parameter requests get past "missing". */
  Map<String, Hostile> baseFields(JsonNode args, String method, String pattern) {
    var base = new LinkedHashMap<String, Hostile>();
    if (!"POST".equals(method) || pattern.contains("(?P<")) return base;
    args.fields().forEachRemaining(arg -> {
      if (!arg.getValue().path("required").asBoolean()) return;
      String name = arg.getKey();
      String value = switch (name) {
        case "start_date" -> "tomorrow 20:00";
        case "end_date" -> "tomorrow 22:00";
        default -> "Fuzz " + name + " " + uniq.incrementAndGet();
      };
      base.put(name, Hostile.both(value));
    });
    return base;
  }

  // ---------------------------------------------------------------------------------------------
  // The sweep

  record Endpoint(String pattern, List<String> methods, JsonNode args) {}

  @Test
  void badInputNeverProducesAServerErrorAndErrorsAreWellFormed() throws Exception {
    long started = System.nanoTime();
    var random = new Random(SEED);
    createFixtures();
    rowChanges = RowChanges.install(server);

    var index = admin.get(NS);
    assertThat(index.status()).isEqualTo(200);
    var endpoints = new ArrayList<Endpoint>();
    index.json().path("routes").fields().forEachRemaining(route -> route.getValue().path("endpoints").forEach(e -> {
      var methods = new ArrayList<String>();
      e.path("methods").forEach(m -> methods.add(m.asText()));
      endpoints.add(new Endpoint(route.getKey(), methods, e.path("args")));
    }));
    assertThat(endpoints).hasSizeGreaterThanOrEqualTo(3);

    // 1. Parameter sweep: non-DELETE endpoints first, DELETE last (it may remove the fixtures).
    for (boolean deletes : new boolean[] {false, true}) {
      for (Endpoint endpoint : endpoints) {
        if (endpoint.methods().contains("DELETE") != deletes) continue;
        sweepParameters(endpoint, random);
      }
    }
    // 2. Hostile path values on every route and method.
    for (Endpoint endpoint : endpoints) sweepPaths(endpoint, random);
    // 2b. The change feed: tokens of every shape, from every caller, with the lists' new date filters.
    sweepChangeFeed(random);
    // 3. Random requests, then 4. malformed transport, to end at exactly TOTAL_REQUESTS.
    List<Planned> transport = transportRequests(random);
    sendRandomRequests(endpoints, TOTAL_REQUESTS - transport.size());
    transport.forEach(planned -> send(planned.req(), planned.context(), null));

    long seconds = (System.nanoTime() - started) / 1_000_000_000L;
    System.out.printf("NoServerErrorApiTest on %s: %d requests (seed %d) in %d s, %d responses >= 500, %d rejected writes"
        + " checked for database changes, %d failure groups; slowest %d ms: %s%n",
        TestServer.usesPostgres() ? "PostgreSQL" : "SQLite", requests.get(), SEED, seconds, serverErrors.get(),
        rejectedWritesChecked.get(), failures.size(), slowestNanos / 1_000_000, slowest);
    var report = new ArrayList<String>();
    failures.forEach((key, example) -> report.add("(" + failureCounts.get(key) + "×) " + example));
    assertThat(report).as("%d failure groups in %d requests (one example each):%n%s", report.size(), requests.get(),
        String.join("\n", report.subList(0, Math.min(report.size(), 150)))).isEmpty();
    assertThat(requests.get()).isEqualTo(TOTAL_REQUESTS);
    assertThat(rejectedWritesChecked.get()).isGreaterThan(TOTAL_REQUESTS / 10);
    assertThat(rowChanges.count()).as("rows changed by the accepted writes, as the counter saw them").isPositive();
  }

  // ---------------------------------------------------------------------------------------------
  // Random requests

  void sendRandomRequests(List<Endpoint> endpoints, int until) throws Exception {
    var pool = Executors.newFixedThreadPool(CLIENT_THREADS);
    try {
      var clients = new ArrayList<Future<?>>();
      // each client takes a number before it sends; comparing the count of sent requests raced between clients
      var taken = new AtomicInteger(requests.get());
      for (int client = 0; client < CLIENT_THREADS; client++) {
        var random = new Random(SEED + 1 + client);
        clients.add(pool.submit(() -> {
          while (taken.getAndIncrement() < until) sendRandom(endpoints, random);
        }));
      }
      for (var client : clients) client.get();
    } finally {
      pool.shutdownNow();
    }
  }

  /** One random request: a route, method, caller and path target, some parameters, now and then a hostile body. */
  void sendRandom(List<Endpoint> endpoints, Random random) {
    Endpoint endpoint = endpoints.get(random.nextInt(endpoints.size()));
    String method = random.nextInt(25) == 0 ? pick(random, "HEAD", "OPTIONS", "PUT") : m(endpoint, random);
    String resource = resourceOf(endpoint.pattern());
    String path = randomTarget(endpoint.pattern(), resource, random);
    if (random.nextInt(8) == 0) path = pick(random, "/fr", "/EN", "/nl", "/xx") + path;
    boolean write = !READ_METHODS.contains(method);
    int roll = random.nextInt(20);
    var caller = roll < 13 ? admin : roll < 19 ? contributor : anonymous;
    String who = caller == admin ? "admin" : caller == contributor ? "contributor" : "anonymous";

    var names = new ArrayList<String>();
    endpoint.args().fieldNames().forEachRemaining(names::add);
    var fields = random.nextInt(10) < 7 ? baseFields(endpoint.args(), "POST", endpoint.pattern())
        : new LinkedHashMap<String, Hostile>();
    List<Long> known = idsOf(random.nextBoolean() ? "events" : pick(random, "venues", "organizers", "categories", "tags"));
    for (int i = random.nextInt(5); i > 0 && !names.isEmpty(); i--) {
      String name = names.get(random.nextInt(names.size()));
      fields.put(name, name.equals("since") && random.nextBoolean() ? Hostile.both(token(random))
          : HostileValues.random(random, endpoint.args().path(name), known));
    }
    boolean jsonOnly = fields.values().stream().anyMatch(v -> v.flat() == null);
    Enc encoding = !write ? Enc.QUERY : jsonOnly ? Enc.JSON : pick(random, Enc.JSON, Enc.JSON, Enc.FORM, Enc.MULTIPART, Enc.QUERY);
    if (!write) fields.replaceAll((name, value) -> Hostile.both(value.text()));
    Req req = build(caller, who, method, path, fields, null, encoding);
    String mutation = "";
    if (write && random.nextInt(12) == 0) {
      String name = names.isEmpty() ? "title" : names.get(random.nextInt(names.size()));
      switch (random.nextInt(4)) {
        case 0 -> {
          mutation = " invalid UTF-8";
          req = new Req(caller, who, method, req.path(), req.contentType(), HostileValues.withInvalidUtf8(random,
              req.body() == null ? new byte[0] : req.body()), Map.of());
        }
        case 1 -> {
          mutation = " duplicate keys";
          req = new Req(caller, who, method, path, "application/json",
              HostileValues.withDuplicateKeys(random, new String(build(caller, who, method, path, fields, null, Enc.JSON).body(),
                  StandardCharsets.UTF_8)), Map.of());
        }
        case 2 -> {
          mutation = " 10000 nested";
          req = new Req(caller, who, method, path, "application/json", HostileValues.deepJson(random, name), Map.of());
        }
        default -> {
          mutation = " 10000-item form list";
          req = new Req(caller, who, method, path, "application/x-www-form-urlencoded",
              HostileValues.hugeFormList(random, name), Map.of());
        }
      }
    } else if (!write && random.nextInt(10) == 0) {
      String name = names.isEmpty() ? "page" : names.get(random.nextInt(names.size()));
      mutation = " duplicate parameter";
      String twice = enc(name) + "=" + enc(HostileValues.text(random)) + "&" + enc(name) + "[]=" + enc(HostileValues.text(random));
      req = new Req(caller, who, method, req.path() + (req.path().contains("?") ? "&" : "?") + twice, null, (String) null, Map.of());
    }
    // before the credentials only the transport may refuse: no route, sizes, media type, or a path Jetty cannot
    // decode (a hostile slug with %00: 400 rest_bad_request, before any route)
    Function<HttpResult, String> expect = caller == anonymous && write && endpoint.methods().contains(method)
        ? r -> r.status() == 401 || r.status() == 404 || r.status() == 413 || r.status() == 414 || r.status() == 415
            || r.status() == 400 && "rest_bad_request".equals(r.code())
            ? null : "anonymous write answered " + r.status() + " instead of 401"
        : null;
    send(req, "random " + method + " " + endpoint.pattern() + mutation + " = …", expect);
  }

  /** The route's path with a random known id or slug, now and then a hostile one. */
  static String randomTarget(String pattern, String resource, Random random) {
    String path = address(pattern);
    if (path.contains("(?P<id>")) {
      List<Long> known = idsOf(resource);
      String id = random.nextInt(20) == 0 ? pick(random, "0", "9223372036854775807", "99999999999999999999", "00001")
          : String.valueOf(known.get(random.nextInt(known.size())));
      path = path.replace("(?P<id>\\d+)", id);
    }
    if (path.contains("(?P<slug>")) {
      List<String> known = slugsOf(resource);
      String slug = random.nextInt(10) == 0 ? HostileValues.text(random) : known.get(random.nextInt(known.size()));
      path = path.replace("(?P<slug>[^/]+)", pathEnc(slug));
    }
    return path;
  }

  String concretePath(String pattern, String resource) {
    String path = address(pattern);
    if (path.contains("(?P<id>")) path = path.replace("(?P<id>\\d+)", String.valueOf(idsOf(resource).get(0)));
    if (path.contains("(?P<slug>")) path = path.replace("(?P<slug>[^/]+)", pathEnc(slugsOf(resource).get(0)));
    return path;
  }

  void sweepParameters(Endpoint endpoint, Random random) {
    String resource = resourceOf(endpoint.pattern());
    String path = concretePath(endpoint.pattern(), resource);
    // Every declared argument, including path ones (a query/body id or slug never changes the target).
    var argNames = new ArrayList<String>();
    endpoint.args().fieldNames().forEachRemaining(argNames::add);
    boolean write = !endpoint.methods().contains("GET");
    {
      String method = endpoint.methods().get(0);
      String where = endpoint.methods() + " " + endpoint.pattern();

      // a. Every argument at once with the same hostile value (exercises every validator per request).
      for (Hostile value : VALUES) {
        if (requests.get() > SWEEP_REQUESTS) return;
        if (value.big()) continue;
        var fields = new LinkedHashMap<String, Hostile>();
        for (String name : argNames) fields.put(name, value);
        Enc encoding = write ? pick(random, Enc.JSON, Enc.JSON, Enc.FORM, Enc.MULTIPART, Enc.QUERY) : Enc.QUERY;
        if (value.flat() == null) encoding = write ? Enc.JSON : Enc.QUERY;
        if (!write && value.flat() == null) {
          // JSON-only values on a read: send the JSON text itself as the query value
          fields.replaceAll((name, v) -> Hostile.both(value.json()));
        }
        send(build(admin, "admin", m(endpoint, random), path, fields, null, encoding), where + " all args = " + value.label(), null);
      }
      for (String raw : RAW) {
        if (requests.get() > SWEEP_REQUESTS) return;
        var fragments = new ArrayList<String>();
        for (String name : argNames) fragments.add(raw.replace("NAME", enc(name)));
        Enc encoding = write ? pick(random, Enc.FORM, Enc.QUERY, Enc.MULTIPART) : Enc.QUERY;
        String joined = String.join("&", fragments);
        if (encoding == Enc.QUERY && joined.length() > 7000) continue;
        send(build(admin, "admin", m(endpoint, random), path, Map.of(), joined, encoding), where + " all args raw " + raw, null);
      }

      // b. One argument at a time, valid required fields around it, a seeded sample of values and callers.
      for (String name : argNames) {
        for (int i = 0; i < 9; i++) {
          if (requests.get() > SWEEP_REQUESTS) return;
          Hostile value = VALUES.get(random.nextInt(VALUES.size()));
          if (i == 0) value = VALUES.get(0); // ""
          if (i == 1) value = Hostile.json("null");
          boolean big = value.big();
          if (big && !write) continue;
          var fields = baseFields(endpoint.args(), method, endpoint.pattern());
          fields.put(name, value);
          Enc encoding = !write ? Enc.QUERY
              : value.flat() == null || big ? Enc.JSON
              : pick(random, Enc.JSON, Enc.FORM, Enc.MULTIPART, Enc.QUERY);
          int roll = random.nextInt(10);
          var caller = roll < 6 ? admin : roll < 9 || !write ? contributor : anonymous;
          String who = caller == admin ? "admin" : caller == contributor ? "contributor" : "anonymous";
          Function<HttpResult, String> expect = caller == anonymous
              ? r -> r.status() == 401 ? null : "anonymous write answered " + r.status() + " instead of 401"
              : null;
          send(build(caller, who, m(endpoint, random), path, fields, null, encoding), where + " " + name + " = " + value.label(),
              expect);
        }
        if (requests.get() > SWEEP_REQUESTS) return;
        String raw = RAW.get(random.nextInt(RAW.size())).replace("NAME", enc(name));
        var base = baseFields(endpoint.args(), method, endpoint.pattern());
        Enc encoding = write ? pick(random, Enc.FORM, Enc.MULTIPART, Enc.QUERY) : Enc.QUERY;
        send(build(random.nextBoolean() ? admin : contributor, "admin/contributor", m(endpoint, random), path, base, raw, encoding),
            where + " " + name + " raw " + raw, null);
      }
    }
  }

  static String m(Endpoint endpoint, Random random) {
    return endpoint.methods().get(random.nextInt(endpoint.methods().size()));
  }

  @SafeVarargs
  static <T> T pick(Random random, T... options) {
    return options[random.nextInt(options.length)];
  }

  void sweepPaths(Endpoint endpoint, Random random) {
    String pattern = address(endpoint.pattern());
    if (!pattern.contains("(?P<")) {
      for (String variant : List.of(pattern + "/", pattern.toUpperCase(), pattern + "//", pattern + "/%00",
          pattern + "/..", pattern + "/%2e%2e/", pattern + "?" + "%FF%FE=%FF", pattern + ";x=1", "/fr" + pattern,
          "/FR" + pattern, "/xx" + pattern, "/%00" + pattern, "/fr/fr" + pattern)) {
        for (String method : endpoint.methods()) {
          if (requests.get() > SWEEP_REQUESTS + 1500) return;
          send(new Req(admin, "admin", method, variant, method.equals("GET") || method.equals("DELETE") ? null
              : "application/json", method.equals("GET") || method.equals("DELETE") ? null : "{}", Map.of()),
              method + " " + pattern + " path " + variant, null);
        }
      }
      return;
    }
    String resource = resourceOf(pattern);
    var substitutes = new ArrayList<String>();
    if (pattern.contains("(?P<id>")) {
      for (var entry : ids.entrySet()) for (long id : entry.getValue()) substitutes.add(String.valueOf(id));
      long main = idsOf(resource).get(0);
      substitutes.addAll(List.of("0", "00", "000" + main, "2147483648", "9223372036854775807", "9223372036854775808",
          "-1", "1.5", "99999999999999999999999999", "1" + "0".repeat(300), main + "%00", main + "/x", "%31"));
    } else {
      substitutes.addAll(slugsOf(resource));
      substitutes.add(slugsOf(resource).get(0).toUpperCase());
      substitutes.addAll(List.of("%C3%A9v%C3%A9nement", "%F0%9F%98%80", "%00", "%2e%2e", "..", ".", "%2F", "%FF%FE",
          "%ED%A0%80", "a%", "%zz", "a%20b", "%25", "null", "-1", "0", String.valueOf(ids.get("events").get(0)),
          "a".repeat(300), "b".repeat(7000), "%E2%80%AE", "%C2%A0", "x;y", "x%3Fa=1", "%5B%5D", "%7B%7D"));
    }
    String slot = pattern.contains("(?P<id>") ? "(?P<id>\\d+)" : "(?P<slug>[^/]+)";
    for (String substitute : substitutes) {
      String path = pattern.replace(slot, substitute);
      for (String method : endpoint.methods()) {
        if (requests.get() > SWEEP_REQUESTS + 1500) return;
        boolean body = !(method.equals("GET") || method.equals("DELETE"));
        var caller = pick(random, admin, admin, contributor);
        String bodyText = body ? pick(random, "{}", "{\"title\":\"x\"}", "{\"status\":\"trash\"}",
            "{\"password\":\"s3cret\"}", "{\"slug\":\"" + "z".repeat(10) + "\"}") : null;
        String query = method.equals("DELETE") ? pick(random, "", "?force=true", "?force=maybe", "?force=")
            : method.equals("GET") ? pick(random, "", "?password=s3cret", "?password=", "?translation_language=fr",
                "?context=edit") : "";
        send(new Req(caller, caller == admin ? "admin" : "contributor", method, path + query,
            body ? "application/json" : null, bodyText, Map.of()), method + " " + pattern + " path " + cut(substitute, 40),
            null);
      }
    }
  }

  /** Tokens the feed really gave (its head now and then), besides the crafted ones. */
  final List<String> realTokens = Collections.synchronizedList(new ArrayList<>(List.of("0.0")));

  String token(Random random) {
    if (random.nextInt(3) > 0) return HostileValues.TOKENS.get(random.nextInt(HostileValues.TOKENS.size()));
    return realTokens.get(random.nextInt(realTokens.size()));
  }

  /**
   * GET and HEAD of /changes with every crafted token and real ones, per_page values and hostile extras, from each
   * caller: 200, 400 or 410, never more; a well-formed token ahead of the feed is 410 rest_changes_expired. Then the
   * lists with modified_after and modified_before together with their other filters.
   */
  void sweepChangeFeed(Random random) {
    var head = admin.get(NS + "/changes?per_page=1");
    if (head.status() != 200) return; // the route is not there
    realTokens.add(head.json().path("next").asText());
    for (String token : HostileValues.TOKENS) {
      for (var caller : List.of(admin, contributor, anonymous)) {
        String who = caller == admin ? "admin" : caller == contributor ? "contributor" : "anonymous";
        String perPage = pick(random, "", "&per_page=1", "&per_page=0", "&per_page=99999", "&per_page=-1", "&per_page=a");
        String method = random.nextInt(5) == 0 ? "HEAD" : "GET";
        Function<HttpResult, String> expect = r -> r.status() == 200 || r.status() == 400 || r.status() == 410 ? null
            : "answered " + r.status();
        HttpResult result = send(new Req(caller, who, method, NS + "/changes?since=" + enc(token) + perPage, null, (String) null,
            Map.of()), "GET /changes since = " + cut(token, 40), expect);
        if (result != null && result.status() == 200 && method.equals("GET")) realTokens.add(result.json().path("next").asText());
      }
    }
    send(new Req(admin, "admin", "GET", NS + "/changes?since=999999999999999999.1", null, (String) null, Map.of()),
        "GET /changes since ahead", r -> r.status() == 410 && "rest_changes_expired".equals(r.code()) ? null : "not 410");
    for (String list : List.of("events", "venues", "organizers", "categories", "tags")) {
      for (int i = 0; i < 6; i++) {
        String query = "modified_after=" + enc(random.nextBoolean()
            ? pick(random, "now", "-1", "2026-02-30", "tomorrow 9am", "1773259200", "9999-12-31 23:59:59")
            : HostileValues.text(random))
            + "&modified_before=" + enc(pick(random, "+1 week", "yesterday", "", "0", "2026-03-10T14:05:00Z", "x"))
            + "&" + pick(random, "search=a", "status=draft", "hide_empty=false", "include=1,2", "page=2", "orderby=count");
        var caller = pick(random, admin, contributor, anonymous);
        send(new Req(caller, caller == admin ? "admin" : caller == contributor ? "contributor" : "anonymous", "GET",
            NS + "/" + list + "?" + query, null, (String) null, Map.of()), "GET /" + list + " modified", null);
      }
    }
  }

  /** A request of the transport sweep, planned before the random phase so that the total can be exact. */
  record Planned(Req req, String context) {}

  List<Planned> transportRequests(Random random) {
    var planned = new ArrayList<Planned>();
    long event = ids.get("events").get(0);
    var targets = List.of(
        new String[] {"POST", NS + "/events"}, new String[] {"PATCH", NS + "/events/" + event},
        new String[] {"PUT", NS + "/events/" + ids.get("events").get(1)}, new String[] {"POST", NS + "/venues"},
        new String[] {"POST", NS + "/venues/" + ids.get("venues").get(0)}, new String[] {"POST", NS + "/organizers"},
        new String[] {"POST", NS + "/categories"}, new String[] {"PATCH", NS + "/tags/" + ids.get("tags").get(0)},
        new String[] {"DELETE", NS + "/events/" + event}, new String[] {"GET", NS + "/events"});
    var bodies = new ArrayList<String[]>();
    String valid = ApiChecks.event("Transport", "");
    for (String json : List.of("{", "}", "{\"title\":}", "{\"title\":\"x\",}", "{'title':'x'}", "{\"title\":\"x\"}}",
        "{\"title\":\"a\",\"title\":\"b\",\"start_date\":\"tomorrow\",\"start_date\":[],\"end_date\":\"tomorrow 23:00\"}",
        "[]", "[{}]", "\"x\"", "1", "-0", "1e400", "true", "null", "\uFEFF{}", "{}garbage", "{} {}", "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud800\"}", "{\"\\u0000\":1}", "{\"a\":01}", "{\"a\":NaN}", "{\"a\":Infinity}",
        "/* c */{}", "{\"a\":1}\u0000", nested("[", "]", 70), "{\"a\":" + nested("[", "]", 5000) + "}",
        "{\"a\":" + nested("{\"b\":", "}", 2000).replace("{\"b\":}", "{\"b\":1}") + "}", valid, " \n\t ", "")) {
      bodies.add(new String[] {"application/json", json});
    }
    for (String type : List.of("application/json; charset=latin1", "application/json; charset=utf-16",
        "application/json;charset=\"utf-8\"", "APPLICATION/JSON", "application/json; charset", "application/json;;",
        "application/merge-patch+json", "text/json", "text/plain", "application/xml", "*/*", "application/",
        "multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=\"\"",
        "multipart/mixed; boundary=x", "application/x-www-form-urlencoded; charset=iso-8859-1",
        "application/x-www-form-urlencoded;charset=utf-7", "; ;", "\u00e9/\u00e9", "application/json, text/html")) {
      bodies.add(new String[] {type, valid});
    }
    String broken = "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx";
    for (String multipartBody : List.of(broken, "garbage", "--" + BOUNDARY + "--\r\n",
        "--" + BOUNDARY + "\r\n\r\nnoheaders\r\n--" + BOUNDARY + "--\r\n",
        "--" + BOUNDARY + "\r\nContent-Disposition: form-data\r\n\r\nnoname\r\n--" + BOUNDARY + "--\r\n",
        "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"title\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nfile\r\n--" + BOUNDARY + "--\r\n",
        "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"title\r\n\r\nx\r\n--" + BOUNDARY + "--\r\n",
        "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"\"\r\n\r\nx\r\n--" + BOUNDARY + "--\r\n",
        multipart(Map.of("title[", "x", "start_date[a][]", "1", "end_date", "\u0000"), null))) {
      bodies.add(new String[] {"multipart/form-data; boundary=" + BOUNDARY, multipartBody});
    }
    for (String form : List.of("=", "&&&", "=x", "title", "title=%", "title=%FF%FE&start_date=%00", "a=b=c",
        "title[=x", "%5B=1", "title=" + "%E2%82".repeat(10), "x[" + "[".repeat(500) + "=1",
        "x" + "[a]".repeat(2000) + "=1", "x[]".repeat(3) + "=1")) {
      bodies.add(new String[] {"application/x-www-form-urlencoded", form});
    }
    bodies.add(new String[] {null, valid});
    for (String[] target : targets) {
      for (String[] body : bodies) {
        var caller = random.nextInt(4) == 0 ? contributor : admin;
        planned.add(new Planned(new Req(caller, caller == admin ? "admin" : "contributor", target[0], target[1], body[0], body[1], Map.of()),
            target[0] + " transport " + cut(String.valueOf(body[0]), 60) + " / " + cut(body[1], 60)));
      }
      // anonymous with malformed input: transport errors or 401, never more
      planned.add(new Planned(new Req(anonymous, "anonymous", target[0], target[1], "application/json", "{", Map.of()),
          target[0] + " transport anonymous bad JSON"));
    }
    // Methods and headers.
    for (String method : List.of("TRACE", "OPTIONS", "HEAD", "FOO", "PROPFIND", "get", "Patch", "CONNECT", "M-SEARCH")) {
      for (String path : List.of(NS + "/events", NS + "/events/" + event, NS + "/nope", "/", "/health")) {
        planned.add(new Planned(new Req(admin, "admin", method, path, null, (String) null, Map.of()), method + " transport (method) " + path));
      }
    }
    var headerSets = List.<Map<String, String>>of(
        Map.of("X-Huge", "h".repeat(60_000)), Map.of("Authorization-Extra", "x", "X-Request-Id", "é\u0001".repeat(40)),
        Map.of("X-HTTP-Method-Override", "DELETE"), Map.of("Accept", "text/html;q=0.x"),
        Map.of("Accept-Language", "zz;q=2, *;q=-1, " + "x".repeat(5000)), Map.of("Origin", "null"),
        Map.of("Origin", "http://\u00e9"), Map.of("Access-Control-Request-Method", "FOO"),
        Map.of("X-Forwarded-Host", "a\u0000b", "X-Forwarded-Proto", "gopher"), Map.of("Range", "bytes=-1-2"),
        Map.of("If-Modified-Since", "yesterday"), Map.of("Content-Encoding", "gzip"),
Map.of("Cookie", "a=" + "c".repeat(8000)),
        // conditional requests and content negotiation (HTTP caching)
        Map.of("If-Match", "\"stale-1\""), Map.of("If-Match", "*, W/\"x\", \u00e9,,"),
        Map.of("If-None-Match", "*"), Map.of("If-None-Match", "\"" + "x".repeat(5000)),
        Map.of("If-Unmodified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"), Map.of("If-Unmodified-Since", "31-02-2026"),
        Map.of("If-Modified-Since", "Fri, 31 Dec 9999 23:59:59 GMT", "If-None-Match", "W/"),
        Map.of("Accept", "text/calendar;q=0.9, application/json;q=0.1"), Map.of("Accept", "text/calendar;q=NaN, */*;q=-3"));
    for (var headers : headerSets) {
      for (String[] target : targets) {
        boolean body = !target[0].equals("GET") && !target[0].equals("DELETE");
        planned.add(new Planned(new Req(admin, "admin", target[0], target[1], body ? "application/json" : null, body ? valid : null,
            headers), target[0] + " header " + cut(headers.keySet().toString(), 60)));
      }
    }
    for (String authorization : List.of("Basic", "Basic ", "Basic !!!", "Basic " + "QQ==".repeat(3000),
        "Basic " + java.util.Base64.getEncoder().encodeToString("admin".getBytes(StandardCharsets.UTF_8)),
        "Basic " + java.util.Base64.getEncoder().encodeToString(":".getBytes(StandardCharsets.UTF_8)),
        "Basic " + java.util.Base64.getEncoder().encodeToString("\u0000:\u0000".getBytes(StandardCharsets.UTF_8)),
        "Bearer", "Bearer " + "t".repeat(5000), "Digest x", "basic YWRtaW46")) {
      // at most a few failed logins per address (429 would hide later checks; 429 is fine here though)
      var caller = server.withAuthorization(authorization);
      planned.add(new Planned(new Req(caller, "auth " + cut(authorization, 20), "GET", NS + "/events", null, (String) null, Map.of()),
          "GET with Authorization " + cut(authorization, 30)));
    }
    // A request target just over the limit, and a long query on every list route.
    planned.add(new Planned(new Req(admin, "admin", "GET", NS + "/events?search=" + "s".repeat(9000), null, (String) null, Map.of()),
        "GET long target"));
    return planned;
  }
}
