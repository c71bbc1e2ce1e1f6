package org.agenda.doc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.agenda.http.ApiResource;
import org.agenda.http.ApiResource.Trait;
import org.agenda.http.Endpoint;
import org.agenda.http.Json;
import org.agenda.http.JsonSchema;
import org.agenda.http.OperationDoc;
import org.agenda.http.Route;

/**
 * What /doc says about each operation beyond its parameters: the kind of operation a method is on a route,
 * its operationId (§9.3), summary and every status it can answer (§6, §7.2), from the resource the route's
 * feature declares ({@link ApiResource}). The statuses are kept here, in one table, so that a new route of a
 * known kind is described without further work. An endpoint that the kind of its route would describe wrongly
 * (the same data in another format) says itself what differs ({@link OperationDoc}): its operationId, summary,
 * description and success answer; its errors are those of its kind.
 */
final class OpenApiOperations {
  private OpenApiOperations() {}

  enum Kind { INDEX, DOC, LIST, CREATE, READ, UPDATE, DELETE }

  /**
   * How one method of one route is described; {@code doc} is what its endpoint declares for itself, or null, and
   * {@code paged} says that a list takes a {@code page} (and so may be asked for one beyond the last).
   */
  record Operation(ApiResource resource, Kind kind, String operationId, boolean bySlug, OperationDoc doc,
      boolean paged) {
    static Operation of(Route route, Endpoint endpoint, String method) {
      ApiResource resource = route.resource();
      Derived derived = derive(route, method);
      OperationDoc doc = endpoint.doc();
      return new Operation(resource, derived.kind(), doc != null ? doc.operationId() : derived.operationId(),
          derived.bySlug(), doc, endpoint.hasParam("page"));
    }

    /** What the route's pattern and the method say: the kind of operation and its operationId (§9.3). */
    private record Derived(Kind kind, String operationId, boolean bySlug) {}

    private static Derived derive(Route route, String method) {
      ApiResource resource = route.resource();
      boolean bySlug = route.relativePattern().contains("{slug}");
      if (resource == MetaSchemas.META) {
        boolean doc = route.relativePattern().equals("/doc");
        return new Derived(doc ? Kind.DOC : Kind.INDEX, doc ? "getDoc" : "getIndex", false);
      }
      String suffix = bySlug ? "BySlug" : "";
      String singular = resource.schema();
      if (!route.hasPathVariable()) {
        return method.equals("GET")
            ? new Derived(Kind.LIST, "list" + resource.tag(), false)
            : new Derived(Kind.CREATE, "create" + singular, false);
      }
      return switch (method) {
        case "GET" -> new Derived(Kind.READ, "get" + singular + suffix, bySlug);
        case "DELETE" -> new Derived(Kind.DELETE, "delete" + singular + suffix, bySlug);
        case "POST" -> new Derived(Kind.UPDATE, "update" + singular + suffix, bySlug);
        default -> new Derived(Kind.UPDATE,
            "update" + singular + suffix + method.charAt(0) + method.substring(1).toLowerCase(Locale.ROOT), bySlug);
      };
    }

    String summary() {
      if (doc != null) return doc.summary();
      String noun = resource.noun();
      String target = bySlug ? " by slug" : " by id";
      return switch (kind) {
        case INDEX -> "Describe the namespace";
        case DOC -> "This OpenAPI document";
        case LIST -> "List " + resource.collection();
        case CREATE -> "Create " + article(noun) + " " + noun;
        case READ -> "Read " + article(noun) + " " + noun + target;
        case UPDATE -> "Update " + article(noun) + " " + noun + target;
        case DELETE -> (resource.has(Trait.TRASHES) ? "Trash or delete " : "Delete ") + article(noun) + " " + noun + target;
      };
    }

    String description() {
      if (doc != null) return doc.description();
      return switch (kind) {
        case INDEX -> "Every route of the namespace with its methods and parameters, generated from the same "
            + "definitions that validate requests.";
        case DOC -> "The OpenAPI 3.1 description of this namespace, generated from the same definitions that "
            + "validate requests.";
        case LIST -> "One page of " + resource.collection() + " matching all given filters (combined with AND).";
        case CREATE -> "Creates " + article(resource.noun()) + " " + resource.noun() + " with its text in the request "
            + "language. Fields may also be given in the query string; the body wins.";
        case READ -> "The " + resource.noun() + " with its text in the request language, or in another language "
            + "when it has none and fallback is on.";
        case UPDATE -> "A partial update: only the fields given change. POST, PUT and PATCH are the same "
            + "operation. Text fields are written in the request language.";
        case DELETE -> resource.has(Trait.TRASHES)
            ? "Moves the " + resource.noun() + " to the trash; force=true deletes it permanently."
            : "Deletes the " + resource.noun() + " permanently.";
      };
    }

    boolean writes() {
      return kind == Kind.CREATE || kind == Kind.UPDATE || kind == Kind.DELETE;
    }

    /** The media type of the success answer's body. */
    String successMediaType() {
      return doc != null ? doc.mediaType() : "application/json";
    }

    /** The success schema: a representation, a list envelope, or null for the /doc document itself. */
    ObjectNode successSchema() {
      if (doc != null) return doc.successSchema();
      String component = successComponent();
      return component == null ? null : JsonSchema.ref(component);
    }

    /** The headers a success answer always or sometimes has, by name: a reference or a schema of its own. */
    Map<String, ObjectNode> successHeaders() {
      Map<String, ObjectNode> headers = new LinkedHashMap<>();
      if (doc != null) {
        doc.successHeaders().forEach((name, schema) -> {
          ObjectNode header = Json.object();
          header.put("description", schema.path("description").asText());
          header.put("required", true);
          ObjectNode typed = schema.deepCopy();
          typed.remove("description");
          header.set("schema", typed);
          headers.put(name, header);
        });
      } else if (kind == Kind.LIST) {
        for (String name : List.of("X-Cal-Total", "X-Cal-TotalPages", "Link")) headers.put(name, headerRef(name));
      } else if (kind == Kind.CREATE) {
        headers.put("Location", headerRef("Location"));
      }
      if (!writes()) headers.put("ETag", headerRef("ETag"));
      return headers;
    }

    static ObjectNode headerRef(String name) {
      return Json.object().put("$ref", "#/components/headers/" + name);
    }

    private String successComponent() {
      return switch (kind) {
        case INDEX -> "NamespaceIndex";
        case DOC -> null;
        case LIST -> resource.schema() + "List";
        default -> resource.schema();
      };
    }

    /** Every status the operation can answer, with what it means, in ascending order (as inserted). */
    Map<Integer, String> statuses(boolean readsBody) {
      Map<Integer, String> answers = new LinkedHashMap<>();
      String noun = resource.noun();
      if (doc != null) {
        answers.put(200, doc.successDescription());
      } else {
        putSuccess(answers, noun);
      }
      if (!writes()) {
        answers.put(304, "The answer's ETag matches If-None-Match (or, without it, the answer is not newer than "
            + "If-Modified-Since): the client's copy is current; no body.");
      }
      putErrors(answers, readsBody, noun);
      if (doc == null || doc.moreAnswers().isEmpty()) return answers;
      var all = new TreeMap<>(answers);
      all.putAll(doc.moreAnswers());
      return new LinkedHashMap<>(all);
    }

    private void putSuccess(Map<Integer, String> answers, String noun) {
      switch (kind) {
        case INDEX -> answers.put(200, "The namespace index.");
        case DOC -> answers.put(200, "This OpenAPI 3.1 document.");
        case LIST -> answers.put(200, "One page of " + resource.collection() + ". X-Cal-Total and X-Cal-TotalPages "
            + "give the totals; Link points to the next and previous pages.");
        case CREATE -> answers.put(201, "The created " + noun + "; Location holds its URL.");
        case READ -> answers.put(200, "The " + noun + ".");
        case UPDATE -> answers.put(200, "The updated " + noun + ".");
        case DELETE -> answers.put(200, resource.has(Trait.TRASHES)
            ? "The trashed " + noun + ", or with force=true the " + noun + " as it was just before it was deleted."
            : "The " + noun + " as it was just before it was deleted.");
      }
    }

    private void putErrors(Map<Integer, String> answers, boolean readsBody, String noun) {
      answers.put(400, badRequest(readsBody));
      answers.put(401, writes()
          ? "Not logged in (rest_not_logged_in), or an Authorization header that does not authenticate "
              + "(incorrect_password)."
          : "An Authorization header that does not authenticate (incorrect_password).");
      if (writes()) answers.put(403, "The caller's role or rights do not allow this (rest_forbidden).");
      if (kind == Kind.READ && resource.has(Trait.HIDES_RECORDS)) {
        answers.put(403, "The caller may not read this " + noun + " (" + String.join(", ", resource.readForbidden()) + ").");
      }
      String notFound = notFound();
      if (notFound != null) answers.put(404, notFound);
      if (kind == Kind.DELETE && resource.has(Trait.TRASHES)) {
        answers.put(410, "The " + noun + " is already in the trash (" + noun + "-is-in-trash).");
      }
      if (kind == Kind.UPDATE || kind == Kind.DELETE) {
        answers.put(412, "If-Match names no current ETag of the " + noun + " as read at this URL, or it changed after "
            + "If-Unmodified-Since (rest_precondition_failed); nothing was written.");
      }
      if (readsBody) answers.put(413, "The request body is too large (rest_payload_too_large).");
      answers.put(414, "The request URI is too long (rest_uri_too_long).");
      if (readsBody) answers.put(415, "The request body has an unsupported content type (rest_unsupported_media_type).");
      answers.put(429, "Too many failed authentications from this address (rest_too_many_requests); see Retry-After.");
      answers.put(500, "An unexpected failure (rest_internal_error).");
    }

    private String badRequest(boolean readsBody) {
      var text = new StringBuilder("Invalid parameters (rest_invalid_param, each named in data.params and "
          + "data.details) or missing required ones (rest_missing_callback_param).");
      if (readsBody) text.append(" A malformed JSON body gives rest_invalid_json.");
      boolean byId = !bySlug && (kind == Kind.READ || kind == Kind.UPDATE || kind == Kind.DELETE);
      if (resource.has(Trait.UNKNOWN_ID_IS_NOT_FOUND) && byId) {
        text.append(" An id of another kind of record gives rest-invalid-" + resource.noun() + "-id.");
      }
      if (kind == Kind.CREATE || kind == Kind.UPDATE) text.append(resource.writeRefusals());
      return text.toString();
    }

    private String notFound() {
      boolean unknownId = resource.has(Trait.UNKNOWN_ID_IS_NOT_FOUND) && !bySlug;
      return switch (kind) {
        case INDEX -> "The namespace parameter names another namespace (rest_invalid_namespace).";
        case LIST -> resource.has(Trait.PAGES_END) && paged
            ? "The page is beyond the last one (" + resource.noun() + "-archive-page-not-found)." : null;
        case READ -> (unknownId ? "No " + resource.noun() + " has this id (rest-" + resource.noun() + "-not-found), or the "
            : "The ") + resource.noun() + " has no text in the request language and fallback is off (translation-not-found).";
        case UPDATE, DELETE -> unknownId
            ? "No " + resource.noun() + " has this id (rest-" + resource.noun() + "-not-found)." : null;
        default -> null;
      };
    }
  }

  private static String article(String noun) {
    return List.of('a', 'e', 'i', 'o', 'u').contains(noun.charAt(0)) ? "an" : "a";
  }
}
