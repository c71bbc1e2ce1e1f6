package org.agenda.term;

import java.util.ArrayList;
import java.util.List;
import org.agenda.config.Config;
import org.agenda.db.Database;
import org.agenda.http.ApiError;
import org.agenda.http.ApiRequest;
import org.agenda.http.ApiResource;
import org.agenda.http.ApiResponse;
import org.agenda.http.Endpoint;
import org.agenda.http.Invalid;
import org.agenda.http.Param;
import org.agenda.http.Route;
import org.agenda.http.RouteTable;
import org.agenda.i18n.Languages;

/**
 * The category and tag routes R11–R14 of §2.2: list and create, and read, update and delete by id. One
 * set of handlers per taxonomy; categories and tags differ only as {@link Taxonomy} says.
 */
public final class TermRoutes {
  private static final List<String> UPDATE_METHODS = List.of("POST", "PUT", "PATCH");

  private final Database database;
  private final Config config;
  private final Languages languages;

  public TermRoutes(Database database, Config config, Languages languages) {
    this.database = database;
    this.config = config;
    this.languages = languages;
  }

  /** Adds the routes of categories, then tags, in the order of §2.2. */
  public void register(RouteTable routes) {
    for (Taxonomy taxonomy : Taxonomy.values()) new Handlers(taxonomy).register(routes);
  }

  /** The term found at the {@code {id}} of the path, for the handler. */
  private record Target(Term term) {}

  private final class Handlers {
    private final Taxonomy taxonomy;
    private final TermView view;
    private final TermList list;
    private final TermWrite write;

    Handlers(Taxonomy taxonomy) {
      this.taxonomy = taxonomy;
      this.view = new TermView(taxonomy, config, languages);
      this.list = new TermList(database, config, languages, taxonomy, view);
      this.write = new TermWrite(taxonomy);
    }

    void register(RouteTable routes) {
      ApiResource resource = TermSchemas.resource(taxonomy);
      routes.add(Route.namespaced("/" + taxonomy.collection, resource, List.of(
          Endpoint.read(list.params(), list::check, list::handle),
          Endpoint.write(List.of("POST"), taxonomy.writeRole, write.fields(true),
              (request, invalid) -> write.check(database.dsl(), request, invalid, null), this::create))));
      Param id = Param.integer("id").inPath().describe("The " + taxonomy.noun + " id.");
      var update = new ArrayList<Param>();
      update.add(id);
      update.addAll(write.fields(false));
      routes.add(Route.namespaced("/" + taxonomy.collection + "/{id}", resource, List.of(
          Endpoint.read(List.of(id), this::findTarget, this::read),
          Endpoint.write(UPDATE_METHODS, taxonomy.writeRole, List.copyOf(update), (request, invalid) -> {
            findTarget(request, invalid);
            write.check(database.dsl(), request, invalid, request.pathId());
          }, this::update),
          Endpoint.write(List.of("DELETE"), taxonomy.writeRole, List.of(id,
                  Param.bool("force").defaultValue(false)
                      .describe("Ignored: " + taxonomy.collection + " are always deleted permanently.")),
              this::findTarget, this::delete))));
    }

    /** §6.11.3: an id that is not a term of this taxonomy is an invalid parameter (§2.4 step 6). */
    private void findTarget(ApiRequest request, Invalid invalid) {
      var term = Terms.find(database.dsl(), taxonomy.value, request.pathId());
      if (term.isEmpty()) {
        invalid.add("id", "rest_not_found", "id refers to an unknown " + taxonomy.noun + ": " + request.pathValue() + ".");
      }
      request.attach(Target.class, new Target(term.orElse(null)));
    }

    /** The target again, inside the write's transaction; gone since the check → the same invalid id. */
    private Term storedTarget(org.jooq.DSLContext dsl, ApiRequest request) {
      return Terms.find(dsl, taxonomy.value, request.pathId()).orElseThrow(() -> Invalid.single("id", "rest_not_found",
          "id refers to an unknown " + taxonomy.noun + ": " + request.pathValue() + "."));
    }

    private ApiResponse read(ApiRequest request) {
      Term term = request.attachment(Target.class).term();
      String textLanguage = languages.textLanguage(request.language(), term.translations().keySet())
          .orElseThrow(() -> ApiError.translationNotFound(request.language()));
      return ApiResponse.ok(view.render(term, textLanguage, request.urls()));
    }

    private ApiResponse create(ApiRequest request) {
      write.refuseParentOfTag(request);
      Term created = database.transaction(dsl -> {
        Terms.lockForWrite(dsl);
        return write.create(dsl, request);
      });
      var body = view.renderForWrite(created, request.language(), request.urls());
      return ApiResponse.json(201, body).header("Location", body.path("urls").path("self").asText());
    }

    private ApiResponse update(ApiRequest request) {
      write.refuseParentOfTag(request);
      Term updated = database.transaction(dsl -> {
        Terms.lockForWrite(dsl);
        return write.update(dsl, request, storedTarget(dsl, request));
      });
      return ApiResponse.ok(view.renderForWrite(updated, request.language(), request.urls()));
    }

    private ApiResponse delete(ApiRequest request) {
      Term deleted = database.transaction(dsl -> {
        Terms.lockForWrite(dsl);
        return write.delete(dsl, storedTarget(dsl, request), request.now());
      });
      return ApiResponse.ok(view.renderForWrite(deleted, request.language(), request.urls()));
    }
  }
}
