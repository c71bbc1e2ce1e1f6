package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Callers share a read only when it began after they called, so none of them misses an earlier commit. */
class SharedReadTest {
  /** A read that announces it began, then waits to be let through; each returns the committed value then. */
  private static final class GatedRead {
    final AtomicLong committed = new AtomicLong(1);
    final AtomicInteger reads = new AtomicInteger();
    final Semaphore began = new Semaphore(0);
    final Semaphore release = new Semaphore(0);

    long read() {
      long seen = committed.get();
      reads.incrementAndGet();
      began.release();
      release.acquireUninterruptibly();
      return seen;
    }
  }

  /** Returns once the caller's thread waits for the read under way. */
  private static void awaitWaiting(Thread[] holder) {
    while (holder[0].getState() != Thread.State.WAITING) Thread.onSpinWait();
  }

  private static CompletableFuture<Long> call(SharedRead shared, Thread[] holder) {
    var future = new CompletableFuture<Long>();
    holder[0] = new Thread(() -> {
      try {
        future.complete(shared.get());
      } catch (Throwable failure) {
        future.completeExceptionally(failure);
      }
    });
    holder[0].start();
    return future;
  }

  @Test
  void aCallerDoesNotTakeTheValueOfAReadThatBeganBeforeItCalled() throws Exception {
    var gated = new GatedRead();
    var shared = new SharedRead(gated::read);
    Thread[] first = new Thread[1];
    var early = call(shared, first);
    gated.began.acquire();
    // a write commits while the first read is under way (it read before), then a second caller arrives
    gated.committed.set(2);
    Thread[] second = new Thread[1];
    var late = call(shared, second);
    awaitWaiting(second);
    gated.release.release();
    assertThat(early.get()).isEqualTo(1);
    gated.began.acquire();
    gated.release.release();
    assertThat(late.get()).as("the second caller read again and saw the write").isEqualTo(2);
    assertThat(gated.reads).hasValue(2);
  }

  @Test
  void callersArrivingDuringAReadThatBeganAfterThemShareIt() throws Exception {
    var gated = new GatedRead();
    var shared = new SharedRead(gated::read);
    Thread[] opener = new Thread[1];
    var first = call(shared, opener);
    gated.began.acquire();
    // these arrive while read 1 runs: they must not take it, and share one read begun after all of them
    var waiting = new ArrayList<CompletableFuture<Long>>();
    for (int i = 0; i < 8; i++) {
      Thread[] holder = new Thread[1];
      waiting.add(call(shared, holder));
      awaitWaiting(holder);
    }
    gated.committed.set(5);
    gated.release.release();
    assertThat(first.get()).isEqualTo(1);
    gated.began.acquire();
    gated.release.release();
    for (var future : waiting) assertThat(future.get()).isEqualTo(5);
    assertThat(gated.reads).as("one read for the eight callers").hasValue(2);
  }

  @Test
  void aFailedReadFailsItsCallerAndTheNextCallerReadsAgain() {
    var failNext = new AtomicInteger(1);
    var shared = new SharedRead(() -> {
      if (failNext.getAndDecrement() > 0) throw new DatabaseException("connection lost");
      return 7;
    });
    assertThatThrownBy(shared::get).isInstanceOf(DatabaseException.class);
    assertThat(shared.get()).isEqualTo(7);
  }

  @Test
  void sequentialCallersEachRead() {
    var reads = new AtomicInteger();
    var shared = new SharedRead(reads::incrementAndGet);
    assertThat(shared.get()).isEqualTo(1);
    assertThat(shared.get()).isEqualTo(2);
    assertThat(shared.get()).isEqualTo(3);
  }

  @Test
  void manyThreadsAlwaysSeeWhatWasCommittedBeforeTheyCalled() throws Exception {
    var committed = new AtomicLong();
    var shared = new SharedRead(committed::get);
    var failures = new AtomicInteger();
    Thread[] threads = new Thread[8];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = new Thread(() -> {
        for (int i = 0; i < 20_000; i++) {
          long before = committed.incrementAndGet();
          if (shared.get() < before) failures.incrementAndGet();
        }
      });
      threads[t].start();
    }
    for (Thread thread : threads) thread.join();
    assertThat(failures).hasValue(0);
  }
}
