package org.agenda.doc;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Route;
import org.agenda.http.Urls;

/**
 * {@code GET /docs} (§9.4): Swagger UI rendering {@code /cal/events/v1/doc}, with its script and style
 * served from the swagger-ui webjar on the classpath, so that the page needs no internet access.
 */
public final class ReferencePage {
  private static final String PAGE = "org/agenda/doc/reference.html";
  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
  private static final String WEBJAR_PROPERTIES = "META-INF/maven/org.webjars/swagger-ui/pom.properties";
  private static final Map<String, String> ASSETS = Map.of(
      "swagger-ui.css", "text/css; charset=UTF-8",
      "swagger-ui-bundle.js", "text/javascript; charset=UTF-8");
  private static final Map<String, String> LOADED = new ConcurrentHashMap<>();

  private ReferencePage() {}

  /** The page and its assets; neither takes a language segment (§2.1). */
  public static List<Route> routes() {
    return List.of(
        Route.outside("/docs", false, List.of(Endpoint.read(List.of(), null, ReferencePage::page))),
        Route.outside("/docs/{slug}", false, List.of(Endpoint.read(List.of(), null, ReferencePage::asset))));
  }

  /**
   * Links are absolute paths under the public root's path, so they hold whether the page is asked for
   * as /docs or /docs/, and behind a proxy that publishes the service under a prefix.
   */
  private static ApiResponse page(ApiRequest request) {
    String root = URI.create(request.urls().publicUrl()).getRawPath();
    String html = LOADED.computeIfAbsent(PAGE, ReferencePage::load)
        .replace("{{assets}}", escape(root + "/docs/"))
        .replace("{{document}}", escape(root + "/" + Urls.NAMESPACE + "/doc"));
    return ApiResponse.text(200, html, "text/html; charset=UTF-8");
  }

  private static ApiResponse asset(ApiRequest request) {
    String contentType = ASSETS.get(request.pathValue());
    if (contentType == null) throw ApiError.noRoute();
    String body = LOADED.computeIfAbsent(WEBJAR + webjarVersion() + "/" + request.pathValue(), ReferencePage::load);
    return ApiResponse.text(200, body, contentType);
  }

  /** Read from the webjar itself, so that upgrading it in the pom is the only change needed. */
  private static String webjarVersion() {
    var properties = new Properties();
    try {
      properties.load(new StringReader(LOADED.computeIfAbsent(WEBJAR_PROPERTIES, ReferencePage::load)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version");
  }

  private static String load(String path) {
    try (InputStream in = ReferencePage.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) throw new IllegalStateException("missing resource " + path);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
