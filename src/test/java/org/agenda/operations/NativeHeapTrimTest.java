package org.agenda.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NativeHeapTrimTest {
  @Test
  void theJvmReportsWhatATrimGaveBack() {
    // The JDKs the service runs on (17.0.9 and later, 21, 25) have the command; glibc reports the resident memory.
    assertThat(NativeHeapTrim.trimNow()).hasValueSatisfying(report -> assertThat(report).startsWith("Trim native heap"));
  }

  @Test
  void trimsAgainAndAgainUntilClosed() throws InterruptedException {
    try (var trim = NativeHeapTrim.every(Duration.ofMillis(1))) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (trim.trims() < 3 && System.nanoTime() < deadline) Thread.onSpinWait();
      assertThat(trim.trims()).isGreaterThanOrEqualTo(3);
    }
  }

  @Test
  void aServiceStartedWithoutTheJvmOptionTrimsOnItsOwn() {
    // the test JVM runs without -XX:TrimNativeHeapInterval
    try (var trim = NativeHeapTrim.start().orElseThrow()) {
      assertThat(trim.trims()).isZero();
    }
  }
}
