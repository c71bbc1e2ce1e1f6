package org.agenda.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.List;
import org.agenda.http.Json;

/** A response as a test sees it: status, headers, body text and the body as JSON. */
public record HttpResult(int status, HttpResponse<String> raw) {
  public String body() {
    return raw.body();
  }

  public JsonNode json() {
    try {
      return Json.MAPPER.readTree(raw.body());
    } catch (Exception e) {
      throw new AssertionError("response is not JSON (" + status + "): " + raw.body(), e);
    }
  }

  public String header(String name) {
    return raw.headers().firstValue(name).orElse(null);
  }

  public List<String> headers(String name) {
    return raw.headers().allValues(name);
  }

  /** The {@code code} of an error body. */
  public String code() {
    return json().path("code").asText();
  }

  @Override
  public String toString() {
    return status + " " + raw.body();
  }
}
