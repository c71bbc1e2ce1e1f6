package org.agenda.db;

import java.util.function.LongSupplier;

/**
 * A value read from the database that concurrent callers share. A caller takes the result of a read that
 * began after it called: that read sees everything committed before the call, exactly as a read of the
 * caller's own would. It starts a read itself only when none such is under way, so under load one read
 * serves every request that arrived while the previous one ran, instead of one statement per request.
 * Reads run one at a time, so the read may keep a connection and statement of its own.
 */
final class SharedRead {
  private final LongSupplier read;
  /** Reads begun so far; the number of a read is the count when it began. */
  private long begun;
  /** The number of the last read that finished, and its value. */
  private long finished;
  private long value;
  private boolean running;

  SharedRead(LongSupplier read) {
    this.read = read;
  }

  long get() {
    long mine;
    synchronized (this) {
      long needed = begun + 1;
      boolean interrupted = false;
      while (finished < needed && running) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true; // the read must still run alone; the interrupt is kept for the caller
        }
      }
      if (interrupted) Thread.currentThread().interrupt();
      if (finished >= needed) return value;
      running = true;
      mine = ++begun;
    }
    long result;
    try {
      result = read.getAsLong();
    } catch (RuntimeException | Error failure) {
      synchronized (this) {
        running = false;
        notifyAll();
      }
      throw failure;
    }
    synchronized (this) {
      running = false;
      finished = mine;
      value = result;
      notifyAll();
    }
    return result;
  }
}
