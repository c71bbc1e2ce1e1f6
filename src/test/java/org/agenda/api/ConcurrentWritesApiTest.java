package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Concurrent writers: one term per name, whoever creates it (§6.11.2, §6.4), one venue for events that
 * name the same new venue inline (§6.4), concurrent partial updates of one record lose no field (§6.5.3),
 * records created at once with one title get distinct slugs in every language (§3.5), term counts and list
 * totals stay exact (§5.8, §5.11), a write that cannot get the database is a 503 to retry, never a 500, and a
 * client following the change feed while two instances on one database write at once misses no change.
 */
class ConcurrentWritesApiTest {
  private static final String NS = "/cal/events/v1";
  private static final int WRITERS = 12;

  static TestServer server;

  @BeforeAll
  static void start() {
    server = TestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Runs the same request from several threads released together. */
  private static List<HttpResult> together(Callable<HttpResult> request) throws Exception {
    return eachAtOnce(java.util.Collections.nCopies(WRITERS, request));
  }

  @Test
  void concurrentCreatesOfOneCategoryNameMakeOneCategory() throws Exception {
    for (int round = 0; round < 5; round++) createOneCategoryConcurrently("Gelijktijdig " + round);
  }

  private static void createOneCategoryConcurrently(String name) throws Exception {
    var admin = server.asAdmin();
    List<HttpResult> results = together(() -> admin.postJson(NS + "/categories", "{\"name\":" + ApiChecks.q(name) + "}"));
    long created = results.stream().filter(r -> r.status() == 201).count();
    assertThat(created).as(results.toString()).isEqualTo(1);
    long winner = results.stream().filter(r -> r.status() == 201).findFirst().orElseThrow().json().path("id").asLong();
    for (HttpResult result : results) {
      if (result.status() == 201) continue;
      assertThat(result.code()).as(result.toString()).isEqualTo("term_exists");
      assertThat(result.json().path("data").path("term_id").asLong()).isEqualTo(winner);
    }
  }

  @Test
  void concurrentEventsNamingOneNewTagShareOneTag() throws Exception {
    var admin = server.asAdmin();
    List<HttpResult> results = together(() -> admin.postJson(NS + "/events",
        ApiChecks.event("Samen " + Thread.currentThread().getId(), "\"tags\":[\"samen\"]")));
    assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    var tagIds = results.stream().map(r -> r.json().path("tags").get(0).path("id").asLong()).distinct().toList();
    assertThat(tagIds).hasSize(1);
    HttpResult tags = admin.get(NS + "/tags?search=samen&hide_empty=false");
    assertThat(tags.json().path("total").asInt()).isEqualTo(1);
    assertThat(tags.json().path("tags").get(0).path("count").asInt()).isEqualTo(WRITERS);
  }

  @Test
  void concurrentEventsNamingOneNewVenueShareOneVenue() throws Exception {
    var admin = server.asAdmin();
    for (int round = 0; round < 3; round++) {
      String venue = "Gedeelde Zaal " + round;
      List<HttpResult> results = together(() -> admin.postJson(NS + "/events", ApiChecks.event("Zaalavond",
          "\"venue\":{\"venue\":" + ApiChecks.q(venue) + "}")));
      assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
      assertThat(results.stream().map(r -> r.json().path("venue").path("id").asLong()).distinct().toList()).hasSize(1);
    }
  }

  /**
   * More requests at once than the service has request threads (32 a core, 64 at least): those beyond them wait in
   * Jetty's queue and are answered, each with its own answer, whether built (signed in) or kept (anonymous).
   */
  @Test
  void moreRequestsAtOnceThanRequestThreadsAreEachAnswered() throws Exception {
    var admin = server.asAdmin();
    int requests = Math.max(128, 64 * Runtime.getRuntime().availableProcessors());
    for (int i = 0; i < 3; i++) {
      assertThat(admin.postJson(NS + "/events", ApiChecks.event("Drukte " + i, "")).status()).isEqualTo(201);
    }
    List<Callable<HttpResult>> reads = new ArrayList<>();
    for (int i = 0; i < requests; i++) {
      String path = NS + "/events?search=Drukte&per_page=" + (1 + i % 3);
      reads.add(i % 2 == 0 ? () -> admin.get(path) : () -> server.anonymous().get(path));
    }
    List<HttpResult> results = eachAtOnce(reads);
    for (int i = 0; i < requests; i++) {
      HttpResult result = results.get(i);
      assertThat(result.status()).as(result.toString()).isEqualTo(200);
      assertThat(result.json().path("events")).as(result.toString()).hasSize(1 + i % 3);
      assertThat(result.json().path("total").asInt()).isEqualTo(3);
    }
  }

  /** Runs different requests from as many threads, released together. */
  private static List<HttpResult> eachAtOnce(List<Callable<HttpResult>> requests) throws Exception {
    var pool = Executors.newFixedThreadPool(requests.size());
    var go = new CountDownLatch(1);
    try {
      var futures = new ArrayList<Future<HttpResult>>();
      for (Callable<HttpResult> request : requests) {
        futures.add(pool.submit(() -> {
          go.await();
          return request.call();
        }));
      }
      go.countDown();
      var results = new ArrayList<HttpResult>();
      for (var future : futures) results.add(future.get());
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentPartialUpdatesOfOneRecordLoseNoField() throws Exception {
    var admin = server.asAdmin();
    for (int round = 0; round < 3; round++) {
      long event = admin.postJson(NS + "/events", ApiChecks.event("Basis " + round, "")).json().path("id").asLong();
      String path = NS + "/events/" + event;
      List<HttpResult> results = eachAtOnce(List.of(
          () -> admin.patchJson(path, "{\"title\":\"Nieuwe titel\"}"),
          () -> admin.patchJson(path, "{\"description\":\"<p>Nieuw</p>\"}"),
          () -> admin.patchJson(path, "{\"excerpt\":\"Kort\"}"),
          () -> admin.patchJson(path, "{\"featured\":true}"),
          () -> admin.patchJson(path, "{\"cost\":\"12\"}"),
          () -> admin.patchJson(path, "{\"website\":\"https://nieuw.example\"}"),
          () -> admin.patchJson(path, "{\"image\":\"https://nieuw.example/a.jpg\"}"),
          () -> admin.patchJson(path, "{\"tags\":[\"tegelijk\"]}")));
      assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
      var stored = admin.get(path).json();
      assertThat(stored.path("title").asText()).isEqualTo("Nieuwe titel");
      assertThat(stored.path("description").asText()).isEqualTo("<p>Nieuw</p>");
      assertThat(stored.path("excerpt").asText()).isEqualTo("Kort");
      assertThat(stored.path("featured").asBoolean()).isTrue();
      assertThat(stored.path("cost").asText()).isEqualTo("€12");
      assertThat(stored.path("website").asText()).isEqualTo("https://nieuw.example");
      assertThat(stored.path("image").path("url").asText()).isEqualTo("https://nieuw.example/a.jpg");
      assertThat(stored.path("tags").get(0).path("name").asText()).isEqualTo("tegelijk");

      String newName = "Grote Zaal " + round;
      long venue = admin.postJson(NS + "/venues", "{\"venue\":\"Zaal " + round + "\"}").json().path("id").asLong();
      String venuePath = NS + "/venues/" + venue;
      List<HttpResult> venueResults = eachAtOnce(List.of(
          () -> admin.patchJson(venuePath, "{\"venue\":" + ApiChecks.q(newName) + "}"),
          () -> admin.patchJson(venuePath, "{\"description\":\"<p>Groot</p>\"}"),
          () -> admin.patchJson(venuePath, "{\"city\":\"Gent\"}"),
          () -> admin.patchJson(venuePath, "{\"website\":\"https://zaal.example\"}"),
          () -> admin.patchJson(venuePath, "{\"image\":\"https://zaal.example/z.png\"}"),
          () -> admin.patchJson(venuePath, "{\"show_map\":false}")));
      assertThat(venueResults).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
      var storedVenue = admin.get(venuePath).json();
      assertThat(storedVenue.path("venue").asText()).isEqualTo(newName);
      assertThat(storedVenue.path("description").asText()).isEqualTo("<p>Groot</p>");
      assertThat(storedVenue.path("city").asText()).isEqualTo("Gent");
      assertThat(storedVenue.path("website").asText()).isEqualTo("https://zaal.example");
      assertThat(storedVenue.path("image").path("url").asText()).isEqualTo("https://zaal.example/z.png");
      assertThat(storedVenue.path("show_map").asBoolean()).isFalse();
    }
  }

  @Test
  void concurrentCreatesWithOneTitleGetDistinctSlugsInEveryLanguage() throws Exception {
    var admin = server.asAdmin();
    for (String language : List.of("nl", "en", "fr")) {
      for (String collection : List.of("events", "venues", "organizers")) {
        String body = switch (collection) {
          case "events" -> ApiChecks.event("Zelfde titel", "");
          case "venues" -> "{\"venue\":\"Zelfde zaal\"}";
          default -> "{\"organizer\":\"Zelfde stichting\"}";
        };
        List<HttpResult> results = together(() -> admin.postJson("/" + language + NS + "/" + collection, body));
        assertThat(results).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
        var slugs = results.stream().map(r -> r.json().path("slug").asText()).toList();
        assertThat(new HashSet<>(slugs)).as(language + " " + collection + " " + slugs).hasSize(WRITERS);
        assertThat(results).allSatisfy(r -> assertThat(r.json().path("language").asText()).isEqualTo(language));
      }
    }
  }

  @Test
  void termCountsAndListTotalsStayExactUnderConcurrentWrites() throws Exception {
    var admin = server.asAdmin();
    long category = ApiChecks.id(admin.postJson(NS + "/categories", "{\"name\":\"Telling\"}").json());
    long other = ApiChecks.id(admin.postJson(NS + "/categories", "{\"name\":\"Andere telling\"}").json());
    long tag = ApiChecks.id(admin.postJson(NS + "/tags", "{\"name\":\"telling\"}").json());
    String links = "\"categories\":[" + category + "],\"tags\":[" + tag + "]";
    var creates = new ArrayList<Callable<HttpResult>>();
    for (int i = 0; i < 2 * WRITERS; i++) {
      String title = "Telling " + i;
      creates.add(() -> admin.postJson(NS + "/events", ApiChecks.event(title, links)));
    }
    List<HttpResult> created = eachAtOnce(creates);
    assertThat(created).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    var events = created.stream().map(r -> NS + "/events/" + ApiChecks.id(r.json())).toList();
    assertCounts(admin, category, tag, other, 2 * WRITERS, 2 * WRITERS, 0);

    // Six trashed, six deleted for good, six lose their tag, six move to the other category as drafts.
    // (The drafts keep their tag, but count for no term while they are not published.)
    var changes = new ArrayList<Callable<HttpResult>>();
    for (int i = 0; i < events.size(); i++) {
      String event = events.get(i);
      changes.add(switch (i % 4) {
        case 0 -> () -> admin.delete(event);
        case 1 -> () -> admin.delete(event + "?force=true");
        case 2 -> () -> admin.patchJson(event, "{\"tags\":[]}");
        default -> () -> admin.patchJson(event, "{\"categories\":[" + other + "],\"status\":\"draft\"}");
      });
    }
    List<HttpResult> changed = eachAtOnce(changes);
    assertThat(changed).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
    // Published and carrying the category: only the six that lost their tag; the tag: none of them.
    assertCounts(admin, category, tag, other, WRITERS / 2, 0, 0);

    // Restoring the trashed ones and publishing the drafts, again all at once.
    var restores = new ArrayList<Callable<HttpResult>>();
    for (int i = 0; i < events.size(); i += 4) {
      String trashed = events.get(i);
      String draft = events.get(i + 3);
      restores.add(() -> admin.patchJson(trashed, "{\"status\":\"publish\"}"));
      restores.add(() -> admin.patchJson(draft, "{\"status\":\"publish\"}"));
    }
    assertThat(eachAtOnce(restores)).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
    // The category: the untagged and the restored; the tag: the restored and the drafts, which kept it.
    assertCounts(admin, category, tag, other, WRITERS, WRITERS, WRITERS / 2);
  }

  /** The term counts, and the totals of the event lists filtered by each term, in the body and the headers. */
  private static void assertCounts(TestServer.Caller admin, long category, long tag, long other, int inCategory,
      int withTag, int inOther) {
    assertThat(admin.get(NS + "/categories/" + category).json().path("count").asInt()).isEqualTo(inCategory);
    assertThat(admin.get(NS + "/tags/" + tag).json().path("count").asInt()).isEqualTo(withTag);
    assertThat(admin.get(NS + "/categories/" + other).json().path("count").asInt()).isEqualTo(inOther);
    for (var filter : Map.of("categories=" + category, inCategory, "tags=" + tag, withTag, "categories=" + other, inOther)
        .entrySet()) {
      HttpResult list = admin.get(NS + "/events?status=publish&" + filter.getKey());
      int expected = filter.getValue();
      if (expected == 0) {
        assertThat(list.status()).as(list.toString()).isIn(200, 404);
        if (list.status() == 404) continue;
      }
      assertThat(list.json().path("total").asInt()).as(filter.getKey()).isEqualTo(expected);
      assertThat(list.header("X-Cal-Total")).as(filter.getKey()).isEqualTo(String.valueOf(expected));
    }
  }

  /**
   * Two instances on one database (on PostgreSQL each counts its own writes, side by side) take writes of every kind
   * from eight threads at once, while a follower reads the change feed from its start through either instance in
   * turn. Once the writers are done and it caught up, it holds exactly what a full read of the lists gives, as the
   * administrator and anonymously; every acknowledged write of a record is one of its changes (a change read out of
   * commit order, before an earlier one committed, would have been skipped); and each next token is later than the
   * one before, whichever instance answered.
   */
  @Test
  void aFollowerOfTheChangeFeedMissesNothingWhileTwoInstancesWriteAtOnce() throws Exception {
    try (var other = TestServer.start(Map.of("AGENDA_DB_URL", server.databaseUrl))) {
      other.clock.set(server.clock.instant());
      var admins = List.of(server.asAdmin(), other.asAdmin());
      var anonymous = List.of(server.anonymous(), other.anonymous());
      long category = ApiChecks.id(admins.get(0).postJson(NS + "/categories", "{\"name\":\"Gevolgd\"}").json());
      var adminFeed = new FeedFollower("admin");
      var anonymousFeed = new FeedFollower("anonymous");
      Map<String, Integer> acknowledged = new ConcurrentHashMap<>();
      var done = new AtomicBoolean();
      var follower = new Thread(() -> {
        int turn = 0;
        while (!done.get()) {
          adminFeed.catchUp(admins.get(turn % 2), 7);
          anonymousFeed.catchUp(anonymous.get(turn % 2), 5);
          turn++;
          try {
            Thread.sleep(10);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "feed-follower");
      var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
      follower.setUncaughtExceptionHandler((thread, e) -> failure.set(e));
      follower.start();
      var writers = new ArrayList<Callable<HttpResult>>();
      for (int w = 0; w < 8; w++) {
        int writer = w;
        writers.add(() -> {
          new FeedWriter(admins.get(writer % 2), new Random(writer), "w" + writer, category, acknowledged).run(25);
          return null;
        });
      }
      eachAtOnce(writers);
      done.set(true);
      follower.join();
      assertThat(failure.get()).as("the follower failed").isNull();
      adminFeed.catchUp(admins.get(1), 50);
      anonymousFeed.catchUp(anonymous.get(0), 50);

      assertThat(adminFeed.problems()).isEmpty();
      assertThat(anonymousFeed.problems()).isEmpty();
      assertThat(adminFeed.present()).isEqualTo(FeedFollower.fullRead(admins.get(0), 50));
      assertThat(anonymousFeed.present()).isEqualTo(FeedFollower.fullRead(anonymous.get(1), 50));
      // every acknowledged write is a change of its record (others may add changes: a deleted tag changes events)
      Map<String, Integer> followed = new TreeMap<>();
      new FeedFollower("recount").catchUp(admins.get(0), 50).forEach(change ->
          followed.merge(change.kind() + " " + change.id(), 1, Integer::sum));
      acknowledged.forEach((record, writes) ->
          assertThat(followed.getOrDefault(record, 0)).as(record + " written " + writes + " times").isGreaterThanOrEqualTo(writes));
    }
  }

  /**
   * One thread of writes of the concurrent feed test, on its own records: events (created with a new tag now and
   * then, their text in a language, their status, a password, trashed, restored, deleted), tags and venues. Each
   * acknowledged write that changes its record is counted for it.
   */
  private static final class FeedWriter {
    /** The record a create made. */
    private static final Long CREATED = Long.valueOf(-1);
    private final TestServer.Caller admin;
    private final Random random;
    private final String name;
    private final long category;
    private final Map<String, Integer> acknowledged;
    private final List<Long> events = new ArrayList<>();
    private final Set<Long> trashed = new java.util.HashSet<>();
    private final List<Long> tags = new ArrayList<>();
    private final List<Long> venues = new ArrayList<>();
    private int n;

    FeedWriter(TestServer.Caller admin, Random random, String name, long category, Map<String, Integer> acknowledged) {
      this.admin = admin;
      this.random = random;
      this.name = name;
      this.category = category;
      this.acknowledged = acknowledged;
    }

    void run(int writes) {
      for (int i = 0; i < writes; i++) {
        n++;
        int choice = random.nextInt(10);
        if (events.isEmpty() || choice < 3) {
          String links = "\"categories\":[" + category + "]" + (random.nextBoolean() ? ",\"tags\":[\"" + name + "-" + n + "\"]" : "");
          String status = random.nextBoolean() ? "publish" : "draft";
          JsonNode created = write("event", CREATED, admin.postJson(NS + "/events", ApiChecks.event(name + " " + n,
              links + ",\"status\":\"" + status + "\"")), 201);
          events.add(ApiChecks.id(created));
          continue;
        }
        long event = events.get(random.nextInt(events.size()));
        String path = NS + "/events/" + event;
        // a trashed event is gone for the feed: changes to it are not listed until a status restores it
        boolean inTrash = trashed.contains(event);
        switch (choice) {
          case 3 -> write("event", inTrash ? null : event, admin.patchJson("/" + List.of("nl", "en", "fr").get(random.nextInt(3))
              + path, "{\"title\":\"" + name + " tekst " + n + "\"}"), 200);
          case 4 -> {
            write("event", event, admin.patchJson(path, "{\"status\":\"" + (random.nextBoolean() ? "draft" : "publish")
                + "\",\"excerpt\":\"" + n + "\"}"), 200);
            trashed.remove(event);
          }
          case 5 -> write("event", inTrash ? null : event, admin.patchJson(path, "{\"password\":\""
              + (random.nextBoolean() ? "pw" + n : "") + "\",\"excerpt\":\"" + n + "\"}"), 200);
          case 6 -> {
            if (inTrash) {
              write("event", event, admin.patchJson(path, "{\"status\":\"publish\"}"), 200);
              trashed.remove(event);
            } else {
              write("event", event, admin.delete(path), 200);
              trashed.add(event);
            }
          }
          case 7 -> {
            write("event", inTrash ? null : event, admin.delete(path + "?force=true"), 200);
            events.remove(event);
            trashed.remove(event);
          }
          case 8 -> {
            if (tags.isEmpty() || random.nextBoolean()) {
              JsonNode tag = write("tag", CREATED, admin.postJson(NS + "/tags", "{\"name\":\"" + name + " label " + n + "\"}"), 201);
              tags.add(ApiChecks.id(tag));
            } else {
              long tag = tags.remove(random.nextInt(tags.size()));
              write("tag", tag, admin.delete(NS + "/tags/" + tag), 200);
            }
          }
          default -> {
            if (venues.isEmpty() || random.nextBoolean()) {
              JsonNode venue = write("venue", CREATED, admin.postJson(NS + "/venues", "{\"venue\":\"" + name + " zaal " + n + "\"}"), 201);
              venues.add(ApiChecks.id(venue));
            } else {
              long venue = venues.get(random.nextInt(venues.size()));
              write("venue", venue, admin.patchJson(NS + "/venues/" + venue, "{\"city\":\"Stad " + n + "\"}"), 200);
            }
          }
        }
      }
    }

    /**
     * The answer's body when it has the expected status (else an assertion error), counted for the record {@code id}
     * ({@link #CREATED}: the one it created; null: not counted).
     */
    private JsonNode write(String kind, Long id, HttpResult answer, int expected) {
      assertThat(answer.status()).as(name + ": " + answer).isEqualTo(expected);
      JsonNode body = answer.json();
      if (id != null) acknowledged.merge(kind + " " + (CREATED.equals(id) ? ApiChecks.id(body) : id), 1, Integer::sum);
      return body;
    }
  }

  @Test
  void aWriteThatCannotGetTheDatabaseAnswers503WithRetryAfter() throws Exception {
    Assumptions.assumeFalse(TestServer.usesPostgres(), "SQLite only: another connection holds the file's write lock");
    try (var busy = TestServer.start(Map.of("AGENDA_DB_BUSY_TIMEOUT", "50"));
        Connection lock = busy.connectDirectly()) {
      var admin = busy.asAdmin();
      long event = ApiChecks.id(admin.postJson(NS + "/events", ApiChecks.event("Vooraf", "")).json());
      long tag = ApiChecks.id(admin.postJson(NS + "/tags", "{\"name\":\"vooraf\"}").json());
      lock.setAutoCommit(false);
      lock.createStatement().executeUpdate("UPDATE data_version SET version = version WHERE id = 1"); // takes the write lock

      for (HttpResult refused : List.of(
          admin.postJson(NS + "/events", ApiChecks.event("Tijdens", "")),
          admin.patchJson(NS + "/events/" + event, "{\"title\":\"Tijdens\"}"),
          admin.delete(NS + "/events/" + event),
          admin.postJson(NS + "/venues", "{\"venue\":\"Tijdens\"}"),
          admin.postJson(NS + "/categories", "{\"name\":\"Tijdens\"}"),
          admin.delete(NS + "/tags/" + tag))) {
        assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
        assertThat(refused.code()).isEqualTo("rest_service_unavailable");
        assertThat(refused.json().path("data").path("status").asInt()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
      }
      assertThat(admin.get(NS + "/events/" + event).status()).as("reads go on").isEqualTo(200);

      lock.rollback();
      assertThat(admin.get(NS + "/events/" + event).json().path("title").asText()).isEqualTo("Vooraf");
      assertThat(admin.get(NS + "/events?search=Tijdens").json().path("total").asInt()).isZero();
      assertThat(admin.postJson(NS + "/events", ApiChecks.event("Erna", "")).status()).isEqualTo(201);
    }
  }
}
