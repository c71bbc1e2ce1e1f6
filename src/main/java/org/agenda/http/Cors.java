package org.agenda.http;

import jakarta.servlet.http.HttpServletResponse;
import java.util.List;

/** CORS headers of §2.8; never {@code Access-Control-Allow-Credentials} (no cookies are used). */
final class Cors {
  private static final String EXPOSED = "X-Cal-Total, X-Cal-TotalPages, Link, Allow, Content-Language, Location, X-Request-Id";
  private final List<String> origins;

  Cors(List<String> origins) {
    this.origins = origins;
  }

  boolean allows(String origin) {
    return origin != null && (origins.contains("*") || origins.contains(origin));
  }

  void apply(String origin, HttpServletResponse res) {
    if (!allows(origin)) return;
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Vary", "Origin");
    res.setHeader("Access-Control-Expose-Headers", EXPOSED);
  }

  void applyPreflight(HttpServletResponse res) {
    res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Requested-With, X-Request-Id");
    res.setHeader("Access-Control-Max-Age", "600");
  }
}
