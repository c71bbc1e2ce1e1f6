package org.agenda.operations;

import java.util.List;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Json;
import org.agenda.http.Route;
import org.agenda.http.Urls;

/** The routes outside the namespace for discovery and operators: {@code /} (§9.1), {@code /health} and {@code /metrics}. */
public final class OperatorRoutes {
  private OperatorRoutes() {}

  public static List<Route> of(Config config, Database database, Observability observability) {
    return List.of(
        Route.outside("/", true, List.of(Endpoint.read(List.of(), null, request -> rootIndex(config, request.urls())))),
        Route.outside("/health", false, List.of(Endpoint.read(List.of(), null, request -> health(database)))),
        Route.outside("/metrics", false, List.of(Endpoint.read(List.of(), null,
            request -> ApiResponse.text(200, observability.scrape(), "text/plain; version=0.0.4; charset=utf-8")))));
  }

  private static ApiResponse rootIndex(Config config, Urls urls) {
    var index = Json.object();
    index.put("name", "Agenda");
    index.put("url", urls.publicUrl());
    index.put("timezone_string", config.timezone().getId());
    index.set("languages", Json.arrayOf(config.languages()));
    index.put("default_language", config.defaultLanguage());
    index.set("namespaces", Json.array().add(Urls.NAMESPACE));
    index.putObject("_links").putArray("help").addObject().put("href", urls.publicUrl() + "/docs");
    return ApiResponse.ok(index);
  }

  private static ApiResponse health(Database database) {
    boolean up = database.isHealthy(2);
    var body = Json.object();
    body.put("status", up ? "ok" : "unavailable");
    body.put("database", up ? "ok" : "error");
    return ApiResponse.json(up ? 200 : 503, body);
  }
}
