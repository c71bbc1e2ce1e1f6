package org.agenda.api;

import static org.agenda.api.ApiChecks.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/**
 * The records of the access matrix: one per (collection, status, owner), each with a unique marker word
 * in its name (and so in its slugs) and another in its protected text (description, excerpt, website),
 * in every language, so that a leak shows as a marker in an answer.
 */
final class AccessFixtures {
  static final String NS = "/cal/events/v1";
  static final List<String> LANGUAGES = List.of("en", "fr");

  /** What a record is made of, before it exists. */
  record Spec(String collection, String status, String trashedFrom, String password, String owner) {
    static Spec of(String collection, String status, String owner) {
      return status.startsWith("trash:")
          ? new Spec(collection, "trash", status.substring(6), null, owner)
          : new Spec(collection, status, null, null, owner);
    }

    String effectiveStatus() {
      return trashedFrom != null ? trashedFrom : status;
    }

    Spec withPassword(String password) {
      return new Spec(collection, status, trashedFrom, password, owner);
    }
  }

  /** A stored record and what it links (events only). */
  record Fixture(String collection, String status, String trashedFrom, String password, String owner, long id,
      String slug, String nameMarker, String bodyMarker, List<Long> venues, List<Long> organizers, List<Long> terms) {
    String type() {
      return collection.substring(0, collection.length() - 1);
    }

    String effectiveStatus() {
      return trashedFrom != null ? trashedFrom : status;
    }

    String path() {
      return NS + "/" + collection + "/" + id;
    }

    @Override
    public String toString() {
      return type() + " " + id + " [" + status + (trashedFrom == null ? "" : "←" + trashedFrom)
          + (password == null ? "" : ", protected") + ", by " + owner + "]";
    }
  }

  /** A category or tag carried by one event. */
  record TermFixture(String collection, long id, Fixture carrier) {}

  private final TestServer server;
  private final TestServer.Caller admin;
  private final List<Fixture> toTrash = new ArrayList<>();
  final List<TermFixture> terms = new ArrayList<>();
  /** The later occurrence of each series fixture: occurrence id → series id. */
  final java.util.Map<Long, Long> seriesOf = new java.util.HashMap<>();
  private int counter;

  AccessFixtures(TestServer server) {
    this.server = server;
    this.admin = server.asAdmin();
  }

  /** The name of a record in a language, carrying its marker. */
  static String name(String collection, String language, String marker) {
    String noun = switch (collection) {
      case "events" -> "Titel";
      case "venues" -> "Zaal";
      default -> "Stichting";
    };
    return noun + " " + language + " " + marker;
  }

  static String nameField(String collection) {
    return collection.equals("events") ? "title" : collection.substring(0, collection.length() - 1);
  }

  /**
   * Creates the record as the administrator on behalf of its owner, adds its English and French text
   * when {@code translated}, and links it (events: {@code links} holds "venue" and "organizer" members, or
   * is empty). With {@code termsToo} an event gets its own new category and tag. A record whose spec is
   * trashed is trashed by {@link #trashPending}, once the events that link it exist (trashed records
   * cannot be linked).
   */
  Fixture create(Spec spec, String links, boolean termsToo, boolean translated) {
    int n = ++counter;
    String nameMarker = String.format("nm%04dx", n);
    String bodyMarker = String.format("bd%04dx", n);
    boolean future = spec.effectiveStatus().equals("future");
    var body = new StringBuilder("{").append(q(nameField(spec.collection()))).append(':')
        .append(q(name(spec.collection(), "nl", nameMarker)))
        .append(",\"description\":").append(q("<p>Tekst " + bodyMarker + "</p>"))
        .append(",\"author\":").append(server.userId(spec.owner()))
        .append(",\"status\":").append(q(spec.effectiveStatus()));
    if (future) body.append(",\"date\":\"+7 days\"");
    if (spec.collection().equals("events")) {
      body.append(",\"excerpt\":").append(q("<p>Kort " + bodyMarker + "</p>"))
          .append(",\"website\":").append(q("https://example.org/" + bodyMarker))
          .append(",\"cost\":\"15\",\"featured\":true,\"start_date\":\"tomorrow 20:00\",\"end_date\":\"tomorrow 22:00\"");
      if (spec.password() != null) body.append(",\"password\":").append(q(spec.password()));
      if (termsToo) {
        String termMarker = String.format("tm%04dx", n);
        body.append(",\"categories\":[").append(q("Cat " + termMarker)).append("],\"tags\":[")
            .append(q("Tag " + termMarker)).append(']');
      }
      if (!links.isEmpty()) body.append(',').append(links);
    }
    JsonNode created = expect(201, admin.postJson(NS + "/" + spec.collection(), body.append('}').toString()));
    long id = ApiChecks.id(created);
    assertThat(created.path("status").asText()).as(spec.toString()).isEqualTo(spec.effectiveStatus());
    String slug = created.path("slug").asText();
    if (translated) {
      for (String language : LANGUAGES) {
        JsonNode text = expect(200, admin.patchJson("/" + language + NS + "/" + spec.collection() + "/" + id,
            "{" + q(nameField(spec.collection())) + ":" + q(name(spec.collection(), language, nameMarker))
                + ",\"description\":" + q("<p>Text " + language + " " + bodyMarker + "</p>") + "}"));
        // by-slug routes are tried with the English slug: found by the lookup in other languages (§3.6)
        if (language.equals("en")) slug = text.path("slug").asText();
      }
    }
    var fixture = new Fixture(spec.collection(), spec.status(), spec.trashedFrom(), spec.password(), spec.owner(), id,
        slug, nameMarker, bodyMarker, ids(created.path("venue")), ids(created.path("organizer")),
        concat(ids(created.path("categories")), ids(created.path("tags"))));
    for (String collection : List.of("categories", "tags")) {
      for (long term : ids(created.path(collection))) terms.add(new TermFixture(collection, term, fixture));
    }
    if (spec.trashedFrom() != null) toTrash.add(fixture);
    return fixture;
  }

