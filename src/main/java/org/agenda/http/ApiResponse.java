package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A successful answer: status, headers of the operation (Location, totals, Link) and a body. */
public final class ApiResponse {
  private final int status;
  private final byte[] body;
  private final String contentType;
  private final Map<String, String> headers = new LinkedHashMap<>();

  private ApiResponse(int status, byte[] body, String contentType) {
    this.status = status;
    this.body = body;
    this.contentType = contentType;
  }

  public static ApiResponse json(int status, JsonNode body) {
    return new ApiResponse(status, Json.bytes(body), Dispatcher.JSON);
  }

  public static ApiResponse ok(JsonNode body) {
    return json(200, body);
  }

  public static ApiResponse text(int status, String body, String contentType) {
    return new ApiResponse(status, body.getBytes(StandardCharsets.UTF_8), contentType);
  }

  /** An answer read back from where it was kept; its headers follow with {@link #header}. */
  public static ApiResponse stored(int status, byte[] body, String contentType) {
    return new ApiResponse(status, body, contentType);
  }

  /** The same answer with another body: the cache's stored form of it, or that form undone. */
  public ApiResponse withBody(byte[] otherBody) {
    var copy = new ApiResponse(status, otherBody, contentType);
    copy.headers.putAll(headers);
    return copy;
  }

  public ApiResponse header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  public int status() {
    return status;
  }

  public byte[] body() {
    return body;
  }

  public String contentType() {
    return contentType;
  }

  public Map<String, String> headers() {
    return headers;
  }
}
