package org.agenda.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongPredicate;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Invalid;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.i18n.Languages;
import org.agenda.text.PlainText;
import org.agenda.user.Role;
import org.jooq.DSLContext;

/**
 * The routes of venues (R5–R7) or organizers (R8–R10) of §2.2: list and create, and read, update and
 * delete by id or slug (§6.7–§6.10), with the access rules of §4 and the language rules of §3.
 */
public final class RecordRoutes<T extends StoredRecord> {
  private static final List<String> UPDATE_METHODS = List.of("POST", "PUT", "PATCH");

  private final Database database;
  private final RecordKind<T> kind;
  private final RecordWrites writes;
  private final Languages languages;
  private final LongPredicate userExists;
  private final FuturePublisher publisher;
  private final RecordList<T> list;

  public RecordRoutes(Database database, Config config, Languages languages, RecordKind<T> kind, RecordWrites writes,
      LongPredicate userExists, FuturePublisher publisher) {
    this.database = database;
    this.kind = kind;
    this.writes = writes;
    this.languages = languages;
    this.userExists = userExists;
    this.publisher = publisher;
    this.list = new RecordList<>(database, config, languages, kind);
  }

  /** The record a single-record route addresses, found during parameter validation (§2.4 step 6). */
  private record Target(long id, String param) {}

  public void register(RouteTable routes) {
    String noun = kind.type();
    routes.add(Route.namespaced("/" + kind.collection(), kind.resource(), List.of(
        Endpoint.read(list.params(), list::check, list::handle),
        Endpoint.write(List.of("POST"), Role.CONTRIBUTOR, kind.writeFields(true), this::checkWrite, this::create))));
    for (boolean bySlug : new boolean[] {false, true}) {
      Param target = bySlug
          ? Param.string("slug").inPath().describe("The " + noun + " slug, in any language (the request language is tried first).")
          : Param.integer("id").inPath().describe("The " + noun + " id.");
      Endpoint.Check resolve = bySlug ? this::resolveSlug : this::resolveId;
      var update = new ArrayList<Param>();
      update.add(target);
      update.addAll(kind.writeFields(false));
      routes.add(Route.namespaced("/" + kind.collection() + (bySlug ? "/by-slug/{slug}" : "/{id}"), kind.resource(), List.of(
          Endpoint.read(List.of(target), resolve, this::read),
          Endpoint.write(List.of("DELETE"), Role.CONTRIBUTOR, List.of(target,
              Param.bool("force").defaultValue(false).describe("true: delete permanently (editors and higher).")),
              resolve, this::delete),
          Endpoint.write(UPDATE_METHODS, Role.CONTRIBUTOR, List.copyOf(update), (request, invalid) -> {
            resolve.check(request, invalid);
            checkWrite(request, invalid);
          }, this::update))));
    }
  }

  private void resolveId(ApiRequest request, Invalid invalid) {
    long id = request.pathId();
    if (kind.type().equals(Records.typeOf(database.dsl(), id))) {
      request.attach(Target.class, new Target(id, "id"));
    } else {
      invalid.add("id", "rest_not_found", "id refers to an unknown " + kind.type() + ": " + request.pathValue() + ".");
    }
  }

  /** §3.6: the slug in L first, then in the other languages. */
  private void resolveSlug(ApiRequest request, Invalid invalid) {
    String slug = request.pathValue().toLowerCase(Locale.ROOT);
    Long id = Translations.lookupSlug(database.dsl(), kind.type(), languages.lookupOrder(request.language()), slug);
    if (id != null) {
      request.attach(Target.class, new Target(id, "slug"));
    } else {
      invalid.add("slug", "rest_not_found", "slug refers to an unknown " + kind.type() + ": " + slug + ".");
    }
  }

  private void checkWrite(ApiRequest request, Invalid invalid) {
    Long author = request.integer("author");
    if (author != null && !userExists.test(author)) {
      invalid.add("author", "rest_not_found", "author refers to an unknown user: " + author + ".");
    }
    String name = request.string(kind.type());
    if (name != null && PlainText.stripTags(name).isEmpty()) {
      invalid.add(kind.type(), "rest_empty_value", kind.type() + " must not be empty.");
    }
    String unpaired = kind.unpairedField(request.params());
    if (unpaired != null) {
      invalid.add(unpaired, "rest_missing_pair", "geo_lat and geo_lng must be given together.");
    }
  }

