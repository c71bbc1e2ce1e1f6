package org.agenda.cache;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Turns for reads whose answer is built (no cached answer serves them), first come first served, a few at
 * once. With a thread per connection and all of them runnable, the scheduler shared the cores among every
 * request under way, and one that was preempted waited for all the others: on two cores, signed-in by-id reads
 * (every answer built) had a p99 of 27–30 ms without turns and 15–18.5 ms with them, at the same rate or a higher
 * one (alternating runs at 10 000 events). A read that waited {@code waitMillis} goes on without a turn: slow
 * reads holding every turn (a search through a million events takes seconds) must not hold up quick ones for
 * longer than that.
 */
final class BuildTurns {
  private final Semaphore turns;
  private final long waitMillis;

  BuildTurns(int count, long waitMillis) {
    this.turns = new Semaphore(count, true);
    this.waitMillis = waitMillis;
  }

  <T> T run(Supplier<T> build) {
    boolean turn;
    try {
      turn = turns.tryAcquire(waitMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      turn = false;
    }
    try {
      return build.get();
    } finally {
      if (turn) turns.release();
    }
  }
}
