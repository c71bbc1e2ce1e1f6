package org.agenda.http;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An answer in the contract's error shape (§7.1): {@code {"code", "message", "data": {"status", ...}}}.
 * Thrown from any step of request processing; the dispatcher turns it into the response.
 */
public final class ApiError extends RuntimeException {
  public static final String NO_ROUTE = "No route was found matching the URL and request method.";

  private final int status;
  private final String code;
  private final ObjectNode data;

  public ApiError(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.data = Json.object().put("status", status);
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  /** Extra members of {@code data}, after {@code status}. */
  public ObjectNode data() {
    return data;
  }

  public ObjectNode body() {
    ObjectNode body = Json.object();
    body.put("code", code);
    body.put("message", getMessage());
    body.set("data", data);
    return body;
  }

  public static ApiError noRoute() {
    return new ApiError(404, "rest_no_route", NO_ROUTE);
  }

  public static ApiError forbidden() {
    return new ApiError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
  }

  public static ApiError notLoggedIn() {
    return new ApiError(401, "rest_not_logged_in", "You are not currently logged in.");
  }

  public static ApiError translationNotFound(String language) {
    return new ApiError(404, "translation-not-found", "The requested item has no text in language " + language + ".");
  }
}
