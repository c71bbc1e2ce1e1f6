package org.agenda.record;

import org.agenda.http.Caller;
import org.agenda.user.Role;

/**
 * The object-level predicates of §4.4 for events, venues and organizers. {@code effectiveStatus} is the
 * status, or for a trashed record the status it had when it was trashed.
 */
public final class Access {
  private Access() {}

  public static boolean canEdit(Caller caller, long author, String effectiveStatus) {
    if (caller.atLeast(Role.EDITOR)) return true;
    if (caller.isAnonymous() || caller.id() != author) return false;
    if (caller.is(Role.AUTHOR)) return true;
    return caller.is(Role.CONTRIBUTOR)
        && (effectiveStatus.equals(Status.DRAFT) || effectiveStatus.equals(Status.PENDING));
  }

  /** §4.3: only editors and higher may name another user as author; throws 403 otherwise. */
  public static void requireAuthorRight(Caller caller, Long author) {
    if (author != null && author != caller.id() && !caller.atLeast(Role.EDITOR)) {
      throw org.agenda.http.ApiError.forbidden();
    }
  }

  public static boolean canRead(Caller caller, String status, long author, String effectiveStatus) {
    if (status.equals(Status.PUBLISH)) return true;
    if (status.equals(Status.TRASH)) return canEdit(caller, author, effectiveStatus);
    return caller.atLeast(Role.CONTRIBUTOR);
  }
}
