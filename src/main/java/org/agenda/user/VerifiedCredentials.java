package org.agenda.user;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Successful verifications, remembered for at most {@link #LIFETIME} so that bcrypt does not run on
 * every request (contract §4.2). Keys are HMAC-SHA256 values under a key that lives only in this
 * process, so neither credentials nor anything that could be brute-forced offline sit in memory.
 */
final class VerifiedCredentials {
  static final Duration LIFETIME = Duration.ofSeconds(60);
  private static final String ALGORITHM = "HmacSHA256";

  private record Entry(User user, long expiresMillis) {}

  private final Clock clock;
  private final SecretKeySpec key;
  private final Map<String, Entry> entries = new ConcurrentHashMap<>();
  /** Checks under way, by fingerprint. */
  private final Map<String, CompletableFuture<Optional<User>>> inFlight = new ConcurrentHashMap<>();
  private volatile long nextSweepMillis;

  VerifiedCredentials(Clock clock) {
    this.clock = clock;
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  /**
   * The user of a credential: remembered, or found by {@code check} (bcrypt) and remembered when found.
   * Requests that present the same credential while it is being checked wait for that one check: a client
   * that opens many connections at once, at its start or when the remembered entry expires, would otherwise
   * run bcrypt once per request and stall every one of them for seconds.
   */
  Optional<User> verify(String credential, Supplier<Optional<User>> check) {
    String fingerprint = fingerprint(credential);
    Entry entry = entries.get(fingerprint);
    if (entry != null && entry.expiresMillis() > clock.millis()) return Optional.of(entry.user());
    var mine = new CompletableFuture<Optional<User>>();
    CompletableFuture<Optional<User>> running = inFlight.putIfAbsent(fingerprint, mine);
    if (running != null) return running.join();
    try {
      Optional<User> user = check.get();
      user.ifPresent(found -> remember(fingerprint, found));
      mine.complete(user);
      return user;
    } catch (RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      inFlight.remove(fingerprint, mine);
    }
  }

  private void remember(String fingerprint, User user) {
    long now = clock.millis();
    if (now >= nextSweepMillis) {
      // Expired entries are otherwise only replaced, never removed; once per lifetime is enough.
      entries.values().removeIf(entry -> entry.expiresMillis() <= now);
      nextSweepMillis = now + LIFETIME.toMillis();
    }
    entries.put(fingerprint, new Entry(user, now + LIFETIME.toMillis()));
  }

  private String fingerprint(String credential) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM); // Mac is not thread-safe; a new one per call is cheap
      mac.init(key);
      return Base64.getEncoder().encodeToString(mac.doFinal(credential.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }
}
