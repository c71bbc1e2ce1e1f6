package org.agenda.user;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Recent failed authentications per client address, for the rate limit of contract §4.2. Memory
 * stays bounded: an address keeps at most {@code limit} times (older ones can no longer decide
 * anything), addresses whose failures have all expired are dropped once per window, and at most
 * {@value #MAX_ADDRESSES} addresses are kept at all: beyond that, the one whose last failure is the oldest
 * is forgotten, so that a flood from many addresses (a botnet, or spoofed X-Forwarded-For values behind a
 * trusting proxy) costs bounded memory while the addresses failing right now stay limited.
 */
final class FailureLog {
  static final int MAX_ADDRESSES = 10_000;

  private final int limit;
  private final long windowMillis;
  private final Clock clock;
  /** In the order of each address's last failure, oldest first. */
  private final Map<String, ArrayDeque<Long>> failuresByAddress = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, ArrayDeque<Long>> eldest) {
      return size() > MAX_ADDRESSES;
    }
  };
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
    // Removed and put back, so that the address moves to the young end of the eviction order.
    ArrayDeque<Long> failures = failuresByAddress.remove(address);
    if (failures == null) failures = new ArrayDeque<>();
    failuresByAddress.put(address, failures);
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
