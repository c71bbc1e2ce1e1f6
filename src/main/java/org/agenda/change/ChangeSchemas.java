package org.agenda.change;

import static org.agenda.http.JsonSchema.arrayOf;
import static org.agenda.http.JsonSchema.bool;
import static org.agenda.http.JsonSchema.dateTime;
import static org.agenda.http.JsonSchema.enumOf;
import static org.agenda.http.JsonSchema.integer;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;
import static org.agenda.http.JsonSchema.withPattern;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.OperationDoc;
import org.agenda.http.JsonSchema.Keys;

/** How /doc describes the change feed. */
final class ChangeSchemas {
  private ChangeSchemas() {}

  static final ApiResource RESOURCE = ApiResource.of("changes", "Changes", "change", "Change",
          "The change feed for mirrors: every create, update, trash, restore and permanent delete of events, venues, "
              + "organizers, categories and tags, in commit order, as the caller sees it.")
      .withSchemas(schemas());

  private static Map<String, ObjectNode> schemas() {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("Change", change());
    schemas.put("ChangeList", list());
    return schemas;
  }

  private static ObjectNode change() {
    var keys = new Keys();
    keys.always("kind", enumOf(List.of("event", "venue", "organizer", "category", "tag"), "What changed."));
    keys.always("id", integer("Its id."));
    keys.always("change", enumOf(List.of("created", "updated", "deleted"),
        "As the caller sees it: created when it could not read the record before and can now, deleted when it could "
            + "and cannot any more (trashed, no longer published, deleted), else updated."));
    keys.always("modified", dateTime("When the change was committed, site time zone."));
    keys.always("modified_utc", dateTime("The same in UTC."));
    keys.always("languages", arrayOf(withPattern(string(null), "^[a-z]{2}$"),
        "The languages whose text changed; every language of the record for a change of shared fields and for created "
            + "and deleted, in the configured order."));
    return keys.object("One change of one record.");
  }

  private static ObjectNode list() {
    var keys = new Keys();
    keys.always("changes", arrayOf(ref("Change"), "The changes after since, oldest first, at most per_page."));
    keys.always("next", withPattern(string("The token to send as since next time."), "^[0-9]+\\.[0-9]+$"));
    keys.always("more", bool("Whether more changes are waiting after next."));
    return keys.object("A page of the change feed.");
  }

  /** What /doc says of GET /changes: not a page of records with totals, and a token can expire. */
  static OperationDoc feedDoc(Duration retention) {
    return new OperationDoc("listChanges", "List changes",
        "Every create, update, trash, restore and permanent delete of events, venues, organizers, categories and "
            + "tags after the since token, in commit order, as the caller sees each record (created, updated or "
            + "deleted for this caller), with the languages whose text changed. Not a list with totals: next is the "
            + "token to send back, more says whether more changes are waiting. Changes are kept for " + retention
            + " (AGENDA_CHANGES_RETENTION).",
        "application/json", "A page of changes.", ref("ChangeList"), Map.of(),
        Map.of(410, "The since token is older than the changes kept, or from another database ("
            + ChangeRoutes.EXPIRED + "): read everything again, then follow from the next token of an empty since."));
  }
}
