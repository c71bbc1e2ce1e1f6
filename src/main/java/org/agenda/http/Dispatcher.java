package org.agenda.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.agenda.config.Config;
import org.agenda.db.DatabaseBusyException;
import org.agenda.user.AuthResult;
import org.agenda.user.Authenticator;

/**
 * Runs every request through the processing order of §2.4: target length, route and method, body size
 * and media type, credentials, route-level permission, body parsing, parameters, then the endpoint.
 * Whatever happens, the answer carries the standard headers of §2.7 and, on failure, the error body of §7.
 */
public final class Dispatcher implements AutoCloseable {
  public static final String JSON = "application/json; charset=UTF-8";
  private static final int MAX_TARGET_BYTES = 8192;
  private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+");
  private static final List<String> NAMESPACE = List.of("cal", "events", "v1");
  private static final List<String> BODY_METHODS = List.of("POST", "PUT", "PATCH", "DELETE");

  private final RouteTable routes;
  private final Config config;
  private final Authenticator authenticator;
  private final Clock clock;
  private final RequestObserver observer;
  private final Runnable beforeEachRequest;
  private final Cors cors;
  private final ReadAnswers answers;
  private final WriteGuard writeGuard;
  private final RequestIds requestIds = new RequestIds();
  /**
   * The public root of the last request, given again to requests with the same root: kept items and embedded records
   * are looked up under keys that hold it, which then hash it once and compare it by identity, not byte for byte.
   */
  private volatile String lastPublicUrl = "";

  /**
   * {@code beforeEachRequest} runs before a request is processed (time-driven state changes);
   * {@code answers} keeps the answers of anonymous reads and gives reads their turns to build;
   * {@code writeGuard} runs a write to one record with the check of its preconditions.
   */
  public Dispatcher(RouteTable routes, Config config, Authenticator authenticator, Clock clock, RequestObserver observer,
      Runnable beforeEachRequest, ReadAnswers answers, WriteGuard writeGuard) {
    this.routes = routes;
    this.config = config;
    this.authenticator = authenticator;
    this.clock = clock;
    this.observer = observer;
    this.beforeEachRequest = beforeEachRequest;
    this.cors = new Cors(config.corsOrigins());
    this.answers = answers;
    this.writeGuard = writeGuard;
  }

  /** State gathered while one request is processed, for the response headers and the access log. */
  private static final class Exchange {
    final HttpServletRequest req;
    final HttpServletResponse res;
    final String method;
    final String requestId;
    String languageSegment;
    String language;
    Route route;
    Caller caller = Caller.anonymous();
    boolean namespaced = true;
    boolean bodyRead;
    /** The media type that {@code Accept} chose among a route's alternates, or null for the route's own. */
    String negotiated;

    Exchange(HttpServletRequest req, HttpServletResponse res, String method, String requestId) {
      this.req = req;
      this.res = res;
      this.method = method;
      this.requestId = requestId;
    }

    /** The same request's caller and language, read with another method (a write's preconditions). */
    Exchange(Exchange request, String method) {
      this(request.req, request.res, method, request.requestId);
      this.languageSegment = request.languageSegment;
      this.caller = request.caller;
    }
  }

  /** Releases what the answers are kept in outside memory. */
  @Override
  public void close() {
    answers.close();
  }

