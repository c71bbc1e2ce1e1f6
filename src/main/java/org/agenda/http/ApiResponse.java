package org.agenda.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A successful answer: status, headers of the operation (Location, totals, Link) and a body.
 *
 * <p>The body may be the first {@code length} bytes of a larger array: a list answer is written into a growing
 * {@link Utf8Buffer}, and copying it into an array of its own size was a sixth of all that the mixed-traffic route
 * allocated, for answers that are sent once and dropped. The array is cut to size only for callers that want the
 * bytes alone ({@link #body()}).
 */
public final class ApiResponse {
  private final int status;
  private byte[] body;
  private final int length;
  private final String contentType;
  private final Map<String, String> headers = new LinkedHashMap<>();

  private ApiResponse(int status, byte[] body, int length, String contentType) {
    this.status = status;
    this.body = body;
    this.length = length;
    this.contentType = contentType;
  }

  private ApiResponse(int status, byte[] body, String contentType) {
    this(status, body, body.length, contentType);
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

  /** An answer whose body is what {@code written} holds, in its array as it is. */
  static ApiResponse stored(int status, Utf8Buffer written, String contentType) {
    return new ApiResponse(status, written.array(), written.length(), contentType);
  }

  /** The same answer with another body: the cache's stored form of it, or that form undone. */
  public ApiResponse withBody(byte[] otherBody) {
    var copy = new ApiResponse(status, otherBody, contentType);
    copy.headers.putAll(headers);
    return copy;
  }

  /**
   * The same answer with the body {@code written} holds, in its array as it is: a kept answer of which a part was made
   * anew. Its entity tag, a hash of the bytes, is computed again.
   */
  public ApiResponse withBody(Utf8Buffer written) {
    var copy = new ApiResponse(status, written.array(), written.length(), contentType);
    copy.headers.putAll(headers);
    if (headers.containsKey("ETag")) copy.header("ETag", Validators.etag(copy.body, copy.length));
    return copy;
  }

  public ApiResponse header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  public int status() {
    return status;
  }

  /** The body's bytes, in an array of their own size. */
  public byte[] body() {
    if (body.length != length) body = Arrays.copyOf(body, length);
    return body;
  }

  public int bodyLength() {
    return length;
  }

  /** The array the body is the first {@link #bodyLength()} bytes of; not to be changed. */
  public byte[] bodyArray() {
    return body;
  }

  public String contentType() {
    return contentType;
  }

  public Map<String, String> headers() {
    return headers;
  }
}
