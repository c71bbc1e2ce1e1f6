package org.agenda.http;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Builds the URLs that responses carry (§2.10) from the public root and the request's language segment. */
public final class Urls {
  public static final String NAMESPACE = "cal/events/v1";
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private final String publicUrl;
  /**
   * Made once: the keys of the items and embedded records an answer shows hold it, and a string made anew for each
   * key was hashed anew for each.
   */
  private final String baseUrl;

  public Urls(String publicUrl, String languageSegment) {
    this.publicUrl = publicUrl;
    this.baseUrl = languageSegment == null ? publicUrl : publicUrl + "/" + languageSegment;
  }

  public String publicUrl() {
    return publicUrl;
  }

  /** {@code {public_url}} plus the request's language segment, if it had one. */
  public String baseUrl() {
    return baseUrl;
  }

  /** {@code {base_url}/cal/events/v1}. */
  public String api() {
    return baseUrl() + "/" + NAMESPACE;
  }

  public String record(String collection, long id) {
    return api() + "/" + collection + "/" + id;
  }

  public String collection(String collection) {
    return api() + "/" + collection;
  }

  /** Always with an explicit language segment, whatever the request had. */
  public String inLanguage(String language, String collection, long id) {
    return publicUrl + "/" + language + "/" + NAMESPACE + "/" + collection + "/" + id;
  }

  /** A public page URL from a configured template such as {@code {public_url}/{lang}/event/{slug}/}. */
  public String page(String template, String language, String slug, long id) {
    return template.replace("{public_url}", publicUrl)
        .replace("{lang}", language)
        .replace("{slug}", slug)
        .replace("{id}", Long.toString(id));
  }

  /** Host (lower case, no port) and path of the public root, then {@code ?id=}. */
  public String globalId(long id) {
    java.net.URI uri = java.net.URI.create(publicUrl);
    String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    return host + path + "?id=" + id;
  }

  /** RFC 3986 percent-encoding of a query value: everything but unreserved characters, upper-case hex. */
  public static String encode(String value) {
    var out = new StringBuilder(value.length() + 16);
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
          || c == '-' || c == '.' || c == '_' || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    return out.toString();
  }
}
