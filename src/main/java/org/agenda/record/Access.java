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

  /**
   * Whether the caller may learn what an event links (venues, organizers, terms), as the {@code event} and
   * {@code post} filters of other lists would tell: only when it can read the event, and a password does
   * not lock it (§4.8 strips these links; those lists take no password).
   */
  public static boolean canSeeLinks(Caller caller, RecordRow event, boolean hasPassword) {
    return canRead(caller, event.status(), event.author(), event.effectiveStatus())
        && (!hasPassword || canEdit(caller, event.author(), event.effectiveStatus()));
  }
}
