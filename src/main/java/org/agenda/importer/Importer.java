package org.agenda.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agenda.app.LocalApi;
import org.agenda.db.Database;
import org.agenda.db.KeptIds;
import org.agenda.user.User;

/**
 * Brings every record of one site over, kind after kind (what a record links comes first), each written through
 * Agenda's own routes in one transaction with its row in the mapping table: a record whose fingerprint did not change
 * since the last run is left alone, a changed one updated, a new one created with its source id when Agenda does not
 * hold that id yet.
 */
final class Importer {
  private static final String AGENDA_NAMESPACE = "/cal/events/v1/";

  private final LocalApi api;
  private final Database database;
  private final Lists lists;
  private final ImportOptions options;
  private final User importer;
  private final Map<Long, User> authors;
  private final Report report;
  private final Progress progress;
  private final Mapping mapping;
  /** Agenda ids of source records known so far ("kind:id"), written or, in a dry run, to be written. */
  private final Map<String, Long> known = new HashMap<>();
  private int withoutTranslationLink;

  /** A write the routes refused: nothing of it stays. */
  private static final class Refused extends RuntimeException {
    Refused(String problem) {
      super(problem);
    }
  }

  /** The Agenda id a write gave, and whether it is the source's (or the record existed already). */
  private record Written(long id, boolean idKept) {}

  Importer(LocalApi api, Lists lists, ImportOptions options, User importer, Map<Long, User> authors, Report report,
      Progress progress, String sourceKey) {
    this.api = api;
    this.database = api.database();
    this.lists = lists;
    this.options = options;
    this.importer = importer;
    this.authors = authors;
    this.report = report;
    this.progress = progress;
    this.mapping = new Mapping(sourceKey);
  }

  void run() {
    boolean authenticated = options.user() != null;
    boolean multilingual = options.languages().size() > 1;
    for (Kind kind : Kind.values()) {
      for (String language : options.languages()) {
        boolean main = language.equals(options.languages().get(0));
        // with a root per language, the site's default language is at BASE_URL itself
        String asked = multilingual && !(main && options.languageRoots()) ? language : null;
        if (kind == Kind.CATEGORY) {
          // parents before their children, whatever order the site lists them in
          var all = new ArrayList<JsonNode>();
          lists.read(kind.list(authenticated), asked, total -> progress.total(kind, total), all::addAll);
          for (JsonNode category : parentsFirst(all)) one(kind, category, language, main);
        } else {
          lists.read(kind.list(authenticated), asked, total -> progress.total(kind, total),
              page -> page.forEach(record -> one(kind, record, language, main)));
        }
      }
      progress.finished(kind);
    }
    if (!authenticated) {
      report.note("read without --user: only published records were imported (no drafts, pending, private, future or"
          + " password-protected ones)");
    }
    if (withoutTranslationLink > 0) {
      report.note(withoutTranslationLink + " records in other languages than " + options.languages().get(0)
          + " came without a translation link to an imported record: each is its own record");
    }
  }

  private void one(Kind kind, JsonNode record, String language, boolean main) {
    long sourceId = record.path("id").asLong(0);
    try {
      if (sourceId <= 0) throw new Bodies.Skip("no id");
      write(kind, record, sourceId, language, main);
    } catch (Bodies.Skip skip) {
      report.skip(kind, sourceId, skip.getMessage());
    } catch (Refused refused) {
      report.skip(kind, sourceId, "refused by Agenda: " + refused.getMessage());
    }
    progress.tick(kind);
  }

