package org.agenda.change;

import static org.agenda.change.ChangeLog.*;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Caller;
import org.agenda.http.Endpoint;
import org.agenda.http.Invalid;
import org.agenda.http.Json;
import org.agenda.http.ListPage;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.record.Access;
import org.agenda.record.RecordView;
import org.agenda.record.Status;
import org.agenda.term.TermTables;
import org.jooq.DSLContext;
import org.jooq.Record;

/**
 * {@code GET /changes}: the change feed of mirrors. Every create, update, trash, restore and permanent delete of
 * events, venues, organizers, categories and tags, in commit order, as the caller sees it: a record it could not
 * read before and can read after is {@code created} for it, the reverse {@code deleted}, one it can read neither
 * before nor after is not listed. "Can read" is what a single read shows without a password: the record exists, is
 * not in the trash, {@link Access#canRead} holds, and an event with a password is read only by those who may edit
 * it ({@link Access#canEdit}, §4.8). Categories and tags are read by everyone.
 */
public final class ChangeRoutes {
  static final String EXPIRED = "rest_changes_expired";
  /**
   * Changes read from the database per query: first one more than a page (what a caller who sees every change
   * needs), then more at a time, up to this many; at most {@link #MOST_SCANNED} per request (for a caller who sees
   * few of them).
   */
  private static final int LARGEST_BATCH = 500;
  private static final int MOST_SCANNED = 10 * LARGEST_BATCH;

  private final Database database;
  private final Config config;

  public ChangeRoutes(Database database, Config config) {
    this.database = database;
    this.config = config;
  }

  public void register(RouteTable routes) {
    routes.add(Route.namespaced("/changes", ChangeSchemas.RESOURCE, List.of(Endpoint.read(params(), this::check,
        this::handle).describedAs(ChangeSchemas.feedDoc(config.changesRetention())))));
  }

  private List<Param> params() {
    return List.of(
        Param.string("since").maxLength(40).describe("The next token of an earlier answer: the changes after it. "
            + "Without it the feed starts at the oldest change kept (AGENDA_CHANGES_RETENTION, 30 days by default); "
            + "a token older than that answers 410 rest_changes_expired."),
        Param.integer("per_page").range(1L, null).defaultValue(config.defaultPerPage())
            .describe("Changes per answer; values above " + config.maxPerPage() + " are capped."));
  }

  private void check(ApiRequest request, Invalid invalid) {
    String since = request.string("since");
    if (since != null && Position.parse(since) == null) {
      invalid.add("since", "rest_invalid_value", "since is not a change token.");
    }
  }

  /**
   * The head is read first and the changes up to it, then the horizon: a removal of old changes that committed
   * before the changes were read moved the horizon past the token, so a token whose changes were partly removed is
   * never answered with the rest.
   */
  private ApiResponse handle(ApiRequest request) {
    DSLContext dsl = database.dsl();
    int perPage = new ListPage(request, config.defaultPerPage(), config.maxPerPage()).perPage();
    Position since = request.has("since") ? Position.parse(request.string("since")) : null;
    Position head = ChangeLog.head(dsl);
    if (since != null && head.isBefore(since)) throw expired();
    Caller caller = request.caller();
    ArrayNode changes = Json.array();
    Position cursor = since != null ? since : Position.START;
    Position next = null;
    boolean more = false;
    int scanned = 0;
    int batch = perPage + 1;
    while (next == null) {
      List<Record> rows = ChangeLog.after(dsl, cursor, head, batch);
      for (Record row : rows) {
        Position position = new Position(row.get(VERSION), row.get(ID));
        ObjectNode change = present(row, caller);
        if (change != null) {
          if (changes.size() == perPage) {
            more = true;
            next = cursor;
            break;
          }
          changes.add(change);
        }
        cursor = position;
      }
      scanned += rows.size();
      if (next == null && rows.size() < batch) {
        next = head; // nothing the caller may see lies between the last change shown and the head
      } else if (next == null && scanned >= MOST_SCANNED) {
        more = true;
        next = cursor; // enough read for one request: the next one goes on from here
      }
      batch = Math.min(LARGEST_BATCH, batch * 4);
    }
    if (since != null && since.isBefore(ChangeLog.horizon(dsl))) throw expired();
    ObjectNode body = Json.object();
    body.set("changes", changes);
    body.put("next", next.token());
    body.put("more", more);
    return ApiResponse.ok(body);
  }

  private static ApiError expired() {
    return new ApiError(410, EXPIRED, "The changes after this token are no longer kept. Read every record again, "
        + "then follow the changes from the next token of an answer without since.");
  }

  /**
   * The change as the caller sees it, or null when it could read the record neither before nor after, and for a
   * change of a term's count of events: a term's count follows its events, whose changes the feed shows.
   */
  private ObjectNode present(Record row, Caller caller) {
    String stored = row.get(KIND);
    if (TermTables.COUNT_CHANGE.equals(stored)) return null;
    boolean before = readable(caller, stored, row.get(BEFORE_EXISTS), row.get(BEFORE_STATUS), row.get(BEFORE_AUTHOR),
        row.get(BEFORE_PROTECTED));
    boolean after = readable(caller, stored, row.get(AFTER_EXISTS), row.get(AFTER_STATUS), row.get(AFTER_AUTHOR),
        row.get(AFTER_PROTECTED));
    if (!before && !after) return null;
    Set<String> languages = new LinkedHashSet<>(split(row.get(LANGUAGES)));
    // shared fields, or the whole record appearing or going: every language it has (had)
    if (row.get(SHARED) == 1 || !before || !after) {
      languages.addAll(split(row.get(BEFORE_LANGUAGES)));
      languages.addAll(split(row.get(AFTER_LANGUAGES)));
    }
    long changed = row.get(CHANGED_UTC);
    ObjectNode change = Json.object();
    change.put("kind", kind(stored));
    change.put("id", row.get(RECORD_ID));
    change.put("change", before && after ? "updated" : after ? "created" : "deleted");
    RecordView.putDates(change, "modified", changed, config.timezone());
    change.set("languages", Json.arrayOf(inConfiguredOrder(languages)));
    return change;
  }

  /**
   * Whether a single read without a password shows the record to the caller (trashed records count as gone,
   * also for those who may still read them).
   */
  private static boolean readable(Caller caller, String kind, Integer exists, String status, Long author,
      Integer hasPassword) {
    if (exists == null || exists == 0) return false;
    if (isTerm(kind)) return true;
    if (status == null || Status.TRASH.equals(status)) return false;
    return Access.canRead(caller, status, author, status)
        && (hasPassword == null || hasPassword == 0 || Access.canEdit(caller, author, status));
  }

  private static boolean isTerm(String kind) {
    return TermTables.CATEGORY.equals(kind) || TermTables.TAG.equals(kind);
  }

  /** The kind named in the feed: records.type, or category and tag for the taxonomies. */
  private static String kind(String stored) {
    if (TermTables.CATEGORY.equals(stored)) return "category";
    if (TermTables.TAG.equals(stored)) return "tag";
    return stored;
  }

  private static List<String> split(String languages) {
    return languages == null || languages.isEmpty() ? List.of() : List.of(languages.split(","));
  }

  /** The configured order; codes no longer configured after them, alphabetically. */
  private List<String> inConfiguredOrder(Set<String> languages) {
    var ordered = new ArrayList<String>();
    for (String code : config.languages()) {
      if (languages.contains(code)) ordered.add(code);
    }
    languages.stream().filter(code -> !ordered.contains(code)).sorted().forEach(ordered::add);
    return ordered;
  }
}
