package org.agenda.http;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Requests that Jetty refuses before they reach the dispatcher (an undecodable path such as {@code %00},
 * a request line or headers over Jetty's own limits) are still answered in the contract's error shape.
 */
public final class JsonErrorHandler extends ErrorHandler {
  /** Jetty writes error bodies only for GET, POST and HEAD by default; every method gets one here. */
  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
      Callback callback) {
    response.getHeaders().put(new HttpField(HttpHeader.CONTENT_TYPE, Dispatcher.JSON));
    putSecurityHeaders(response.getHeaders());
    response.write(true, ByteBuffer.wrap(Json.bytes(errorFor(code).body())), callback);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(new HttpField(HttpHeader.CONTENT_TYPE, Dispatcher.JSON));
    putSecurityHeaders(fields);
    return ByteBuffer.wrap(Json.bytes(errorFor(status).body()));
  }

  private static void putSecurityHeaders(HttpFields.Mutable fields) {
    SecurityHeaders.ALWAYS.forEach(fields::put);
    fields.put("Content-Security-Policy", SecurityHeaders.CONTENT_SECURITY_POLICY);
  }

  private static ApiError errorFor(int status) {
    return switch (status) {
      case 404 -> ApiError.noRoute();
      case 413 -> new ApiError(413, "rest_payload_too_large", "The request body is too large.");
      case 414 -> new ApiError(414, "rest_uri_too_long", "The request URI is too long.");
      case 431 -> new ApiError(431, "rest_headers_too_large", "The request headers are too large.");
      default -> status >= 500
          ? new ApiError(status, "rest_internal_error", "An internal error occurred.")
          : new ApiError(status, "rest_bad_request", "The request is malformed.");
    };
  }
}
