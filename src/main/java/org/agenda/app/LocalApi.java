package org.agenda.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.agenda.db.Database;
import org.agenda.http.Caller;
import org.agenda.http.Dispatcher;
import org.agenda.http.Json;
import org.agenda.user.User;
import org.agenda.user.Users;

/**
 * The service's routes called in this process by a trusted command (the import of another calendar, issue 22), as
 * one of its users: every write goes through the validation, sanitising and storage of the routes a client uses.
 */
public final class LocalApi implements AutoCloseable {
  private final Database database;
  private final Dispatcher dispatcher;
  private final Users users;

  LocalApi(Database database, Dispatcher dispatcher, Users users) {
    this.database = database;
    this.dispatcher = dispatcher;
    this.users = users;
  }

  /** What a route answered: its status and JSON body. */
  public record Answer(int status, JsonNode body) {
    public boolean succeeded() {
      return status >= 200 && status < 300;
    }

    /** The error's message of a refusal ({@code message}, with the first invalid parameter's detail if any). */
    public String problem() {
      JsonNode params = body.path("data").path("params");
      String detail = params.isObject() && params.size() > 0 ? ": " + params.elements().next().asText() : "";
      return body.path("message").asText("HTTP " + status) + detail;
    }
  }

  /** {@code method path} with the JSON {@code body}, as {@code user}; {@code path} as a client sends it. */
  public Answer call(User user, String method, String path, JsonNode body) {
    var response = dispatcher.call(method, path, Caller.of(user), body);
    try {
      return new Answer(response.status(), Json.MAPPER.readTree(response.body()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Database database() {
    return database;
  }

  public Users users() {
    return users;
  }

  @Override
  public void close() {
    dispatcher.close();
    database.close();
  }
}
