package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.id;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.EventListApiTest.enc;
import static org.agenda.api.EventListApiTest.pathOf;
import static org.agenda.api.VenueApiTest.EVENTS;
import static org.agenda.api.VenueApiTest.VENUES;
import static org.agenda.api.VenueApiTest.VENUE_KEYS;
import static org.agenda.api.VenueApiTest.assertError;
import static org.agenda.api.VenueApiTest.eventId;
import static org.agenda.api.VenueApiTest.listIds;
import static org.agenda.api.VenueApiTest.obj;
import static org.agenda.api.VenueApiTest.ok;
import static org.agenda.api.VenueApiTest.venue;
import static org.agenda.api.VenueApiTest.vid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /venues} (§6.7): envelope, paging, headers and navigation URLs (§5.11, §2.7, §2.10), order,
 * search (fragments, fields, language T), the {@code event}, {@code has_events} and {@code only_with_upcoming}
 * filters, the {@code status} filter per caller (§4.7) and trashed venues (§4.9); §12 rows 73 and 74.
 * Every test isolates its venues with a word of its own in {@code search}. Now is 2026-03-10 14:05 CET.
 */
class VenueListApiTest {
  static final String ALL_MEMBER_STATUSES = "publish%2Cfuture%2Cdraft%2Cpending%2Cprivate";

  static TestServer server;
  static TestServer.Caller ed, au, co, su, anon;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void resetClock() {
    server.clock.set(TestServer.DEFAULT_NOW);
  }

  static List<Long> ids(HttpResult response) {
    return listIds(response, "venues");
  }

  static List<Long> ids(TestServer.Caller caller, String query) {
    return ids(caller.get(VENUES + query));
  }

  static String restUrl(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json().path("rest_url").asText();
  }

  static ObjectNode named(String name, Object... more) {
    ObjectNode body = obj(more);
    body.put("venue", name);
    return body;
  }

  /** An event (by the editor) linking the given venues. */
  static long eventWith(String title, String start, String end, Object... extraAndVenues) {
    ObjectNode body = obj("title", title, "start_date", start, "end_date", end);
    body.setAll(obj(extraAndVenues));
    return eventId(ed, body);
  }

  // ---------------------------------------------------------------------------------------------
  // envelope, paging, order (§5.11)