  private void write(Kind kind, JsonNode record, long sourceId, String language, boolean main) throws Bodies.Skip {
    String modified = record.hasNonNull("modified_utc") ? record.get("modified_utc").asText() : null;
    if (options.since() != null && modified != null && modified.compareTo(options.since()) < 0) {
      report.count(kind, Report.Outcome.UNCHANGED);
      return;
    }
    Mapping.Row stored = mapping.find(database.dsl(), kind.label(), sourceId);
    if (stored != null && !stored.translation() && !Mapping.idTaken(database.dsl(), kind.term, stored.agendaId())) {
      stored = null; // deleted in Agenda since: created again
    }
    Long translationOf = stored != null ? (stored.translation() ? stored.agendaId() : null)
        : main ? null : translationTarget(kind, record, language);
    if (stored == null && !main && translationOf == null) withoutTranslationLink++;
    ObjectNode body = translationOf != null ? Bodies.text(kind, record) : Bodies.of(kind, record, this::agendaId);
    if (translationOf == null && !kind.term) body.put("author", author(record).id());
    String fingerprint = fingerprint(language, body);
    if (stored != null && stored.fingerprint().equals(fingerprint)) {
      known.put(key(kind, sourceId), stored.agendaId());
      report.count(kind, Report.Outcome.UNCHANGED);
      return;
    }
    if (options.dryRun()) {
      known.put(key(kind, sourceId), stored != null ? stored.agendaId() : translationOf != null ? translationOf : sourceId);
      report.count(kind, stored == null && translationOf == null ? Report.Outcome.CREATED : Report.Outcome.UPDATED);
      return;
    }
    String path = "/" + language + AGENDA_NAMESPACE + kind.collection;
    Long target = stored != null ? Long.valueOf(stored.agendaId()) : translationOf;
    Written written = database.guarded("import", () -> {
      LocalApi.Answer answer;
      boolean kept = false;
      if (target != null) {
        answer = api.call(importer, "POST", path + "/" + target, body);
        if (answer.status() == 404 && translationOf == null) {
          answer = create(kind, path, body, sourceId);
          kept = answer.succeeded() && answer.body().path("id").asLong() == sourceId;
        }
      } else {
        answer = create(kind, path, body, sourceId);
        kept = answer.succeeded() && answer.body().path("id").asLong() == sourceId;
      }
      if (!answer.succeeded()) throw new Refused(answer.problem());
      long id = answer.body().path("id").asLong();
      mapping.save(database.dsl(), kind.label(), sourceId, new Mapping.Row(id, translationOf != null, fingerprint),
          modified);
      return new Written(id, kept || target != null);
    });
    if (!written.idKept()) report.newId(kind, sourceId, written.id());
    known.put(key(kind, sourceId), written.id());
    report.count(kind, stored == null && translationOf == null ? Report.Outcome.CREATED : Report.Outcome.UPDATED);
  }

  /** A create that keeps the source id when Agenda does not hold it yet. */
  private LocalApi.Answer create(Kind kind, String path, ObjectNode body, long sourceId) {
    if (Mapping.idTaken(database.dsl(), kind.term, sourceId)) return api.call(importer, "POST", path, body);
    return KeptIds.inserting(sourceId, () -> api.call(importer, "POST", path, body));
  }

  /** The Agenda id of a linked source record that was imported (in this run or before), or null. */
  private Long agendaId(Kind kind, long sourceId) {
    Long id = known.get(key(kind, sourceId));
    if (id != null) return id;
    Mapping.Row row = mapping.find(database.dsl(), kind.label(), sourceId);
    if (row == null) return null;
    known.put(key(kind, sourceId), row.agendaId());
    return row.agendaId();
  }

  /**
   * The Agenda record that a record in another language translates: one its translation links name (WPML's
   * {@code wpml_translations}, or {@code translations} as this service answers them) that was imported already.
   */
  private Long translationTarget(Kind kind, JsonNode record, String language) {
    for (long linked : TranslationLinks.of(record, language)) {
      Long id = agendaId(kind, linked);
      if (id != null) return id;
    }
    return null;
  }

  private User author(JsonNode record) {
    long sourceAuthor = record.path("author").asLong(0);
    return authors.getOrDefault(sourceAuthor, importer);
  }

  private static String key(Kind kind, long sourceId) {
    return kind.label() + ":" + sourceId;
  }

  private static String fingerprint(String language, ObjectNode body) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      digest.update((language + "\n" + body).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Categories ordered so that a parent comes before its children; one in a circle of parents comes last. */
  private static List<JsonNode> parentsFirst(List<JsonNode> categories) {
    Map<Long, JsonNode> byId = new HashMap<>();
    for (JsonNode category : categories) byId.put(category.path("id").asLong(), category);
    var ordered = new ArrayList<JsonNode>();
    var placed = new HashSet<Long>();
    for (JsonNode category : categories) place(category, byId, placed, ordered, new HashSet<>());
    return ordered;
  }

  private static void place(JsonNode category, Map<Long, JsonNode> byId, Set<Long> placed,
      List<JsonNode> ordered, Set<Long> visiting) {
    long id = category.path("id").asLong();
    if (placed.contains(id) || !visiting.add(id)) return;
    JsonNode parent = byId.get(category.path("parent").asLong(0));
    if (parent != null) place(parent, byId, placed, ordered, visiting);
    if (placed.add(id)) ordered.add(category);
  }
}
