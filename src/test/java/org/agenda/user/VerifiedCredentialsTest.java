package org.agenda.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A burst of requests with one credential runs one check, not one per request (bcrypt costs ~0.1 s of CPU). */
class VerifiedCredentialsTest {
  private static final User BOB = new User(7, "bob", Role.EDITOR);

  @Test
  void concurrentRequestsWithTheSameCredentialShareOneCheck() throws Exception {
    var verified = new VerifiedCredentials(Clock.systemUTC());
    var checks = new AtomicInteger();
    var release = new CountDownLatch(1);
    List<Optional<User>> answers = new CopyOnWriteArrayList<>();
    List<Thread> requests = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      requests.add(new Thread(() -> answers.add(verified.verify("Basic Ym9iOnNlY3JldA==", () -> {
        checks.incrementAndGet();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Optional.of(BOB);
      }))));
    }
    requests.forEach(Thread::start);
    // every request is either running the check or waiting for it before the check may finish
    while (requests.stream().anyMatch(thread -> thread.getState() != Thread.State.WAITING
        && thread.getState() != Thread.State.TERMINATED)) {
      Thread.onSpinWait();
    }
    release.countDown();
    for (Thread request : requests) request.join();

    assertThat(checks).hasValue(1);
    assertThat(answers).hasSize(16).containsOnly(Optional.of(BOB));
    assertThat(verified.verify("Basic Ym9iOnNlY3JldA==", () -> Optional.empty())).as("remembered").contains(BOB);
  }

  @Test
  void aFailedCheckIsNotRemembered() {
    var verified = new VerifiedCredentials(Clock.systemUTC());
    assertThat(verified.verify("Bearer wrong", Optional::empty)).isEmpty();
    assertThat(verified.verify("Bearer wrong", () -> Optional.of(BOB))).contains(BOB);
  }
}