  @Test
  void pagingEnvelopeHeadersAndOrder() {
    // publication dates chosen so that date order and id order differ
    long b = vid(ed, named("Reeks B", "date", "2026-01-01 10:00"));
    long a = vid(ed, named("Reeks A", "date", "2026-01-05 10:00"));
    long d = vid(ed, named("Reeks D", "date", "2026-01-02 10:00"));
    long c = vid(ed, named("Reeks C", "date", "2026-01-03 10:00"));
    long e = vid(ed, named("Reeks E", "date", "2026-01-02 10:00"));

    HttpResult all = anon.get(VENUES + "?search=reeks");
    assertThat(ids(all)).as("date descending, then id descending").containsExactly(a, c, e, d, b);
    JsonNode allJson = all.json();
    assertThat(keys(allJson)).containsExactly("venues", "rest_url", "total", "total_pages");
    assertThat(allJson.path("total").isInt()).isTrue();
    assertThat(allJson.path("total").asInt()).isEqualTo(5);
    assertThat(allJson.path("total_pages").asInt()).isEqualTo(1);
    assertThat(all.header("X-Cal-Total")).isEqualTo("5");
    assertThat(all.header("X-Cal-TotalPages")).isEqualTo("1");
    assertThat(all.header("Link")).isNull();
    assertThat(all.header("Content-Language")).isEqualTo("nl");
    assertThat(allJson.path("rest_url").asText()).isEqualTo(server.url(VENUES + "/?per_page=12&search=reeks&status=publish&page=1"));

    String nav = server.url(VENUES + "/?per_page=2&search=reeks&status=publish&page=");
    HttpResult second = anon.get(VENUES + "?search=reeks&per_page=2&page=2");
    assertThat(ids(second)).containsExactly(e, d);
    JsonNode json = second.json();
    assertThat(keys(json)).containsExactly("venues", "rest_url", "next_rest_url", "previous_rest_url", "total", "total_pages");
    assertThat(json.path("total").asInt()).isEqualTo(5);
    assertThat(json.path("total_pages").asInt()).isEqualTo(3);
    assertThat(second.header("X-Cal-Total")).isEqualTo("5");
    assertThat(second.header("X-Cal-TotalPages")).isEqualTo("3");
    assertThat(json.path("rest_url").asText()).isEqualTo(nav + "2");
    assertThat(json.path("next_rest_url").asText()).isEqualTo(nav + "3");
    assertThat(json.path("previous_rest_url").asText()).isEqualTo(nav + "1");
    assertThat(second.header("Link")).isEqualTo("<" + nav + "3>; rel=\"next\", <" + nav + "1>; rel=\"prev\"");

    HttpResult last = anon.get(pathOf(server, json.path("next_rest_url").asText()));
    assertThat(ids(last)).containsExactly(b);
    assertThat(keys(last.json())).containsExactly("venues", "rest_url", "previous_rest_url", "total", "total_pages");
    assertThat(last.header("Link")).isEqualTo("<" + nav + "2>; rel=\"prev\"");
    HttpResult first = anon.get(VENUES + "?search=reeks&per_page=2");
    assertThat(ids(first)).containsExactly(a, c);
    assertThat(keys(first.json())).containsExactly("venues", "rest_url", "next_rest_url", "total", "total_pages");
    assertThat(first.header("Link")).isEqualTo("<" + nav + "2>; rel=\"next\"");

    HttpResult beyond = anon.get(VENUES + "?search=reeks&per_page=2&page=4");
    assertError(beyond, 404, "venue-archive-page-not-found");
    assertThat(beyond.json().path("message").asText()).isEqualTo("The requested venue archive page does not exist");
    // per_page is capped at 50
    HttpResult capped = anon.get(VENUES + "?search=reeks&per_page=100");
    assertThat(restUrl(capped)).isEqualTo(server.url(VENUES + "/?per_page=50&search=reeks&status=publish&page=1"));
    assertThat(ids(capped)).hasSize(5);
  }

  @Test
  void row73SearchEmptyResultAndPageBeyondTheEnd() {
    long temple = vid(ed, named("Zoek Salle Pleyel", "address", "100, Avenue du Temple", "city", "Paris"));
    vid(ed, named("Zoek Temple", "city", "Avenue")); // the two words, but in different fields
    assertThat(ids(anon, "?search=" + enc("temple avenue"))).containsExactly(temple);
    assertThat(ids(anon, "?search=" + enc("AVENUE,temple"))).containsExactly(temple);

    HttpResult none = anon.get(VENUES + "?search=zzzz");
    assertThat(ids(none)).isEmpty();
    assertThat(keys(none.json())).containsExactly("venues", "rest_url", "total", "total_pages");
    assertThat(none.json().path("total").asInt()).isZero();
    assertThat(none.json().path("total_pages").asInt()).isZero();
    assertThat(none.header("X-Cal-Total")).isEqualTo("0");
    assertThat(none.header("X-Cal-TotalPages")).isEqualTo("0");
    assertThat(none.header("Link")).isNull();
    assertError(anon.get(VENUES + "?search=zzzz&page=2"), 404, "venue-archive-page-not-found");
    assertError(anon.get(VENUES + "?per_page=1&page=999"), 404, "venue-archive-page-not-found");
  }

  @Test
  void itemsAreVenuesWithoutJsonLd() {
    long id = vid(ed, named("Lijstzaal", "description", "<p>Lijst</p>", "image", "https://cdn.example.org/l.gif",
        "address", "Lijststraat 1", "city", "Lier", "country", "België", "province", "Antwerpen", "state", "X",
        "zip", "2500", "phone", "03 000", "website", "https://lijst.example", "geo_lat", 51.13, "geo_lng", 4.57));
    HttpResult response = anon.get(VENUES + "?search=lijstzaal");
    assertThat(ids(response)).containsExactly(id);
    JsonNode item = response.json().path("venues").get(0);
    assertThat(keys(item)).containsExactlyElementsOf(VENUE_KEYS);
    assertThat(item.has("json_ld")).isFalse();
    ObjectNode single = ok(anon.get(VENUES + "/" + id)).deepCopy();
    single.remove("json_ld");
    assertThat(item).isEqualTo(single);
    // language segment: in navigation and in the items
    HttpResult fr = anon.get("/fr" + VENUES + "?search=lijstzaal");
    assertThat(fr.header("Content-Language")).isEqualTo("fr");
    assertThat(restUrl(fr)).isEqualTo(server.url("/fr" + VENUES + "/?per_page=12&search=lijstzaal&status=publish&page=1"));
    assertThat(fr.json().path("venues").get(0).path("rest_url").asText()).isEqualTo(server.url("/fr" + VENUES + "/" + id));
    assertThat(fr.json().path("venues").get(0).path("language").asText()).isEqualTo("nl");
  }

