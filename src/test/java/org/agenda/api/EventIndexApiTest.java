package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The event list answered by the derived event index gives exactly what the database gives (issue #21): one server
 * with the index and one without ({@code AGENDA_INDEX=off}) on the same database are asked the same generated list
 * questions — every filter, date bounds in both modes, search with phrases, exclusions and short terms, languages,
 * statuses and callers with different rights, passwords, paging, the occurrences of series — and must answer the same
 * bytes. Then the server
 * without the index writes (moves, retitles, trashes, deletes events; trashes a venue, moves another; deletes a
 * category), as another instance would, and the indexed one, following the change log, must still agree.
 */
class EventIndexApiTest {
  private static final String NS = "/cal/events/v1";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] WORDS = {"concert", "orgel", "koor", "markt", "tentoonstelling", "lezing", "jazz",
      "zomeravond", "kinderen", "wandeling", "kasteel", "haven", "molen", "poëzie", "Ærø", "straße", "café"};
  private static final LocalDateTime NOW = LocalDateTime.of(2026, 3, 10, 14, 5);

  static TestServer indexed;
  static TestServer plain;
  static final List<Long> categories = new ArrayList<>();
  static final List<Long> tags = new ArrayList<>();
  static final List<Long> venues = new ArrayList<>();
  static final List<Long> organizers = new ArrayList<>();
  static final List<Long> events = new ArrayList<>();
  static final List<Long> seriesIds = new ArrayList<>();
  static final Map<String, String> passwords = new java.util.HashMap<>();
  static TestServer.Caller author;
  static TestServer.Caller contributor;

  @BeforeAll
  static void start() {
    indexed = TestServer.start();
    var random = new Random(20261125);
    var admin = indexed.asAdmin();
    String authorPassword = indexed.addUser("auteur", Role.AUTHOR);
    String contributorPassword = indexed.addUser("bijdrager", Role.CONTRIBUTOR);
    passwords.put("auteur", authorPassword);
    passwords.put("bijdrager", contributorPassword);
    author = indexed.as("auteur", authorPassword);
    contributor = indexed.as("bijdrager", contributorPassword);
    for (int root = 0; root < 3; root++) {
      long parent = id(admin.postJson(NS + "/categories", "{\"name\":\"Rubriek " + root + "\"}"));
      categories.add(parent);
      for (int child = 0; child < 2; child++) {
        categories.add(id(admin.postJson(NS + "/categories",
            "{\"name\":\"Rubriek " + root + "." + child + "\",\"parent\":" + parent + "}")));
      }
    }
    for (int i = 0; i < 5; i++) tags.add(id(admin.postJson(NS + "/tags", "{\"name\":\"label" + i + "\"}")));
    double[][] places = {{52.09, 5.12}, {52.37, 4.90}, {51.05, 3.72}, {52.16, 4.49}};
    for (int i = 0; i < 6; i++) {
      String geo = i < places.length ? ",\"geo_lat\":" + places[i][0] + ",\"geo_lng\":" + places[i][1] : "";
      venues.add(id(admin.postJson(NS + "/venues", "{\"venue\":\"Zaal " + i + "\"" + geo + "}")));
    }
    for (int i = 0; i < 3; i++) organizers.add(id(admin.postJson(NS + "/organizers", "{\"organizer\":\"Stichting " + i + "\"}")));
    for (int i = 0; i < 6; i++) {
      ObjectNode series = eventJson(random, i);
      series.putArray("recurrence").add(List.of("RRULE:FREQ=WEEKLY;COUNT=8", "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=6",
          "RRULE:FREQ=MONTHLY;BYDAY=1SA").get(i % 3));
      long first = id(admin.postJson(NS + "/events", series.toString()));
      events.add(first);
      seriesIds.add(first);
    }
    for (int i = 0; i < 90; i++) {
      indexed.clock.advance(Duration.ofMinutes(7));
      TestServer.Caller writer = i % 9 == 0 ? author : i % 11 == 0 ? contributor : admin;
      long event = id(writer.postJson(NS + "/events", eventJson(random, i).toString()));
      events.add(event);
      if (random.nextInt(10) < 4) {
        admin.patchJson("/en" + NS + "/events/" + event, text(random, "en").toString());
      }
      if (random.nextInt(10) < 3) {
        admin.patchJson("/fr" + NS + "/events/" + event, text(random, "fr").toString());
      }
    }
    plain = TestServer.start(Map.of("AGENDA_DB_URL", indexed.databaseUrl, "AGENDA_INDEX", "off"));
    plain.clock.set(indexed.clock.instant());
  }

  @AfterAll
  static void stop() {
    if (plain != null) plain.close();
    indexed.close();
  }

  @Test
  void theIndexAnswersWhatTheDatabaseAnswersBeforeAndAfterWritesOfAnotherInstance() {
    var random = new Random(7);
    compare(random, 260);

    var admin = plain.asAdmin();
    for (int i = 0; i < 12; i++) {
      long event = events.get(random.nextInt(events.size()));
      LocalDateTime start = NOW.plusDays(random.nextInt(400) - 100).withHour(10);
      admin.patchJson(NS + "/events/" + event, "{\"start_date\":\"" + format(start) + "\",\"end_date\":\""
          + format(start.plusHours(2)) + "\",\"title\":\"Verplaatst " + WORDS[random.nextInt(WORDS.length)] + "\"}");
    }
    admin.delete(NS + "/events/" + events.get(3));
    admin.delete(NS + "/events/" + events.get(4) + "?force=true");
    admin.patchJson(NS + "/events/" + events.get(5), "{\"password\":\"nieuw\",\"featured\":true}");
    admin.patchJson(NS + "/events/" + events.get(6), "{\"hide_from_listings\":true}");
    admin.patchJson(NS + "/events/" + seriesIds.get(0), "{\"title\":\"Reeks korter\",\"recurrence\":[\"RRULE:FREQ=WEEKLY;COUNT=3\"]}");
    admin.delete(NS + "/events/" + seriesIds.get(1));
    admin.delete(NS + "/venues/" + venues.get(0));
    admin.patchJson(NS + "/venues/" + venues.get(1), "{\"geo_lat\":51.44,\"geo_lng\":5.47}");
    admin.delete(NS + "/categories/" + categories.get(0));
    assertThat(admin.get(NS + "/events/" + events.get(4)).status()).isEqualTo(404);

    compare(random, 160);
  }

  /**
   * A word longer than the index's word fields hold (their tokenizer cuts words at 255 characters): a term across the
   * cut is found as the database finds it, also in a word of letters outside the basic plane (two chars each).
   */
  @Test
  void aTermAcrossTheCutOfAVeryLongWordIsFound() {
    var word = new StringBuilder();
    for (int i = 0; word.length() < 370; i++) word.append('x').append(i);
    String wide = new String(Character.toChars(0x1D4D0)).repeat(150);
    LocalDateTime start = NOW.plusDays(3);
    long event = id(indexed.asAdmin().postJson(NS + "/events", "{\"title\":\"Lang " + word + "\",\"description\":\""
        + wide + "\",\"start_date\":\"" + format(start) + "\",\"end_date\":\"" + format(start.plusHours(1)) + "\"}"));
    for (String term : List.of(word.substring(250, 262), word.substring(200, 300), word.substring(10, 30),
        wide.substring(240, 280))) {
      String path = NS + "/events?start_date=2000-01-01&search=" + encode(term);
      HttpResult fromIndex = indexed.anonymous().get(path);
      assertThat(fromIndex.json().path("events").findValuesAsText("id")).as(term).contains(Long.toString(event));
      assertThat(normalised(fromIndex, indexed)).as(term).isEqualTo(normalised(plain.anonymous().get(path), plain));
    }
  }

  @Test
  void theListIsAnsweredByTheIndexNotByCountingRows() {
    String path = NS + "/events?search=concert&per_page=5";
    assertThat(ApiChecks.statementsFor(indexed, indexed.asAdmin(), path))
        .isLessThan(ApiChecks.statementsFor(plain, plain.asAdmin(), path));
  }

  /** {@code count} random list questions, each asked of both servers by a random caller; the answers must be equal. */
  private static void compare(Random random, int count) {
    List<Function<TestServer, TestServer.Caller>> callers = List.of(TestServer::anonymous, TestServer::asAdmin,
        server -> server.as("auteur", passwords.get("auteur")), server -> server.as("bijdrager", passwords.get("bijdrager")));
    int nonEmpty = 0;
    for (int i = 0; i < count; i++) {
      String path = question(random);
      var caller = callers.get(random.nextInt(callers.size()));
      HttpResult fromIndex = caller.apply(indexed).get(path);
      HttpResult fromDatabase = caller.apply(plain).get(path);
      assertThat(fromIndex.status()).as(path).isEqualTo(fromDatabase.status());
      assertThat(normalised(fromIndex, indexed)).as(path).isEqualTo(normalised(fromDatabase, plain));
      assertThat(fromIndex.header("X-Cal-Total")).as(path).isEqualTo(fromDatabase.header("X-Cal-Total"));
      if (fromIndex.status() == 200 && !path.contains(".ics") && fromIndex.json().path("total").asInt() > 0) nonEmpty++;
    }
    // the questions select something most of the time, so that equal answers say something
    assertThat(nonEmpty).isGreaterThan(count / 3);
  }

  private static String normalised(HttpResult result, TestServer server) {
    return result.body().replace(server.url(""), "BASE/");
  }

  private static String question(Random random) {
    var params = new ArrayList<String>();
    if (random.nextInt(3) == 0) {
      LocalDateTime from = NOW.plusDays(random.nextInt(500) - 200).withHour(random.nextInt(24));
      params.add("start_date=" + encode(format(from)));
      if (random.nextBoolean()) params.add("end_date=" + encode(format(from.plusDays(random.nextInt(300)))));
      if (random.nextBoolean()) params.add("strict_dates=true");
    } else if (random.nextInt(4) == 0) {
      String[] relative = {"starts_before", "starts_after", "ends_before", "ends_after"};
      params.add(relative[random.nextInt(4)] + "=" + encode(format(NOW.plusDays(random.nextInt(300) - 100))));
      if (random.nextBoolean()) params.add("strict_dates=true");
    }
    if (random.nextInt(3) == 0) params.add("search=" + encode(search(random)));
    if (random.nextInt(5) == 0) params.add("categories=" + categories.get(random.nextInt(categories.size())));
    if (random.nextInt(6) == 0) params.add("tags=" + tags.get(random.nextInt(tags.size())) + "," + tags.get(random.nextInt(tags.size())));
    if (random.nextInt(6) == 0) params.add("venue=" + venues.get(random.nextInt(venues.size())));
    if (random.nextInt(8) == 0) params.add("organizer=" + organizers.get(random.nextInt(organizers.size())));
    if (random.nextInt(7) == 0) params.add("featured=" + random.nextBoolean());
    if (random.nextInt(7) == 0) params.add("geoloc=" + random.nextBoolean());
    if (random.nextInt(8) == 0) params.add("geoloc_lat=52.1&geoloc_lng=5.0&geoloc_radius=" + (20 + random.nextInt(60)));
    if (random.nextInt(10) == 0) {
      params.add("include=" + events.get(random.nextInt(events.size())) + "," + events.get(random.nextInt(events.size())));
    }
    if (random.nextInt(5) == 0) params.add("password=" + (random.nextBoolean() ? "geheim" : "anders"));
    if (random.nextInt(12) == 0) params.add("post_parent=" + seriesIds.get(random.nextInt(seriesIds.size())));
    if (random.nextInt(12) == 0) params.add("hide_subsequent_recurrences=true");
    if (random.nextInt(6) == 0) params.add("status=" + (random.nextBoolean() ? "publish" : "draft,pending,private,trash"));
    if (random.nextInt(8) == 0) params.add("modified_after=" + encode(format(NOW.plusMinutes(random.nextInt(600)))));
    if (random.nextInt(10) == 0) params.add("modified_before=" + encode(format(NOW.plusMinutes(random.nextInt(600)))));
    if (random.nextInt(3) == 0) params.add("per_page=" + (1 + random.nextInt(20)));
    if (random.nextInt(3) == 0) params.add("page=" + (1 + random.nextInt(4)));
    String language = List.of("", "", "/en", "/fr").get(random.nextInt(4));
    String route = random.nextInt(12) == 0 ? "/events.ics" : "/events";
    return language + NS + route + (params.isEmpty() ? "" : "?" + String.join("&", params));
  }

  /**
   * Words and pieces of words of the events' text, phrases, exclusions, terms too short for the index, and terms with
   * other characters than letters and digits or across two words written together, which the index's words do not
   * find alone.
   */
  private static String search(Random random) {
    String word = WORDS[random.nextInt(WORDS.length)];
    String next = WORDS[random.nextInt(WORDS.length)];
    return switch (random.nextInt(10)) {
      case 0 -> word.substring(0, Math.min(word.length(), 2 + random.nextInt(4)));
      case 1 -> word + " " + WORDS[random.nextInt(WORDS.length)];
      case 2 -> "\"" + word + " " + WORDS[random.nextInt(WORDS.length)] + "\"";
      case 3 -> word + " -" + WORDS[random.nextInt(WORDS.length)];
      case 4 -> word.toUpperCase(java.util.Locale.ROOT);
      case 5 -> "avond";
      case 7 -> word + List.of("-", ",", "").get(random.nextInt(3)) + next;
      case 8 -> word.substring(word.length() / 2) + next.substring(0, Math.min(next.length(), 3));
      case 9 -> (word + next).repeat(40).substring(0, 20 + random.nextInt(180));
      default -> word;
    };
  }

  private static ObjectNode eventJson(Random random, int i) {
    LocalDateTime start = NOW.plusDays(random.nextInt(600) - 200).withHour(8 + random.nextInt(12)).withMinute(0);
    ObjectNode event = text(random, "nl");
    event.put("start_date", format(start));
    event.put("end_date", format(start.plusHours(1 + random.nextInt(random.nextInt(8) == 0 ? 80 : 4))));
    int status = random.nextInt(10);
    if (status == 0) event.put("status", "draft");
    if (status == 1) event.put("status", "pending");
    if (status == 2) event.put("status", "private");
    if (random.nextInt(5) == 0) event.put("featured", true);
    if (random.nextInt(20) == 0) event.put("hide_from_listings", true);
    if (random.nextInt(8) == 0) event.put("password", random.nextBoolean() ? "geheim" : "anders");
    if (random.nextInt(5) != 0) event.put("venue", venues.get(random.nextInt(venues.size())));
    ArrayNode linked = event.putArray("organizer");
    for (int n = random.nextInt(3); n > 0; n--) linked.add(organizers.get(random.nextInt(organizers.size())));
    ArrayNode inCategories = event.putArray("categories");
    for (int n = random.nextInt(3); n > 0; n--) inCategories.add(categories.get(random.nextInt(categories.size())));
    ArrayNode withTags = event.putArray("tags");
    for (int n = random.nextInt(4); n > 0; n--) withTags.add(tags.get(random.nextInt(tags.size())));
    return event;
  }

  private static ObjectNode text(Random random, String language) {
    ObjectNode text = JSON.createObjectNode();
    text.put("title", words(random, 2 + random.nextInt(3)) + " " + language);
    text.put("description", "<p>" + words(random, 5 + random.nextInt(20)) + "</p>");
    if (random.nextBoolean()) text.put("excerpt", words(random, 4));
    return text;
  }

  /**
   * Words apart, or joined by other characters than letters and digits, or written together; now and then one word of
   * more letters than the index's word fields hold.
   */
  private static String words(Random random, int count) {
    var words = new StringBuilder();
    for (int i = 0; i < count; i++) {
      String word = WORDS[random.nextInt(WORDS.length)];
      if (i > 0) words.append(List.of(" ", " ", " ", "-", ", ", "").get(random.nextInt(6)));
      words.append(random.nextInt(4) == 0 ? word.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + word.substring(1) : word);
    }
    if (random.nextInt(12) == 0) {
      String first = WORDS[random.nextInt(WORDS.length)];
      String second = WORDS[random.nextInt(WORDS.length)];
      words.append(' ').append((first + second).repeat(60), 0, 150 + random.nextInt(200));
    }
    return words.toString();
  }

  private static String format(LocalDateTime moment) {
    return moment.toString().replace('T', ' ').substring(0, 16);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static long id(HttpResult result) {
    JsonNode body = result.json();
    assertThat(body.has("id")).as(result.body()).isTrue();
    return body.path("id").asLong();
  }
}
