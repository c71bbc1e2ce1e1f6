package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.db.CopyCommand;
import org.agenda.support.FreshDatabase;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.Test;

/**
 * {@code copy TARGET_URL}: the configured database into an empty one of the other kind (SQLite into
 * PostgreSQL on the SQLite run, back on the PostgreSQL run). A service on the copy answers every read with
 * the same bytes (the change feed too), accepts the same credentials and gives new records ids after the copied
 * ones; a mirror's change token from the source goes on on the copy.
 */
class CopyCommandApiTest {
  private static final String API = "/cal/events/v1";

  private record Output(int status, String out, String err) {}

  @Test
  void aCopyAnswersEveryReadWithTheSameBytesAndKeepsWriting() throws Exception {
    List<String> paths = new ArrayList<>(List.of(API + "/events?per_page=50", API + "/events?search=concert",
        "/fr" + API + "/events", "/en" + API + "/categories", API + "/tags?orderby=count&order=desc", API + "/venues",
        "/fr" + API + "/organizers", API + "/events?categories=jazz&status=draft", API + "/changes?per_page=50"));
    Map<String, String> before = new LinkedHashMap<>();
    long lastId = 0;
    String editorPassword;
    try (var source = TestServer.start(); var target = FreshDatabase.create(!TestServer.usesPostgres())) {
      editorPassword = source.addUser("redacteur", Role.EDITOR);
      var admin = source.asAdmin();
      for (int i = 0; i < 6; i++) {
        HttpResult created = admin.postJson(API + "/events", "{\"title\":\"Concert " + i + "\",\"start_date\":\"2026-04-0"
            + (i + 1) + " 20:00\",\"end_date\":\"2026-04-0" + (i + 1) + " 22:00\",\"status\":\"" + (i == 5 ? "draft" : "publish")
            + "\",\"venue\":{\"venue\":\"Zaal " + (i % 2) + "\",\"city\":\"Gent\"},\"organizer\":[{\"organizer\":\"Stichting "
            + (i % 3) + "\"}],\"categories\":[\"jazz\"],\"tags\":[\"buiten\",\"gratis " + (i % 2) + "\"]}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        long id = created.json().path("id").asLong();
        lastId = id;
        paths.add(API + "/events/" + id);
        assertThat(admin.patchJson("/fr" + API + "/events/" + id, "{\"title\":\"Concert fr " + i + "\"}").status()).isEqualTo(200);
      }
      assertThat(admin.delete(API + "/events/" + paths.get(paths.size() - 1).replaceAll(".*/", "")).status()).isEqualTo(200);
      for (String path : paths) before.put(path, withoutPort(admin.get(path).body(), source));
      String token = FeedFollower.atHead("source", admin).token();

      Output copied = copy(source, target.url, target.user);
      assertThat(copied.status()).as(copied.err()).isZero();
      assertThat(copied.out()).contains("events: 6 rows").contains("Copied ");
      Output again = copy(source, target.url, target.user);
      assertThat(again.status()).isEqualTo(1);
      assertThat(again.err()).contains("not empty");

      try (var copy = TestServer.start(Map.of("AGENDA_DB_URL", target.url, "AGENDA_DB_USER", target.user))) {
        for (String path : paths) {
          assertThat(withoutPort(copy.asAdmin().get(path).body(), copy)).as(path).isEqualTo(before.get(path));
        }
        assertThat(copy.as("redacteur", editorPassword).get(API + "/events?status=draft").status()).isEqualTo(200);
        HttpResult created = copy.asAdmin().postJson(API + "/events",
            "{\"title\":\"Na de kopie\",\"start_date\":\"2026-05-01 10:00\",\"end_date\":\"2026-05-01 11:00\",\"tags\":[\"nieuw\"]}");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertThat(created.json().path("id").asLong()).isGreaterThan(lastId);
        assertThat(created.json().path("tags").get(0).path("id").asLong()).isGreaterThan(4);
        var follower = new FeedFollower("mirror", token);
        assertThat(follower.catchUp(copy.asAdmin(), 50).stream().map(FeedFollower.Change::what))
            .containsExactly("tag " + created.json().path("tags").get(0).path("id").asLong() + " created",
                "event " + created.json().path("id").asLong() + " created");
      }
    }
  }

  private static Output copy(TestServer source, String url, String user) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    List<String> args = user.isEmpty() ? List.of("copy", url) : List.of("copy", url, "--user", user);
    int status = CopyCommand.run(args, source.databaseUrl, TestServer.usesPostgres() ? "postgres" : "", "", Map.of(),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Output(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static String withoutPort(String body, TestServer server) {
    return body.replace(server.url(""), "BASE");
  }
}
