package org.agenda.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.agenda.support.MutableClock;
import org.junit.jupiter.api.Test;

/** The memory bound of the rate limit (§4.2) under a flood of distinct addresses within one window. */
class FailureLogTest {
  private static final int LIMIT = 10;
  private static final int WINDOW_SECONDS = 300;
  private static final int FLOOD = 1_000_000;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T13:05:00Z"));
  private final FailureLog log = new FailureLog(LIMIT, WINDOW_SECONDS, clock);

  @Test
  void aMillionDistinctAddressesInOneWindowKeepAtMostTheCapAndRecentAttackersStayLimited() {
    String attacker = "198.51.100.7";
    for (int i = 0; i < FLOOD; i++) {
      if (i == FLOOD - FailureLog.MAX_ADDRESSES / 2) {
        for (int failure = 0; failure < LIMIT; failure++) log.record(attacker);
      }
      log.record(address(i));
      if (i % 100_000 == 0) assertThat(log.addressCount()).isLessThanOrEqualTo(FailureLog.MAX_ADDRESSES);
      if (i % 1000 == 0) clock.advance(Duration.ofMillis(1)); // still far inside one window
    }
    assertThat(log.addressCount()).isEqualTo(FailureLog.MAX_ADDRESSES);
    assertThat(log.retryAfterSeconds(attacker)).as("among the recent addresses").isPresent();
    assertThat(log.retryAfterSeconds(address(0))).as("the oldest are forgotten").isEmpty();
  }

  @Test
  void aFailureMovesAnAddressToTheRecentEnd() {
    String attacker = "198.51.100.8";
    for (int failure = 0; failure < LIMIT - 1; failure++) log.record(attacker);
    for (int i = 0; i < FailureLog.MAX_ADDRESSES - 1; i++) log.record(address(i));
    log.record(attacker); // the oldest entry until now: this failure keeps it, and it reaches the limit
    for (int i = 0; i < FailureLog.MAX_ADDRESSES - 1; i++) log.record(address(FLOOD + i));

    assertThat(log.retryAfterSeconds(attacker)).isPresent();
    assertThat(log.addressCount()).isEqualTo(FailureLog.MAX_ADDRESSES);
  }

  private static String address(int i) {
    return "10." + (i >>> 16 & 0xff) + "." + (i >>> 8 & 0xff) + "." + (i & 0xff); // distinct below 2^24
  }
}
