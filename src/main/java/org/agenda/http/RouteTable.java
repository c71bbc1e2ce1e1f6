package org.agenda.http;

import java.util.ArrayList;
import java.util.List;

/**
 * Every route of the service, in the order of §2.2. Routing, the {@code Allow} header, validation, the
 * namespace index and /doc all read this one table.
 */
public final class RouteTable {
  private final List<Route> routes = new ArrayList<>();
  private final List<String> languages;

  public RouteTable(List<String> languages) {
    this.languages = List.copyOf(languages);
  }

  /** Adds a route; namespace endpoints get {@code translation_language} as their last parameter (§6). */
  public void add(Route route) {
    if (!route.isNamespaced()) {
      routes.add(route);
      return;
    }
    List<Endpoint> endpoints = route.endpoints().stream().map(endpoint -> {
      var params = new ArrayList<>(endpoint.params());
      params.add(Param.oneOf("translation_language", languages)
          .describe("Content language: the language of the text to read or write (§3.1)."));
      return new Endpoint(endpoint.methods(), List.copyOf(params), endpoint.requiredRole(), endpoint.check(),
          endpoint.handler(), endpoint.doc());
    }).toList();
    routes.add(route.withEndpoints(endpoints));
  }

  public List<Route> namespaceRoutes() {
    return routes.stream().filter(Route::isNamespaced).toList();
  }

  public List<String> languages() {
    return languages;
  }

  record Match(Route route, String pathValue) {}

  /** The namespace route of this pattern, if any. */
  Route namespaced(String pattern) {
    return routes.stream().filter(route -> route.isNamespaced() && route.pattern().equals(pattern)).findFirst()
        .orElse(null);
  }

  Match match(List<String> path, boolean namespaced, boolean hadLanguageSegment) {
    for (Route route : routes) {
      if (route.isNamespaced() != namespaced) continue;
      if (hadLanguageSegment && !route.allowsLanguageSegment()) continue;
      String value = route.match(path);
      if (value != null) return new Match(route, value);
    }
    return null;
  }
}
