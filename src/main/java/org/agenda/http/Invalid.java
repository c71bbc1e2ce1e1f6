package org.agenda.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the invalid parameters of one request, so that a 400 names every one of them (§7.1),
 * in declaration order.
 */
public final class Invalid {
  private final List<String> declarationOrder;
  private final Map<String, Problem> problems = new LinkedHashMap<>();

  record Problem(String detailCode, String message) {}

  public Invalid(List<String> declarationOrder) {
    this.declarationOrder = declarationOrder;
  }

  /** Records the first problem of a parameter; later ones for the same name are ignored. */
  public void add(String param, String detailCode, String message) {
    problems.putIfAbsent(param, new Problem(detailCode, message));
  }

  /** Replaces the problem recorded for a parameter (a caller-specific rule outranks the generic one). */
  public void replace(String param, String detailCode, String message) {
    problems.put(param, new Problem(detailCode, message));
  }

  public boolean has(String param) {
    return problems.containsKey(param);
  }

  /** The detail code recorded for a parameter, or null. */
  public String detailCode(String param) {
    Problem problem = problems.get(param);
    return problem == null ? null : problem.detailCode();
  }

  public boolean isEmpty() {
    return problems.isEmpty();
  }

  public void throwIfAny() {
    if (!problems.isEmpty()) throw toError();
  }

  public ApiError toError() {
    var names = problems.keySet().stream()
        .sorted((a, b) -> Integer.compare(position(a), position(b)))
        .toList();
    var error = new ApiError(400, "rest_invalid_param", "Invalid parameter(s): " + String.join(", ", names));
    ObjectNode params = Json.object();
    ObjectNode details = Json.object();
    for (String name : names) {
      Problem problem = problems.get(name);
      params.put(name, problem.message());
      ObjectNode detail = details.putObject(name);
      detail.put("code", problem.detailCode());
      detail.put("message", problem.message());
      detail.putObject("data").put("param", name);
    }
    error.data().set("params", params);
    error.data().set("details", details);
    return error;
  }

  private int position(String name) {
    int index = declarationOrder.indexOf(name);
    return index < 0 ? Integer.MAX_VALUE : index;
  }

  /** A single invalid parameter, thrown where collecting more is not possible. */
  public static ApiError single(String param, String detailCode, String message) {
    var invalid = new Invalid(List.of(param));
    invalid.add(param, detailCode, message);
    return invalid.toError();
  }

  public static ApiError missing(List<String> names) {
    var error = new ApiError(400, "rest_missing_callback_param", "Missing parameter(s): " + String.join(", ", names));
    error.data().set("params", Json.arrayOf(names));
    return error;
  }
}
