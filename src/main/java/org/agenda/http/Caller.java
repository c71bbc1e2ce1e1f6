package org.agenda.http;

import java.util.Optional;
import org.agenda.user.Role;
import org.agenda.user.User;

/** Who makes the request: an authenticated user, or nobody. */
public final class Caller {
  private static final Caller ANONYMOUS = new Caller(null);
  private final User user;

  private Caller(User user) {
    this.user = user;
  }

  public static Caller anonymous() {
    return ANONYMOUS;
  }

  public static Caller of(User user) {
    return new Caller(user);
  }

  public Optional<User> user() {
    return Optional.ofNullable(user);
  }

  public boolean isAnonymous() {
    return user == null;
  }

  /** The user id, or 0 for anonymous callers (no user has id 0). */
  public long id() {
    return user == null ? 0 : user.id();
  }

  public boolean atLeast(Role role) {
    return user != null && user.role().atLeast(role);
  }

  public boolean is(Role role) {
    return user != null && user.role() == role;
  }
}
