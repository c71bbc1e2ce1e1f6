package org.agenda.user;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/** Turns an Authorization header into a user, with the rate limit and the cache of contract §4.2. */
public final class Authenticator {
  private final Users users;
  private final FailureLog failures;
  private final VerifiedCredentials verified;
  private final AtomicLong failureCount = new AtomicLong();

  public Authenticator(Users users, int failureLimit, int failureWindowSeconds, Clock clock) {
    this.users = users;
    this.failures = new FailureLog(failureLimit, failureWindowSeconds, clock);
    this.verified = new VerifiedCredentials(clock);
  }

  /** @param authorizationHeader the header value, null when the request has none */
  public AuthResult authenticate(String authorizationHeader, String clientAddress) {
    if (authorizationHeader == null) return new AuthResult.Anonymous();
    String address = Objects.requireNonNullElse(clientAddress, "");
    OptionalLong retryAfter = failures.retryAfterSeconds(address);
    if (retryAfter.isPresent()) return new AuthResult.RateLimited(retryAfter.getAsLong());
    Optional<User> user = Credentials.parse(authorizationHeader).flatMap(this::verify);
    if (user.isPresent()) return new AuthResult.Authenticated(user.get());
    failures.record(address);
    failureCount.incrementAndGet();
    return new AuthResult.Invalid();
  }

  /** Failed authentications since start (rate-limited requests are not checked, so not counted). */
  public long failureCount() {
    return failureCount.get();
  }

  private Optional<User> verify(Credentials credentials) {
    return verified.verify(credentials.canonical(), () -> credentials.verify(users));
  }
}
