package org.agenda.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.agenda.support.HttpResult;
import org.agenda.support.StoredConsistency;
import org.agenda.support.TestServer;

/**
 * What the crash harness knows: the state of every event as acknowledged, the writes whose answer the
 * kill cut off (each may or may not have committed, but only as a whole), and the pools of venues,
 * organizers and categories writes link to. After each restart it compares the database with that
 * knowledge and counts what it finds.
 */
final class CrashModel {
  private static final String NS = "/cal/events/v1";
  /** The events the harness writes and knows: the later occurrences of a series follow it, checked by checkSeries. */
  private static final String SERIES_OR_SINGLE = "SELECT id FROM events WHERE series_id IS NULL OR series_id = id";

  /** An event a writer has reserved, so that no other write changes it while its write is planned and sent. */
  record Claim(long id, EventSnapshot prior) {}

  private final Map<String, Long> venues = new LinkedHashMap<>();
  private final Map<String, Long> organizers = new LinkedHashMap<>();
  private final Map<String, Long> categories = new LinkedHashMap<>();
  private final Map<Long, EventSnapshot> expected = new HashMap<>();
  private final Set<Long> busy = new HashSet<>();
  /** Acknowledged since the last check: the events to read back, with the number of writes to each. */
  private final Map<Long, Integer> acknowledgedSinceCheck = new HashMap<>();
  private final Map<Long, PlannedWrite> unansweredChanges = new HashMap<>();
  private final List<PlannedWrite> unansweredCreates = new ArrayList<>();
  private final List<String> findings = new ArrayList<>();
  /** Clients that follow the change feed from its start across every kill, as the administrator and anonymously. */
  private final FeedFollower adminFeed = new FeedFollower("admin feed");
  private final FeedFollower anonymousFeed = new FeedFollower("anonymous feed");
  private int feedChanges;
  private int acknowledged;
  private int acknowledgedChecked;
  private int unanswered;
  private int unansweredCommitted;
  private int lost;
  private int halfWritten;
  private int seriesChecked;

  /** Creates the venues, organizers and categories that writes link to. */
  static CrashModel setUp(TestServer.Caller admin) {
    var model = new CrashModel();
    for (int i = 1; i <= 5; i++) {
      model.venues.put("Zaal vast " + i, created(admin, "/venues", "{\"venue\":\"Zaal vast " + i + "\"}"));
      model.organizers.put("Org vast " + i, created(admin, "/organizers", "{\"organizer\":\"Org vast " + i + "\"}"));
      model.categories.put("Categorie " + i, created(admin, "/categories", "{\"name\":\"Categorie " + i + "\"}"));
    }
    return model;
  }

  private static long created(TestServer.Caller admin, String collection, String body) {
    HttpResult result = admin.postJson(NS + collection, body);
    if (result.status() != 201) throw new IllegalStateException(collection + ": " + result);
    return result.json().path("id").asLong();
  }

  synchronized Map<String, Long> venues() {
    return new LinkedHashMap<>(venues);
  }

  synchronized Map<String, Long> organizers() {
    return new LinkedHashMap<>(organizers);
  }

  synchronized Map<String, Long> categories() {
    return new LinkedHashMap<>(categories);
  }

  /** A random event no other write is working on; null when there is none. */
  synchronized Claim claim(Random random) {
    var free = new ArrayList<Long>(expected.keySet());
    free.removeAll(busy);
    if (free.isEmpty()) return null;
    Collections.sort(free);
    long id = free.get(random.nextInt(free.size()));
    busy.add(id);
    return new Claim(id, expected.get(id));
  }

  /** The connection broke (the kill): the write may have committed or not. Its event stays reserved until checked. */
  synchronized void unanswered(PlannedWrite write) {
    unanswered++;
    if (write.id() == null) {
      unansweredCreates.add(write);
    } else {
      unansweredChanges.put(write.id(), write);
    }
  }

