package org.agenda.http;

import java.util.Map;

/**
 * Headers every answer carries, whatever produced it: no MIME sniffing, no framing, no referrer, and for
 * everything but the HTML reference page a policy that lets a browser load or run nothing from it.
 */
final class SecurityHeaders {
  private SecurityHeaders() {}

  static final Map<String, String> ALWAYS = Map.of(
      "X-Content-Type-Options", "nosniff",
      "X-Frame-Options", "DENY",
      "Referrer-Policy", "no-referrer");

  /** For answers that are not the /docs page (JSON, Prometheus text). */
  static final String CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

  static boolean isHtml(String contentType) {
    return contentType != null && contentType.startsWith("text/html");
  }
}
