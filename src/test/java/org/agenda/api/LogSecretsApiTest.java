package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.Test;

/**
 * §10.2: credentials, passwords and request bodies are never logged. Writes carrying event passwords and
 * failed logins go through the service; its whole output is then searched for every secret and body text.
 */
class LogSecretsApiTest {
  private static final String NS = "/cal/events/v1";

  @Test
  void neitherSecretsNorBodiesAppearInTheLog() {
    try (var server = TestServer.start(Map.of("AGENDA_LOG_FORMAT", "text"))) {
      String editorPassword = server.addUser("redacteur", Role.EDITOR);
      var editor = server.as("redacteur", editorPassword);
      String eventPassword = "EvenementGeheim7421";
      String newEventPassword = "NieuwGeheim9035";
      String bodyText = "Lichaamstekst-3c1f";

      var created = editor.postJson(NS + "/events", ApiChecks.event("Besloten avond",
          "\"password\":\"" + eventPassword + "\",\"description\":\"" + bodyText + "\""));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      String event = NS + "/events/" + ApiChecks.id(created.json());
      assertThat(editor.patchJson(event, "{\"password\":\"" + newEventPassword + "\"}").status()).isEqualTo(200);
      assertThat(editor.postForm(NS + "/events", "title=" + bodyText + "&start_date=tomorrow&password=" + eventPassword)
          .status()).isEqualTo(400); // refused (no end date), but its body was read
      assertThat(server.anonymous().get(event + "?password=" + newEventPassword).status()).isEqualTo(200);

      String wrongPassword = "FoutWachtwoord5512";
      String unknownBearer = "OnbekendToken8871";
      var failedLogins = List.of(server.withAuthorization(basic("redacteur", wrongPassword)),
          server.withAuthorization(basic("niemand", wrongPassword)), server.withAuthorization("Bearer " + unknownBearer));
      for (var failed : failedLogins) assertThat(failed.get(NS + "/events").status()).isEqualTo(401);

      String log = server.log();
      assertThat(log).as("the access log shows the requests").contains(" POST " + NS + "/events ", " 401 ");
      for (String secret : List.of(eventPassword, newEventPassword, bodyText, wrongPassword, unknownBearer,
          editorPassword, TestServer.ADMIN_PASSWORD, basic("redacteur", wrongPassword).substring(6),
          basic("redacteur", editorPassword).substring(6))) {
        assertThat(log).doesNotContain(secret);
      }
    }
  }

  private static String basic(String user, String password) {
    return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }
}