  synchronized void answered(PlannedWrite write, HttpResult answer) {
    if (answer.status() == 503) {
      // the database stayed busy: refused as a whole, retried by clients
      if (write.id() != null) busy.remove(write.id());
      return;
    }
    if (answer.status() / 100 != 2) {
      findings.add("write refused (harness error): " + write.method() + " " + write.path() + " " + write.body() + " -> " + answer);
      if (write.id() != null) busy.remove(write.id());
      return;
    }
    acknowledged++;
    JsonNode body = answer.json();
    long id = write.id() != null ? write.id() : body.path("id").asLong();
    if (write.candidate() != null) {
      String language = body.path("language").asText();
      EventSnapshot answeredState = EventSnapshot.shared(body, Map.of(language, EventSnapshot.text(body)));
      if (!answeredState.equals(write.candidate().onlyText(language))) {
        findings.add("answer differs from the write (harness error): " + write.body() + " expected " + write.candidate()
            + ", answered " + answeredState);
      }
      expected.put(id, write.candidate());
      learnLinkedRecords(body);
    } else {
      expected.remove(id);
    }
    acknowledgedSinceCheck.merge(id, 1, Integer::sum);
    busy.remove(id);
  }

  synchronized void harnessError(String message) {
    findings.add("harness error: " + message);
  }

  /** Venues and organizers created inline join the pools that later writes link to. */
  private void learnLinkedRecords(JsonNode event) {
    JsonNode venue = event.path("venue");
    if (venue.isObject()) venues.putIfAbsent(venue.path("venue").asText(), venue.path("id").asLong());
    event.path("organizer").forEach(organizer ->
        organizers.putIfAbsent(organizer.path("organizer").asText(), organizer.path("id").asLong()));
  }

  /** Structural checks of the database as the kill left it, before any server opens it again. */
  void checkStored(Connection connection, int trial) throws SQLException {
    for (String problem : StoredConsistency.problems(connection)) {
      halfWritten++;
      findings.add("trial " + trial + ": " + problem);
    }
    checkSeries(connection, trial);
  }

  /**
   * Every series has exactly the occurrences its rule gives (the harness writes "RRULE:FREQ=WEEKLY;COUNT=n" only):
   * a series write cut off in the middle would leave some of the old ones or only some of the new ones.
   */
  private void checkSeries(Connection connection, int trial) throws SQLException {
    List<String> rows = StoredConsistency.firstColumn(connection, "SELECT s.recurrence || '|' || (SELECT count(*) FROM "
        + "events o WHERE o.series_id = s.id) || '|' || s.id FROM events s WHERE s.series_id = s.id");
    seriesChecked += rows.size();
    for (String row : rows) {
      String[] parts = row.split("\\|");
      int count = Integer.parseInt(parts[0].replaceAll(".*COUNT=([0-9]+).*", "$1"));
      if (count != Integer.parseInt(parts[1])) {
        halfWritten++;
        findings.add("trial " + trial + ": series " + parts[2] + " " + parts[0] + " has " + parts[1] + " events");
      }
    }
  }

  /**
   * Reads back, through the restarted server, every event acknowledged or cut off since the last check, and
   * every event the harness does not know (a create whose answer was cut off); then the term counts.
   */
  void checkServed(TestServer.Caller admin, Connection connection, int trial) throws SQLException {
    checkListed(admin, connection, trial);
    for (var entry : acknowledgedSinceCheck.entrySet()) {
      long id = entry.getKey();
      if (unansweredChanges.containsKey(id)) continue;
      acknowledgedChecked += entry.getValue();
      EventSnapshot actual = EventSnapshot.read(admin, id);
      if (!Objects.equals(actual, expected.get(id))) {
        lost++;
        findings.add("trial " + trial + ": acknowledged event " + id + " expected " + expected.get(id) + ", stored " + actual);
        adopt(id, actual);
      }
    }
    for (PlannedWrite write : unansweredChanges.values()) {
      EventSnapshot actual = EventSnapshot.read(admin, write.id());
      if (Objects.equals(actual, write.prior()) || Objects.equals(actual, write.candidate())) {
        acknowledgedChecked += acknowledgedSinceCheck.getOrDefault(write.id(), 0);
        if (!Objects.equals(actual, write.prior())) unansweredCommitted++;
      } else {
        halfWritten++;
        findings.add("trial " + trial + ": cut-off write " + write.method() + " " + write.path() + " " + write.body()
            + " left event " + write.id() + " as " + actual + ", neither " + write.prior() + " nor " + write.candidate());
      }
      adopt(write.id(), actual);
    }
    checkUnknownEvents(admin, connection, trial);
    checkTermCounts(admin, trial);
    acknowledgedSinceCheck.clear();
    unansweredChanges.clear();
    unansweredCreates.clear();
    busy.clear();
  }