  public void handle(Context ctx) {
    long started = System.nanoTime();
    HttpServletRequest req = ctx.req();
    HttpServletResponse res = ctx.res();
    String incomingId = req.getHeader("X-Request-Id");
    var exchange = new Exchange(req, res, req.getMethod().toUpperCase(Locale.ROOT),
        incomingId != null && REQUEST_ID.matcher(incomingId).matches() ? incomingId : requestIds.next());
    ApiResponse response;
    try {
      beforeEachRequest.run();
      response = process(exchange);
    } catch (ApiError error) {
      response = ApiResponse.json(error.status(), error.body());
    } catch (DatabaseBusyException busy) {
      // Nothing was written (the transaction rolled back); the client may simply send the request again.
      response = ApiResponse.json(503, new ApiError(503, "rest_service_unavailable",
          "The service is busy; try again shortly.").body()).header("Retry-After", "1");
    } catch (RuntimeException | Error failure) {
      System.err.println("request " + exchange.requestId + " failed: " + failure);
      failure.printStackTrace();
      var error = new ApiError(500, "rest_internal_error", "An internal error occurred.");
      error.data().put("request_id", exchange.requestId);
      response = ApiResponse.json(500, error.body());
    }
    long bytes = write(exchange, response);
    observer.finished(new RequestObserver.Finished(exchange.requestId, exchange.method, req.getRequestURI(),
        exchange.route == null ? "unmatched" : exchange.route.fullPattern(), response.status(),
        System.nanoTime() - started, bytes, exchange.caller.isAnonymous() ? null : exchange.caller.id(),
        clientAddress(req)));
  }

  /**
   * A write as an in-process client of the service makes it (the import of another calendar, issue 22): the route
   * (with its language segment), the caller's role, the parameters, the endpoint's checks and its handler, exactly
   * as for a request of {@code caller}; no transport, cache or preconditions. A refusal is the answer a client
   * would get. {@code path} is the request path, e.g. {@code /fr/cal/events/v1/events/12}.
   */
  public ApiResponse call(String method, String path, Caller caller, JsonNode body) {
    var exchange = new Exchange(null, null, method, requestIds.next());
    exchange.caller = caller;
    try {
      RouteTable.Match match = route(exchange, path);
      Endpoint endpoint = match.route().endpointFor(method);
      if (endpoint == null) throw new ApiError(405, "rest_no_route", ApiError.NO_ROUTE);
      checkRouteRole(exchange, endpoint);
      Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
      String publicUrl = config.publicUrl() != null ? config.publicUrl() : "http://localhost";
      return invoke(exchange, endpoint, match.pathValue(), jsonFields(body), now, publicUrl, null).response();
    } catch (ApiError error) {
      return ApiResponse.json(error.status(), error.body());
    }
  }

  private ApiResponse process(Exchange exchange) {
    HttpServletRequest req = exchange.req;
    String rawPath = req.getRequestURI();
    String query = req.getQueryString();
    int targetLength = rawPath.getBytes(StandardCharsets.UTF_8).length
        + (query == null ? 0 : 1 + query.getBytes(StandardCharsets.UTF_8).length);
    if (targetLength > MAX_TARGET_BYTES) {
      throw new ApiError(414, "rest_uri_too_long", "The request URI is too long.");
    }
    RouteTable.Match match = route(exchange, rawPath);
    Route route = match.route();
    exchange.route = route;
    if (exchange.method.equals("OPTIONS")) {
      exchange.res.setHeader("Allow", String.join(", ", route.methods()));
      if (req.getHeader("Origin") != null && req.getHeader("Access-Control-Request-Method") != null
          && cors.allows(req.getHeader("Origin"))) {
        cors.applyPreflight(exchange.res);
      }
      return ApiResponse.text(204, "", null);
    }
    Endpoint endpoint = route.endpointFor(exchange.method);
    if (endpoint == null) {
      exchange.res.setHeader("Allow", String.join(", ", route.methods()));
      var error = new ApiError(405, "rest_no_route", ApiError.NO_ROUTE);
      throw error;
    }
    boolean readsBody = BODY_METHODS.contains(exchange.method);
    byte[] body = readsBody ? readBody(req) : new byte[0];
    exchange.bodyRead = readsBody;
    // The raw header: the servlet's getContentType() throws on a charset the JVM does not know.
    String contentType = req.getHeader("Content-Type");
    BodyKind kind = readsBody ? bodyKind(contentType, body) : BodyKind.NONE;
    authenticate(exchange);
    checkRouteRole(exchange, endpoint);
    Map<String, Raw> raw = new LinkedHashMap<>(FormFields.parseUrlEncoded(query));
    raw.putAll(parseBody(kind, body, contentType));
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    boolean cacheable = exchange.caller.isAnonymous() && route.isNamespaced() && endpoint.requiredRole() == null;
    String publicUrl = publicUrl(req);
    if (!cacheable) {
      if (!isRead(exchange) && route.isNamespaced() && !match.pathValue().isEmpty()) {
        String collection = route.resource().collection();
        Supplier<ApiResponse> write = () -> invoke(exchange, endpoint, match.pathValue(), raw, now, publicUrl, null)
            .response();
        if (!hasPreconditions(exchange)) return writeGuard.alongside(collection, write);
        return writeGuard.guarded(collection, () -> {
          checkPreconditions(exchange, route, match.pathValue(), query, now, publicUrl);
          return write.get();
        });
      }
      ApiResponse response = inTurn(exchange,
          () -> validated(exchange, invoke(exchange, endpoint, match.pathValue(), raw, now, publicUrl, null))).response();
      return unlessNotModified(exchange, response);
    }
    long version = answers.version();
    String key = publicUrl + " " + rawPath + "?" + (query == null ? "" : query)
        + (exchange.negotiated == null ? "" : " " + exchange.negotiated);
    ReadAnswers.Answer answer = answers.answer(key, !match.pathValue().isEmpty(), version, now.getEpochSecond(), () -> {
      Invoked invoked = validated(exchange, invoke(exchange, endpoint, match.pathValue(), raw, now, publicUrl, version));
      return new ReadAnswers.Answer(invoked.response(), exchange.language, invoked.request().validFrom(),
          invoked.request().validUntil(), invoked.request().stillHolds());
    });
    exchange.language = answer.language();
    return unlessNotModified(exchange, answer.response());
  }