  /**
   * A series of two (created as {@link #create} makes an event, with its own category and tag, translated) and its
   * later occurrence, which gets a name, description, excerpt and website of its own in every language, so that
   * its own markers show where it is shown. The occurrence has the series' status, owner and password, which the
   * rules then apply to it as to the series; trashing the series (trashPending) trashes it.
   */
  List<Fixture> createSeries(Spec spec) {
    Fixture series = create(spec, "\"recurrence\":[\"RRULE:FREQ=DAILY;COUNT=2\"]", true, true);
    JsonNode later = expect(200, admin.get(NS + "/events?post_parent=" + series.id()
        + "&status=publish,future,draft,pending,private")).path("events");
    assertThat(later.size()).as("the occurrence of " + series).isEqualTo(1);
    long id = ApiChecks.id(later.get(0));
    int n = ++counter;
    String nameMarker = String.format("nm%04dx", n);
    String bodyMarker = String.format("bd%04dx", n);
    String slug = null;
    for (String language : List.of("nl", "en", "fr")) {
      String own = "{\"title\":" + q(name("events", language, nameMarker)) + ",\"description\":"
          + q("<p>Text " + language + " " + bodyMarker + "</p>") + (language.equals("nl")
          ? ",\"excerpt\":" + q("<p>Kort " + bodyMarker + "</p>") + ",\"website\":" + q("https://example.org/" + bodyMarker)
          : "") + "}";
      JsonNode text = expect(200, admin.patchJson("/" + language + NS + "/events/" + id, own));
      if (language.equals("en")) slug = text.path("slug").asText();
    }
    seriesOf.put(id, series.id());
    var occurrence = new Fixture("events", spec.status(), spec.trashedFrom(), spec.password(), spec.owner(), id, slug,
        nameMarker, bodyMarker, series.venues(), series.organizers(), series.terms());
    return List.of(series, occurrence);
  }

  void trashPending() {
    for (Fixture fixture : toTrash) expect(200, admin.delete(fixture.path()));
    toTrash.clear();
  }

  /** A fresh untranslated copy of a record (same collection, status, password and owner), for a destructive write. */
  Fixture copy(Fixture original) {
    Fixture copy = create(new Spec(original.collection(), original.status(), original.trashedFrom(), original.password(),
        original.owner()), "", false, false);
    trashPending();
    return copy;
  }

  /** A term to delete, owned by nobody in particular. */
  long term(String collection) {
    return ApiChecks.id(expect(201, admin.postJson(NS + "/" + collection,
        "{\"name\":" + q("Weg " + collection + " " + (++counter)) + "}")));
  }

  static JsonNode expect(int status, HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(status);
    return response.json();
  }

  /** The ids of an embedded object or array of objects. */
  static List<Long> ids(JsonNode embedded) {
    var ids = new ArrayList<Long>();
    if (embedded.isObject()) ids.add(ApiChecks.id(embedded));
    if (embedded.isArray()) embedded.forEach(item -> ids.add(ApiChecks.id(item)));
    return ids;
  }

  static List<Long> concat(List<Long> first, List<Long> second) {
    var all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
