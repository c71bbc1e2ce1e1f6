package org.agenda.record;

import com.fasterxml.jackson.databind.JsonNode;
import org.agenda.http.Param;
import org.agenda.http.ParamProblem;
import org.agenda.http.Raw;

/** Write fields that events, venues and organizers define alike (§6.4, §6.8, §6.10). */
public final class CommonFields {
  private static final int MAX_URL_LENGTH = 2048;

  private CommonFields() {}

  public static Param author(String resource) {
    return Param.integer("author").writeField()
        .describe("User id of the " + resource + "'s author (editors and higher may name another user).");
  }

  public static Param date() {
    return Param.date("date").writeField().describe("Publication date, in the site time zone.");
  }

  public static Param dateUtc() {
    return Param.date("date_utc").writeField().describe("Publication date in UTC; wins over date.");
  }

  public static Param status() {
    return Param.oneOf("status", Status.WRITABLE).writeField().describe("Publication status.");
  }

  public static Param image(String resource) {
    return Param.custom("image", raw -> url(raw, "image")).emptyClears().nullClears()
        .describe("Absolute http(s) URL of the " + resource + " image; empty removes it.");
  }

  public static Param website(String resource) {
    return Param.custom("website", raw -> url(raw, "website")).emptyClears().nullClears()
        .describe("Absolute http(s) URL of the " + resource + " website; empty clears it.");
  }

  /**
   * The publication date a write gives (§6.4): {@code date_utc} wins over {@code date} (site time zone);
   * {@code otherwise} when it gives neither (now on create, the stored date on update).
   */
  public static long publicationDate(java.util.Map<String, Object> values, long otherwise, java.time.Instant now,
      java.time.ZoneId siteZone) {
    if (values.get("date_utc") instanceof org.agenda.http.DateValue date) {
      return date.in(java.time.ZoneOffset.UTC, now).toEpochSecond();
    }
    if (values.get("date") instanceof org.agenda.http.DateValue date) return date.in(siteZone, now).toEpochSecond();
    return otherwise;
  }

  /** An absolute http(s) URL, trimmed; {@link Param#CLEAR} for "". */
  public static Object url(Raw raw, String name) {
    JsonNode node = raw.node();
    if (raw.fromText() && node.isArray()) node = node.get(node.size() - 1);
    if (!node.isTextual()) throw new ParamProblem("rest_invalid_url", name + " must be an absolute http or https URL.");
    String value = node.asText().trim();
    if (value.isEmpty()) return Param.CLEAR;
    if (value.codePointCount(0, value.length()) > MAX_URL_LENGTH) {
      throw new ParamProblem("rest_too_long", name + " must be at most " + MAX_URL_LENGTH + " characters.");
    }
    try {
      var uri = new java.net.URI(value);
      String scheme = uri.getScheme();
      if (scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          && uri.getHost() != null && !uri.getHost().isEmpty()) {
        return value;
      }
    } catch (java.net.URISyntaxException e) {
      // falls through to the error below
    }
    throw new ParamProblem("rest_invalid_url", name + " must be an absolute http or https URL.");
  }
}