  /** A successful read's answer with its validators: ETag and, where the answer has one, Last-Modified. */
  private static Invoked validated(Exchange exchange, Invoked invoked) {
    ApiResponse response = invoked.response();
    if (isRead(exchange) && response.status() == 200) {
      response.header("ETag", Validators.etag(response.bodyArray(), response.bodyLength()));
      Long lastModified = invoked.request().lastModified();
      if (lastModified != null) response.header("Last-Modified", Validators.httpDate(lastModified));
    }
    return invoked;
  }

  /** 304 with no body when the client's copy is current (If-None-Match, else If-Modified-Since: RFC 9110 §13.2.2). */
  private static ApiResponse unlessNotModified(Exchange exchange, ApiResponse response) {
    String etag = response.headers().get("ETag");
    if (response.status() != 200 || etag == null) return response;
    String ifNoneMatch = exchange.req.getHeader("If-None-Match");
    boolean current;
    if (ifNoneMatch != null) {
      current = Validators.noneMatchFails(ifNoneMatch, etag);
    } else {
      String ifModifiedSince = exchange.req.getHeader("If-Modified-Since");
      String lastModified = response.headers().get("Last-Modified");
      Long since = ifModifiedSince == null || lastModified == null ? null : Validators.epochSecond(ifModifiedSince);
      current = since != null && Validators.epochSecond(lastModified) <= since;
    }
    if (!current) return response;
    ApiResponse notModified = ApiResponse.stored(304, new byte[0], null).header("ETag", etag);
    String lastModified = response.headers().get("Last-Modified");
    if (lastModified != null) notModified.header("Last-Modified", lastModified);
    return notModified;
  }

  /**
   * {@code If-Match}, else {@code If-Unmodified-Since} (RFC 9110 §13.2.2): the record as the caller reads it now
   * at this URL, in this language, is compared with what the client read; a stale one is refused with 412 and
   * nothing is written. Runs inside the write's guard, so no other write comes between.
   */
  private void checkPreconditions(Exchange exchange, Route route, String pathValue, String query, Instant now,
      String publicUrl) {
    String ifMatch = exchange.req.getHeader("If-Match");
    Long since = ifMatch == null ? unmodifiedSince(exchange) : null;
    Endpoint read = route.endpointFor("GET");
    Invoked current = null;
    if (read != null) {
      Map<String, Raw> readParams = new LinkedHashMap<>(FormFields.parseUrlEncoded(query));
      readParams.keySet().retainAll(read.declarationOrder());
      var reading = new Exchange(exchange, "GET");
      try {
        current = validated(reading, invoke(reading, read, pathValue, readParams, now, publicUrl, null));
      } catch (ApiError noCurrentAnswer) {
        current = null;
      }
    }
    boolean holds;
    if (ifMatch != null) {
      holds = Validators.matches(ifMatch, current == null ? null : current.response().headers().get("ETag"));
    } else {
      Long modified = current == null ? null : current.request().recordModified();
      holds = modified == null || modified <= since;
    }
    if (!holds) {
      throw new ApiError(412, "rest_precondition_failed",
          "The resource has changed since the precondition was taken; read it again before writing.");
    }
  }

