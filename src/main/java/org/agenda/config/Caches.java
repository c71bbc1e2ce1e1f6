package org.agenda.config;

import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * How every in-memory cache of Agenda is built (the caches themselves live with what they keep), and how much of the
 * heap each may fill.
 */
public final class Caches {
  private Caches() {}

  /**
   * A cache's budget: {@code 1/divisor} of the heap the JVM may use ({@code -Xmx}). Every budget is a part of the heap,
   * so that together they leave room for what grows with the data (the event index's columns, 16 bytes an event), and
   * a larger heap gets larger caches. Fixed budgets (48 MiB each for answers about one record and for list items) left
   * no such room at a million events in 256 MiB: 196 MB stayed live in an old generation of 171, and the collector
   * ran a full collection three times a second.
   */
  public static long heapShare(int divisor) {
    return heapShare(Runtime.getRuntime().maxMemory(), divisor);
  }

  /** {@code 1/divisor} of {@code heapBytes}. */
  public static long heapShare(long heapBytes, int divisor) {
    return heapBytes / divisor;
  }

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
