package org.agenda.doc;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Json;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.http.Urls;

/** {@code GET /cal/events/v1} (§6.1, §9.2): every route, method and parameter, read from the route table. */
public final class NamespaceIndex {
  private final RouteTable routes;

  public NamespaceIndex(RouteTable routes) {
    this.routes = routes;
  }

  public Route route() {
    return Route.namespaced("", MetaSchemas.META, List.of(Endpoint.read(List.of(
        Param.string("namespace").defaultValue(Urls.NAMESPACE).describe("The namespace to describe."),
        Param.oneOf("context", List.of("view", "help")).defaultValue("view").describe("Scope of the index.")),
        null, this::handle)));
  }

  private ApiResponse handle(ApiRequest request) {
    if (request.has("namespace") && !Urls.NAMESPACE.equals(request.string("namespace"))) {
      throw new ApiError(404, "rest_invalid_namespace", "The specified namespace could not be found.");
    }
    ObjectNode index = Json.object();
    index.put("namespace", Urls.NAMESPACE);
    ObjectNode described = index.putObject("routes");
    for (Route route : routes.namespaceRoutes()) {
      ObjectNode node = described.putObject(route.indexKey());
      node.put("namespace", Urls.NAMESPACE);
      node.set("methods", Json.arrayOf(route.methods()));
      ArrayNode endpoints = node.putArray("endpoints");
      for (Endpoint endpoint : route.endpoints()) {
        ObjectNode entry = endpoints.addObject();
        entry.set("methods", Json.arrayOf(endpoint.methods()));
        ObjectNode args = entry.putObject("args");
        for (Param param : endpoint.params()) {
          if (!args.has(param.name())) args.set(param.name(), param.describeForIndex());
        }
      }
      if (!route.hasPathVariable()) {
        String href = request.urls().baseUrl() + route.fullPattern();
        node.putObject("_links").putArray("self").addObject().put("href", href);
      }
    }
    index.putObject("_links").putArray("up").addObject().put("href", request.urls().baseUrl() + "/");
    return ApiResponse.ok(index);
  }
}
