package org.agenda.api;

import static org.agenda.user.Role.AUTHOR;
import static org.agenda.user.Role.CONTRIBUTOR;
import static org.agenda.user.Role.EDITOR;

import java.util.List;
import java.util.Map;
import org.agenda.support.TestServer;
import org.agenda.user.Role;

/**
 * §4 of the contract written down as a table, independently of the product code: the access matrix
 * compares every answer of the service with what these few functions say.
 */
final class AccessRules {
  private AccessRules() {}

  static final List<String> ALL_STATUSES = List.of("publish", "future", "draft", "pending", "private", "trash");
  static final List<String> MEMBER_DEFAULT = List.of("publish", "future", "draft", "pending", "private");

  /** §2.2: the role a caller needs for the write methods of each collection. */
  static final Map<String, Role> WRITE_ROLE = Map.of("events", CONTRIBUTOR, "venues", CONTRIBUTOR,
      "organizers", CONTRIBUTOR, "categories", AUTHOR, "tags", EDITOR);

  /** A caller of the matrix; {@code role} is null for the anonymous caller. */
  record Who(String name, Role role, TestServer.Caller http) {
    boolean atLeast(Role wanted) {
      return role != null && role.atLeast(wanted);
    }

    @Override
    public String toString() {
      return role == null ? "anonymous" : name + " (" + role.code() + ")";
    }
  }

  /** An expected answer: the status and, for errors, the code. */
  record Answer(int status, String code) {
    static final Answer OK = new Answer(200, null);
    static final Answer NOT_LOGGED_IN = new Answer(401, "rest_not_logged_in");
    static final Answer FORBIDDEN = new Answer(403, "rest_forbidden");

    boolean success() {
      return status < 300;
    }

    @Override
    public String toString() {
      return status + (code == null ? "" : " " + code);
    }
  }

  /** The three kinds of write on a single record. */
  enum Write { UPDATE, TRASH, FORCE_DELETE }

  /** §4.4 can_edit (= can_delete). */
  static boolean canEdit(Who who, AccessFixtures.Fixture record) {
    if (who.atLeast(EDITOR)) return true;
    if (who.role() == null || !who.name().equals(record.owner())) return false;
    if (who.role() == AUTHOR) return true;
    return who.role() == CONTRIBUTOR && List.of("draft", "pending").contains(record.effectiveStatus());
  }

  /** §4.4 can_read. */
  static boolean canRead(Who who, AccessFixtures.Fixture record) {
    return switch (record.status()) {
      case "publish" -> true;
      case "trash" -> canEdit(who, record);
      default -> who.atLeast(CONTRIBUTOR);
    };
  }

  /** §4.8: a protected event is unlocked by its exact password or for those who can edit it. */
  static boolean unlocked(Who who, AccessFixtures.Fixture record, String password) {
    return record.password() == null || canEdit(who, record) || record.password().equals(password);
  }

  /**
   * The change feed: a record is there for the caller while a single read without a password shows it — not in the
   * trash (gone for the feed, also for those who may still read it), can_read, and not locked by a password (§4.8).
   */
  static boolean followed(Who who, AccessFixtures.Fixture record) {
    return !record.status().equals("trash") && canRead(who, record) && unlocked(who, record, null);
  }

  /** §4.7: venues and organizers embedded in an event are shown whatever their status, except trashed ones. */
  static boolean embeddable(AccessFixtures.Fixture venueOrOrganizer) {
    return !venueOrOrganizer.status().equals("trash");
  }

  /** §4.7 lists: the statuses included when the caller names none. */
  static List<String> defaultStatuses(Who who) {
    return who.atLeast(CONTRIBUTOR) ? MEMBER_DEFAULT : List.of("publish");
  }

  /** §4.7, §6.3: whether a list with these statuses shows the record to the caller. */
  static boolean listed(Who who, AccessFixtures.Fixture record, List<String> statuses) {
    return statuses.contains(record.status()) && canRead(who, record);
  }

  /**
   * §4.8 for the iCalendar feed: the events a list with these statuses shows, less the protected ones the request
   * does not unlock, which a calendar cannot show stripped.
   */
  static boolean inFeed(Who who, AccessFixtures.Fixture event, List<String> statuses, String password) {
    return listed(who, event, statuses) && unlocked(who, event, password);
  }

  /**
   * Whether the caller may learn what an event links (venues, organizers, terms), also through the
   * {@code event}/{@code post} filters of other lists: only when it may read the event's full content.
   */
  static boolean linksVisible(Who who, AccessFixtures.Fixture event) {
    return canRead(who, event) && unlocked(who, event, null);
  }

  /** §6.5.1, §6.9: single GET by id or slug. */
  static Answer read(Who who, AccessFixtures.Fixture record, String password) {
    if (record.collection().equals("events")) {
      if (record.status().equals("trash") && !canEdit(who, record)) return new Answer(403, "event-no-longer-available");
      if (!canRead(who, record)) return new Answer(403, "event-not-accessible");
      if (!unlocked(who, record, password)) return new Answer(403, "event-password-protected");
      return Answer.OK;
    }
    return canRead(who, record) ? Answer.OK : new Answer(403, record.type() + "-not-accessible");
  }

  /** §4.5, §4.9, §6.5.2, §6.5.3, §6.9: update, trash or permanent delete of one record. */
  static Answer write(Who who, AccessFixtures.Fixture record, Write write) {
    Answer routeLevel = routeLevel(who, record.collection());
    if (routeLevel != null) return routeLevel;
    if (!canEdit(who, record)) return Answer.FORBIDDEN;
    if (write == Write.FORCE_DELETE && !who.atLeast(EDITOR)) return Answer.FORBIDDEN;
    if (write == Write.TRASH && record.status().equals("trash")) return new Answer(410, record.type() + "-is-in-trash");
    return Answer.OK;
  }

  /** §4.5: 401 for anonymous writers, 403 below the route's role; null when the caller passes. */
  static Answer routeLevel(Who who, String collection) {
    if (who.role() == null) return Answer.NOT_LOGGED_IN;
    return who.atLeast(WRITE_ROLE.get(collection)) ? null : Answer.FORBIDDEN;
  }

  /** §4.6: the status a create asking for {@code publish} stores. */
  static String statusAfterCreate(Who who) {
    return who.atLeast(AUTHOR) ? "publish" : "pending";
  }
}
