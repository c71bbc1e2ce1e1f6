package org.agenda.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link Client}: real HTTP on loopback; a 503 is sent again after a pause. */
class ClientTest {
  @Test
  void aBusyAnswerIsSentAgainUntilItIsWritten() throws Exception {
    var calls = new AtomicInteger();
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + exchange.getRequestHeaders().getFirst("Authorization")
          + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      boolean busy = calls.incrementAndGet() <= 2;
      byte[] body = (busy ? "{\"code\":\"rest_service_unavailable\"}" : "{\"id\":42}").getBytes(StandardCharsets.UTF_8);
      if (busy) exchange.getResponseHeaders().add("Retry-After", "1");
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(busy ? 503 : 201, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    try {
      var client = new Client("http://127.0.0.1:" + server.getAddress().getPort(), "bench", "secret");
      long started = System.nanoTime();
      long id = client.create("/events", JsonNodeFactory.instance.objectNode().put("title", "Jazz"));
      assertThat(id).isEqualTo(42);
      assertThat(client.requests()).isEqualTo(3);
      assertThat(client.busyAnswers()).isEqualTo(2);
      // Retry-After: 1 gives pauses of 0.5 to 1 s
      assertThat((System.nanoTime() - started) / 1e9).isBetween(1.0, 10.0);
      assertThat(seen).hasSize(3).allSatisfy(line -> assertThat(line)
          .isEqualTo("POST /cal/events/v1/events Basic YmVuY2g6c2VjcmV0 {\"title\":\"Jazz\"}"));
    } finally {
      server.stop(0);
    }
  }
}
