package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** At most the given number of builds run at once, and none waits for a turn beyond its bound. */
class BuildTurnsTest {
  @Test
  void noMoreBuildsRunAtOnceThanThereAreTurns() {
    var turns = new BuildTurns(3, TimeUnit.MINUTES.toMillis(5));
    var running = new AtomicInteger();
    var most = new AtomicInteger();
    var calls = new ArrayList<CompletableFuture<Void>>();
    for (int thread = 0; thread < 8; thread++) {
      calls.add(CompletableFuture.runAsync(() -> {
        for (int i = 0; i < 2_000; i++) {
          turns.run(() -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            Thread.yield();
            return running.decrementAndGet();
          });
        }
      }, runnable -> new Thread(runnable).start()));
    }
    calls.forEach(CompletableFuture::join);
    assertThat(most.get()).isLessThanOrEqualTo(3).isGreaterThan(1);
    assertThat(running.get()).isZero();
  }

  @Test
  void aBuildGoesOnWithoutATurnWhenEveryTurnIsHeldLongerThanItsWait() throws Exception {
    var turns = new BuildTurns(2, 20);
    var holding = new CountDownLatch(2);
    var release = new CountDownLatch(1);
    List<CompletableFuture<String>> slow = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      slow.add(CompletableFuture.supplyAsync(() -> turns.run(() -> {
        holding.countDown();
        await(release);
        return "slow";
      }), runnable -> new Thread(runnable).start()));
    }
    assertThat(holding.await(30, TimeUnit.SECONDS)).isTrue();
    var quick = CompletableFuture.supplyAsync(() -> turns.run(() -> "quick"), runnable -> new Thread(runnable).start());
    // both turns are still held: the quick build can only have run without one
    assertThat(quick.get(30, TimeUnit.SECONDS)).isEqualTo("quick");
    assertThat(slow).noneMatch(CompletableFuture::isDone);
    release.countDown();
    for (var build : slow) assertThat(build.get(30, TimeUnit.SECONDS)).isEqualTo("slow");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