  // ---------------------------------------------------------------------------------------------
  // navigation URLs (§5.11) and parameter validation (§6.7, §2.5, §7.1)

  @Test
  void navigationUrlRendersTheParametersInContractOrder() {
    long event = eventWith("Navigatie", "tomorrow 10:00", "tomorrow 11:00");
    String query = EventListApiTest.q("translation_language", "en", "status", "publish", "only_with_upcoming", "true",
        "has_events", "YES", "event", Long.toString(event), "search", "a b:c,d", "per_page", "3", "page", "1");
    assertThat(restUrl(anon.get(VENUES + query))).isEqualTo(server.url(VENUES + "/?per_page=3&search=a%20b%3Ac%2Cd"
        + "&event=" + event + "&has_events=true&only_with_upcoming=true&status=publish&translation_language=en&page=1"));
    assertThat(restUrl(anon.get(VENUES + "?only_with_upcoming=false&has_events=0")))
        .isEqualTo(server.url(VENUES + "/?per_page=12&has_events=false&status=publish&page=1"));
    assertThat(restUrl(anon.get(VENUES))).isEqualTo(server.url(VENUES + "/?per_page=12&status=publish&page=1"));
    assertThat(restUrl(anon.get(VENUES + "/"))).isEqualTo(server.url(VENUES + "/?per_page=12&status=publish&page=1"));
    assertThat(restUrl(su.get(VENUES))).isEqualTo(server.url(VENUES + "/?per_page=12&status=publish&page=1"));
    assertThat(restUrl(co.get(VENUES))).isEqualTo(server.url(VENUES + "/?per_page=12&status=" + ALL_MEMBER_STATUSES + "&page=1"));
    assertThat(restUrl(ed.get(VENUES + "?status=trash,draft,publish,draft")))
        .isEqualTo(server.url(VENUES + "/?per_page=12&status=publish%2Cdraft%2Ctrash&page=1"));
    assertThat(restUrl(ed.get(VENUES + "?status%5B%5D=pending&status%5B%5D=future")))
        .endsWith("&status=future%2Cpending&page=1");
    assertThat(restUrl(anon.get(VENUES + "?translation_language=FR")))
        .isEqualTo(server.url(VENUES + "/?per_page=12&status=publish&translation_language=fr&page=1"));
    assertThat(restUrl(anon.get(VENUES + "?status=Publish&unknown=1&password=x")))
        .isEqualTo(server.url(VENUES + "/?per_page=12&status=publish&page=1"));
    HttpResult response = ed.get(VENUES);
    assertThat(response.header("Cache-Control")).isEqualTo("private, no-store");
    assertThat(response.header("Allow")).isEqualTo("GET, POST");
  }