  /** {@code If-Match}, or an {@code If-Unmodified-Since} that is a date (another is ignored, §13.1.4). */
  private static boolean hasPreconditions(Exchange exchange) {
    return exchange.req.getHeader("If-Match") != null || unmodifiedSince(exchange) != null;
  }

  private static Long unmodifiedSince(Exchange exchange) {
    String header = exchange.req.getHeader("If-Unmodified-Since");
    return header == null ? null : Validators.epochSecond(header);
  }

  /** The answer of an endpoint and the request it answered. */
  private record Invoked(ApiRequest request, ApiResponse response) {}

  /** Builds the answer to a read in a turn; anything else at once. */
  private Invoked inTurn(Exchange exchange, Supplier<Invoked> build) {
    return isRead(exchange) ? answers.inTurn(build) : build.get();
  }

  /** GET and HEAD: nothing is written, and the answer may be taken from the cache or built in a turn. */
  private static boolean isRead(Exchange exchange) {
    return exchange.method.equals("GET") || exchange.method.equals("HEAD");
  }

  private RouteTable.Match route(Exchange exchange, String rawPath) {
    String path = rawPath.length() > 1 && rawPath.endsWith("/") ? rawPath.substring(0, rawPath.length() - 1) : rawPath;
    List<String> segments = new ArrayList<>();
    if (!path.equals("/") && !path.isEmpty()) {
      for (String segment : path.substring(1).split("/", -1)) {
        String decoded = decodePath(segment);
        if (decoded.indexOf('\u0000') >= 0) throw ApiError.noRoute();
        segments.add(decoded);
      }
    }
    if (!segments.isEmpty()) {
      String first = segments.get(0).toLowerCase(Locale.ROOT);
      if (config.languages().contains(first)) {
        exchange.languageSegment = first;
        segments = segments.subList(1, segments.size());
      }
    }
    boolean namespaced = segments.size() >= 3 && segments.subList(0, 3).stream()
        .map(s -> s.toLowerCase(Locale.ROOT)).toList().equals(NAMESPACE);
    exchange.namespaced = namespaced;
    RouteTable.Match match = routes.match(namespaced ? segments.subList(3, segments.size()) : segments,
        namespaced, exchange.languageSegment != null);
    if (match == null) throw ApiError.noRoute();
    exchange.namespaced = match.route().isNamespaced();
    if (isRead(exchange)) {
      String accept = exchange.req.getHeader("Accept");
      for (Map.Entry<String, String> alternate : match.route().alternates().entrySet()) {
        if (AcceptHeader.prefers(accept, alternate.getKey())) {
          exchange.negotiated = alternate.getKey();
          return new RouteTable.Match(routes.namespaced(alternate.getValue()), match.pathValue());
        }
      }
    }
    return match;
  }

  private static String decodePath(String segment) {
    if (segment.indexOf('%') < 0) return segment;
    return FormFields.decode(segment.replace("+", "%2B"));
  }

  private enum BodyKind { NONE, JSON, FORM, MULTIPART }

  private byte[] readBody(HttpServletRequest req) {
    long limit = config.maxBodyBytes();
    long declared = req.getContentLengthLong();
    if (declared > limit) throw payloadTooLarge();
    try (InputStream in = req.getInputStream()) {
      byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
      if (body.length > limit) throw payloadTooLarge();
      return body;
    } catch (IOException e) {
      throw new ApiError(400, "rest_invalid_json", "Invalid JSON body passed.");
    }
  }

