package org.agenda.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A path pattern such as {@code /events/{id}} with its endpoints. Namespace routes are relative to
 * {@code /cal/events/v1}; the others ({@code /health}, {@code /docs}, …) to the root.
 */
public final class Route {
  private final String pattern;
  private final List<String> segments;
  private final boolean namespaced;
  private final boolean languageSegmentAllowed;
  private final List<Endpoint> endpoints;
  /** What the self-description says of the resource; null outside the namespace. */
  private final ApiResource resource;
  /** Media types that another route of the table answers for this one's reads, with that route's pattern. */
  private final Map<String, String> alternates;

  private Route(String pattern, ApiResource resource, boolean namespaced, boolean languageSegmentAllowed,
      List<Endpoint> endpoints, Map<String, String> alternates) {
    this.pattern = pattern;
    this.resource = resource;
    this.alternates = Map.copyOf(alternates);
    this.segments = pattern.isEmpty() || pattern.equals("/") ? List.of() : List.of(pattern.substring(1).split("/"));
    this.namespaced = namespaced;
    this.languageSegmentAllowed = languageSegmentAllowed;
    this.endpoints = List.copyOf(endpoints);
  }

  /** A route under {@code /{ns}} of {@code resource}; {@code pattern} is "" for the namespace itself. */
  public static Route namespaced(String pattern, ApiResource resource, List<Endpoint> endpoints) {
    return new Route(pattern, resource, true, true, endpoints, Map.of());
  }

  /** A route outside the namespace; only the root index takes a language segment (§2.1). */
  public static Route outside(String pattern, boolean languageSegmentAllowed, List<Endpoint> endpoints) {
    return new Route(pattern, null, false, languageSegmentAllowed, endpoints, Map.of());
  }

  Route withEndpoints(List<Endpoint> replaced) {
    return new Route(pattern, resource, namespaced, languageSegmentAllowed, replaced, alternates);
  }

  /**
   * The same route, whose reads a request with {@code Accept: mediaType} gets from the route of {@code pattern}
   * (with the same path value): calendar apps that send headers get the feed at the JSON URL too.
   */
  public Route offering(String mediaType, String alternatePattern) {
    var all = new HashMap<>(alternates);
    all.put(mediaType, alternatePattern);
    return new Route(pattern, resource, namespaced, languageSegmentAllowed, endpoints, all);
  }

  Map<String, String> alternates() {
    return alternates;
  }

  String pattern() {
    return pattern;
  }

  /** The resource a namespace route belongs to, as the self-description tells it. */
  public ApiResource resource() {
    return resource;
  }

  public boolean isNamespaced() {
    return namespaced;
  }

  boolean allowsLanguageSegment() {
    return languageSegmentAllowed;
  }

  public List<Endpoint> endpoints() {
    return endpoints;
  }

  /** The route's methods in the normative order of §2.2 (the order of its endpoints). */
  public List<String> methods() {
    var methods = new ArrayList<String>();
    endpoints.forEach(endpoint -> methods.addAll(endpoint.methods()));
    return methods;
  }

  public Endpoint endpointFor(String method) {
    String lookup = method.equals("HEAD") ? "GET" : method;
    return endpoints.stream().filter(e -> e.methods().contains(lookup)).findFirst().orElse(null);
  }

  /** The pattern with the namespace, as in metrics labels: {@code /cal/events/v1/events/{id}}. */
  public String fullPattern() {
    if (!namespaced) return pattern.isEmpty() ? "/" : pattern;
    return "/" + Urls.NAMESPACE + pattern;
  }

  /**
   * The key of the namespace index (§9.2), a regular expression: {@code /cal/events/v1/events/(?P<id>\d+)}, with
   * the characters of literal text that a regular expression reads otherwise escaped
   * ({@code /cal/events/v1/events/(?P<id>\d+)\.ics}).
   */
  public String indexKey() {
    var segments = new ArrayList<String>();
    for (String segment : fullPattern().split("/", -1)) {
      Segment parsed = Segment.of(segment);
      segments.add(regex(parsed.prefix())
          + (parsed.variable() == null ? "" : parsed.variable().equals("id") ? "(?P<id>\\d+)" : "(?P<slug>[^/]+)")
          + regex(parsed.suffix()));
    }
    return String.join("/", segments);
  }

  private static String regex(String literal) {
    var escaped = new StringBuilder();
    for (char c : literal.toCharArray()) {
      if ("\\.[]{}()*+?^$|".indexOf(c) >= 0) escaped.append('\\');
      escaped.append(c);
    }
    return escaped.toString();
  }

  /** The OpenAPI path relative to the server URL: {@code /events/{id}}, {@code /} for the namespace. */
  public String relativePattern() {
    return pattern.isEmpty() ? "/" : pattern;
  }

  public boolean hasPathVariable() {
    return pattern.contains("{");
  }

  /**
   * One segment of a pattern: literal text, or a variable ({@code {id}}: one or more ASCII digits; {@code {slug}}:
   * one or more characters) with literal text after it ({@code {id}.ics}). Variables start a segment.
   */
  private record Segment(String prefix, String variable, String suffix) {
    static Segment of(String segment) {
      if (!segment.startsWith("{")) return new Segment(segment, null, "");
      int close = segment.indexOf('}');
      return new Segment("", segment.substring(1, close), segment.substring(close + 1));
    }

    /** The variable's value in {@code actual}, "" for a literal segment, or null when it does not match. */
    String match(String actual) {
      if (variable == null) return prefix.equalsIgnoreCase(actual) ? "" : null;
      // the literal suffix is matched case-insensitively, like literal segments (§2.3)
      int valueLength = actual.length() - suffix.length();
      if (valueLength < 1 || !actual.regionMatches(true, valueLength, suffix, 0, suffix.length())) return null;
      String value = actual.substring(0, valueLength);
      if (variable.equals("id") && !value.chars().allMatch(c -> c >= '0' && c <= '9')) return null;
      return value;
    }
  }

  /**
   * Matches decoded path segments (after the namespace for namespaced routes). Returns the value of the
   * path variable, "" for a route without one, or null when the path does not match.
   */
  String match(List<String> path) {
    if (path.size() != segments.size()) return null;
    String value = "";
    for (int i = 0; i < segments.size(); i++) {
      Segment expected = Segment.of(segments.get(i));
      String matched = expected.match(path.get(i));
      if (matched == null) return null;
      if (expected.variable() != null) value = matched;
    }
    return value;
  }
}
