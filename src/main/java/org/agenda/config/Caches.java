package org.agenda.config;

import com.github.benmanes.caffeine.cache.Caffeine;

/** How every in-memory cache of Agenda is built (the caches themselves live with what they keep). */
public final class Caches {
  private Caches() {}

  /**
   * A Caffeine builder whose upkeep (eviction, draining the read and write buffers) runs on the thread that used the
   * cache, under Caffeine's own try-lock, instead of being handed to the common fork-join pool: every hand-over woke a
   * pool thread, and under the mixed-traffic route that was 5 % of the server's CPU, and a tenth of the time requests
   * held a build turn was spent waking it (async-profiler, cpu and wall clock, 10 000 events). It also makes a budget
   * hold when a put returns, not some time after.
   */
  public static Caffeine<Object, Object> builder() {
    return Caffeine.newBuilder().executor(Runnable::run);
  }
}
