package org.agenda.http;

/** Told about every finished request: feeds the access log and the metrics (§10.2). */
public interface RequestObserver {
  record Finished(String requestId, String method, String path, String routePattern, int status,
      long durationNanos, long bytes, Long userId, String remote) {}

  void finished(Finished request);

  /** Counts one failed authentication (metrics). */
  default void authenticationFailed() {}
}
