package org.agenda.bench;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/** Runs a task for every index of a range on a fixed number of threads; the first failure stops the rest. */
final class Parallel {
  private Parallel() {}

  static void forEach(String what, long from, long to, int threads, PrintStream progress, LongConsumer task) {
    if (from >= to) return;
    var next = new AtomicLong(from);
    var done = new AtomicLong();
    var failure = new AtomicReference<RuntimeException>();
    long started = System.nanoTime();
    Runnable worker = () -> {
      long i;
      while (failure.get() == null && (i = next.getAndIncrement()) < to) {
        try {
          task.accept(i);
          done.incrementAndGet();
        } catch (RuntimeException e) {
          failure.compareAndSet(null, e);
        }
      }
    };
    var pool = new Thread[Math.max(1, threads)];
    for (int t = 0; t < pool.length; t++) {
      pool[t] = new Thread(worker, "generate-" + t);
      pool[t].start();
    }
    long lastReport = System.nanoTime();
    for (Thread thread : pool) {
      while (thread.isAlive()) {
        try {
          thread.join(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
        if (System.nanoTime() - lastReport > 10_000_000_000L) {
          lastReport = System.nanoTime();
          double seconds = (lastReport - started) / 1e9;
          progress.printf("  %s: %d of %d (%.0f/s)%n", what, from + done.get(), to, done.get() / seconds);
        }
      }
    }
    if (failure.get() != null) throw failure.get();
  }
}
