package org.agenda.user;

/** What the Authorization header of a request amounts to (contract §4.2). */
public sealed interface AuthResult {
  /** No Authorization header. */
  record Anonymous() implements AuthResult {}

  record Authenticated(User user) implements AuthResult {}

  /** A header that is malformed, of another scheme, or names a wrong user or password: 401. */
  record Invalid() implements AuthResult {}

  /** Too many failures from the client address; credentials were not checked: 429 with Retry-After. */
  record RateLimited(long retryAfterSeconds) implements AuthResult {}
}