  /**
   * Reads and drops a body that an early answer (an unknown route, a refused caller) did not need, when it is
   * within the size limit: a client still sending it would otherwise meet a closed connection instead of the
   * answer. False when it is larger or cannot be read.
   */
  private boolean drainedWithinLimit(HttpServletRequest req) {
    try {
      readBody(req);
      return true;
    } catch (ApiError tooLargeOrUnreadable) {
      return false;
    }
  }

  private static ApiError payloadTooLarge() {
    return new ApiError(413, "rest_payload_too_large", "The request body is too large.");
  }

  private static BodyKind bodyKind(String contentType, byte[] body) {
    if (isBlank(body)) return BodyKind.NONE;
    if (contentType == null) throw unsupportedMediaType();
    String[] parts = contentType.split(";");
    String mediaType = parts[0].trim().toLowerCase(Locale.ROOT);
    switch (mediaType) {
      case "application/json" -> {
        for (String parameter : Arrays.copyOfRange(parts, 1, parts.length)) {
          String[] pair = parameter.trim().split("=", 2);
          if (pair[0].trim().equalsIgnoreCase("charset") && pair.length == 2
              && !pair[1].trim().replace("\"", "").equalsIgnoreCase("utf-8")) {
            throw unsupportedMediaType();
          }
        }
        return BodyKind.JSON;
      }
      case "application/x-www-form-urlencoded" -> {
        return BodyKind.FORM;
      }
      case "multipart/form-data" -> {
        return BodyKind.MULTIPART;
      }
      default -> throw unsupportedMediaType();
    }
  }

  private static boolean isBlank(byte[] body) {
    for (byte b : body) {
      if (b != ' ' && b != '\t' && b != '\r' && b != '\n') return false;
    }
    return true;
  }

  private static ApiError unsupportedMediaType() {
    return new ApiError(415, "rest_unsupported_media_type", "Unsupported content type.");
  }

  private void authenticate(Exchange exchange) {
    String header = exchange.req.getHeader("Authorization");
    AuthResult result = authenticator.authenticate(header, clientAddress(exchange.req));
    if (result instanceof AuthResult.Authenticated authenticated) {
      exchange.caller = Caller.of(authenticated.user());
    } else if (result instanceof AuthResult.RateLimited limited) {
      exchange.res.setHeader("Retry-After", Long.toString(limited.retryAfterSeconds()));
      throw new ApiError(429, "rest_too_many_requests", "Too many failed authentication attempts.");
    } else if (result instanceof AuthResult.Invalid) {
      observer.authenticationFailed();
      throw new ApiError(401, "incorrect_password", "The provided password is an invalid application password.");
    }
  }

  private static void checkRouteRole(Exchange exchange, Endpoint endpoint) {
    if (endpoint.requiredRole() == null) return;
    if (exchange.caller.isAnonymous()) throw ApiError.notLoggedIn();
    if (!exchange.caller.atLeast(endpoint.requiredRole())) throw ApiError.forbidden();
  }

  private static Map<String, Raw> parseBody(BodyKind kind, byte[] body, String contentType) {
    switch (kind) {
      case JSON -> {
        JsonNode node;
        try {
          node = Json.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
          throw invalidJson(e.getOriginalMessage());
        } catch (IOException e) {
          throw invalidJson(e.getMessage());
        }
        if (node == null || !node.isObject()) throw invalidJson("The JSON body must be an object.");
        return jsonFields(node);
      }
      case FORM -> {
        return FormFields.parseUrlEncoded(new String(body, StandardCharsets.UTF_8));
      }
      case MULTIPART -> {
        Map<String, Raw> values = Multipart.parse(body, contentType);
        if (values == null) throw Invalid.single("body", "rest_invalid_value", "The multipart/form-data body is malformed.");
        return values;
      }
      default -> {
        return Map.of();
      }
    }
  }

