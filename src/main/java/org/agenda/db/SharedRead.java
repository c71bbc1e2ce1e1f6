package org.agenda.db;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongSupplier;

/**
 * A value read from the database that concurrent callers share. A caller takes the result of a read that
 * began after it called: that read sees everything committed before the call, exactly as a read of the
 * caller's own would. So a caller that finds no read under way reads; one that finds a read under way (begun
 * before it called, so of no use to it) takes the next read, which the first of them starts when the one
 * under way ends. Under load one read serves every request that arrived while the previous one ran, instead
 * of one statement per request, and each waiting caller is woken once. Reads run one at a time, so the read
 * may keep a connection and statement of its own.
 */
final class SharedRead {
  private final LongSupplier read;
  /** The read under way, and the one that begins when it ends; null when there is none. */
  private CompletableFuture<Long> running;
  private CompletableFuture<Long> queued;

  SharedRead(LongSupplier read) {
    this.read = read;
  }

  long get() {
    CompletableFuture<Long> mine;
    CompletableFuture<Long> before = null;
    CompletableFuture<Long> shared = null;
    synchronized (this) {
      if (running == null) {
        mine = running = new CompletableFuture<>();
      } else if (queued == null) {
        mine = queued = new CompletableFuture<>();
        before = running;
      } else {
        mine = null;
        shared = queued;
      }
    }
    if (shared != null) return join(shared);
    if (before != null) before.handle((value, failure) -> null).join();
    long value;
    try {
      value = read.getAsLong();
    } catch (RuntimeException | Error failure) {
      finish();
      mine.completeExceptionally(failure);
      throw failure;
    }
    finish();
    mine.complete(value);
    return value;
  }

  /** The read under way ends: the queued one, if any, is under way from now. */
  private synchronized void finish() {
    running = queued;
    queued = null;
  }

  private static long join(CompletableFuture<Long> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException failure) throw failure;
      if (e.getCause() instanceof Error error) throw error;
      throw e;
    }
  }
}