  @Test
  void parametersAreValidated() {
    long venue = vid(ed, named("Validatiezaal"));
    assertInvalid(anon.get(VENUES + "?page=0"), "page", "rest_out_of_range");
    assertInvalid(anon.get(VENUES + "?page=abc"), "page", "rest_invalid_type");
    assertInvalid(anon.get(VENUES + "?per_page=0"), "per_page", "rest_out_of_range");
    assertInvalid(anon.get(VENUES + "?per_page=abc"), "per_page", "rest_invalid_type");
    assertInvalid(anon.get(VENUES + "?search="), "search", "rest_empty_value");
    assertInvalid(anon.get(VENUES + "?search=%20"), "search", "rest_empty_value");
    assertInvalid(anon.get(VENUES + "?search=" + "s".repeat(201)), "search", "rest_too_long");
    assertThat(anon.get(VENUES + "?search=" + "s".repeat(200)).status()).isEqualTo(200);
    // §12 row 74
    assertInvalid(anon.get(VENUES + "?has_events=maybe"), "has_events", "rest_invalid_type");
    assertInvalid(anon.get(VENUES + "?has_events="), "has_events", "rest_empty_value");
    assertInvalid(anon.get(VENUES + "?only_with_upcoming=soms"), "only_with_upcoming", "rest_invalid_type");
    assertInvalid(anon.get(VENUES + "?event=abc"), "event", "rest_invalid_type");
    assertInvalid(anon.get(VENUES + "?event=999999"), "event", "rest_not_found");
    assertInvalid(anon.get(VENUES + "?event=" + venue), "event", "rest_not_found");
    assertInvalid(anon.get(VENUES + "?translation_language=de"), "translation_language", "rest_invalid_value");
    HttpResult two = anon.get(VENUES + "?has_events=maybe&per_page=abc");
    assertThat(two.json().path("message").asText()).isEqualTo("Invalid parameter(s): per_page, has_events");
    assertThat(keys(two.json().path("data").path("params"))).containsExactly("per_page", "has_events");
    assertThat(keys(two.json().path("data").path("details"))).containsExactly("per_page", "has_events");
  }

  // ---------------------------------------------------------------------------------------------
  // search (§6.7, §3.7)

  @Test
  void searchMatchesWhenOneFieldHoldsEveryFragment() {
    long name = vid(ed, named("Kapel Wijkhuis"));
    long address = vid(ed, named("Adreszaal", "address", "Kwartelstraat 7"));
    long city = vid(ed, named("Stadzaal", "city", "Oudenaardeveld"));
    long province = vid(ed, named("Provzaal", "province", "Provinciezicht"));
    long state = vid(ed, named("Staatzaal", "country", "USA", "state", "Texaswoud"));
    long stored = vid(ed, named("Regiozaal", "country", "Nederland", "stateprovince", "Regiozicht"));
    long zip = vid(ed, named("Postzaal", "zip", "9999 QZ"));
    long phone = vid(ed, named("Belzaal", "phone", "+32 55 987654"));
    long tags = vid(ed, named("Tagzaal", "description", "<p class=\"qwertyklasse\">Orgel<b>zolder</b>kamer</p>"));
    long entity = vid(ed, named("Tekenfilmzaal", "description", "<p>Tom &amp; Jerry-huis</p>"));
    vid(ed, named("Jerry huis plein"));
    vid(ed, named("Landzaal", "country", "Belgistanië", "website", "https://websitezoek.example"));
    long accent = vid(ed, named("ÉGLISE SAINT-ÉLOI"));

    assertThat(ids(anon, "?search=" + enc("wijkhuis kapel"))).containsExactly(name);
    assertThat(ids(anon, "?search=kwartelstraat")).containsExactly(address);
    assertThat(ids(anon, "?search=oudenaardeveld")).containsExactly(city);
    assertThat(ids(anon, "?search=PROVINCIEZICHT")).containsExactly(province);
    assertThat(ids(anon, "?search=texaswoud")).containsExactly(state);
    assertThat(ids(anon, "?search=regiozicht")).containsExactly(stored);
    assertThat(ids(anon, "?search=" + enc("9999 qz"))).containsExactly(zip);
    assertThat(ids(anon, "?search=987654")).containsExactly(phone);
    assertThat(ids(anon, "?search=orgelzolderkamer")).as("description without tags").containsExactly(tags);
    assertThat(ids(anon, "?search=qwertyklasse")).as("attributes are not text").isEmpty();
    assertThat(ids(anon, "?search=" + enc("tom & jerry-huis"))).as("entities decoded").containsExactly(entity);
    assertThat(ids(anon, "?search=" + enc("amp jerry-huis"))).isEmpty();
    assertThat(ids(anon, "?search=jerry-huis")).as("- is part of a fragment").containsExactly(entity);
    assertThat(ids(anon, "?search=belgistanië")).as("country is not searched").isEmpty();
    assertThat(ids(anon, "?search=websitezoek")).as("website is not searched").isEmpty();
    assertThat(ids(anon, "?search=" + enc("église saint-éloi"))).as("case-insensitive beyond ASCII").containsExactly(accent);
    assertThat(ids(anon, "?search=" + enc("Saint-Éloi"))).containsExactly(accent);
    assertThat(ids(anon, "?search=eglise")).as("no accent folding, slugs not searched").isEmpty();
    HttpResult total = anon.get(VENUES + "?search=" + enc("église"));
    assertThat(total.json().path("total").asInt()).isEqualTo(1);
  }

