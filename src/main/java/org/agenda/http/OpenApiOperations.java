package org.agenda.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What /doc says about each operation beyond its parameters: the resource and tag a route belongs to,
 * the kind of operation a method is on it, its operationId (§9.3) and every status it can answer (§6,
 * §7.2). The statuses are kept here, in one table, so that a new route of a known kind is described
 * without further work.
 */
final class OpenApiOperations {
  private OpenApiOperations() {}

  /**
   * The first path segment of a namespace route names its resource. The flags say which answers its
   * routes have beyond the common ones: a 404 for a page beyond the last, 403 on reads of records the
   * caller may not see, 410 for a second trash, and 404 for an unknown id (events only; elsewhere an
   * unknown id is an invalid parameter).
   */
  enum Resource {
    META("", "Meta", "", "", false, false, false, false),
    EVENTS("events", "Events", "Event", "event", true, true, true, true),
    VENUES("venues", "Venues", "Venue", "venue", true, true, true, false),
    ORGANIZERS("organizers", "Organizers", "Organizer", "organizer", true, true, true, false),
    CATEGORIES("categories", "Categories", "Category", "category", false, false, false, false),
    TAGS("tags", "Tags", "Tag", "tag", false, false, false, false);

    final String collection;
    final String tag;
    final String schema;
    final String noun;
    final boolean pagesEnd;
    final boolean hidesRecords;
    final boolean trashes;
    final boolean unknownIdIsNotFound;

    Resource(String collection, String tag, String schema, String noun, boolean pagesEnd, boolean hidesRecords,
        boolean trashes, boolean unknownIdIsNotFound) {
      this.collection = collection;
      this.tag = tag;
      this.schema = schema;
      this.noun = noun;
      this.pagesEnd = pagesEnd;
      this.hidesRecords = hidesRecords;
      this.trashes = trashes;
      this.unknownIdIsNotFound = unknownIdIsNotFound;
    }

    String description() {
      return switch (this) {
        case META -> "The namespace index and this document.";
        case EVENTS -> "Events: dates, cost, flags, and links to venues, organizers, categories and tags.";
        case VENUES -> "Venues: places with an address and coordinates.";
        case ORGANIZERS -> "Organizers: contact data.";
        case CATEGORIES -> "Event categories, hierarchical.";
        case TAGS -> "Event tags, flat.";
      };
    }

    static Resource of(Route route) {
      String pattern = route.relativePattern();
      String first = pattern.length() <= 1 ? "" : pattern.substring(1).split("/")[0];
      if (first.equals("doc")) return META;
      for (Resource resource : values()) {
        if (resource.collection.equals(first)) return resource;
      }
      throw new IllegalStateException("/doc does not know the resource of route " + route.fullPattern());
    }
  }

  enum Kind { INDEX, DOC, LIST, CREATE, READ, UPDATE, DELETE }

  /** How one method of one route is described. */
  record Operation(Resource resource, Kind kind, String operationId, boolean bySlug) {
    static Operation of(Route route, String method) {
      Resource resource = Resource.of(route);
      boolean bySlug = route.relativePattern().contains("{slug}");
      if (resource == Resource.META) {
        boolean doc = route.relativePattern().equals("/doc");
        return new Operation(resource, doc ? Kind.DOC : Kind.INDEX, doc ? "getDoc" : "getIndex", false);
      }
      String suffix = bySlug ? "BySlug" : "";
      String singular = resource.schema;
      if (!route.hasPathVariable()) {
        return method.equals("GET")
            ? new Operation(resource, Kind.LIST, "list" + resource.tag, false)
            : new Operation(resource, Kind.CREATE, "create" + singular, false);
      }
      return switch (method) {
        case "GET" -> new Operation(resource, Kind.READ, "get" + singular + suffix, bySlug);
        case "DELETE" -> new Operation(resource, Kind.DELETE, "delete" + singular + suffix, bySlug);
        case "POST" -> new Operation(resource, Kind.UPDATE, "update" + singular + suffix, bySlug);
        default -> new Operation(resource, Kind.UPDATE,
            "update" + singular + suffix + method.charAt(0) + method.substring(1).toLowerCase(Locale.ROOT), bySlug);
      };
    }

    String summary() {
      String noun = resource.noun;
      String target = bySlug ? " by slug" : " by id";
      return switch (kind) {
        case INDEX -> "Describe the namespace";
        case DOC -> "This OpenAPI document";
        case LIST -> "List " + resource.collection;
        case CREATE -> "Create " + article(noun) + " " + noun;
        case READ -> "Read " + article(noun) + " " + noun + target;
        case UPDATE -> "Update " + article(noun) + " " + noun + target;
        case DELETE -> (resource.trashes ? "Trash or delete " : "Delete ") + article(noun) + " " + noun + target;
      };
    }

