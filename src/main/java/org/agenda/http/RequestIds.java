package org.agenda.http;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Generated {@code X-Request-Id} values (§2.7): a random prefix per process and a counter. Unique, not
 * secret; {@code UUID.randomUUID()} drew from one shared SecureRandom on every request.
 */
final class RequestIds {
  private final String prefix = Long.toHexString(new SecureRandom().nextLong() & Long.MAX_VALUE);
  private final AtomicLong counter = new AtomicLong();

  String next() {
    return prefix + "-" + Long.toHexString(counter.incrementAndGet());
  }
}