  @Test
  void searchUsesTheTextInTheLanguageOfEachVenue() {
    long id = vid(ed, named("Molenschuur", "description", "<p>Meel</p>", "city", "Moulinsart"));
    JsonNode fr = ok(ed.patchJson("/fr" + VENUES + "/" + id, "{\"venue\":\"Grange du moulin\",\"description\":\"<p>Farine</p>\"}"));
    assertThat(fr.path("language").asText()).isEqualTo("fr");
    assertThat(ids(anon, "?search=molenschuur")).containsExactly(id);
    assertThat(ids(anon, "?search=grange")).isEmpty();
    assertThat(ids(anon.get("/fr" + VENUES + "?search=grange"))).containsExactly(id);
    assertThat(ids(anon.get("/fr" + VENUES + "?search=molenschuur"))).isEmpty();
    assertThat(ids(anon.get("/fr" + VENUES + "?search=farine"))).containsExactly(id);
    assertThat(ids(anon, "?search=farine")).isEmpty();
    assertThat(ids(anon, "?search=farine&translation_language=fr")).containsExactly(id);
    // no en text: T is nl
    assertThat(ids(anon.get("/en" + VENUES + "?search=meel"))).containsExactly(id);
    assertThat(ids(anon.get("/en" + VENUES + "?search=grange"))).isEmpty();
    // shared fields in every language
    assertThat(ids(anon.get("/fr" + VENUES + "?search=moulinsart"))).containsExactly(id);
    assertThat(ids(anon, "?search=moulinsart")).containsExactly(id);
  }

  // ---------------------------------------------------------------------------------------------
  // filters on linked events

  @Test
  void eventFilterListsTheVenuesOfThatEvent() {
    long one = vid(ed, named("Filterzaal een", "date", "2026-02-01 10:00"));
    long two = vid(ed, named("Filterzaal twee", "date", "2026-02-02 10:00"));
    long three = vid(ed, named("Filterzaal drie"));
    long concept = vid(ed, named("Filterzaal concept", "status", "draft"));
    long event = eventWith("Filteravond", "tomorrow 20:00", "tomorrow 21:00", "venue", List.of(one, two, concept));
    HttpResult response = anon.get(VENUES + "?event=" + event);
    assertThat(ids(response)).as("list order, not link order; drafts hidden").containsExactly(two, one);
    assertThat(restUrl(response)).isEqualTo(server.url(VENUES + "/?per_page=12&event=" + event + "&status=publish&page=1"));
    assertThat(ids(ed, "?event=" + event)).containsExactly(concept, two, one);
    assertThat(ids(anon, "?event=" + event + "&search=twee")).containsExactly(two);
    // an event of any status, whose links only those who may read it see
    long draftEvent = eventWith("Filter concept", "tomorrow 20:00", "tomorrow 21:00", "status", "draft", "venue", three);
    assertThat(ids(ed, "?event=" + draftEvent)).containsExactly(three);
    assertThat(ids(anon, "?event=" + draftEvent)).isEmpty();
    long trashedEvent = eventWith("Filter weg", "tomorrow 20:00", "tomorrow 21:00", "venue", three);
    ok(ed.delete(EVENTS + "/" + trashedEvent));
    assertThat(ids(ed, "?event=" + trashedEvent)).containsExactly(three);
    assertThat(ids(anon, "?event=" + trashedEvent)).isEmpty();
    long bare = eventWith("Filter leeg", "tomorrow 20:00", "tomorrow 21:00");
    HttpResult empty = anon.get(VENUES + "?event=" + bare);
    assertThat(ids(empty)).isEmpty();
    assertThat(empty.json().path("total").asInt()).isZero();
    ok(ed.delete(EVENTS + "/" + bare + "?force=true"));
    assertInvalid(anon.get(VENUES + "?event=" + bare), "event", "rest_not_found");
  }