  private static Map<String, Raw> jsonFields(JsonNode object) {
    Map<String, Raw> values = new LinkedHashMap<>();
    object.fields().forEachRemaining(field -> values.put(field.getKey(), new Raw(field.getValue(), false)));
    return values;
  }

  private static ApiError invalidJson(String parserMessage) {
    var error = new ApiError(400, "rest_invalid_json", "Invalid JSON body passed.");
    error.data().put("json_error_message", parserMessage == null ? "Syntax error" : parserMessage);
    return error;
  }

  private Invoked invoke(Exchange exchange, Endpoint endpoint, String pathValue, Map<String, Raw> raw, Instant now,
      String publicUrl, Long dataVersion) {
    List<String> missing = new ArrayList<>();
    for (Param param : endpoint.params()) {
      if (!param.isInPath() && param.isRequired() && param.isAbsent(raw.get(param.name()))) {
        missing.add(param.name());
      }
    }
    if (!missing.isEmpty()) {
      resolveLanguage(exchange, null);
      throw Invalid.missing(missing);
    }
    var invalid = new Invalid(endpoint.declarationOrder());
    Map<String, Object> values = new HashMap<>();
    for (Param param : endpoint.params()) {
      if (param.isInPath() || param.isAbsent(raw.get(param.name()))) continue;
      if (containsNul(raw.get(param.name()).node())) {
        // No text field may hold U+0000 (PostgreSQL cannot store it); refused alike on both databases.
        invalid.add(param.name(), "rest_invalid_value", param.name() + " must not contain the character U+0000.");
        continue;
      }
      try {
        values.put(param.name(), param.convert(raw.get(param.name()), now));
      } catch (ParamProblem problem) {
        invalid.add(param.name(), problem.detailCode(), problem.getMessage());
      }
    }
    resolveLanguage(exchange, (String) values.get("translation_language"));
    var urls = new Urls(publicUrl, exchange.languageSegment);
    var request = new ApiRequest(exchange.method.equals("HEAD") ? "GET" : exchange.method, exchange.caller,
        exchange.language, values.containsKey("translation_language"), urls, now, values, raw, pathValue, dataVersion);
    if (endpoint.check() != null) endpoint.check().check(request, invalid);
    invalid.throwIfAny();
    return new Invoked(request, endpoint.handler().handle(request));
  }

  private static boolean containsNul(JsonNode node) {
    if (node.isTextual()) return node.asText().indexOf('\u0000') >= 0;
    for (JsonNode child : node) {
      if (containsNul(child)) return true;
    }
    return false;
  }

  private void resolveLanguage(Exchange exchange, String parameter) {
    if (parameter != null) {
      exchange.language = parameter;
    } else if (exchange.languageSegment != null) {
      exchange.language = exchange.languageSegment;
    } else {
      exchange.language = config.defaultLanguage();
    }
  }

  private String publicUrl(HttpServletRequest req) {
    if (config.publicUrl() != null) return config.publicUrl();
    String scheme = req.getScheme();
    String host = req.getHeader("Host");
    if (config.trustProxy()) {
      String forwardedProto = firstValue(req.getHeader("X-Forwarded-Proto"));
      String forwardedHost = firstValue(req.getHeader("X-Forwarded-Host"));
      if (forwardedProto != null) scheme = forwardedProto;
      if (forwardedHost != null) host = forwardedHost;
    }
    if (host == null || host.isBlank() || !HOST.matcher(host).matches()) {
      host = req.getServerName() + ":" + req.getServerPort();
    }
    String publicUrl = scheme.toLowerCase(Locale.ROOT) + "://" + host;
    String last = lastPublicUrl;
    if (publicUrl.equals(last)) return last;
    lastPublicUrl = publicUrl;
    return publicUrl;
  }

  private String clientAddress(HttpServletRequest req) {
    if (config.trustProxy()) {
      String forwarded = firstValue(req.getHeader("X-Forwarded-For"));
      if (forwarded != null) return forwarded;
    }
    return req.getRemoteAddr();
  }

  private static String firstValue(String header) {
    if (header == null) return null;
    String first = header.split(",")[0].trim();
    return first.isEmpty() ? null : first;
  }