  /**
   * The first answer after the restart: the event list, which the derived event index answers, holds exactly the
   * listable events stored, so the index caught up with every commit before the kill.
   */
  private void checkListed(TestServer.Caller admin, Connection connection, int trial) throws SQLException {
    var stored = new TreeSet<>(StoredConsistency.firstColumn(connection, "SELECT records.id FROM records"
        + " JOIN events ON events.id = records.id WHERE records.status <> 'trash' AND events.hide_from_listings = 0"));
    var listed = new TreeSet<String>();
    for (int page = 1; ; page++) {
      JsonNode list = admin.get(NS + "/events?start_date=2000-01-01&end_date=2100-01-01"
          + "&status=publish,future,draft,pending,private&per_page=500&page=" + page).json();
      list.path("events").forEach(event -> listed.add(event.path("id").asText()));
      if (page >= list.path("total_pages").asInt()) break;
    }
    if (!listed.equals(stored)) {
      lost++;
      findings.add("trial " + trial + ": the event list after the restart holds " + listed + ", the database " + stored);
    }
  }

  /** What is stored becomes what later trials expect, so that one finding is reported once. */
  private void adopt(long id, EventSnapshot actual) {
    if (actual == null) expected.remove(id); else expected.put(id, actual);
  }

  /** Events the harness did not see acknowledged must be whole cut-off creates; uncommitted ones leave nothing. */
  private void checkUnknownEvents(TestServer.Caller admin, Connection connection, int trial) throws SQLException {
    Map<String, PlannedWrite> byTitle = new HashMap<>();
    for (PlannedWrite create : unansweredCreates) {
      byTitle.put(create.candidate().texts().values().iterator().next().title(), create);
    }
    for (String stored : StoredConsistency.firstColumn(connection, SERIES_OR_SINGLE)) {
      long id = Long.parseLong(stored);
      if (expected.containsKey(id)) continue;
      EventSnapshot actual = EventSnapshot.read(admin, id);
      PlannedWrite create = actual == null || actual.texts().size() != 1 ? null
          : byTitle.remove(actual.texts().values().iterator().next().title());
      if (create != null && actual.equals(create.candidate())) {
        unansweredCommitted++;
        expected.put(id, actual);
      } else {
        halfWritten++;
        findings.add("trial " + trial + ": unexpected event " + id + " " + actual + (create == null ? "" : ", cut-off create " + create.candidate()));
        if (actual != null) adopt(id, actual);
      }
    }
    Set<String> linkedNames = new HashSet<>(StoredConsistency.firstColumn(connection,
        "SELECT name FROM translations WHERE type IN ('venue', 'organizer')"));
    for (PlannedWrite uncommitted : byTitle.values()) {
      for (String name : uncommitted.inline()) {
        if (linkedNames.contains(name)) {
          halfWritten++;
          findings.add("trial " + trial + ": " + name + " exists, but the create that named it did not commit: " + uncommitted.body());
        }
      }
    }
  }