  @Test
  void row74HasEventsCountsNonTrashedEventsTheCallerCanRead() {
    long published = vid(ed, named("Heeft publiek"));
    long draftOnly = vid(ed, named("Heeft concept"));
    long hiddenOnly = vid(ed, named("Heeft verborgen"));
    long trashOnly = vid(ed, named("Heeft prullenbak"));
    long none = vid(ed, named("Heeft niets"));
    long privateOnly = vid(ed, named("Heeft besloten"));
    eventWith("Heeft-evenement", "tomorrow 20:00", "tomorrow 21:00", "venue", published);
    eventWith("Heeft-concept", "tomorrow 20:00", "tomorrow 21:00", "venue", draftOnly, "status", "draft");
    eventWith("Heeft-verborgen", "tomorrow 20:00", "tomorrow 21:00", "venue", hiddenOnly, "hide_from_listings", true);
    long trashed = eventWith("Heeft-weg", "tomorrow 20:00", "tomorrow 21:00", "venue", trashOnly);
    ok(ed.delete(EVENTS + "/" + trashed));
    eventWith("Heeft-besloten", "tomorrow 20:00", "tomorrow 21:00", "venue", privateOnly, "status", "private");

    HttpResult anonymous = anon.get(VENUES + "?search=heeft&has_events=true");
    assertThat(ids(anonymous)).containsExactly(hiddenOnly, published);
    assertThat(anonymous.json().path("total").asInt()).isEqualTo(2);
    assertThat(restUrl(anonymous)).isEqualTo(server.url(VENUES + "/?per_page=12&search=heeft&has_events=true&status=publish&page=1"));
    assertThat(ids(anon, "?search=heeft&has_events=false")).containsExactly(privateOnly, none, trashOnly, draftOnly);
    assertThat(ids(su, "?search=heeft&has_events=true")).containsExactly(hiddenOnly, published);
    assertThat(ids(co, "?search=heeft&has_events=true")).containsExactly(privateOnly, hiddenOnly, draftOnly, published);
    assertThat(ids(co, "?search=heeft&has_events=false")).containsExactly(none, trashOnly);
    assertThat(ids(ed, "?search=heeft&has_events=true")).containsExactly(privateOnly, hiddenOnly, draftOnly, published);
    assertThat(ids(ed, "?search=heeft&has_events=false")).containsExactly(none, trashOnly);
    assertThat(ids(anon, "?search=heeft")).as("no filter").hasSize(6);
  }

  @Test
  void onlyWithUpcomingNeedsAReadableEventStartingNowOrLater() {
    long tomorrow = vid(ed, named("Komend morgen"));
    long past = vid(ed, named("Komend gisteren"));
    long running = vid(ed, named("Komend lopend"));
    long startsNow = vid(ed, named("Komend nu"));
    long draftOnly = vid(ed, named("Komend concept"));
    long unlinked = vid(ed, named("Komend los"));
    eventWith("Komend-morgen", "tomorrow 20:00", "tomorrow 21:00", "venue", tomorrow);
    eventWith("Komend-gisteren", "yesterday 10:00", "yesterday 11:00", "venue", past);
    eventWith("Komend-lopend", "today 13:00", "today 16:00", "venue", running);
    eventWith("Komend-nu", "today 14:05", "today 15:00", "venue", startsNow);
    eventWith("Komend-concept", "tomorrow 20:00", "tomorrow 21:00", "venue", draftOnly, "status", "draft");

    HttpResult upcoming = anon.get(VENUES + "?search=komend&only_with_upcoming=true");
    assertThat(ids(upcoming)).containsExactly(startsNow, tomorrow);
    assertThat(restUrl(upcoming)).isEqualTo(server.url(VENUES + "/?per_page=12&search=komend&only_with_upcoming=true&status=publish&page=1"));
    assertThat(ids(ed, "?search=komend&only_with_upcoming=true")).containsExactly(draftOnly, startsNow, tomorrow);
    assertThat(ids(anon, "?search=komend&only_with_upcoming=false"))
        .containsExactly(unlinked, draftOnly, startsNow, running, past, tomorrow);
    // time moves on: tomorrow's event has started
    server.clock.set(Instant.parse("2026-03-11T19:30:00Z"));
    assertThat(ids(anon, "?search=komend&only_with_upcoming=true")).isEmpty();
  }

