package org.agenda.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.http.Json;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;

/**
 * One thread of writes against the server until told to stop: creates of events in nl, en or fr with
 * inline or linked venues and organizers, categories and tags; partial updates (text in a language,
 * status, links, terms); trash and permanent delete. Each write is planned with the state the harness
 * expects before and after it, and its outcome goes to the {@link CrashModel}.
 */
final class CrashWriter implements Runnable {
  static final List<String> LANGUAGES = List.of("nl", "en", "fr");
  private static final List<String> STATUSES = List.of("publish", "publish", "publish", "draft", "pending", "private");
  private static final String EVENTS = "/cal/events/v1/events";

  private final CrashModel model;
  private final TestServer.Caller admin;
  private final Random random;
  private final AtomicInteger sequence;
  private final AtomicBoolean stop;

  CrashWriter(CrashModel model, TestServer.Caller admin, Random random, AtomicInteger sequence, AtomicBoolean stop) {
    this.model = model;
    this.admin = admin;
    this.random = random;
    this.sequence = sequence;
    this.stop = stop;
  }

  @Override
  public void run() {
    while (!stop.get()) {
      PlannedWrite write = plan();
      HttpResult answer;
      try {
        answer = admin.send(write.method(), write.path(), write.body() == null ? null : "application/json",
            write.body(), Map.of());
      } catch (IllegalStateException killed) {
        model.unanswered(write);
        continue;
      }
      try {
        model.answered(write, answer);
      } catch (RuntimeException | AssertionError unreadable) {
        // a writer that died quietly would only make the run weaker: the failure is a finding
        model.harnessError(write.method() + " " + write.path() + " -> " + answer + ": " + unreadable);
        return;
      }
    }
  }

  private PlannedWrite plan() {
    double choice = random.nextDouble();
    if (choice >= 0.4) {
      CrashModel.Claim claim = model.claim(random);
      if (claim != null) {
        if (choice < 0.75) return update(claim);
        if (choice < 0.92) return trash(claim);
        return delete(claim);
      }
    }
    return create();
  }

  private PlannedWrite create() {
    int n = sequence.incrementAndGet();
    String language = pick(LANGUAGES);
    var body = Json.object();
    var text = new EventSnapshot.Text("Ev " + n, "<p>Tekst " + n + "</p>");
    body.put("title", text.title());
    body.put("description", text.description());
    body.put("start_date", "2027-06-01 20:00");
    body.put("end_date", "2027-06-01 22:00");
    String status = pick(STATUSES);
    body.put("status", status);
    var inline = new ArrayList<String>();
    List<String> venues = links(body, "venue", model.venues(), random.nextInt(2), "Zaal " + n, inline);
    List<String> organizers = links(body, "organizer", model.organizers(), random.nextInt(3), "Org " + n, inline);
    SortedSet<String> categories = categories(body, random.nextInt(3));
    SortedSet<String> tags = tags(body, random.nextInt(4));
    List<String> recurrence = random.nextInt(4) == 0 ? recurrence(body) : List.of();
    var candidate = new EventSnapshot(status, Map.of(language, text), venues, organizers, categories, tags, recurrence);
    return new PlannedWrite(null, "POST", "/" + language + EVENTS, body.toString(), null,
        candidate, List.copyOf(inline));
  }

