package org.agenda.api;

import static org.agenda.api.EventListApiTest.MAPPER;
import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.EventListApiTest.enc;
import static org.agenda.api.EventListApiTest.event;
import static org.agenda.api.EventListApiTest.ids;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.EventListApiTest.pathOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Categories and tags of events: "Terms in payloads" (§6.4, §3.5, §3.7, §4.3, §4.5), the embedded term
 * shape (§5.8.2, §5.2), {@code count} (§5.8), and the {@code categories}/{@code tags} list filters with
 * their navigation URLs (§6.3, §5.11; §12 rows 23, 31, 37 (terms), 53, 54, 56, 57). The {@code /categories}
 * and {@code /tags} routes are not used: every term here is created by name from an event payload.
 * "Tomorrow" is 2026-03-11.
 */
class EventLinksApiTest {
  static final String EVENTS = "/cal/events/v1/events";
  static final String NS = "/cal/events/v1";

  static TestServer server;
  static TestServer.Caller ed, au, co;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin(); // editor rights; saves a slow password hash (§4.1: administrator = editor)
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  // ---------------------------------------------------------------------------------------------
  // helpers

  static ObjectNode ev(String title) {
    return event(title, "tomorrow 20:00", "tomorrow 22:30");
  }

  static ArrayNode arr(Object... items) {
    ArrayNode array = MAPPER.createArrayNode();
    for (Object item : items) array.add(MAPPER.valueToTree(item));
    return array;
  }

  static JsonNode created(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(201);
    return response.json();
  }

  static JsonNode post(TestServer.Caller caller, String path, ObjectNode body) {
    return created(caller.postJson(path, body.toString()));
  }

