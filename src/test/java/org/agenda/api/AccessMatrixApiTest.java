package org.agenda.api;

import static org.agenda.api.AccessFixtures.NS;
import static org.agenda.api.AccessFixtures.name;
import static org.agenda.api.AccessFixtures.nameField;
import static org.agenda.api.ApiChecks.q;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.agenda.api.AccessFixtures.Fixture;
import org.agenda.api.AccessFixtures.Spec;
import org.agenda.api.AccessFixtures.TermFixture;
import org.agenda.api.AccessRules.Answer;
import org.agenda.api.AccessRules.Who;
import org.agenda.api.AccessRules.Write;
import net.fortuna.ical4j.model.component.VEvent;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 8, part 4: the access matrix of §4. Every route and method of the namespace index (so a new route
 * is covered without touching this test) × every role, owner and status of events, venues and organizers
 * (plus password-protected events and the terms events carry), compared with {@link AccessRules}. Reads:
 * single records by id and slug, every list with and without {@code status}, {@code search} for the marker
 * words of each record, totals, embedded venues, organizers and terms, term counts and the
 * {@code event}/{@code post} filters; any answer containing a marker of a record the caller may not see is
 * a leak; the change feed, followed from its start, holds exactly the records {@link AccessRules#followed} allows
 * the caller and every term. Writes: update, trash and permanent delete must get exactly the allowed status, and the
 * rejected ones must change nothing. All differences are collected and reported together.
 */
class AccessMatrixApiTest {
  private static final List<String> RECORD_STATUSES =
      List.of("publish", "future", "draft", "pending", "private", "trash:draft", "trash:publish");
  private static final List<String> OWNERS = List.of("co", "au", "ed");
  private static final String PASSWORD = "geheim-pw";

  static TestServer server;
  static AccessFixtures make;
  static final List<Who> callers = new ArrayList<>();
  static final List<Fixture> fixtures = new ArrayList<>();
  static final Map<Long, Fixture> byId = new LinkedHashMap<>();
  /** Venues and organizers embedded in a published, unprotected event: anyone sees them unless trashed (§4.7). */
  static final Set<Long> embeddedInPublicEvents = new HashSet<>();

  private final List<String> leaks = new ArrayList<>();
  private final List<String> wrong = new ArrayList<>();
  private int cells;

  /** A route of the index: its key (a regular expression), collection and methods, and the args of each method. */
  record Route(String pattern, String collection, List<String> methods, Map<String, JsonNode> args) {
    boolean addressesOne() {
      return pattern.contains("(?P<");
    }

    /** The iCalendar form of a collection or record ({@code /events.ics}, {@code /events/{id}.ics}). */
    boolean calendar() {
      return pattern.endsWith("\\.ics");
    }

    /** The address of a route without path variables: its key with escaped characters as themselves. */
    String path() {
      return pattern.replace("\\.", ".");
    }

    String at(long id, String slug) {
      return path().replace("(?P<id>\\d+)", Long.toString(id)).replace("(?P<slug>[^/]+)", slug);
    }

    boolean accepts(String method, String arg) {
      return args.containsKey(method) && args.get(method).has(arg);
    }
  }

  @BeforeAll
  static void start() {
    server = TestServer.start();
    callers.add(new Who(null, null, server.anonymous()));
    callers.add(new Who("su", Role.SUBSCRIBER, server.as("su", server.addUser("su", Role.SUBSCRIBER))));
    callers.add(new Who("co", Role.CONTRIBUTOR, server.as("co", server.addUser("co", Role.CONTRIBUTOR))));
    callers.add(new Who("au", Role.AUTHOR, server.as("au", server.addUser("au", Role.AUTHOR))));
    callers.add(new Who("ed", Role.EDITOR, server.as("ed", server.addUser("ed", Role.EDITOR))));
    callers.add(new Who("admin", Role.ADMINISTRATOR, server.asAdmin()));
    make = new AccessFixtures(server);
    for (String owner : OWNERS) {
      for (String collection : List.of("venues", "organizers")) {
        for (String status : RECORD_STATUSES) add(make.create(Spec.of(collection, status, owner), "", false, true));
      }
    }
    Fixture secretVenue = add(make.create(Spec.of("venues", "publish", "ed"), "", false, true));
    Fixture secretOrganizer = add(make.create(Spec.of("organizers", "publish", "ed"), "", false, true));
    String secretLinks = "\"venue\":" + secretVenue.id() + ",\"organizer\":" + secretOrganizer.id();
    for (String owner : OWNERS) {
      for (String status : RECORD_STATUSES) add(make.create(Spec.of("events", status, owner), "", true, true));
      for (String status : List.of("publish", "draft")) {
        add(make.create(Spec.of("events", status, owner).withPassword(PASSWORD), secretLinks, true, true));
      }
    }
    // series: each with a later occurrence that must answer as its series does (status, owner, password)
    for (String status : List.of("publish", "draft", "trash:publish")) {
      make.createSeries(Spec.of("events", status, "au")).forEach(AccessMatrixApiTest::add);
    }
    make.createSeries(Spec.of("events", "pending", "co")).forEach(AccessMatrixApiTest::add);
    make.createSeries(Spec.of("events", "publish", "co").withPassword(PASSWORD)).forEach(AccessMatrixApiTest::add);
    // one published event per status of the editor's venues and organizers, to show what events embed
    List<Fixture> edVenues = fixtures.stream().filter(f -> f.owner().equals("ed") && f.collection().equals("venues")).toList();
    List<Fixture> edOrganizers = fixtures.stream().filter(f -> f.owner().equals("ed") && f.collection().equals("organizers")).toList();
    for (int i = 0; i < RECORD_STATUSES.size(); i++) {
      add(make.create(Spec.of("events", "publish", "admin"), "\"venue\":" + edVenues.get(i).id() + ",\"organizer\":"
          + edOrganizers.get(i).id(), false, true));
    }
    make.trashPending();
    for (Fixture f : fixtures) {
      if (f.collection().equals("events") && f.status().equals("publish") && f.password() == null) {
        embeddedInPublicEvents.addAll(f.venues());
        embeddedInPublicEvents.addAll(f.organizers());
      }
    }
  }

  static Fixture add(Fixture fixture) {
    fixtures.add(fixture);
    byId.put(fixture.id(), fixture);
    return fixture;
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void everyRouteMethodRoleAndStatusAnswersAsSection4Says() {
    long started = System.nanoTime();
    List<Route> routes = routes();
    for (Who who : callers) {
      for (Route route : routes) {
        if (!route.methods().contains("GET")) continue;
        if (route.addressesOne()) {
          readSingles(who, route);
        } else {
          readLists(who, route);
        }
      }
    }
    Map<Long, String> before = snapshots();
    for (Route route : routes) {
      for (String method : route.methods()) {
        if (method.equals("GET")) continue;
        for (Who who : callers) {
          if (route.addressesOne()) {
            writeSingles(who, route, method);
          } else {
            create(who, route, method);
          }
        }
      }
    }
    checkNothingChanged(before);
    long seconds = (System.nanoTime() - started) / 1_000_000_000L;
    System.out.println("AccessMatrixApiTest [" + (TestServer.usesPostgres() ? "postgres" : "sqlite") + "]: " + cells
        + " cells checked, " + leaks.size() + " leaks, " + wrong.size() + " wrong answers, " + seconds + " s");
    var report = new ArrayList<String>(leaks);
    report.addAll(wrong);
    org.assertj.core.api.Assertions.assertThat(report)
        .as("%d leaks and %d wrong answers:%n%s", leaks.size(), wrong.size(),
            String.join("\n", report.subList(0, Math.min(report.size(), 120))))
        .isEmpty();
  }

  // ---------------------------------------------------------------- the route registry

  static List<Route> routes() {
    JsonNode index = server.asAdmin().get(NS).json();
    var routes = new ArrayList<Route>();
    index.path("routes").fields().forEachRemaining(entry -> {
      var methods = new ArrayList<String>();
      entry.getValue().path("methods").forEach(m -> methods.add(m.asText()));
      Map<String, JsonNode> args = new LinkedHashMap<>();
      entry.getValue().path("endpoints").forEach(e -> e.path("methods").forEach(m -> args.put(m.asText(), e.path("args"))));
      String rest = entry.getKey().length() > NS.length() ? entry.getKey().substring(NS.length() + 1) : "";
      routes.add(new Route(entry.getKey(), rest.split("/")[0].replace("\\.ics", ""), methods, args));
    });
    return routes;
  }

  // ---------------------------------------------------------------- single reads

  void readSingles(Who who, Route route) {
    List<Fixture> own = fixtures.stream().filter(f -> f.collection().equals(route.collection())).toList();
    if (!own.isEmpty()) {
      for (Fixture f : own) {
        readSingle(who, route, f, null);
        if (f.password() != null) {
          readSingle(who, route, f, PASSWORD);
          readSingle(who, route, f, "wrong-" + PASSWORD);
        }
      }
      if (who.role() == Role.ADMINISTRATOR) readOtherTypes(who, route);
    } else if (List.of("categories", "tags").contains(route.collection())) {
      for (TermFixture term : make.terms) {
        if (!term.collection().equals(route.collection())) continue;
        HttpResult response = get(who, route.at(term.id(), ""), null);
        if (expectAnswer(who, "GET " + route.at(term.id(), ""), response, Answer.OK)) {
          checkTermCount(who, response.json(), "GET " + route.pattern());
        }
      }
    } else {
      // a route of a collection this test does not know yet: at least no leak and no server error
      for (Fixture f : fixtures) {
        HttpResult response = get(who, route.at(f.id(), f.slug()), null);
        check(response.status() < 500, wrong, who, "GET " + route.at(f.id(), f.slug()), "answered " + response);
      }
    }
  }

  void readSingle(Who who, Route route, Fixture f, String password) {
    String path = route.at(f.id(), f.slug()) + (password == null ? "" : "?password=" + password);
    HttpResult response = get(who, path, PASSWORD.equals(password) ? f.id() : null);
    if (expectAnswer(who, "GET " + path + " of " + f, response, AccessRules.read(who, f, password)) && response.status() == 200) {
      if (route.calendar()) {
        List<VEvent> events = CalendarChecks.events(CalendarChecks.parse(response));
        // a series: its VEVENT and one for its occurrence, which differs from the rule (a text of its own)
        int vevents = make.seriesOf.containsValue(f.id()) ? 2 : 1;
        check(events.size() == vevents && events.stream().allMatch(e -> CalendarChecks.id(e) == f.id()), wrong, who,
            "GET " + path, "answered another calendar");
        if (events.size() == 1) checkCalendarEvent(who, events.get(0), f, "GET " + path);
        return;
      }
      check(response.json().path("id").asLong() == f.id(), wrong, who, "GET " + path, "answered another record");
      if (f.collection().equals("events")) checkEmbedded(who, response.json(), f, password, "GET " + path);
    }
  }

  /** A record of another collection on an id or slug route is not found (§6.5.1 step 2, §6.9). */
  void readOtherTypes(Who who, Route route) {
    for (Fixture f : fixtures) {
      if (f.collection().equals(route.collection())) continue;
      String path = route.at(f.id(), f.slug());
      boolean eventId = route.collection().equals("events") && route.pattern().contains("(?P<id>");
      expectAnswer(who, "GET " + path + " of " + f, get(who, path, null),
          new Answer(400, eventId ? "rest-invalid-event-id" : "rest_invalid_param"));
    }
  }

  // ---------------------------------------------------------------- lists

  void readLists(Who who, Route route) {
    String collection = route.collection();
    boolean records = List.of("events", "venues", "organizers").contains(collection);
    boolean terms = List.of("categories", "tags").contains(collection);
    if (records) {
      checkFullList(who, route, null, AccessRules.defaultStatuses(who));
      if (route.accepts("GET", "status")) {
        if (who.atLeast(Role.CONTRIBUTOR)) {
          checkFullList(who, route, String.join(",", AccessRules.ALL_STATUSES), AccessRules.ALL_STATUSES);
        } else {
          HttpResult refused = get(who, route.path() + "?status=draft", null);
          check(refused.status() == 400 && refused.json().path("data").path("details").path("status").path("code")
              .asText().equals("rest_not_allowed"), wrong, who, "GET " + route.path() + "?status=draft", "answered " + refused);
        }
      }
    } else if (terms) {
      checkTermList(who, route, false);
      checkTermList(who, route, true);
    } else if (collection.equals("changes")) {
      checkChangeFeed(who, route);
    } else {
      HttpResult response = get(who, route.path(), null);
      check(response.status() == 200, wrong, who, "GET " + route.path(), "answered " + response.status());
    }
    if (route.accepts("GET", "search")) searchMarkers(who, route);
    String linkFilter = route.accepts("GET", "event") ? "event" : route.accepts("GET", "post") ? "post" : null;
    if (linkFilter != null) filterByEvent(who, route, linkFilter);
  }

  /** The items of every page of a list and its total. */
  record Pages(List<JsonNode> items, int total) {}

  /** Every page of the list with the query (per_page=50), or null when a page is not answered with 200. */
  Pages allPages(Who who, Route route, String query) {
    var items = new ArrayList<JsonNode>();
    int total = -1;
    for (int page = 1; total < 0 || page <= (total + 49) / 50; page++) {
      HttpResult response = get(who, route.path() + query + "&page=" + page, null);
      if (!expectAnswer(who, "GET " + route.path() + query, response, Answer.OK)) return null;
      total = response.json().path("total").asInt();
      response.json().path(route.collection()).forEach(items::add);
    }
    return new Pages(items, total);
  }

  /** Every page of a list: exactly the records the rules show, with a matching total, each as it must look. */
  void checkFullList(Who who, Route route, String statusParam, List<String> statuses) {
    if (route.calendar()) {
      checkFeed(who, route, statusParam, statuses);
      return;
    }
    String query = "?per_page=50" + (statusParam == null ? "" : "&status=" + statusParam);
    Pages pages = allPages(who, route, query);
    if (pages == null) return;
    Set<Long> seen = new HashSet<>();
    for (JsonNode item : pages.items()) {
      seen.add(item.path("id").asLong());
      Fixture f = byId.get(item.path("id").asLong());
      if (f != null && f.collection().equals("events")) checkEmbedded(who, item, f, null, "GET " + route.pattern() + query);
    }
    int total = pages.total();
    Set<Long> expected = new HashSet<>();
    for (Fixture f : fixtures) {
      if (f.collection().equals(route.collection()) && AccessRules.listed(who, f, statuses)) expected.add(f.id());
    }
    for (Fixture f : fixtures) {
      if (!f.collection().equals(route.collection())) continue;
      boolean shown = seen.contains(f.id());
      check(shown == expected.contains(f.id()), shown ? leaks : wrong, who, "GET " + route.pattern() + query,
          (shown ? "lists " : "does not list ") + f);
    }
    check(total == expected.size(), total > expected.size() ? leaks : wrong, who, "GET " + route.pattern() + query,
        "total " + total + ", expected " + expected.size());
  }

  /**
   * The change feed followed from its start as the caller: it ends with exactly the fixtures the caller may follow
   * and every term; a record of another owner or status it may not read is never mentioned (the answers carry ids
   * only, so a mention is checked rather than a marker).
   */
  void checkChangeFeed(Who who, Route route) {
    String context = "GET " + route.pattern();
    HttpResult first = get(who, route.pattern() + "?per_page=50", null);
    if (!expectAnswer(who, context, first, Answer.OK)) return;
    var follower = new FeedFollower(who.toString());
    List<FeedFollower.Change> changes;
    try {
      changes = follower.catchUp(who.http(), 50);
    } catch (AssertionError refused) {
      check(false, wrong, who, context, refused.getMessage());
      return;
    }
    follower.problems().forEach(problem -> check(false, wrong, who, context, problem));
    Map<String, Set<Long>> held = follower.present();
    for (Fixture f : fixtures) {
      boolean shown = held.get(f.type()).contains(f.id());
      check(shown == AccessRules.followed(who, f), shown ? leaks : wrong, who, context, (shown ? "holds " : "does not hold ") + f);
    }
    for (TermFixture term : make.terms) {
      String kind = term.collection().equals("categories") ? "category" : "tag";
      check(held.get(kind).contains(term.id()), wrong, who, context, "does not hold the " + kind + " of " + term.carrier());
    }
    Set<Long> mentioned = new HashSet<>();
    for (FeedFollower.Change change : changes) {
      if (List.of("event", "venue", "organizer").contains(change.kind())) mentioned.add(change.id());
    }
    for (long id : mentioned) {
      Fixture f = byId.get(id);
      // a record made for the matrix and never readable by the caller must not appear at all; the trashed ones were
      // readable before their trashing by some, which is when the feed tells them
      boolean everFollowed = f != null && (AccessRules.followed(who, f) || f.trashedFrom() != null
          && AccessRules.followed(who, new Fixture(f.collection(), f.trashedFrom(), null, f.password(), f.owner(), f.id(),
              f.slug(), f.nameMarker(), f.bodyMarker(), f.venues(), f.organizers(), f.terms())));
      check(everFollowed, leaks, who, context, "mentions " + (f == null ? "unknown record " + id : f.toString()));
    }
  }

  /** §5.8: a term counts the published events carrying it; {@code hide_empty} leaves out the others. */
  void checkTermList(Who who, Route route, boolean hideEmpty) {
    String query = "?per_page=50&hide_empty=" + hideEmpty;
    Pages pages = allPages(who, route, query);
    if (pages == null) return;
    Set<Long> seen = new HashSet<>();
    for (JsonNode item : pages.items()) {
      seen.add(item.path("id").asLong());
      checkTermCount(who, item, "GET " + route.pattern() + query);
    }
    for (TermFixture term : make.terms) {
      if (!term.collection().equals(route.collection())) continue;
      boolean expected = !hideEmpty || publishedCount(term) > 0;
      boolean shown = seen.contains(term.id());
      check(shown == expected, shown ? leaks : wrong, who, "GET " + route.pattern() + query,
          (shown ? "lists " : "does not list ") + "the term of " + term.carrier());
    }
  }

  static int publishedCount(TermFixture term) {
    return term.carrier().status().equals("publish") ? 1 : 0;
  }

  void checkTermCount(Who who, JsonNode term, String context) {
    make.terms.stream().filter(t -> t.id() == term.path("id").asLong()).findFirst().ifPresent(t ->
        check(term.path("count").asInt() == publishedCount(t), term.path("count").asInt() > publishedCount(t) ? leaks : wrong,
            who, context, "count " + term.path("count") + " for the term of " + t.carrier()));
  }

  /**
   * {@code search} for the name and the protected-text marker of every record of the list's collection,
   * and for the name of every other record (which no list of another collection may find).
   */
  void searchMarkers(Who who, Route route) {
    boolean statusFilter = route.accepts("GET", "status") && who.atLeast(Role.CONTRIBUTOR);
    for (Fixture f : fixtures) {
      boolean sameCollection = f.collection().equals(route.collection());
      boolean listed = sameCollection && shown(who, route, f, AccessRules.defaultStatuses(who));
      searchOne(who, route, f.nameMarker(), "", listed, f);
      if (!sameCollection) continue;
      searchOne(who, route, f.bodyMarker(), "", listed && AccessRules.unlocked(who, f, null), f);
      if (statusFilter) {
        String all = "&status=" + String.join(",", AccessRules.ALL_STATUSES);
        boolean listedAll = sameCollection && shown(who, route, f, AccessRules.ALL_STATUSES);
        searchOne(who, route, f.nameMarker(), all, listedAll, f);
        searchOne(who, route, f.bodyMarker(), all, listedAll && AccessRules.unlocked(who, f, null), f);
      }
    }
  }

  /** Whether a list (§4.7) or feed (which leaves out the protected events it does not unlock) shows the record. */
  static boolean shown(Who who, Route route, Fixture f, List<String> statuses) {
    return route.calendar() ? AccessRules.inFeed(who, f, statuses, null) : AccessRules.listed(who, f, statuses);
  }

  void searchOne(Who who, Route route, String marker, String extra, boolean found, Fixture f) {
    String path = route.path() + "?search=" + marker + extra
        + (route.accepts("GET", "hide_empty") ? "&hide_empty=false" : "");
    HttpResult response = get(who, path, null);
    if (!expectAnswer(who, "GET " + path, response, Answer.OK)) return;
    int total = route.calendar() ? CalendarChecks.events(CalendarChecks.parse(response)).size()
        : response.json().path("total").asInt();
    String header = response.header("X-Cal-Total");
    // a feed that finds an occurrence holds its series too: the series' VEVENT and the occurrence's
    int vevents = route.calendar() && found && make.seriesOf.containsKey(f.id()) ? 2 : found ? 1 : 0;
    check(total == vevents && Objects.equals(header, Integer.toString(found ? 1 : 0)), total > vevents ? leaks : wrong,
        who, "GET " + path, "total " + total + " (X-Cal-Total " + header + ") for " + f);
  }

  /** The {@code event}/{@code post} filter shows what an event links only to those who may see its links. */
  void filterByEvent(Who who, Route route, String param) {
    for (Fixture event : fixtures) {
      if (!event.collection().equals("events")) continue;
      String path = route.path() + "?" + param + "=" + event.id() + "&per_page=50"
          + (route.accepts("GET", "hide_empty") ? "&hide_empty=false" : "");
      HttpResult response = get(who, path, null);
      if (!expectAnswer(who, "GET " + path, response, Answer.OK)) continue;
      Set<Long> seen = new HashSet<>();
      response.json().path(route.collection()).forEach(item -> seen.add(item.path("id").asLong()));
      Set<Long> expected = new HashSet<>();
      if (AccessRules.linksVisible(who, event)) {
        for (TermFixture term : make.terms) {
          // an occurrence carries the terms of its series
          boolean carried = term.carrier() == event || term.carrier().id() == make.seriesOf.getOrDefault(event.id(), -1L);
          if (carried && term.collection().equals(route.collection())) expected.add(term.id());
        }
        for (long linked : AccessFixtures.concat(event.venues(), event.organizers())) {
          Fixture record = byId.get(linked);
          if (record.collection().equals(route.collection())
              && AccessRules.listed(who, record, AccessRules.defaultStatuses(who))) {
            expected.add(linked);
          }
        }
      }
      check(expected.containsAll(seen), leaks, who, "GET " + path, "shows " + seen + " of " + event + ", expected " + expected);
      check(seen.containsAll(expected), wrong, who, "GET " + path, "shows " + seen + " of " + event + ", expected " + expected);
    }
  }

  /**
   * An event as shown to the caller: a locked protected one stripped (§4.8); otherwise its non-trashed
   * venues and organizers (§4.7) and its terms, each counting published events only.
   */
  void checkEmbedded(Who who, JsonNode event, Fixture f, String password, String context) {
    boolean locked = !AccessRules.unlocked(who, f, password);
    List<Long> venues = AccessFixtures.ids(event.path("venue"));
    List<Long> organizers = AccessFixtures.ids(event.path("organizer"));
    List<Long> terms = AccessFixtures.concat(AccessFixtures.ids(event.path("categories")), AccessFixtures.ids(event.path("tags")));
    if (locked) {
      boolean stripped = venues.isEmpty() && organizers.isEmpty() && terms.isEmpty()
          && event.path("description").asText().isEmpty() && event.path("excerpt").asText().isEmpty()
          && event.path("website").asText().isEmpty() && event.path("cost").asText().isEmpty()
          && event.path("featured").isNull() && !event.has("json_ld");
      check(stripped, leaks, who, context, "shows protected fields of " + f);
      return;
    }
    check(venues.equals(f.venues().stream().filter(id -> AccessRules.embeddable(byId.get(id))).toList()),
        venues.stream().anyMatch(id -> !AccessRules.embeddable(byId.get(id))) ? leaks : wrong, who, context,
        "embeds venues " + venues + " in " + f);
    check(organizers.equals(f.organizers().stream().filter(id -> AccessRules.embeddable(byId.get(id))).toList()),
        organizers.stream().anyMatch(id -> !AccessRules.embeddable(byId.get(id))) ? leaks : wrong, who, context,
        "embeds organizers " + organizers + " in " + f);
    check(terms.equals(f.terms()), wrong, who, context, "embeds terms " + terms + " in " + f);
    for (String key : List.of("categories", "tags")) event.path(key).forEach(term -> checkTermCount(who, term, context));
    if (event.has("json_ld")) {
      check(event.path("json_ld").has("location") == !venues.isEmpty(), leaks, who, context, "json_ld location of " + f);
    }
  }

  /**
   * The feed: exactly the events a list with these statuses shows, less the protected ones the caller has not
   * unlocked, with a matching {@code X-Cal-Total}; each event as it must look.
   */
  void checkFeed(Who who, Route route, String statusParam, List<String> statuses) {
    String path = route.path() + (statusParam == null ? "" : "?status=" + statusParam);
    HttpResult response = get(who, path, null);
    if (!expectAnswer(who, "GET " + path, response, Answer.OK)) return;
    var calendar = CalendarChecks.parse(response);
    Map<Long, VEvent> shown = CalendarChecks.byId(calendar);
    for (Fixture f : fixtures) {
      if (!f.collection().equals(route.collection())) continue;
      // an occurrence that differs from its series is a VEVENT with the series' UID: counted below
      if (make.seriesOf.containsKey(f.id())) continue;
      boolean expected = AccessRules.inFeed(who, f, statuses, null);
      boolean found = shown.containsKey(f.id());
      check(found == expected, found ? leaks : wrong, who, "GET " + path, (found ? "shows " : "does not show ") + f);
      if (found) checkCalendarEvent(who, shown.get(f.id()), f, "GET " + path);
    }
    long expected = fixtures.stream().filter(f -> f.collection().equals(route.collection())
        && AccessRules.inFeed(who, f, statuses, null)).count();
    int vevents = CalendarChecks.events(calendar).size();
    check(vevents == expected && Objects.equals(response.header("X-Cal-Total"), Long.toString(expected))
        && "0".equals(response.header("X-Cal-Omitted")), vevents > expected ? leaks : wrong, who, "GET " + path,
        vevents + " events (X-Cal-Total " + response.header("X-Cal-Total") + "), expected " + expected);
  }

  /**
   * An event in a calendar: never a locked one (it has no stripped form there); its first non-trashed venue as
   * LOCATION, its first non-trashed organizer as ORGANIZER (§4.7), its categories.
   */
  void checkCalendarEvent(Who who, VEvent event, Fixture f, String context) {
    List<Long> venues = f.venues().stream().filter(id -> AccessRules.embeddable(byId.get(id))).toList();
    List<Long> organizers = f.organizers().stream().filter(id -> AccessRules.embeddable(byId.get(id))).toList();
    String location = CalendarChecks.value(event, "LOCATION");
    String organizer = CalendarChecks.parameter(event, "ORGANIZER", "CN");
    check(venues.isEmpty() ? location == null : location != null && location.contains(byId.get(venues.get(0)).nameMarker()),
        location != null && venues.isEmpty() ? leaks : wrong, who, context, "LOCATION " + location + " of " + f);
    check(organizers.isEmpty() ? organizer == null
            : organizer != null && organizer.contains(byId.get(organizers.get(0)).nameMarker()),
        organizer != null && organizers.isEmpty() ? leaks : wrong, who, context, "ORGANIZER " + organizer + " of " + f);
    check((CalendarChecks.value(event, "CATEGORIES") != null) == !f.terms().isEmpty(), wrong, who, context,
        "CATEGORIES " + CalendarChecks.value(event, "CATEGORIES") + " of " + f);
  }

  // ---------------------------------------------------------------- writes

  void writeSingles(Who who, Route route, String method) {
    List<Write> writes = method.equals("DELETE") ? List.of(Write.TRASH, Write.FORCE_DELETE) : List.of(Write.UPDATE);
    boolean terms = List.of("categories", "tags").contains(route.collection());
    for (Write write : writes) {
      if (terms) {
        for (TermFixture term : make.terms) {
          if (term.collection().equals(route.collection())) writeTerm(who, route, method, write, term.id());
        }
        continue;
      }
      for (Fixture f : fixtures) {
        if (f.collection().equals(route.collection())) writeRecord(who, route, method, write, f);
      }
    }
  }

  void writeRecord(Who who, Route route, String method, Write write, Fixture f) {
    Answer expected = AccessRules.write(who, f, write);
    // allowed trashing and deleting act on a copy, so that the fixtures stay as they are for everyone
    Fixture target = expected.success() && write != Write.UPDATE ? make.copy(f) : f;
    String path = route.at(target.id(), target.slug()) + (write == Write.FORCE_DELETE ? "?force=true" : "");
    String body = write != Write.UPDATE ? null : expected.success() ? sameName(f) : hijack(f.collection());
    HttpResult response = send(who, method, path, body);
    if (!expectAnswer(who, method + " " + path + " of " + f, response, expected) || !expected.success()) return;
    HttpResult after = server.asAdmin().get(target.path());
    boolean effect = switch (write) {
      case UPDATE -> after.json().path("status").asText().equals(f.status());
      case TRASH -> response.json().path("status").asText().equals("trash") && after.json().path("status").asText().equals("trash");
      case FORCE_DELETE -> after.status() == (f.collection().equals("events") ? 404 : 400);
    };
    check(effect, wrong, who, method + " " + path, write + " of " + f + " left " + after);
  }

  void writeTerm(Who who, Route route, String method, Write write, long termId) {
    Answer routeLevel = AccessRules.routeLevel(who, route.collection());
    Answer expected = routeLevel != null ? routeLevel : Answer.OK;
    long target = expected.success() && write != Write.UPDATE ? make.term(route.collection()) : termId;
    String path = route.at(target, "") + (write == Write.FORCE_DELETE ? "?force=true" : "");
    String body = write != Write.UPDATE ? null : expected.success() ? "{}" : hijack(route.collection());
    expectAnswer(who, method + " " + path, send(who, method, path, body), expected);
  }

  /** A write body that would change the record visibly (name, status, a new linked venue) if it got through. */
  static String hijack(String collection) {
    return switch (collection) {
      case "events" -> "{\"title\":\"Hijack\",\"status\":\"publish\",\"venue\":{\"venue\":\"Hijack zaal\"}}";
      case "venues", "organizers" -> "{" + q(nameField(collection)) + ":\"Hijack\",\"status\":\"publish\"}";
      default -> "{\"name\":\"Hijack\"}";
    };
  }

  /** An update that changes nothing: the Dutch name the record already has. */
  static String sameName(Fixture f) {
    return "{" + q(nameField(f.collection())) + ":" + q(name(f.collection(), "nl", f.nameMarker())) + "}";
  }

  /** POST on a collection: 401/403 below the route's role; otherwise 201, with the status of §4.6. */
  void create(Who who, Route route, String method) {
    JsonNode args = route.args().get(method);
    var body = new StringBuilder("{");
    args.fields().forEachRemaining(arg -> {
      if (!arg.getValue().path("required").asBoolean()) return;
      String value = switch (arg.getKey()) {
        case "start_date" -> "tomorrow 20:00";
        case "end_date" -> "tomorrow 22:00";
        default -> "Nieuw " + route.collection() + " " + who.name() + " " + cells;
      };
      body.append(body.length() > 1 ? "," : "").append(q(arg.getKey())).append(':').append(q(value));
    });
    if (args.has("status")) body.append(body.length() > 1 ? "," : "").append("\"status\":\"publish\"");
    Answer routeLevel = AccessRules.WRITE_ROLE.containsKey(route.collection())
        ? AccessRules.routeLevel(who, route.collection()) : null;
    HttpResult response = send(who, method, route.path(), body.append('}').toString());
    if (!expectAnswer(who, method + " " + route.pattern(), response, routeLevel != null ? routeLevel : new Answer(201, null))) return;
    if (routeLevel == null && args.has("status")) {
      String status = response.json().path("status").asText();
      check(status.equals(AccessRules.statusAfterCreate(who)), wrong, who, method + " " + route.pattern(), "stored " + status);
    }
  }

  // ---------------------------------------------------------------- nothing changed

  static Map<Long, String> snapshots() {
    Map<Long, String> bodies = new LinkedHashMap<>();
    for (Fixture f : fixtures) bodies.put(f.id(), server.asAdmin().get(f.path()).body());
    return bodies;
  }

  /** Rejected writes and updates that change nothing left every record as it was, and created nothing. */
  void checkNothingChanged(Map<Long, String> before) {
    Who admin = callers.get(callers.size() - 1);
    Map<Long, String> after = snapshots();
    for (Fixture f : fixtures) {
      check(before.get(f.id()).equals(after.get(f.id())), wrong, admin, "GET " + f.path(), f + " changed: " + after.get(f.id()));
    }
    String all = "&status=" + String.join(",", AccessRules.ALL_STATUSES);
    for (String list : List.of("events?search=hijack" + all, "venues?search=hijack" + all, "organizers?search=hijack" + all,
        "categories?search=hijack&hide_empty=false", "tags?search=hijack&hide_empty=false")) {
      HttpResult response = get(admin, NS + "/" + list, null);
      check(response.json().path("total").asInt() == 0, wrong, admin, "GET " + list, "a rejected write stored " + response);
    }
  }

  // ---------------------------------------------------------------- requests and findings

  HttpResult get(Who who, String path, Long unlockedEvent) {
    HttpResult response = who.http().get(path);
    checkNoLeak(who, "GET " + path, response, unlockedEvent);
    return response;
  }

  HttpResult send(Who who, String method, String path, String body) {
    HttpResult response = who.http().send(method, path, body == null ? null : "application/json", body, Map.of());
    checkNoLeak(who, method + " " + path, response, null);
    return response;
  }

  /**
   * No answer may carry the markers of a record the caller cannot read (venues and organizers embedded
   * in public events excepted, §4.7), nor the protected text of an event it has not unlocked.
   */
  void checkNoLeak(Who who, String request, HttpResult response, Long unlockedEvent) {
    // navigation URLs echo the searched word: that is the caller's own text, not a leak; a calendar's long lines
    // are folded, which may cut a marker in two
    String text = CalendarChecks.MEDIA_TYPE.equals(response.header("Content-Type"))
        ? CalendarChecks.unfolded(response.body()) : response.body();
    String body = text.replaceAll("search=(nm|bd)\\d{4}x", "");
    var shown = new ArrayList<String>();
    for (Fixture f : fixtures) {
      boolean readable = AccessRules.canRead(who, f)
          || embeddedInPublicEvents.contains(f.id()) && AccessRules.embeddable(f);
      // the password of a series unlocks its occurrences (they have the series' password)
      boolean textShown = readable && (AccessRules.unlocked(who, f, null) || Objects.equals(unlockedEvent, f.id())
          || unlockedEvent != null && Objects.equals(unlockedEvent, make.seriesOf.get(f.id())));
      if (!readable && body.contains(f.nameMarker())) shown.add("the name of " + f);
      if (!textShown && body.contains(f.bodyMarker())) shown.add("the protected text of " + f);
    }
    check(shown.isEmpty(), leaks, who, request, "shows " + String.join(", ", shown));
    check(response.status() < 500, wrong, who, request, "answered " + response);
  }

  boolean expectAnswer(Who who, String request, HttpResult response, Answer expected) {
    boolean same = response.status() == expected.status()
        && (expected.code() == null || expected.code().equals(response.code()));
    String problem = "answered " + response.status() + (response.status() >= 400 ? " " + response.code() : "") + ", expected " + expected;
    check(same, response.status() == 200 && !expected.success() ? leaks : wrong, who, request, problem);
    return same;
  }

  void check(boolean holds, List<String> findings, Who who, String request, String problem) {
    cells++;
    if (!holds) findings.add(who + " " + request + ": " + problem);
  }
}
