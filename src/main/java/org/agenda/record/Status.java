package org.agenda.record;

import java.time.Instant;
import java.util.List;
import org.agenda.http.Caller;
import org.agenda.user.Role;

/** Statuses of events, venues and organizers and the scale-back rules of §4.6. */
public final class Status {
  public static final String PUBLISH = "publish";
  public static final String FUTURE = "future";
  public static final String DRAFT = "draft";
  public static final String PENDING = "pending";
  public static final String PRIVATE = "private";
  public static final String TRASH = "trash";

  /** The values a write may give. */
  public static final List<String> WRITABLE = List.of(PUBLISH, FUTURE, DRAFT, PENDING, PRIVATE);
  /** All six, in the order used wherever statuses are listed. */
  public static final List<String> ALL = List.of(PUBLISH, FUTURE, DRAFT, PENDING, PRIVATE, TRASH);
  /** What contributors and higher see in lists by default (§4.7). */
  public static final List<String> DEFAULT_FOR_MEMBERS = List.of(PUBLISH, FUTURE, DRAFT, PENDING, PRIVATE);

  private Status() {}

  /**
   * The status to store: {@code given} is the written value (null when absent), {@code current} the
   * stored one (null on create), {@code publishedAt} the publication date of the record after the write.
   */
  public static String toStore(Caller caller, String given, String current, Instant publishedAt, Instant now) {
    String status;
    if (given == null) {
      status = current != null ? current : caller.atLeast(Role.AUTHOR) ? PUBLISH : DRAFT;
    } else if (caller.atLeast(Role.AUTHOR) || given.equals(DRAFT) || given.equals(PENDING)) {
      status = given;
    } else {
      status = PENDING;
    }
    if (status.equals(PUBLISH) && publishedAt.isAfter(now)) return FUTURE;
    if (status.equals(FUTURE) && !publishedAt.isAfter(now)) return PUBLISH;
    return status;
  }

  /** The status after an update: a trashed record stays trashed unless the update gives a status (§4.9). */
  public static String afterUpdate(Caller caller, String given, String current, Instant publishedAt, Instant now) {
    if (given == null && TRASH.equals(current)) return TRASH;
    return toStore(caller, given, current, publishedAt, now);
  }
}