  private long write(Exchange exchange, ApiResponse response) {
    HttpServletRequest req = exchange.req;
    HttpServletResponse res = exchange.res;
    res.setStatus(response.status());
    res.setHeader("X-Request-Id", exchange.requestId);
    cors.apply(req.getHeader("Origin"), res);
    if (exchange.route != null && !exchange.method.equals("OPTIONS") && response.status() != 405) {
      res.setHeader("Allow", String.join(", ", allowedMethods(exchange)));
    }
    if (exchange.namespaced) {
      if (exchange.language == null) resolveLanguage(exchange, null);
      res.setHeader("Content-Language", exchange.language);
    }
    cacheHeaders(exchange, response.status());
    if (response.status() == 401) res.setHeader("WWW-Authenticate", "Basic realm=\"Agenda\"");
    if (!exchange.bodyRead && (req.getContentLengthLong() > 0 || req.getHeader("Transfer-Encoding") != null)
        && !drainedWithinLimit(req)) {
      // A body over the limit stays unread (413): the connection cannot be reused reliably, and saying so keeps
      // clients from sending their next request into a closed socket.
      res.setHeader("Connection", "close");
    }
    response.headers().forEach(res::setHeader);
    if (response.contentType() != null) res.setHeader("Content-Type", response.contentType());
    SecurityHeaders.ALWAYS.forEach(res::setHeader);
    if (!SecurityHeaders.isHtml(response.contentType())) {
      res.setHeader("Content-Security-Policy", SecurityHeaders.CONTENT_SECURITY_POLICY);
    }
    int length = response.bodyLength();
    boolean bodiless = response.status() == 204 || response.status() == 304;
    if (!bodiless) res.setContentLength(length);
    try {
      // A 304 goes out with no Content-Length, as nginx sends it: Jetty would add "0", which RFC 9110 §8.6 forbids,
      // and the 200's length makes clients with simple parsers (wrk) wait for a body that never comes.
      if (response.status() == 304) res.flushBuffer();
      if (!bodiless && !exchange.method.equals("HEAD")) res.getOutputStream().write(response.bodyArray(), 0, length);
    } catch (IOException e) {
      return 0; // the client went away; nothing more to tell it
    }
    return bodiless || exchange.method.equals("HEAD") ? 0 : length;
  }

  /**
   * Writes and answers to a caller with credentials are never stored (§2.7), and the latter are private too;
   * a successful anonymous read of the namespace may be kept by a shared cache for {@code AGENDA_CACHE_MAX_AGE}
   * seconds, and revalidated with its ETag. Reads of the namespace vary with {@code Accept} (an iCalendar
   * alternate) and {@code Authorization} (what the caller may see); the language is in the URL either way.
   */
  private void cacheHeaders(Exchange exchange, int status) {
    HttpServletResponse res = exchange.res;
    boolean signedIn = exchange.req.getHeader("Authorization") != null;
    if (!isRead(exchange)) {
      res.setHeader("Cache-Control", "no-store");
    } else if (signedIn) {
      res.setHeader("Cache-Control", "private, no-store");
    } else if (exchange.namespaced && (status == 200 || status == 304)) {
      res.setHeader("Cache-Control", config.cacheMaxAgeSeconds() == 0 ? "public, no-cache"
          : "public, max-age=" + config.cacheMaxAgeSeconds());
    }
    if (isRead(exchange) && exchange.namespaced) {
      String vary = res.getHeader("Vary");
      res.setHeader("Vary", (vary == null ? "" : vary + ", ") + "Accept, Authorization");
    }
  }

  /** §2.7: the route's methods whose route-level permission the caller passes. */
  private static List<String> allowedMethods(Exchange exchange) {
    var allowed = new ArrayList<String>();
    for (Endpoint endpoint : exchange.route.endpoints()) {
      if (endpoint.requiredRole() == null || exchange.caller.atLeast(endpoint.requiredRole())) {
        allowed.addAll(endpoint.methods());
      }
    }
    return allowed;
  }
}
