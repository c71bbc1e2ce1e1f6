package org.agenda.user;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Recent failed authentications per client address, for the rate limit of contract §4.2. Memory
 * stays bounded: an address keeps at most {@code limit} times (older ones can no longer decide
 * anything), and addresses whose failures have all expired are dropped once per window.
 */
final class FailureLog {
  private final int limit;
  private final long windowMillis;
  private final Clock clock;
  private final Map<String, ArrayDeque<Long>> failuresByAddress = new HashMap<>();
  private long nextSweepMillis;

  FailureLog(int limit, int windowSeconds, Clock clock) {
    if (limit < 1 || windowSeconds < 1) throw new IllegalArgumentException("limit and window must be positive");
    this.limit = limit;
    this.windowMillis = windowSeconds * 1000L;
    this.clock = clock;
  }

  /** Seconds until the address may try again (at least 1), or empty when it is not limited. */
  synchronized OptionalLong retryAfterSeconds(String address) {
    ArrayDeque<Long> failures = failuresByAddress.get(address);
    if (failures == null) return OptionalLong.empty();
    long now = clock.millis();
    dropExpired(failures, now);
    if (failures.size() < limit) return OptionalLong.empty();
    long millis = failures.peekFirst() + windowMillis - now;
    return OptionalLong.of(Math.max(1, (millis + 999) / 1000));
  }

  synchronized void record(String address) {
    long now = clock.millis();
    sweepIfDue(now);
    ArrayDeque<Long> failures = failuresByAddress.computeIfAbsent(address, a -> new ArrayDeque<>());
    dropExpired(failures, now);
    failures.addLast(now);
    if (failures.size() > limit) failures.removeFirst();
  }

  /** Addresses currently remembered; lets tests check the memory bound. */
  synchronized int addressCount() {
    return failuresByAddress.size();
  }

  private void dropExpired(ArrayDeque<Long> failures, long now) {
    while (!failures.isEmpty() && failures.peekFirst() + windowMillis <= now) failures.removeFirst();
  }

  private void sweepIfDue(long now) {
    if (now < nextSweepMillis) return;
    failuresByAddress.values().removeIf(failures -> failures.isEmpty() || failures.peekLast() + windowMillis <= now);
    nextSweepMillis = now + windowMillis;
  }
}