  /** The target; in a write transaction locked first. Gone since the check → the same invalid id or slug. */
  private T load(DSLContext dsl, ApiRequest request, boolean forWrite) {
    Target target = request.attachment(Target.class);
    if (forWrite) Records.lockForWrite(dsl, target.id());
    T record = kind.load(dsl, List.of(target.id())).get(target.id());
    if (record == null) {
      throw Invalid.single(target.param(), "rest_not_found", target.param() + " refers to an unknown " + kind.type() + ".");
    }
    return record;
  }

  private ApiResponse read(ApiRequest request) {
    T record = load(database.dsl(), request, false);
    RecordRow row = record.row();
    if (!Access.canRead(request.caller(), row.status(), row.author(), row.effectiveStatus())) {
      throw new ApiError(403, kind.type() + "-not-accessible", "The requested " + kind.type() + " is not accessible");
    }
    String textLanguage = languages.textLanguage(request.language(), record.translations().keySet())
        .orElseThrow(() -> ApiError.translationNotFound(request.language()));
    // a venue or organizer embeds nothing that changes without it
    request.recordModified(row.modifiedUtc(), true);
    return ApiResponse.ok(kind.render(record, record.translations().get(textLanguage), request.urls(), true));
  }

  private ApiResponse create(ApiRequest request) {
    Access.requireAuthorRight(request.caller(), request.integer("author"));
    T created = database.transaction(dsl -> {
      long id = writes.create(kind, dsl, request.params(), request.language(), request.caller(), request.now());
      return kind.load(dsl, List.of(id)).get(id);
    });
    schedule(created);
    ObjectNode body = renderWritten(created, request);
    return ApiResponse.json(201, body).header("Location", body.get("rest_url").asText());
  }

  private ApiResponse update(ApiRequest request) {
    T updated = database.transaction(dsl -> {
      T stored = load(dsl, request, true);
      RecordRow row = stored.row();
      if (!Access.canEdit(request.caller(), row.author(), row.effectiveStatus())) throw ApiError.forbidden();
      Access.requireAuthorRight(request.caller(), request.integer("author"));
      return writes.update(kind, dsl, stored, request);
    });
    schedule(updated);
    return ApiResponse.ok(renderWritten(updated, request));
  }

  /** §4.9: trash, 410 when already trashed, or with {@code force} (editors) a permanent delete that unlinks it. */
  private ApiResponse delete(ApiRequest request) {
    boolean force = Boolean.TRUE.equals(request.bool("force"));
    T deleted = database.transaction(dsl -> {
      T stored = load(dsl, request, true);
      RecordRow row = stored.row();
      if (!Access.canEdit(request.caller(), row.author(), row.effectiveStatus())
          || force && !request.caller().atLeast(Role.EDITOR)) {
        throw ApiError.forbidden();
      }
      if (force) {
        Records.delete(dsl, row.id());
        return stored;
      }
      if (Status.TRASH.equals(row.status())) {
        throw new ApiError(410, kind.type() + "-is-in-trash", "The " + kind.type() + " is already trashed");
      }
      Records.update(dsl, RecordWrites.trashed(row, request.now()));
      return kind.load(dsl, List.of(row.id())).get(row.id());
    });
    return ApiResponse.ok(renderWritten(deleted, request));
  }

  private void schedule(T record) {
    if (Status.FUTURE.equals(record.row().status())) publisher.scheduled(record.row().dateUtc());
  }

  /** Responses to writes show the record in L, or as fallback would, never refused (§3.3), without json_ld. */
  private ObjectNode renderWritten(T record, ApiRequest request) {
    String textLanguage = languages.textLanguageForWrite(request.language(), record.translations().keySet());
    return kind.render(record, record.translations().get(textLanguage), request.urls(), false);
  }
}