  // ---------------------------------------------------------------------------------------------
  // status (§4.7) and trash (§4.9)

  @Test
  void statusFilterPerCaller() {
    long pub = vid(ed, named("Statusproef publiek"));
    long draft = vid(ed, named("Statusproef concept", "status", "draft"));
    long pending = vid(co, named("Statusproef wachtend", "status", "pending"));
    long privateAu = vid(au, named("Statusproef besloten", "status", "private"));
    long future = vid(au, named("Statusproef later", "date", "+7 days"));
    long trashedEd = vid(ed, named("Statusproef weg"));
    ok(ed.delete(VENUES + "/" + trashedEd));
    long trashedCo = vid(co, named("Statusproef co weg"));
    ok(co.delete(VENUES + "/" + trashedCo));
    String s = "?search=statusproef";

    assertThat(ids(anon, s)).containsExactly(pub);
    assertThat(ids(anon, s + "&status=publish")).containsExactly(pub);
    assertThat(ids(su, s)).containsExactly(pub);
    for (String status : List.of("draft", "trash", "future", "weg", "publish,draft")) {
      assertInvalid(anon.get(VENUES + s + "&status=" + enc(status)), "status", "rest_not_allowed");
      assertInvalid(su.get(VENUES + s + "&status=" + enc(status)), "status", "rest_not_allowed");
    }
    assertThat(ids(co, s)).as("date descending, then id").containsExactly(future, privateAu, pending, draft, pub);
    assertThat(ids(au, s)).containsExactly(future, privateAu, pending, draft, pub);
    assertThat(ids(ed, s)).containsExactly(future, privateAu, pending, draft, pub);
    assertThat(ids(co, s + "&status=trash")).as("only what co can edit").containsExactly(trashedCo);
    assertThat(ids(ed, s + "&status=trash")).containsExactly(trashedCo, trashedEd);
    assertThat(ids(ed, s + "&status=trash,publish")).containsExactly(trashedCo, trashedEd, pub);
    HttpResult draftPending = ed.get(VENUES + s + "&status=draft,pending");
    assertThat(ids(draftPending)).containsExactly(pending, draft);
    assertThat(restUrl(draftPending)).endsWith("&status=draft%2Cpending&page=1");
    assertInvalid(ed.get(VENUES + s + "&status=weg"), "status", "rest_invalid_value");
    assertInvalid(co.get(VENUES + s + "&status=publish,weg"), "status", "rest_invalid_value");
    // restored: listed again
    ok(ed.patchJson(VENUES + "/" + trashedEd, "{\"status\":\"publish\"}"));
    assertThat(ids(anon, s)).containsExactly(trashedEd, pub);
    assertThat(anon.get(VENUES + s).json().path("total").asInt()).isEqualTo(2);
  }

  @Test
  void aFutureVenueIsListedOnceItsPublicationDatePasses() {
    long later = vid(au, named("Toekomstzaal", "date", "2026-03-10 16:00"));
    assertThat(ids(anon, "?search=toekomstzaal")).isEmpty();
    assertThat(ids(co, "?search=toekomstzaal&status=future")).containsExactly(later);
    server.clock.set(Instant.parse("2026-03-10T15:00:01Z"));
    assertThat(ids(anon, "?search=toekomstzaal")).containsExactly(later);
    assertThat(ids(co, "?search=toekomstzaal&status=future")).isEmpty();
  }

  @Test
  void contributorPublishingIsScaledBackInLists() {
    long mine = id(venue(co, named("Bijdrage lijst", "status", "publish")));
    assertThat(ids(anon, "?search=bijdrage")).isEmpty();
    assertThat(ids(co, "?search=bijdrage&status=pending")).containsExactly(mine);
    assertThat(ids(co, "?search=bijdrage&status=publish")).isEmpty();
  }
}