  static JsonNode ok(HttpResult response) {
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  static List<Long> termIds(JsonNode terms) {
    assertThat(terms.isArray()).as(terms.toString()).isTrue();
    var ids = new ArrayList<Long>();
    terms.forEach(term -> ids.add(term.path("id").asLong()));
    return ids;
  }

  static List<String> names(JsonNode terms) {
    var names = new ArrayList<String>();
    terms.forEach(term -> names.add(term.path("name").asText()));
    return names;
  }

  /**
   * Creates (or resolves) a category by an item of an ed/nl event payload and returns its id; the carrier
   * event is deleted permanently at once, so it appears in no list and counts nowhere.
   */
  static long category(String item) {
    return term("categories", item).path("id").asLong();
  }

  static long tag(String item) {
    return term("tags", item).path("id").asLong();
  }

  static JsonNode term(String field, String item) {
    JsonNode event = post(ed, EVENTS, ev("Drager " + item).set(field, arr(item)));
    assertThat(event.path(field).size()).as(event.toString()).isEqualTo(1);
    ok(ed.delete(EVENTS + "/" + event.path("id").asLong() + "?force=true"));
    return event.path(field).get(0);
  }

  static final List<String> TERM_KEYS = List.of("name", "slug", "term_group", "term_taxonomy_id", "taxonomy",
      "description", "parent", "count", "filter", "id", "urls", "language", "translations");

  // ---------------------------------------------------------------------------------------------
  // §12 row 23: form-encoded comma list of new tags

  @Test
  void row23FormEncodedTagsAreCreatedInOrder() {
    HttpResult response = ed.postForm(EVENTS,
        "title=Workshop&start_date=%2B2%20days%2010am&end_date=%2B2%20days%2012pm&tags=nieuw,open");
    JsonNode e = created(response);
    assertThat(e.path("start_date").asText()).isEqualTo("2026-03-12 10:00:00");
    assertThat(e.path("end_date").asText()).isEqualTo("2026-03-12 12:00:00");
    JsonNode tags = e.path("tags");
    assertThat(names(tags)).containsExactly("nieuw", "open");
    assertThat(tags.get(0).path("slug").asText()).isEqualTo("nieuw");
    assertThat(tags.get(1).path("slug").asText()).isEqualTo("open");
    assertThat(tags.get(0).path("taxonomy").asText()).isEqualTo("post_tag");
    assertThat(tags.get(0).path("id").asLong()).isNotEqualTo(tags.get(1).path("id").asLong());
    assertThat(e.path("categories").toString()).isEqualTo("[]");
    // repeated form values are the same list; the tags now exist and are reused
    JsonNode again = created(ed.postForm(EVENTS,
        "title=Workshop%202&start_date=%2B2%20days%2010am&end_date=%2B2%20days%2012pm&tags[]=open&tags[]=nieuw"));
    assertThat(termIds(again.path("tags")))
        .containsExactly(tags.get(1).path("id").asLong(), tags.get(0).path("id").asLong());
  }

  // ---------------------------------------------------------------------------------------------
  // §5.8.2: the embedded shape

  @Test
  void embeddedCategoryAndTagHaveTheTermShapeInOrder() {
    JsonNode e = post(ed, EVENTS, ev("Vormconcert").<ObjectNode>set("categories", arr("Concerten"))
        .set("tags", arr("Buiten")));
    JsonNode c = e.path("categories").get(0);
    long cid = c.path("id").asLong();
    assertThat(keys(c)).containsExactlyElementsOf(TERM_KEYS);
    assertThat(c.path("name").asText()).isEqualTo("Concerten");
    assertThat(c.path("slug").asText()).isEqualTo("concerten");
    assertThat(c.path("term_group").isInt()).isTrue();
    assertThat(c.path("term_group").asInt()).isZero();
    assertThat(c.path("term_taxonomy_id").isIntegralNumber()).isTrue();
    assertThat(c.path("term_taxonomy_id").asLong()).isEqualTo(cid);
    assertThat(c.path("taxonomy").asText()).isEqualTo("cal_events_cat");
    assertThat(c.path("description").isTextual()).isTrue();
    assertThat(c.path("description").asText()).isEmpty();
    assertThat(c.path("parent").isIntegralNumber()).isTrue();
    assertThat(c.path("parent").asLong()).isZero();
    assertThat(c.path("count").isIntegralNumber()).isTrue();
    assertThat(c.path("count").asInt()).isEqualTo(1);
    assertThat(c.path("filter").asText()).isEqualTo("raw");
    assertThat(c.path("id").isIntegralNumber()).isTrue();
    assertThat(c.has("url")).isFalse();
    assertThat(c.has("meta")).isFalse();
    assertThat(c.path("urls").toString()).isEqualTo("{\"self\":\"" + server.url(NS + "/categories/" + cid)
        + "\",\"collection\":\"" + server.url(NS + "/categories") + "\"}");
    assertThat(c.path("language").asText()).isEqualTo("nl");
    assertThat(c.path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"concerten\",\"rest_url\":\""
        + server.url("/nl" + NS + "/categories/" + cid) + "\"}}");

    JsonNode t = e.path("tags").get(0);
    long tid = t.path("id").asLong();
    assertThat(keys(t)).containsExactlyElementsOf(TERM_KEYS);
    assertThat(t.path("name").asText()).isEqualTo("Buiten");
    assertThat(t.path("slug").asText()).isEqualTo("buiten");
    assertThat(t.path("taxonomy").asText()).isEqualTo("post_tag");
    assertThat(t.path("term_taxonomy_id").asLong()).isEqualTo(tid);
    assertThat(t.path("parent").asLong()).isZero();
    assertThat(t.path("count").asInt()).isEqualTo(1);
    assertThat(t.path("filter").asText()).isEqualTo("raw");
    assertThat(t.path("urls").toString()).isEqualTo("{\"self\":\"" + server.url(NS + "/tags/" + tid)
        + "\",\"collection\":\"" + server.url(NS + "/tags") + "\"}");
    assertThat(t.path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"buiten\",\"rest_url\":\""
        + server.url("/nl" + NS + "/tags/" + tid) + "\"}}");
    // categories and tags share one id space (§1), separate from events
    assertThat(cid).isNotEqualTo(tid);

    // a single read and a list item embed the same objects
    long id = e.path("id").asLong();
    JsonNode read = ok(server.anonymous().get(EVENTS + "/" + id));
    assertThat(read.path("categories")).isEqualTo(e.path("categories"));
    assertThat(read.path("tags")).isEqualTo(e.path("tags"));
    JsonNode listed = ok(server.anonymous().get(EVENTS + "?include=" + id)).path("events").get(0);
    assertThat(listed.path("categories")).isEqualTo(e.path("categories"));
    assertThat(listed.path("tags")).isEqualTo(e.path("tags"));

    // with a language segment the urls carry it (§2.10); the text falls back to nl
    JsonNode en = ok(server.anonymous().get("/en" + EVENTS + "/" + id)).path("categories").get(0);
    assertThat(en.path("urls").path("self").asText()).isEqualTo(server.url("/en" + NS + "/categories/" + cid));
    assertThat(en.path("urls").path("collection").asText()).isEqualTo(server.url("/en" + NS + "/categories"));
    assertThat(en.path("language").asText()).isEqualTo("nl");
    assertThat(en.path("name").asText()).isEqualTo("Concerten");
  }

  @Test
  void termCreatedFromAnEventPayloadHasOnlyTheRequestLanguage() {
    JsonNode e = post(ed, "/en" + EVENTS, ev("Lecture night").set("categories", arr("Lectures")));
    JsonNode c = e.path("categories").get(0);
    long cid = c.path("id").asLong();
    assertThat(c.path("name").asText()).isEqualTo("Lectures");
    assertThat(c.path("slug").asText()).isEqualTo("lectures");
    assertThat(c.path("language").asText()).isEqualTo("en");
    assertThat(c.path("urls").path("self").asText()).isEqualTo(server.url("/en" + NS + "/categories/" + cid));
    assertThat(c.path("translations").toString()).isEqualTo("{\"en\":{\"slug\":\"lectures\",\"rest_url\":\""
        + server.url("/en" + NS + "/categories/" + cid) + "\"}}");
    // read in nl (default) and fr: no text there → falls back to the first configured language it has (§3.3)
    long id = e.path("id").asLong();
    for (String path : List.of(EVENTS + "/" + id, "/fr" + EVENTS + "/" + id)) {
      JsonNode term = ok(server.anonymous().get(path)).path("categories").get(0);
      assertThat(term.path("language").asText()).as(path).isEqualTo("en");
      assertThat(term.path("name").asText()).as(path).isEqualTo("Lectures");
      assertThat(term.path("slug").asText()).as(path).isEqualTo("lectures");
    }
    // translation_language (no segment) also chooses L for a created term, without a segment in its urls
    JsonNode fr = post(ed, EVENTS + "?translation_language=fr", ev("Conférence").set("tags", arr("Soirée")));
    JsonNode tag = fr.path("tags").get(0);
    assertThat(tag.path("language").asText()).isEqualTo("fr");
    assertThat(tag.path("slug").asText()).isEqualTo("soiree");
    assertThat(tag.path("urls").path("self").asText()).isEqualTo(server.url(NS + "/tags/" + tag.path("id").asLong()));
    assertThat(keys(tag.path("translations"))).containsExactly("fr");
  }

  // ---------------------------------------------------------------------------------------------
  // §12 row 31, §4.3, §4.5: who may create terms

  @Test
  void row31OnlyAuthorsCreateCategoriesAndUnknownIdsAreNotFound() {
    assertInvalid(co.postJson(EVENTS, ev("Co onbekend").set("categories", arr("Onbekend")).toString()),
        "categories", "rest_not_allowed");
    JsonNode byAuthor = post(au, EVENTS, ev("Au onbekend").set("categories", arr("Onbekend")));
    JsonNode c = byAuthor.path("categories").get(0);
    assertThat(c.path("name").asText()).isEqualTo("Onbekend");
    assertThat(c.path("slug").asText()).isEqualTo("onbekend");
    assertThat(byAuthor.path("categories").size()).isEqualTo(1);
    assertInvalid(au.postJson(EVENTS, ev("Au 999999").set("categories", arr(999999)).toString()),
        "categories", "rest_not_found");
    assertInvalid(au.postJson(EVENTS, ev("Au 999999 tekst").set("categories", arr("999999")).toString()),
        "categories", "rest_not_found");

    // a contributor may assign the now existing category, by name, slug or id
    for (Object item : List.of("Onbekend", "onbekend", c.path("id").asLong())) {
      JsonNode mine = post(co, EVENTS, ev("Co bekend " + item).set("categories", arr(item)));
      assertThat(mine.path("status").asText()).isEqualTo("draft");
      assertThat(termIds(mine.path("categories"))).as("item %s", item).containsExactly(c.path("id").asLong());
    }
  }

  @Test
  void onlyEditorsCreateTagsButContributorsAssignExistingOnes() {
    assertInvalid(co.postJson(EVENTS, ev("Co tag").set("tags", arr("Zelfgemaakt")).toString()),
        "tags", "rest_not_allowed");
    assertInvalid(au.postJson(EVENTS, ev("Au tag").set("tags", arr("Zelfgemaakt")).toString()),
        "tags", "rest_not_allowed");
    // the refused requests created nothing: a second attempt is refused as well
    assertInvalid(au.postJson(EVENTS, ev("Au tag 2").set("tags", arr("Zelfgemaakt")).toString()),
        "tags", "rest_not_allowed");
    JsonNode byEditor = post(ed, EVENTS, ev("Ed tag").set("tags", arr("Zelfgemaakt")));
    long tid = byEditor.path("tags").get(0).path("id").asLong();
    assertThat(termIds(post(au, EVENTS, ev("Au tag 3").set("tags", arr("zelfgemaakt"))).path("tags")))
        .containsExactly(tid);
    assertThat(termIds(post(co, EVENTS, ev("Co tag 2").set("tags", arr(Long.toString(tid)))).path("tags")))
        .containsExactly(tid);
    // a mix of an existing and a new tag: the whole write is refused for a caller who may not create
    assertInvalid(au.postJson(EVENTS, ev("Au tag 4").set("tags", arr(tid, "Nogeen")).toString()),
        "tags", "rest_not_allowed");
  }

  @Test
  void refusedNewCategoryCreatesNothing() {
    assertInvalid(co.postJson(EVENTS, ev("Co poging").set("categories", arr("Nietgemaakt")).toString()),
        "categories", "rest_not_allowed");
    assertInvalid(co.postJson(EVENTS, ev("Co poging 2").set("categories", arr("Nietgemaakt")).toString()),
        "categories", "rest_not_allowed");
    // nor did the refused request create the event
    assertThat(ids(co.get(EVENTS + "?search=" + enc("Co poging")))).isEmpty();
  }

  @Test
  void idsOfTheOtherTaxonomyAreNotFound() {
    long cid = category("Taxonomie categorie");
    long tid = tag("Taxonomie tag");
    assertInvalid(ed.postJson(EVENTS, ev("Verkeerd 1").set("categories", arr(tid)).toString()),
        "categories", "rest_not_found");
    assertInvalid(ed.postJson(EVENTS, ev("Verkeerd 2").set("tags", arr(cid)).toString()), "tags", "rest_not_found");
    // both fields wrong: both reported (§7.1)
    HttpResult both = ed.postJson(EVENTS, ev("Verkeerd 4").<ObjectNode>set("categories", arr(tid))
        .set("tags", arr(cid)).toString());
    assertInvalid(both, "categories", "rest_not_found");
    assertInvalid(both, "tags", "rest_not_found");
  }

  // ---------------------------------------------------------------------------------------------
  // resolution of items (§6.4 "Terms in payloads", §3.5, §3.7)

  @Test
  void itemsResolveByIdDigitStringSlugAndCaseInsensitiveName() {
    JsonNode kunst = term("categories", "Kunst & Cultuur");
    long k = kunst.path("id").asLong();
    assertThat(kunst.path("name").asText()).isEqualTo("Kunst & Cultuur");
    assertThat(kunst.path("slug").asText()).isEqualTo("kunst-cultuur");
    long b = category("Beeldende kunst");

    for (Object item : List.of(k, Long.toString(k), "kunst-cultuur", "kunst & cultuur",
        "KUNST & CULTUUR")) {
      JsonNode e = post(ed, EVENTS, ev("Resolutie " + item).set("categories", arr(item)));
      assertThat(termIds(e.path("categories"))).as("item %s", item).containsExactly(k);
    }
    // comma string, items trimmed, duplicates removed (first kept), order kept
    JsonNode comma = post(ed, EVENTS, ev("Komma").put("categories", "beeldende-kunst, " + k + ",kunst-cultuur,,"
        + b));
    assertThat(termIds(comma.path("categories"))).containsExactly(b, k);
    JsonNode mixed = post(ed, EVENTS, ev("Gemengd").set("categories", arr(k, "Beeldende Kunst", "kunst-cultuur")));
    assertThat(termIds(mixed.path("categories"))).containsExactly(k, b);
    assertThat(mixed.path("categories").get(1).path("name").asText()).isEqualTo("Beeldende kunst");
  }

  @Test
  void slugInTheRequestLanguageComesBeforeOtherLanguagesAndNamesOnlyMatchInL() {
    JsonNode a = post(ed, "/nl" + EVENTS, ev("Markt nl").set("categories", arr("Markt"))).path("categories").get(0);
    long ida = a.path("id").asLong();
    assertThat(a.path("slug").asText()).isEqualTo("markt");
    // "Märkt" is neither a slug nor an en name: a new en category whose en slug is also "markt" (own slug space)
    JsonNode b = post(ed, "/en" + EVENTS, ev("Market en").set("categories", arr("Märkt"))).path("categories").get(0);
    long idb = b.path("id").asLong();
    assertThat(idb).isNotEqualTo(ida);
    assertThat(b.path("language").asText()).isEqualTo("en");
    assertThat(b.path("slug").asText()).isEqualTo("markt");

    assertThat(termIds(post(ed, "/nl" + EVENTS, ev("Markt 2").set("categories", arr("markt"))).path("categories")))
        .containsExactly(ida);
    assertThat(termIds(post(ed, "/en" + EVENTS, ev("Markt 3").set("categories", arr("markt"))).path("categories")))
        .containsExactly(idb);
    // fr: no fr slug; the other languages in the configured order: nl first
    assertThat(termIds(post(ed, "/fr" + EVENTS, ev("Markt 4").set("categories", arr("markt"))).path("categories")))
        .containsExactly(ida);
    // the name matches case-insensitively in L only
    assertThat(termIds(post(ed, "/en" + EVENTS, ev("Markt 5").set("categories", arr("MÄRKT"))).path("categories")))
        .containsExactly(idb);
    JsonNode c = post(ed, "/nl" + EVENTS, ev("Markt 6").set("categories", arr("märkt"))).path("categories").get(0);
    assertThat(c.path("id").asLong()).isNotIn(ida, idb);
    assertThat(c.path("language").asText()).isEqualTo("nl");
    assertThat(c.path("name").asText()).isEqualTo("märkt");
    assertThat(c.path("slug").asText()).as("derived term slugs get suffixes (§3.5)").isEqualTo("markt-2");

    // the list filter resolves slugs the same way (§3.7)
    long inA = post(ed, EVENTS, ev("Filter markt nl").set("categories", arr(ida))).path("id").asLong();
    long inB = post(ed, EVENTS, ev("Filter markt en").set("categories", arr(idb))).path("id").asLong();
    List<Long> nl = ids(server.anonymous().get(EVENTS + "?categories=markt&per_page=50"));
    assertThat(nl).contains(inA).doesNotContain(inB);
    List<Long> en = ids(server.anonymous().get("/en" + EVENTS + "?categories=markt&per_page=50"));
    assertThat(en).contains(inB).doesNotContain(inA);
  }

  @Test
  void newTermNamesAreSanitisedLikeNames() {
    // §5.1: tags removed, trimmed; a sanitised name that already exists is that term (names are unique, §6.11.2)
    JsonNode jazz = term("categories", "  <b>Jazz</b>muziek ");
    assertThat(jazz.path("name").asText()).isEqualTo("Jazzmuziek");
    assertThat(jazz.path("slug").asText()).isEqualTo("jazzmuziek");
    long j = jazz.path("id").asLong();
    for (String item : List.of("<i>Jazzmuziek</i>", "  JAZZMUZIEK  ", "Jazz<br>muziek")) {
      JsonNode e = post(ed, EVENTS, ev("Jazz " + item).set("categories", arr(item)));
      assertThat(termIds(e.path("categories"))).as("item %s", item).containsExactly(j);
    }
    // case-insensitive beyond ASCII (§0), on both databases
    long ete = category("Été Œuvre");
    assertThat(termIds(post(ed, EVENTS, ev("Zomer").set("categories", arr("éTÉ œUVRE"))).path("categories")))
        .containsExactly(ete);
    JsonNode tagged = post(ed, EVENTS, ev("Jazz tag").set("tags", arr("<em>Swing</em>")));
    assertThat(tagged.path("tags").get(0).path("name").asText()).isEqualTo("Swing");
  }

  @Test
  void newTermNamesAreLimitedTo200Characters() {
    // §2.9: category and tag names at most 200 characters (counted as received)
    String longest = "n".repeat(200);
    JsonNode ok200 = post(au, EVENTS, ev("Lange naam").set("categories", arr(longest)));
    assertThat(ok200.path("categories").get(0).path("name").asText()).isEqualTo(longest);
    assertInvalid(au.postJson(EVENTS, ev("Te lange naam").set("categories", arr("m".repeat(201))).toString()),
        "categories", "rest_too_long");
    assertInvalid(ed.postJson(EVENTS, ev("Te lange tag").set("tags", arr("t".repeat(201))).toString()),
        "tags", "rest_too_long");
  }

  @Test
  void newTermNameThatSanitisesToNothingIsInvalid() {
    // §6.11.2: a name must be non-empty after sanitising
    HttpResult empty = au.postJson(EVENTS, ev("Lege naam").set("categories", arr("<b></b>")).toString());
    assertThat(empty.status()).as(empty.toString()).isEqualTo(400);
    assertThat(empty.code()).isEqualTo("rest_invalid_param");
    assertThat(empty.json().path("data").path("params").has("categories")).as(empty.toString()).isTrue();
  }

  @Test
  void itemsOfTheWrongJsonTypeAreInvalid() {
    for (String value : List.of("[true]", "[{\"id\":1}]", "[[\"a\"]]", "[1.5]", "{\"a\":1}", "true")) {
      HttpResult response = ed.postJson(EVENTS, ev("Type " + value).set("categories", parse(value)).toString());
      assertThat(response.status()).as("%s → %s", value, response).isEqualTo(400);
      assertThat(response.json().path("data").path("params").has("categories")).as(response.toString()).isTrue();
    }
  }

  static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Test
  void newTermsInOnePayloadAreCreatedOnceAndKeepOrder() {
    JsonNode e = post(ed, EVENTS, ev("Nieuwe termen").<ObjectNode>set("categories", arr("Zeta", "Alfa", "zeta"))
        .set("tags", arr("Een", "Twee", "EEN")));
    assertThat(names(e.path("categories"))).containsExactly("Zeta", "Alfa");
    assertThat(names(e.path("tags"))).containsExactly("Een", "Twee");
    assertThat(e.path("categories").get(0).path("count").asInt()).isEqualTo(1);
  }

  @Test
  void tooManyItemsAreRejected() {
    var many = new ArrayList<Object>();
    for (int i = 1; i <= 101; i++) many.add("term" + i);
    assertInvalid(ed.postJson(EVENTS, ev("Te veel").set("tags", MAPPER.valueToTree(many)).toString()),
        "tags", "rest_too_long");
    // 100 items are fine (and create 100 tags)
    JsonNode ok = post(ed, EVENTS, ev("Precies honderd").set("tags", MAPPER.valueToTree(many.subList(0, 100))));
    assertThat(ok.path("tags").size()).isEqualTo(100);
    assertThat(ok.path("tags").get(99).path("name").asText()).isEqualTo("term100");
  }

  @Test
  void itemsAreCountedAsSentRepeatsIncluded() {
    // §2.9: the limit counts the items sent, also when they repeat one id or name
    long category = category("Herhaald");
    var repeatedId = new ArrayList<Object>();
    var repeatedName = new ArrayList<Object>();
    for (int i = 1; i <= 101; i++) {
      repeatedId.add(category);
      repeatedName.add("zelfde");
    }
    assertInvalid(ed.postJson(EVENTS, ev("Honderd een keer").set("categories", MAPPER.valueToTree(repeatedId)).toString()),
        "categories", "rest_too_long");
    assertInvalid(ed.postJson(EVENTS, ev("Honderd een namen").set("tags", MAPPER.valueToTree(repeatedName)).toString()),
        "tags", "rest_too_long");
    String commaSeparated = String.join(",", repeatedId.stream().map(String::valueOf).toList());
    assertInvalid(ed.postForm(EVENTS, "title=Komma&start_date=2027-05-01+10:00&end_date=2027-05-01+11:00&categories="
        + commaSeparated), "categories", "rest_too_long");
    var repeatedVenue = new ArrayList<Object>();
    for (int i = 1; i <= 101; i++) repeatedVenue.add(5);
    assertInvalid(ed.postJson(EVENTS, ev("Honderd een zalen").set("venue", MAPPER.valueToTree(repeatedVenue)).toString()),
        "venue", "rest_too_long");
    // 100 repeats are one category
    JsonNode ok = post(ed, EVENTS, ev("Honderd keer").set("categories", MAPPER.valueToTree(repeatedId.subList(0, 100))));
    assertThat(termIds(ok.path("categories"))).containsExactly(category);
  }

  // ---------------------------------------------------------------------------------------------
  // updates: replace, keep, clear (§6.4 "Clear with", §12 row 37)

  @Test
  void updatesReplaceKeepAndClearTheTermSets() {
    long a = category("Upd A");
    long b = category("Upd B");
    long t = tag("Upd T");
    JsonNode e = post(ed, EVENTS, ev("Bijwerken").<ObjectNode>set("categories", arr(a, b)).set("tags", arr(t)));
    long id = e.path("id").asLong();
    String path = EVENTS + "/" + id;
    assertThat(termIds(e.path("categories"))).containsExactly(a, b);

    JsonNode same = ok(ed.patchJson(path, "{\"title\":\"Bijwerken 2\"}"));
    assertThat(termIds(same.path("categories"))).containsExactly(a, b);
    assertThat(termIds(same.path("tags"))).containsExactly(t);
    JsonNode nulls = ok(ed.patchJson(path, "{\"categories\":null,\"tags\":null}"));
    assertThat(termIds(nulls.path("categories"))).containsExactly(a, b);
    assertThat(termIds(nulls.path("tags"))).containsExactly(t);

    JsonNode swapped = ok(ed.patchJson(path, "{\"categories\":[" + b + "," + a + "]}"));
    assertThat(termIds(swapped.path("categories"))).containsExactly(b, a);
    JsonNode replaced = ok(ed.putJson(path, "{\"categories\":\"upd-a\"}"));
    assertThat(termIds(replaced.path("categories"))).containsExactly(a);

    JsonNode cleared = ok(ed.patchJson(path, "{\"categories\":\"\"}"));
    assertThat(cleared.path("categories").toString()).isEqualTo("[]");
    assertThat(termIds(cleared.path("tags"))).containsExactly(t);
    JsonNode clearedTags = ok(ed.postJson(path, "{\"tags\":[]}"));
    assertThat(clearedTags.path("tags").toString()).isEqualTo("[]");
    JsonNode read = ok(server.anonymous().get(path));
    assertThat(read.path("categories").toString()).isEqualTo("[]");
    assertThat(read.path("tags").toString()).isEqualTo("[]");

    // an invalid term leaves the event as it was
    ok(ed.patchJson(path, "{\"categories\":[" + a + "]}"));
    assertInvalid(ed.patchJson(path, "{\"categories\":[" + a + ",999999],\"title\":\"Kapot\"}"),
        "categories", "rest_not_found");
    JsonNode after = ok(server.anonymous().get(path));
    assertThat(termIds(after.path("categories"))).containsExactly(a);
    assertThat(after.path("title").asText()).isEqualTo("Bijwerken 2");
  }

  @Test
  void contributorMayNotCreateTermsOnUpdateEither() {
    JsonNode mine = post(co, EVENTS, ev("Mijn concept"));
    String path = EVENTS + "/" + mine.path("id").asLong();
    assertInvalid(co.patchJson(path, "{\"categories\":[\"Co nieuw\"]}"), "categories", "rest_not_allowed");
    long existing = category("Co bestaand");
    JsonNode updated = ok(co.patchJson(path, "{\"categories\":[\"co-bestaand\"]}"));
    assertThat(termIds(updated.path("categories"))).containsExactly(existing);
    // the term of a draft event is not counted (its carrier event is gone)
    assertThat(updated.path("categories").get(0).path("count").asInt()).isZero();
  }

  // ---------------------------------------------------------------------------------------------
  // count (§5.8): published events carrying the term

  @Test
  void countIsTheNumberOfPublishedEventsCarryingTheTerm() {
    JsonNode first = post(ed, EVENTS, ev("Tel 1").set("categories", arr("Telling")));
    long c = first.path("categories").get(0).path("id").asLong();
    assertThat(first.path("categories").get(0).path("count").asInt()).isEqualTo(1);

    JsonNode draft = post(ed, EVENTS, ev("Tel concept").put("status", "draft").set("categories", arr(c)));
    assertThat(draft.path("categories").get(0).path("count").asInt()).as("draft not counted").isEqualTo(1);
    JsonNode priv = post(ed, EVENTS, ev("Tel privé").put("status", "private").set("categories", arr(c)));
    assertThat(priv.path("categories").get(0).path("count").asInt()).as("private not counted").isEqualTo(1);
    JsonNode future = post(ed, EVENTS, ev("Tel toekomst").put("date", "+7 days").set("categories", arr(c)));
    assertThat(future.path("status").asText()).isEqualTo("future");
    assertThat(future.path("categories").get(0).path("count").asInt()).as("future not counted").isEqualTo(1);
    JsonNode hidden = post(ed, EVENTS, ev("Tel verborgen").put("hide_from_listings", true).set("categories", arr(c)));
    assertThat(hidden.path("categories").get(0).path("count").asInt()).as("hidden but published").isEqualTo(2);
    JsonNode second = post(ed, EVENTS, ev("Tel 2").set("categories", arr(c)));
    assertThat(second.path("categories").get(0).path("count").asInt()).isEqualTo(3);

    // trashing a published event lowers the count; publishing the draft raises it
    assertThat(ok(ed.delete(EVENTS + "/" + second.path("id").asLong())).path("status").asText()).isEqualTo("trash");
    String firstPath = EVENTS + "/" + first.path("id").asLong();
    assertThat(ok(server.anonymous().get(firstPath)).path("categories").get(0).path("count").asInt()).isEqualTo(2);
    JsonNode published = ok(ed.patchJson(EVENTS + "/" + draft.path("id").asLong(), "{\"status\":\"publish\"}"));
    assertThat(published.path("categories").get(0).path("count").asInt()).isEqualTo(3);
    // removing the term from an event lowers it
    ok(ed.patchJson(EVENTS + "/" + hidden.path("id").asLong(), "{\"categories\":[]}"));
    assertThat(ok(server.anonymous().get(firstPath)).path("categories").get(0).path("count").asInt()).isEqualTo(2);
  }

  // ---------------------------------------------------------------------------------------------
  // list filters (§6.3, §12 rows 53, 54, 56, 57)

  @Test
  void rows53And54CategoryFilterWithDateBounds() {
    long cx = category("Cx");
    long s1 = post(ed, EVENTS, event("S1", "tomorrow 16:00", "tomorrow 16:30").set("categories", arr(cx)))
        .path("id").asLong();
    long s2 = post(ed, EVENTS, event("S2", "tomorrow 20:00", "tomorrow 20:30").set("categories", arr(cx)))
        .path("id").asLong();
    String base = EVENTS + "?categories=" + cx;
    String window = "&start_date=" + enc("tomorrow 15:00") + "&end_date=" + enc("tomorrow 18:00");
    assertThat(ids(server.anonymous().get(base + window))).containsExactly(s1, s2);
    assertThat(ids(server.anonymous().get(base + window + "&strict_dates=true"))).containsExactly(s1);
    String after = "&starts_after=" + enc("tomorrow 16:00");
    assertThat(ids(server.anonymous().get(base + after))).containsExactly(s1, s2);
    assertThat(ids(server.anonymous().get(base + after + "&strict_dates=true"))).containsExactly(s2);
    // by slug too
    assertThat(ids(server.anonymous().get(EVENTS + "?categories=cx" + window))).containsExactly(s1, s2);
  }

  @Test
  void row56PagingThroughACategoryKeepsTheResolvedIdInNavigation() {
    long cp = category("Cp");
    long[] byHour = new long[15];
    for (int hour : new int[] {13, 10, 14, 12, 11}) {
      byHour[hour] = post(ed, EVENTS, event("Cp " + hour, "tomorrow " + hour + ":00", "tomorrow " + hour + ":30")
          .set("categories", arr(cp))).path("id").asLong();
    }
    HttpResult page2 = server.anonymous().get(EVENTS + "?categories=" + cp + "&per_page=2&page=2");
    assertThat(ids(page2)).containsExactly(byHour[12], byHour[13]);
    JsonNode json = page2.json();
    assertThat(json.path("total").asInt()).isEqualTo(5);
    assertThat(json.path("total_pages").asInt()).isEqualTo(3);
    assertThat(page2.header("X-Cal-Total")).isEqualTo("5");
    assertThat(page2.header("X-Cal-TotalPages")).isEqualTo("3");
    String nav = server.url(EVENTS + "/?per_page=2&start_date=2026-03-10%2000%3A00%3A00"
        + "&end_date=2028-03-10%2023%3A59%3A59&categories=" + cp + "&status=publish&page=");
    assertThat(json.path("rest_url").asText()).isEqualTo(nav + "2");
    assertThat(json.path("next_rest_url").asText()).contains("categories=" + cp).endsWith("&page=3")
        .isEqualTo(nav + "3");
    assertThat(json.path("previous_rest_url").asText()).endsWith("&page=1").isEqualTo(nav + "1");
    assertThat(page2.header("Link")).contains("rel=\"next\"").contains("rel=\"prev\"");

    HttpResult last = server.anonymous().get(pathOf(server, json.path("next_rest_url").asText()));
    assertThat(ids(last)).containsExactly(byHour[14]);
    assertThat(last.json().has("next_rest_url")).isFalse();

    // the slug is rendered as the resolved id
    HttpResult bySlug = server.anonymous().get(EVENTS + "?categories=cp&per_page=2&page=2");
    assertThat(bySlug.json().path("rest_url").asText()).isEqualTo(nav + "2");
    // row 57
    HttpResult beyond = server.anonymous().get(EVENTS + "?categories=" + cp + "&per_page=2&page=4");
    assertThat(beyond.status()).isEqualTo(404);
    assertThat(beyond.code()).isEqualTo("event-archive-page-not-found");
  }

  @Test
  void categoryAndTagFiltersMatchAnyItemAndCombineWithAnd() {
    long red = category("Rood");
    long blue = category("Blauw");
    long loud = tag("Luid");
    long quiet = tag("Stil");
    long e1 = post(ed, EVENTS, event("Combi 1", "tomorrow 08:00", "tomorrow 08:30")
        .<ObjectNode>set("categories", arr(red)).set("tags", arr(loud))).path("id").asLong();
    long e2 = post(ed, EVENTS, event("Combi 2", "tomorrow 08:10", "tomorrow 08:30")
        .<ObjectNode>set("categories", arr(blue)).set("tags", arr(quiet))).path("id").asLong();
    long e3 = post(ed, EVENTS, event("Combi 3", "tomorrow 08:20", "tomorrow 08:30")
        .<ObjectNode>set("categories", arr(red, blue)).set("tags", arr(quiet))).path("id").asLong();
    long draft = post(ed, EVENTS, event("Combi concept", "tomorrow 08:05", "tomorrow 08:30").put("status", "draft")
        .set("categories", arr(red))).path("id").asLong();
    String window = "&starts_before=" + enc("tomorrow") + "&starts_after=" + enc("tomorrow") + "&per_page=50";

    assertThat(ids(server.anonymous().get(EVENTS + "?categories=rood" + window))).containsExactly(e1, e3);
    assertThat(ids(ed.get(EVENTS + "?categories=rood" + window))).containsExactly(e1, draft, e3);
    assertThat(ids(server.anonymous().get(EVENTS + "?categories=" + red + "," + blue + window)))
        .containsExactly(e1, e2, e3);
    assertThat(ids(server.anonymous().get(EVENTS + "?categories[]=blauw&categories[]=" + red + window)))
        .containsExactly(e1, e2, e3);
    assertThat(ids(server.anonymous().get(EVENTS + "?tags=stil" + window))).containsExactly(e2, e3);
    assertThat(ids(server.anonymous().get(EVENTS + "?tags=" + loud + window))).containsExactly(e1);
    assertThat(ids(server.anonymous().get(EVENTS + "?tags=stil&categories=rood" + window))).containsExactly(e3);
    assertThat(ids(server.anonymous().get(EVENTS + "?tags=luid&categories=blauw" + window))).isEmpty();

    // navigation: resolved ids, in the order given, duplicates removed, categories before tags
    HttpResult both = server.anonymous().get(EVENTS + "?tags=stil,luid,stil&categories=blauw," + red + "," + blue
        + "&include=" + e1);
    assertThat(ids(both)).containsExactly(e1);
    assertThat(both.json().path("rest_url").asText()).isEqualTo(server.url(EVENTS + "/?per_page=12&categories="
        + blue + "%2C" + red + "&tags=" + quiet + "%2C" + loud + "&status=publish&include=" + e1 + "&page=1"));
  }

  @Test
  void unknownFilterTermsAreInvalid() {
    long t = tag("Alleen tag");
    assertInvalid(server.anonymous().get(EVENTS + "?categories=" + t), "categories", "rest_not_found");
    assertInvalid(server.anonymous().get(EVENTS + "?tags=no-such-tag"), "tags", "rest_not_found");
    // a term name is not a filter value: only ids and slugs
    category("Met Spatie");
    assertInvalid(server.anonymous().get(EVENTS + "?categories=" + enc("Met Spatie")), "categories",
        "rest_not_found");
    assertThat(server.anonymous().get(EVENTS + "?categories=met-spatie").status()).isEqualTo(200);
  }
}
