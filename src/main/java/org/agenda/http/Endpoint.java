package org.agenda.http;

import java.util.List;
import org.agenda.user.Role;

/**
 * One handler of a route: the methods it answers, its parameters in declaration order, the role a
 * caller needs before anything else is looked at (§4.3, null for reads), the parameter checks that
 * need the database (reported with the other invalid parameters, §2.4 step 6), the operation, and what
 * /doc says of it when the route's kind of operation does not (null: what the route and method suggest).
 */
public record Endpoint(List<String> methods, List<Param> params, Role requiredRole, Check check, Handler handler,
    OperationDoc doc) {

  public Endpoint(List<String> methods, List<Param> params, Role requiredRole, Check check, Handler handler) {
    this(methods, params, requiredRole, check, handler, null);
  }

  @FunctionalInterface
  public interface Handler {
    ApiResponse handle(ApiRequest request);
  }

  /** Validation beyond types and formats: existence of referenced records, per-caller restrictions. */
  @FunctionalInterface
  public interface Check {
    void check(ApiRequest request, Invalid invalid);
  }

  public static Endpoint read(List<Param> params, Check check, Handler handler) {
    return new Endpoint(List.of("GET"), params, null, check, handler);
  }

  public static Endpoint write(List<String> methods, Role role, List<Param> params, Check check, Handler handler) {
    return new Endpoint(methods, params, role, check, handler);
  }

  /** The same endpoint, described in /doc by {@code documented} instead of by its route's kind of operation. */
  public Endpoint describedAs(OperationDoc documented) {
    return new Endpoint(methods, params, requiredRole, check, handler, documented);
  }

  /** True when the endpoint declares the parameter (path ones included). */
  public boolean hasParam(String name) {
    return params.stream().anyMatch(param -> param.name().equals(name));
  }

  public List<String> declarationOrder() {
    return params.stream().map(Param::name).toList();
  }
}