  /** Each category and tag counts the published events that carry it (§5.8), as the harness knows them. */
  private void checkTermCounts(TestServer.Caller admin, int trial) {
    Map<String, Integer> expectedCounts = new TreeMap<>();
    for (EventSnapshot event : expected.values()) {
      if (!"publish".equals(event.status())) continue;
      event.categories().forEach(name -> expectedCounts.merge("category " + name, 1, Integer::sum));
      event.tags().forEach(name -> expectedCounts.merge("tag " + name, 1, Integer::sum));
    }
    Map<String, Integer> servedCounts = new TreeMap<>();
    servedCounts(admin, "categories", "category", servedCounts);
    servedCounts(admin, "tags", "tag", servedCounts);
    if (!servedCounts.equals(expectedCounts)) {
      halfWritten++;
      findings.add("trial " + trial + ": term counts " + servedCounts + ", expected " + expectedCounts);
    }
  }

  /** Counts by name: concurrent first uses of a tag name in two languages may make two tags of that name. */
  private static void servedCounts(TestServer.Caller admin, String collection, String label, Map<String, Integer> counts) {
    JsonNode list = admin.get(NS + "/" + collection + "?hide_empty=true&per_page=200").json();
    list.path(collection).forEach(term -> counts.merge(label + " " + term.path("name").asText(), term.path("count").asInt(), Integer::sum));
  }

  /**
   * The followers of the change feed catch up through the restarted server; each then holds exactly the records
   * (ids per kind) that a full read of the lists gives the same caller: no change skipped, none half written, none
   * that did not commit, and deleted records gone.
   */
  void checkFeed(TestServer.Caller admin, TestServer.Caller anonymous, String when) {
    for (FeedFollower follower : List.of(adminFeed, anonymousFeed)) {
      TestServer.Caller caller = follower == adminFeed ? admin : anonymous;
      int before = follower.problems().size();
      try {
        feedChanges += follower.catchUp(caller, 500).size();
      } catch (AssertionError refused) {
        findings.add(when + ": " + refused.getMessage());
        continue;
      }
      compare(follower, FeedFollower.fullRead(caller, 500), when);
      follower.problems().subList(before, follower.problems().size()).forEach(problem -> findings.add(when + ": " + problem));
    }
  }

  private void compare(FeedFollower follower, Map<String, Set<Long>> listed, String when) {
    Map<String, Set<Long>> followed = follower.present();
    for (String kind : FeedFollower.KINDS) {
      var missing = new java.util.TreeSet<>(listed.get(kind));
      missing.removeAll(followed.get(kind));
      var extra = new java.util.TreeSet<>(followed.get(kind));
      extra.removeAll(listed.get(kind));
      if (!missing.isEmpty() || !extra.isEmpty()) {
        lost++;
        findings.add(when + ": " + follower.name() + ": " + kind + "s listed but not followed " + missing
            + ", followed but not listed " + extra);
      }
    }
  }

  /** After the last trial: every event the harness knows, read back once more. */
  void checkEverything(TestServer.Caller admin, Connection connection) throws SQLException {
    for (var entry : expected.entrySet()) {
      EventSnapshot actual = EventSnapshot.read(admin, entry.getKey());
      if (!entry.getValue().equals(actual)) {
        lost++;
        findings.add("at the end: event " + entry.getKey() + " expected " + entry.getValue() + ", stored " + actual);
      }
    }
    int stored = StoredConsistency.firstColumn(connection, SERIES_OR_SINGLE).size();
    if (stored != expected.size()) findings.add("at the end: " + stored + " events stored, " + expected.size() + " known");
    // a new follower from the start of the feed ends where the ones that followed it through every kill are
    var fresh = new FeedFollower("new admin feed");
    fresh.catchUp(admin, 500);
    if (!fresh.present().equals(adminFeed.present())) {
      findings.add("at the end: a new follower holds " + fresh.present() + ", the one that followed every kill " + adminFeed.present());
    }
    fresh.problems().forEach(problem -> findings.add("at the end: " + problem));
  }

  List<String> findings() {
    return findings;
  }

  String figures() {
    return "acknowledged=" + acknowledged + " acknowledgedChecked=" + acknowledgedChecked + " cutOff=" + unanswered
        + " cutOffCommitted=" + unansweredCommitted + " events=" + expected.size() + " lost=" + lost
        + " halfWritten=" + halfWritten + " feedChanges=" + feedChanges + " seriesChecked=" + seriesChecked;
  }
}