    String description() {
      return switch (kind) {
        case INDEX -> "Every route of the namespace with its methods and parameters, generated from the same "
            + "definitions that validate requests.";
        case DOC -> "The OpenAPI 3.1 description of this namespace, generated from the same definitions that "
            + "validate requests.";
        case LIST -> "One page of " + resource.collection + " matching all given filters (combined with AND).";
        case CREATE -> "Creates " + article(resource.noun) + " " + resource.noun + " with its text in the request "
            + "language. Fields may also be given in the query string; the body wins.";
        case READ -> "The " + resource.noun + " with its text in the request language, or in another language "
            + "when it has none and fallback is on.";
        case UPDATE -> "A partial update: only the fields given change. POST, PUT and PATCH are the same "
            + "operation. Text fields are written in the request language.";
        case DELETE -> resource.trashes
            ? "Moves the " + resource.noun + " to the trash; force=true deletes it permanently."
            : "Deletes the " + resource.noun + " permanently.";
      };
    }

    boolean writes() {
      return kind == Kind.CREATE || kind == Kind.UPDATE || kind == Kind.DELETE;
    }

    /** The success schema: a representation, a list envelope, or null for the /doc document itself. */
    String successSchema() {
      return switch (kind) {
        case INDEX -> "NamespaceIndex";
        case DOC -> null;
        case LIST -> resource.schema + "List";
        default -> resource.schema;
      };
    }

    /** Every status the operation can answer, with what it means, in ascending order (as inserted). */
    Map<Integer, String> statuses(boolean readsBody) {
      Map<Integer, String> answers = new LinkedHashMap<>();
      String noun = resource.noun;
      switch (kind) {
        case INDEX -> answers.put(200, "The namespace index.");
        case DOC -> answers.put(200, "This OpenAPI 3.1 document.");
        case LIST -> answers.put(200, "One page of " + resource.collection + ". X-Cal-Total and X-Cal-TotalPages "
            + "give the totals; Link points to the next and previous pages.");
        case CREATE -> answers.put(201, "The created " + noun + "; Location holds its URL.");
        case READ -> answers.put(200, "The " + noun + ".");
        case UPDATE -> answers.put(200, "The updated " + noun + ".");
        case DELETE -> answers.put(200, resource.trashes
            ? "The trashed " + noun + ", or with force=true the " + noun + " as it was just before it was deleted."
            : "The " + noun + " as it was just before it was deleted.");
      }
      answers.put(400, badRequest(readsBody));
      answers.put(401, writes()
          ? "Not logged in (rest_not_logged_in), or an Authorization header that does not authenticate "
              + "(incorrect_password)."
          : "An Authorization header that does not authenticate (incorrect_password).");
      if (writes()) answers.put(403, "The caller's role or rights do not allow this (rest_forbidden).");
      if (kind == Kind.READ && resource.hidesRecords) {
        answers.put(403, "The caller may not read this " + noun + " (" + noun + "-not-accessible"
            + (resource == Resource.EVENTS ? ", event-no-longer-available, event-password-protected" : "") + ").");
      }
      String notFound = notFound();
      if (notFound != null) answers.put(404, notFound);
      if (kind == Kind.DELETE && resource.trashes) {
        answers.put(410, "The " + noun + " is already in the trash (" + noun + "-is-in-trash).");
      }
      if (readsBody) answers.put(413, "The request body is too large (rest_payload_too_large).");
      answers.put(414, "The request URI is too long (rest_uri_too_long).");
      if (readsBody) answers.put(415, "The request body has an unsupported content type (rest_unsupported_media_type).");
      answers.put(429, "Too many failed authentications from this address (rest_too_many_requests); see Retry-After.");
      answers.put(500, "An unexpected failure (rest_internal_error).");
      return answers;
    }

    private String badRequest(boolean readsBody) {
      var text = new StringBuilder("Invalid parameters (rest_invalid_param, each named in data.params and "
          + "data.details) or missing required ones (rest_missing_callback_param).");
      if (readsBody) text.append(" A malformed JSON body gives rest_invalid_json.");
      if (resource.unknownIdIsNotFound && !bySlug && (kind == Kind.READ || kind == Kind.UPDATE || kind == Kind.DELETE)) {
        text.append(" An id of another kind of record gives rest-invalid-event-id.");
      }
      if (resource == Resource.CATEGORIES || resource == Resource.TAGS) {
        if (kind == Kind.CREATE || kind == Kind.UPDATE) {
          text.append(" A name or slug already in use gives term_exists or duplicate_term_slug.");
        }
        if (resource == Resource.TAGS && (kind == Kind.CREATE || kind == Kind.UPDATE)) {
          text.append(" A parent gives rest_taxonomy_not_hierarchical.");
        }
      }
      return text.toString();
    }

    private String notFound() {
      boolean unknownId = resource.unknownIdIsNotFound && !bySlug;
      return switch (kind) {
        case INDEX -> "The namespace parameter names another namespace (rest_invalid_namespace).";
        case LIST -> resource.pagesEnd
            ? "The page is beyond the last one (" + resource.noun + "-archive-page-not-found)." : null;
        case READ -> (unknownId ? "No " + resource.noun + " has this id (rest-" + resource.noun + "-not-found), or the "
            : "The ") + resource.noun + " has no text in the request language and fallback is off (translation-not-found).";
        case UPDATE, DELETE -> unknownId
            ? "No " + resource.noun + " has this id (rest-" + resource.noun + "-not-found)." : null;
        default -> null;
      };
    }
  }

  private static String article(String noun) {
    return List.of('a', 'e', 'i', 'o', 'u').contains(noun.charAt(0)) ? "an" : "a";
  }
}
