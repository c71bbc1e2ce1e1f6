package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.agenda.http.ApiResponse;
import org.agenda.http.Dispatcher;
import org.agenda.http.ReadAnswers;
import org.junit.jupiter.api.Test;

/** Reads that miss one answer at once, below the HTTP tests of {@code ResponseCacheApiTest}. */
class CachedReadsTest {
  private static final String KEY = "http://localhost /cal/events/v1/events?page=9";

  @Test
  void readersThatWaitedForABuildTakeItsAnswerAlsoWhenItIsNotKept() throws Exception {
    var reads = new CachedReads(new ResponseCache(() -> 1), new BuildTurns(4, 50), new DiskCache(null, 0));
    var builds = new AtomicInteger();
    var release = new CountDownLatch(1);
    Supplier<ReadAnswers.Answer> build = () -> {
      builds.incrementAndGet();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      // not found: an answer that is never kept
      return new ReadAnswers.Answer(ApiResponse.text(404, "{}", Dispatcher.JSON), "nl", Long.MIN_VALUE,
          Long.MAX_VALUE, null);
    };
    List<Integer> statuses = new CopyOnWriteArrayList<>();
    Runnable read = () -> statuses.add(reads.answer(KEY, false, 1, 100, build).response().status());
    var leader = new Thread(read);
    leader.start();
    while (builds.get() == 0) Thread.onSpinWait();
    List<Thread> followers = new ArrayList<>();
    for (int i = 0; i < 8; i++) followers.add(new Thread(read));
    followers.forEach(Thread::start);
    while (followers.stream().anyMatch(thread -> thread.getState() != Thread.State.WAITING)) Thread.onSpinWait();
    release.countDown();
    leader.join();
    for (Thread follower : followers) follower.join();

    assertThat(builds).as("one build for the nine readers").hasValue(1);
    assertThat(statuses).hasSize(9).containsOnly(404);
    reads.answer(KEY, false, 1, 100, build);
    assertThat(builds).as("a read after them builds it again: a 404 is not kept").hasValue(2);
  }
}
