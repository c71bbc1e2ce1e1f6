package org.agenda.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/**
 * A client that follows the change feed ({@code GET /changes}) as a mirror does: it keeps the {@code next} token of
 * each answer, and the ids per kind that the changes leave (created and updated ones present, deleted ones gone).
 * What does not fit — a change of a record it does not hold, a creation of one it holds, a token that goes back —
 * is noted as a problem. {@link #fullRead} is what the lists give the same caller, to compare with.
 */
final class FeedFollower {
  static final String NS = "/cal/events/v1";
  static final List<String> KINDS = List.of("event", "venue", "organizer", "category", "tag");

  /** One change as answered. */
  record Change(String kind, long id, String change, String modified, String modifiedUtc, List<String> languages) {
    /** kind, id and change, for comparisons that leave the time and languages out. */
    String what() {
      return kind + " " + id + " " + change;
    }
  }

  private final String name;
  /** Whether it follows from the start: then every record it hears of must have been created first. */
  private final boolean fromStart;
  private String token;
  private final Map<String, Set<Long>> present = new TreeMap<>();
  private final List<String> problems = new ArrayList<>();
  private int read;

  /** A follower from the start of the feed (the oldest change kept). */
  FeedFollower(String name) {
    this(name, null);
  }

  /** A follower from a token. */
  FeedFollower(String name, String token) {
    this.name = name;
    this.fromStart = token == null;
    this.token = token;
    KINDS.forEach(kind -> present.put(kind, new TreeSet<>()));
  }

  /** Starts at the current head: the changes before it are left out. */
  static FeedFollower atHead(String name, TestServer.Caller caller) {
    var follower = new FeedFollower(name);
    follower.catchUp(caller, 50);
    return new FeedFollower(name, follower.token());
  }

  String token() {
    return token;
  }

  String name() {
    return name;
  }

  /** Reads until {@code more} is false; returns the changes read. Anything but 200 is an assertion error. */
  List<Change> catchUp(TestServer.Caller caller, int perPage) {
    var changes = new ArrayList<Change>();
    boolean more = true;
    while (more) {
      HttpResult answer = caller.get(NS + "/changes?per_page=" + perPage + (token == null ? "" : "&since=" + token));
      if (answer.status() != 200) throw new AssertionError(name + ": GET /changes since " + token + " → " + answer);
      JsonNode body = answer.json();
      List<Change> page = parse(body);
      if (page.size() > perPage) problems.add(name + ": " + page.size() + " changes for per_page " + perPage);
      String next = body.path("next").asText();
      if (token != null && compare(next, token) < 0) problems.add(name + ": next " + next + " is before " + token);
      more = body.path("more").asBoolean();
      if (more && page.isEmpty() && next.equals(token)) throw new AssertionError(name + ": more, but no progress at " + token);
      page.forEach(this::apply);
      changes.addAll(page);
      token = next;
    }
    read += changes.size();
    return changes;
  }

  static List<Change> parse(JsonNode body) {
    var changes = new ArrayList<Change>();
    for (JsonNode item : body.path("changes")) {
      var languages = new ArrayList<String>();
      item.path("languages").forEach(language -> languages.add(language.asText()));
      changes.add(new Change(item.path("kind").asText(), item.path("id").asLong(), item.path("change").asText(),
          item.path("modified").asText(), item.path("modified_utc").asText(), List.copyOf(languages)));
    }
    return changes;
  }

  private void apply(Change change) {
    Set<Long> ids = present.get(change.kind());
    if (ids == null) {
      problems.add(name + ": unknown kind in " + change);
      return;
    }
    switch (change.change()) {
      case "created" -> {
        if (!ids.add(change.id())) problems.add(name + ": created again: " + change);
      }
      case "updated" -> {
        // one that started at the head learns of records made before it by their updates
        if (ids.add(change.id()) && fromStart) problems.add(name + ": updated, never created: " + change);
      }
      case "deleted" -> {
        if (!ids.remove(change.id()) && fromStart) problems.add(name + ": deleted, never created: " + change);
      }
      default -> problems.add(name + ": unknown change " + change);
    }
    if (change.languages().isEmpty()) problems.add(name + ": no languages: " + change);
  }

  /** Tokens compare by version, then change id. */
  static int compare(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    int byVersion = Long.compare(Long.parseLong(x[0]), Long.parseLong(y[0]));
    return byVersion != 0 ? byVersion : Long.compare(Long.parseLong(x[1]), Long.parseLong(y[1]));
  }

  /** The ids per kind that the changes read so far leave. */
  Map<String, Set<Long>> present() {
    Map<String, Set<Long>> copy = new TreeMap<>();
    present.forEach((kind, ids) -> copy.put(kind, new TreeSet<>(ids)));
    return copy;
  }

  List<String> problems() {
    return problems;
  }

  int read() {
    return read;
  }

  /**
   * The ids per kind that a full read of the five lists gives the caller: events of every date (starts_after in the
   * distant past lifts the default window) and of the caller's default statuses, except the ones a password locks;
   * venues and organizers of the default statuses; every category and tag (hide_empty=false).
   */
  static Map<String, Set<Long>> fullRead(TestServer.Caller caller, int perPage) {
    Map<String, Set<Long>> ids = new TreeMap<>();
    ids.put("event", readAll(caller, "events", "starts_after=1000-01-01", perPage));
    ids.put("venue", readAll(caller, "venues", "", perPage));
    ids.put("organizer", readAll(caller, "organizers", "", perPage));
    ids.put("category", readAll(caller, "categories", "hide_empty=false", perPage));
    ids.put("tag", readAll(caller, "tags", "hide_empty=false", perPage));
    return ids;
  }

  private static Set<Long> readAll(TestServer.Caller caller, String collection, String query, int perPage) {
    Set<Long> ids = new TreeSet<>();
    long pages = 1;
    for (int page = 1; page <= pages; page++) {
      HttpResult answer = caller.get(NS + "/" + collection + "?per_page=" + perPage + "&page=" + page
          + (query.isEmpty() ? "" : "&" + query));
      if (answer.status() != 200) throw new AssertionError("GET " + collection + " page " + page + " → " + answer);
      pages = answer.json().path("total_pages").asLong();
      for (JsonNode item : answer.json().path(collection)) {
        // a locked protected event is listed stripped (§4.8): the feed leaves it out
        if (collection.equals("events") && item.path("featured").isNull()) continue;
        ids.add(item.path("id").asLong());
      }
    }
    return ids;
  }
}