  /** Some of: text in one language, status, venue, organizers, categories, tags (at least one). */
  private PlannedWrite update(CrashModel.Claim claim) {
    int n = sequence.incrementAndGet();
    EventSnapshot prior = claim.prior();
    var body = Json.object();
    String path = EVENTS + "/" + claim.id();
    var texts = new LinkedHashMap<>(prior.texts());
    String status = prior.status();
    List<String> venues = prior.venues();
    List<String> organizers = prior.organizers();
    SortedSet<String> categories = prior.categories();
    SortedSet<String> tags = prior.tags();
    List<String> recurrence = prior.recurrence();
    int fields = 1 + random.nextInt(127);
    if ((fields & 1) != 0) {
      String language = pick(LANGUAGES);
      var text = new EventSnapshot.Text("Bijgewerkt " + n + " " + language, "<p>Nieuw " + n + "</p>");
      body.put("title", text.title());
      body.put("description", text.description());
      texts.put(language, text);
      path = "/" + language + path;
    }
    if ((fields & 2) != 0) {
      status = pick(STATUSES);
      body.put("status", status);
    }
    if ((fields & 4) != 0) venues = links(body, "venue", model.venues(), 1, null, null);
    if ((fields & 8) != 0) organizers = links(body, "organizer", model.organizers(), 1 + random.nextInt(2), null, null);
    if ((fields & 16) != 0) categories = categories(body, 1 + random.nextInt(2));
    if ((fields & 32) != 0) tags = tags(body, 1 + random.nextInt(3));
    if ((fields & 64) != 0) recurrence = recurrence(body);
    var candidate = new EventSnapshot(status, Map.copyOf(texts), venues, organizers, categories, tags, recurrence);
    return new PlannedWrite(claim.id(), "PATCH", path, body.toString(), prior, candidate,
        List.of());
  }

  /**
   * A weekly rule of 2 to 8 occurrences (a series, or a series whose occurrences are re-synced): the write that
   * adds or removes most rows; {@link CrashModel} checks that each series has the occurrences its rule gives.
   */
  private List<String> recurrence(ObjectNode body) {
    String rule = "RRULE:FREQ=WEEKLY;COUNT=" + (2 + random.nextInt(7));
    body.putArray("recurrence").add(rule);
    return List.of(rule);
  }

  private PlannedWrite trash(CrashModel.Claim claim) {
    if ("trash".equals(claim.prior().status())) return delete(claim);
    return new PlannedWrite(claim.id(), "DELETE", EVENTS + "/" + claim.id(), null,
        claim.prior(), claim.prior().withStatus("trash"), List.of());
  }

  private PlannedWrite delete(CrashModel.Claim claim) {
    return new PlannedWrite(claim.id(), "DELETE", EVENTS + "/" + claim.id() + "?force=true",
        null, claim.prior(), null, List.of());
  }

  /**
   * Up to {@code count} venues or organizers: existing ones by id, or (when {@code newName} is given) a new
   * one inline, by name. Returns their names in order; the body gets the field only when the list is not empty.
   */
  private List<String> links(ObjectNode body, String field, Map<String, Long> existing, int count, String newName,
      List<String> inline) {
    var names = new ArrayList<String>();
    var items = Json.array();
    var pool = new ArrayList<>(existing.keySet());
    for (int i = 0; i < count; i++) {
      if (newName != null && random.nextBoolean()) {
        String name = newName + "-" + i;
        items.addObject().put(field, name);
        names.add(name);
        inline.add(name);
      } else {
        String name = pool.get(random.nextInt(pool.size()));
        if (names.contains(name)) continue;
        items.add(existing.get(name));
        names.add(name);
      }
    }
    if (field.equals("venue") && items.size() == 1) {
      body.set(field, items.get(0));
    } else if (!items.isEmpty()) {
      body.set(field, items);
    }
    return List.copyOf(names);
  }

  private SortedSet<String> categories(ObjectNode body, int count) {
    var names = new TreeSet<String>();
    var pool = new ArrayList<>(model.categories().keySet());
    for (int i = 0; i < count; i++) names.add(pool.get(random.nextInt(pool.size())));
    if (!names.isEmpty()) {
      var ids = body.putArray("categories");
      names.forEach(name -> ids.add(model.categories().get(name)));
    }
    return names;
  }

  /** Tag names from a small set, so that writes both create tags by name and reuse them. */
  private SortedSet<String> tags(ObjectNode body, int count) {
    var names = new TreeSet<String>();
    for (int i = 0; i < count; i++) names.add("tag" + random.nextInt(20));
    if (!names.isEmpty()) {
      var array = body.putArray("tags");
      names.forEach(array::add);
    }
    return names;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
