package org.agenda.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.agenda.http.Json;
import org.agenda.http.RequestObserver;

/** The access log and the Prometheus metrics of §10.2, fed by every finished request. */
public final class Observability implements RequestObserver {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Counter authFailures;
  private final PrintStream log;
  private final boolean json;
  private final Clock clock;

  public Observability(PrintStream log, boolean json, Clock clock) {
    this.log = log;
    this.json = json;
    this.clock = clock;
    this.authFailures = Counter.builder("agenda.auth.failures").description("Failed authentications").register(registry);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
  }

  /** Registers the {@code agenda_records{type}} gauges, read from the database at each scrape. */
  public void recordGauges(Map<String, ToDoubleFunction<String>> counters) {
    counters.forEach((type, count) -> Gauge.builder("agenda.records", type, count)
        .description("Stored records by type").tag("type", type).register(registry));
  }

  String scrape() {
    return registry.scrape();
  }

  @Override
  public void authenticationFailed() {
    authFailures.increment();
  }

  @Override
  public void finished(Finished request) {
    Counter.builder("agenda.http.requests").description("HTTP requests")
        .tags("method", request.method(), "route", request.routePattern(), "status", Integer.toString(request.status()))
        .register(registry).increment();
    Timer.builder("agenda.http.request.duration").description("HTTP request duration")
        .tags("method", request.method(), "route", request.routePattern())
        .publishPercentileHistogram()
        .register(registry).record(request.durationNanos(), TimeUnit.NANOSECONDS);
    log.println(json ? jsonLine(request) : textLine(request));
  }

  private String jsonLine(Finished request) {
    ObjectNode line = Json.object();
    line.put("ts", Instant.now(clock).toString());
    line.put("request_id", request.requestId());
    line.put("method", request.method());
    line.put("path", request.path());
    line.put("status", request.status());
    line.put("duration_ms", Math.round(request.durationNanos() / 10_000.0) / 100.0);
    line.put("bytes", request.bytes());
    if (request.userId() == null) {
      line.putNull("user_id");
    } else {
      line.put("user_id", request.userId());
    }
    line.put("remote", request.remote());
    return new String(Json.bytes(line), java.nio.charset.StandardCharsets.UTF_8);
  }

  private String textLine(Finished request) {
    return Instant.now(clock) + " " + request.remote() + " " + request.method() + " " + request.path() + " "
        + request.status() + " " + request.bytes() + "B " + request.durationNanos() / 1_000_000 + "ms user="
        + (request.userId() == null ? "-" : request.userId()) + " id=" + request.requestId();
  }
}
