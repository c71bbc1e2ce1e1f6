package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.ApiChecks.q;
import static org.agenda.api.TermFixtures.CATEGORIES;
import static org.agenda.api.TermFixtures.CATEGORY_KEYS;
import static org.agenda.api.TermFixtures.EVENTS;
import static org.agenda.api.TermFixtures.NS;
import static org.agenda.api.TermFixtures.TAGS;
import static org.agenda.api.TermFixtures.TAG_KEYS;
import static org.agenda.api.TermFixtures.created;
import static org.agenda.api.TermFixtures.ok;
import static org.agenda.api.TermFixtures.term;
import static org.agenda.api.TermFixtures.termIds;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /categories}, {@code POST /tags} and the single-term routes (§6.11.2, §6.11.3, §6.12): the
 * term object (§5.8.1), text sanitising, names and slugs (§3.5), translations (§3.4), parents, delete, and
 * the route-level roles (§4.3, §4.5). Every test works on terms of its own (unique names).
 */
class TermCrudApiTest {
  static TestServer server;
  static TestServer.Caller ed, au, co, su, anon;
  static final AtomicInteger unique = new AtomicInteger();

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

  static String name(String base) {
    return base + " " + unique.incrementAndGet();
  }

  static JsonNode category(String json) {
    return created(ed.postJson(CATEGORIES, json));
  }

  static long categoryId(String name) {
    return term(ed, CATEGORIES, "{\"name\":" + q(name) + "}");
  }

  static long childOf(long parent, String name) {
    return term(ed, CATEGORIES, "{\"name\":" + q(name) + ",\"parent\":" + parent + "}");
  }

  static HttpResult patch(String path, String json) {
    return ed.patchJson(path, json);
  }

  static void assertError(HttpResult response, int status, String code) {
    assertThat(response.status()).as(response.toString()).isEqualTo(status);
    assertThat(response.code()).as(response.toString()).isEqualTo(code);
  }

  // ---------------------------------------------------------------- representation

  @Test
  void categoryObjectHasTheKeysURLsAndTranslationsOfTheContract() {
    HttpResult response = ed.postJson(CATEGORIES, "{\"name\":\"Kamermuziek\",\"description\":\"<p>Strijkers</p>\"}");
    JsonNode c = created(response);
    long id = c.path("id").asLong();
    assertThat(keys(c)).containsExactlyElementsOf(CATEGORY_KEYS);
    assertThat(c.path("id").isIntegralNumber()).isTrue();
    assertThat(c.path("count").asInt()).isZero();
    assertThat(c.path("description").asText()).isEqualTo("<p>Strijkers</p>");
    assertThat(c.path("name").asText()).isEqualTo("Kamermuziek");
    assertThat(c.path("slug").asText()).isEqualTo("kamermuziek");
    assertThat(c.path("parent").isIntegralNumber()).isTrue();
    assertThat(c.path("url").asText()).isEqualTo(server.url("/nl/events/category/kamermuziek/"));
    assertThat(keys(c.path("urls"))).containsExactly("self", "collection");
    assertThat(c.path("urls").path("self").asText()).isEqualTo(server.url(CATEGORIES + "/" + id));
    assertThat(c.path("urls").path("collection").asText()).isEqualTo(server.url(CATEGORIES));
    assertThat(c.path("translations").toString()).isEqualTo("{\"nl\":{\"slug\":\"kamermuziek\",\"rest_url\":"
        + q(server.url("/nl" + CATEGORIES + "/" + id)) + "}}");
    assertThat(response.header("Cache-Control")).isEqualTo("no-store");
    assertThat(response.header("Content-Language")).isEqualTo("nl");

    JsonNode read = ok(anon.get(CATEGORIES + "/" + id));
    assertThat(read).isEqualTo(c);

    JsonNode child = created(ed.postJson(CATEGORIES, "{\"name\":\"Strijkkwartet\",\"parent\":\"" + id + "\"}"));
    assertThat(keys(child.path("urls"))).containsExactly("self", "collection", "up");
    assertThat(child.path("urls").path("up").asText()).isEqualTo(server.url(CATEGORIES + "/" + id));
  }

  @Test
  void tagObjectHasNoParentAndItsOwnPageTemplate() {
    JsonNode t = created(ed.postJson(TAGS, "{\"name\":\"Buiten Spelen\"}"));
    long id = t.path("id").asLong();
    assertThat(keys(t)).containsExactlyElementsOf(TAG_KEYS);
    assertThat(t.path("taxonomy").asText()).isEqualTo("post_tag");
    assertThat(t.path("url").asText()).isEqualTo(server.url("/nl/tag/buiten-spelen/"));
    assertThat(keys(t.path("urls"))).containsExactly("self", "collection");
    assertThat(t.path("urls").path("self").asText()).isEqualTo(server.url(TAGS + "/" + id));
    assertThat(t.path("urls").path("collection").asText()).isEqualTo(server.url(TAGS));
    assertThat(t.path("translations").path("nl").path("rest_url").asText()).isEqualTo(server.url("/nl" + TAGS + "/" + id));
    assertThat(ok(anon.get(TAGS + "/" + id))).isEqualTo(t);
  }

  @Test
  void aLanguageSegmentWritesThatLanguageAndAppearsInTheRestURLs() {
    HttpResult response = ed.postJson("/fr" + CATEGORIES, "{\"name\":\"Musique de chambre\"}");
    JsonNode c = created(response);
    long id = c.path("id").asLong();
    assertThat(c.path("language").asText()).isEqualTo("fr");
    assertThat(response.header("Content-Language")).isEqualTo("fr");
    assertThat(response.header("Location")).isEqualTo(server.url("/fr" + CATEGORIES + "/" + id));
    assertThat(c.path("urls").path("collection").asText()).isEqualTo(server.url("/fr" + CATEGORIES));
    assertThat(c.path("url").asText()).isEqualTo(server.url("/fr/events/category/musique-de-chambre/"));
    assertThat(keys(c.path("translations"))).containsExactly("fr");

    // translation_language chooses the language without adding a segment (§2.10)
    JsonNode en = created(ed.postJson(CATEGORIES + "?translation_language=en", "{\"name\":\"Chamber music\"}"));
    assertThat(en.path("language").asText()).isEqualTo("en");
    assertThat(en.path("urls").path("self").asText()).isEqualTo(server.url(CATEGORIES + "/" + en.path("id").asLong()));

    // read in another language: falls back to the default language, else the first configured one it has
    JsonNode nl = ok(anon.get(CATEGORIES + "/" + id));
    assertThat(nl.path("language").asText()).isEqualTo("fr");
    assertThat(nl.path("name").asText()).isEqualTo("Musique de chambre");
  }

  @Test
  void namesArePlainTextAndDescriptionsSanitisedHtml() {
    JsonNode c = category("{\"name\":\"  <b>Rock</b> &amp; Roll  \",\"description\":"
        + q("<p onclick=\"x()\">Hard <script>alert(1)</script><em>en</em> luid</p>") + "}");
    assertThat(c.path("name").asText()).isEqualTo("Rock &amp; Roll");
    assertThat(c.path("slug").asText()).isEqualTo("rock-amp-roll");
    assertThat(c.path("description").asText()).isEqualTo("<p>Hard <em>en</em> luid</p>");
  }

  // ---------------------------------------------------------------- create: validation

  @Test
  void createRequiresANonEmptyNameOfAtMost200Characters() {
    HttpResult missing = ed.postJson(CATEGORIES, "{\"description\":\"x\"}");
    assertError(missing, 400, "rest_missing_callback_param");
    assertThat(missing.json().path("data").path("params").toString()).isEqualTo("[\"name\"]");
    assertError(ed.postJson(TAGS, "{\"name\":null}"), 400, "rest_missing_callback_param");
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":\"\"}"), "name", "rest_empty_value");
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":\"<b> </b>\"}"), "name", "rest_empty_value");
    assertInvalid(ed.postJson(TAGS, "{\"name\":" + q("x".repeat(201)) + "}"), "name", "rest_too_long");
    assertThat(created(ed.postJson(TAGS, "{\"name\":" + q("é".repeat(200)) + "}")).path("name").asText()).hasSize(200);
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":12}"), "name", "rest_invalid_type");
  }

  @Test
  void createReportsEveryInvalidFieldTogether() {
    HttpResult response = ed.postJson(CATEGORIES, "{\"name\":" + q("n".repeat(201)) + ",\"description\":"
        + q("d".repeat(10_001)) + ",\"slug\":" + q("s".repeat(201)) + ",\"parent\":999999}");
    assertInvalid(response, "name", "rest_too_long");
    assertInvalid(response, "description", "rest_too_long");
    assertInvalid(response, "slug", "rest_too_long");
    assertInvalid(response, "parent", "rest_not_found");
    assertThat(keys(response.json().path("data").path("params"))).containsExactly("name", "description", "slug", "parent");
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":\"P\",\"parent\":\"abc\"}"), "parent", "rest_invalid_type");
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":\"P\",\"parent\":\"\"}"), "parent", "rest_empty_value");
    long tag = term(ed, TAGS, "{\"name\":" + q(name("geen ouder")) + "}");
    assertInvalid(ed.postJson(CATEGORIES, "{\"name\":\"P\",\"parent\":" + tag + "}"), "parent", "rest_not_found");
  }

  @Test
  void fieldsMayComeFromTheQueryStringOrAFormAndTheBodyWins() {
    JsonNode fromQuery = created(ed.send("POST", CATEGORIES + "?name=Uit%20de%20query&description=q", null, null, Map.of()));
    assertThat(fromQuery.path("name").asText()).isEqualTo("Uit de query");
    JsonNode bodyWins = created(ed.postJson(CATEGORIES + "?name=Query", "{\"name\":\"Body\"}"));
    assertThat(bodyWins.path("name").asText()).isEqualTo("Body");
    JsonNode form = created(ed.postForm(TAGS, "name=Formulier&slug=uit-formulier"));
    assertThat(form.path("slug").asText()).isEqualTo("uit-formulier");
  }

  // ---------------------------------------------------------------- names and slugs

  @Test
  void namesAreUniquePerParentAndLanguageCaseInsensitively() {
    long top = categoryId("Festivals");
    HttpResult sameName = ed.postJson(CATEGORIES, "{\"name\":\"<i>FESTIVALS</i>\"}");
    assertError(sameName, 400, "term_exists");
    assertThat(sameName.json().path("data").path("term_id").asLong()).isEqualTo(top);

    // the same name under another parent is another category; slugs stay unique with a suffix
    JsonNode child = category("{\"name\":\"Festivals\",\"parent\":" + top + "}");
    assertThat(child.path("slug").asText()).isEqualTo("festivals-2");
    HttpResult sameChild = ed.postJson(CATEGORIES, "{\"name\":\"festivals\",\"parent\":" + top + "}");
    assertError(sameChild, 400, "term_exists");
    assertThat(sameChild.json().path("data").path("term_id").asLong()).isEqualTo(child.path("id").asLong());

    // another language, or the other taxonomy, is not a duplicate
    assertThat(created(ed.postJson("/fr" + CATEGORIES, "{\"name\":\"Festivals\"}")).path("slug").asText())
        .isEqualTo("festivals");
    assertThat(created(ed.postJson(TAGS, "{\"name\":\"Festivals\"}")).path("slug").asText()).isEqualTo("festivals");

    // tags: one name space for all tags
    HttpResult tagAgain = ed.postJson(TAGS, "{\"name\":\"festivals\"}");
    assertError(tagAgain, 400, "term_exists");
  }

  @Test
  void slugsAreNormalisedDerivedWithSuffixesAndExplicitOnesMustBeFree() {
    assertThat(category("{\"name\":\"Concert d'été\"}").path("slug").asText()).isEqualTo("concert-d-ete");
    assertThat(category("{\"name\":\"Iets\",\"slug\":\"  Mijn Slug!  \"}").path("slug").asText()).isEqualTo("mijn-slug");
    // a slug that normalises to nothing, or "" / null: derived from the name, with a suffix when taken
    assertThat(category("{\"name\":\"Mijn slug\",\"slug\":\"!!!\"}").path("slug").asText()).isEqualTo("mijn-slug-2");
    assertThat(category("{\"name\":\"Mijn slug!\",\"parent\":" + categoryId(name("ouder")) + ",\"slug\":null}")
        .path("slug").asText()).isEqualTo("mijn-slug-3");
    // a name without slug characters: the id
    JsonNode symbols = category("{\"name\":\"♫♫\"}");
    assertThat(symbols.path("slug").asText()).isEqualTo(symbols.path("id").asText());

    HttpResult taken = ed.postJson(CATEGORIES, "{\"name\":\"Ander\",\"slug\":\"MIJN-slug\"}");
    assertError(taken, 400, "duplicate_term_slug");
    assertThat(taken.json().path("message").asText()).isEqualTo("The slug \"mijn-slug\" is already in use by another term.");
    // the slug space is per taxonomy and language
    assertThat(created(ed.postJson(TAGS, "{\"name\":\"Tag\",\"slug\":\"mijn-slug\"}")).path("slug").asText()).isEqualTo("mijn-slug");
    assertThat(created(ed.postJson("/en" + CATEGORIES, "{\"name\":\"Mine\",\"slug\":\"mijn-slug\"}")).path("slug").asText())
        .isEqualTo("mijn-slug");
  }

  // ---------------------------------------------------------------- update

  @Test
  void updatesArePartialAndPostPutPatchAreTheSameOperation() {
    JsonNode c = category("{\"name\":" + q(name("Jazz")) + ",\"description\":\"<p>Swing</p>\"}");
    String path = CATEGORIES + "/" + c.path("id").asLong();
    String slug = c.path("slug").asText();

    JsonNode renamed = ok(ed.patchJson(path, "{\"name\":\"Jazz en blues\"}"));
    assertThat(renamed.path("name").asText()).isEqualTo("Jazz en blues");
    assertThat(renamed.path("slug").asText()).as("renaming keeps the slug (§3.5)").isEqualTo(slug);
    assertThat(renamed.path("description").asText()).isEqualTo("<p>Swing</p>");

    JsonNode put = ok(ed.putJson(path, "{\"description\":\"<p>Bebop</p>\"}"));
    assertThat(put.path("name").asText()).isEqualTo("Jazz en blues");
    assertThat(put.path("description").asText()).isEqualTo("<p>Bebop</p>");

    JsonNode post = ok(ed.postJson(path, "{\"slug\":\"Jazz & Blues\"}"));
    assertThat(post.path("slug").asText()).isEqualTo("jazz-blues");
    assertThat(post.path("description").asText()).isEqualTo("<p>Bebop</p>");

    JsonNode cleared = ok(ed.patchJson(path, "{\"description\":null,\"slug\":\"\"}"));
    assertThat(cleared.path("description").asText()).isEmpty();
    assertThat(cleared.path("slug").asText()).as("an empty slug is derived from the name").isEqualTo("jazz-en-blues");

    JsonNode same = ok(ed.patchJson(path, "{\"slug\":\"jazz-en-blues\",\"name\":\"JAZZ EN BLUES\"}"));
    assertThat(same.path("slug").asText()).as("its own slug and name are not taken").isEqualTo("jazz-en-blues");
    assertThat(same.path("name").asText()).isEqualTo("JAZZ EN BLUES");

    JsonNode nothing = ok(ed.patchJson(path, "{}"));
    assertThat(nothing).isEqualTo(same);
    assertThat(ok(anon.get(path))).isEqualTo(same);
  }

  @Test
  void updatesRefuseTakenNamesAndSlugsAndEmptyNames() {
    long first = categoryId(name("Eerste"));
    JsonNode second = category("{\"name\":" + q(name("Tweede")) + "}");
    String firstName = ok(anon.get(CATEGORIES + "/" + first)).path("name").asText();
    String firstSlug = ok(anon.get(CATEGORIES + "/" + first)).path("slug").asText();
    String path = CATEGORIES + "/" + second.path("id").asLong();

    HttpResult name = ed.patchJson(path, "{\"name\":" + q(firstName.toUpperCase()) + "}");
    assertError(name, 400, "term_exists");
    assertThat(name.json().path("data").path("term_id").asLong()).isEqualTo(first);
    HttpResult slug = ed.patchJson(path, "{\"slug\":" + q(firstSlug) + "}");
    assertError(slug, 400, "duplicate_term_slug");
    assertThat(slug.json().path("message").asText()).isEqualTo("The slug \"" + firstSlug + "\" is already in use by another term.");
    assertInvalid(ed.patchJson(path, "{\"name\":\"\"}"), "name", "rest_empty_value");
    assertInvalid(ed.patchJson(path, "{\"name\":\"<br>\"}"), "name", "rest_empty_value");
    assertThat(ok(anon.get(path))).as("nothing changed").isEqualTo(second);
    assertThat(ok(ed.patchJson(path, "{\"name\":null}"))).as("null means not given").isEqualTo(second);
  }

  @Test
  void unknownIdsAndIdsOfTheOtherTaxonomyAreInvalidParameters() {
    long tag = term(ed, TAGS, "{\"name\":" + q(name("label")) + "}");
    for (String path : List.of(CATEGORIES + "/999999", CATEGORIES + "/" + tag, TAGS + "/999999",
        CATEGORIES + "/99999999999999999999")) {
      assertInvalid(anon.get(path), "id", "rest_not_found");
      assertInvalid(ed.patchJson(path, "{\"name\":\"x\"}"), "id", "rest_not_found");
      assertInvalid(ed.delete(path), "id", "rest_not_found");
    }
    // the id is reported with the other invalid parameters (§2.4 step 6)
    HttpResult both = ed.patchJson(CATEGORIES + "/999999", "{\"parent\":\"x\",\"description\":" + q("d".repeat(10_001)) + "}");
    assertThat(keys(both.json().path("data").path("params"))).containsExactly("id", "description", "parent");
    assertThat(ok(anon.get(TAGS + "/" + tag)).path("id").asLong()).isEqualTo(tag);
  }

  @Test
  void parentsMustExistAndMustNotCreateACycle() {
    long a = categoryId(name("A"));
    long b = childOf(a, name("B"));
    long c = childOf(b, name("C"));
    assertInvalid(ed.patchJson(CATEGORIES + "/" + a, "{\"parent\":" + a + "}"), "parent", "rest_invalid_parent");
    assertInvalid(ed.patchJson(CATEGORIES + "/" + a, "{\"parent\":" + c + "}"), "parent", "rest_invalid_parent");
    assertInvalid(ed.patchJson(CATEGORIES + "/" + a, "{\"parent\":999999}"), "parent", "rest_not_found");
    assertThat(ok(anon.get(CATEGORIES + "/" + a)).path("parent").asLong()).isZero();

    JsonNode moved = ok(ed.patchJson(CATEGORIES + "/" + c, "{\"parent\":" + a + "}"));
    assertThat(moved.path("parent").asLong()).isEqualTo(a);
    assertThat(moved.path("urls").path("up").asText()).isEqualTo(server.url(CATEGORIES + "/" + a));
    // c is no descendant of b any more, so b may now go below c
    assertThat(ok(ed.patchJson(CATEGORIES + "/" + b, "{\"parent\":" + c + "}")).path("parent").asLong()).isEqualTo(c);
    JsonNode top = ok(ed.patchJson(CATEGORIES + "/" + c, "{\"parent\":0}"));
    assertThat(top.path("parent").asLong()).isZero();
    assertThat(top.path("urls").has("up")).isFalse();
  }

  @Test
  void movingToAParentWithASameNamedChildIsTermExists() {
    long p1 = categoryId(name("Ouder"));
    long p2 = categoryId(name("Ouder"));
    long inP1 = childOf(p1, "Kind");
    long inP2 = childOf(p2, "Kind");
    HttpResult move = ed.patchJson(CATEGORIES + "/" + inP2, "{\"parent\":" + p1 + "}");
    assertError(move, 400, "term_exists");
    assertThat(move.json().path("data").path("term_id").asLong()).isEqualTo(inP1);
    assertThat(ok(ed.patchJson(CATEGORIES + "/" + inP2, "{\"parent\":" + p1 + ",\"name\":\"Ander kind\"}"))
        .path("parent").asLong()).isEqualTo(p1);
  }

  @Test
  void tagsRefuseAnyParentInBodyOrQuery() {
    long tag = term(ed, TAGS, "{\"name\":" + q(name("plat")) + "}");
    for (HttpResult response : List.of(
        ed.postJson(TAGS, "{\"name\":\"xq1\",\"parent\":0}"),
        ed.postJson(TAGS + "?parent=3", "{\"name\":\"xq2\"}"),
        ed.postForm(TAGS, "name=xq3&parent="),
        ed.patchJson(TAGS + "/" + tag, "{\"parent\":0}"),
        ed.putJson(TAGS + "/" + tag + "?parent=abc", "{\"name\":\"xq4\"}"))) {
      assertError(response, 400, "rest_taxonomy_not_hierarchical");
      assertThat(response.json().path("message").asText()).isEqualTo("Cannot set parent term, taxonomy is not hierarchical.");
    }
    assertThat(ok(anon.get(TAGS + "?hide_empty=false&search=xq")).path("total").asInt()).as("none was created").isZero();
    // null is "not given"
    assertThat(created(ed.postJson(TAGS, "{\"name\":\"y1\",\"parent\":null}")).has("parent")).isFalse();
  }

  // ---------------------------------------------------------------- translations

  @Test
  void aMissingTranslationIsCreatedOnlyWithAName() {
    JsonNode c = category("{\"name\":" + q(name("Tentoonstelling")) + ",\"description\":\"<p>nl</p>\"}");
    long id = c.path("id").asLong();
    String fr = "/fr" + CATEGORIES + "/" + id;

    HttpResult noName = ed.patchJson(fr, "{\"description\":\"<p>fr</p>\"}");
    assertError(noName, 400, "rest_missing_callback_param");
    assertThat(noName.json().path("data").path("params").toString()).isEqualTo("[\"name\"]");

    // only shared fields: no translation is created, the answer falls back
    long parent = categoryId(name("Kunst"));
    JsonNode shared = ok(ed.patchJson(fr, "{\"parent\":" + parent + "}"));
    assertThat(shared.path("language").asText()).isEqualTo("nl");
    assertThat(shared.path("parent").asLong()).isEqualTo(parent);
    assertThat(keys(shared.path("translations"))).containsExactly("nl");

    JsonNode added = ok(ed.patchJson(fr, "{\"name\":\"Exposition d'été\"}"));
    assertThat(added.path("language").asText()).isEqualTo("fr");
    assertThat(added.path("name").asText()).isEqualTo("Exposition d'été");
    assertThat(added.path("slug").asText()).isEqualTo("exposition-d-ete");
    assertThat(added.path("description").asText()).as("an omitted description starts empty").isEmpty();
    assertThat(added.path("url").asText()).isEqualTo(server.url("/fr/events/category/exposition-d-ete/"));
    assertThat(keys(added.path("translations"))).containsExactly("nl", "fr");
    assertThat(added.path("translations").path("fr").path("rest_url").asText()).isEqualTo(server.url(fr));

    JsonNode nl = ok(anon.get(CATEGORIES + "/" + id));
    assertThat(nl.path("name").asText()).isEqualTo(c.path("name").asText());
    assertThat(nl.path("description").asText()).isEqualTo("<p>nl</p>");
    assertThat(ok(anon.get("/en" + CATEGORIES + "/" + id)).path("language").asText()).as("fallback to nl").isEqualTo("nl");

    // a new translation's explicit slug is checked like any other, in its own language
    HttpResult enTaken = ed.patchJson("/en" + CATEGORIES + "/" + categoryId(name("x")), "{\"name\":\"Other\",\"slug\":\"exposition-d-ete\"}");
    assertThat(enTaken.status()).as("fr slug is free in en").isEqualTo(200);
    assertError(ed.patchJson("/en" + CATEGORIES + "/" + id, "{\"name\":\"Exhibition\",\"slug\":\"exposition-d-ete\"}"),
        400, "duplicate_term_slug");
  }

  // ---------------------------------------------------------------- count and delete

  @Test
  void countIsTheNumberOfPublishedEventsCarryingTheTerm() {
    long cat = categoryId(name("Teller"));
    String tagName = name("teltag");
    long tag = term(ed, TAGS, "{\"name\":" + q(tagName) + "}");
    String links = "\"categories\":[" + cat + "],\"tags\":[" + tag + "]";
    long published = TermFixtures.event(ed, "Gepubliceerd", links);
    TermFixtures.event(ed, "Nog een", links);
    TermFixtures.event(ed, "Concept", links + ",\"status\":\"draft\"");
    TermFixtures.event(ed, "Later", links + ",\"date\":\"+7 days\"");
    long trashed = TermFixtures.event(ed, "Weg", links);
    ok(ed.delete(EVENTS + "/" + trashed));

    assertThat(ok(anon.get(CATEGORIES + "/" + cat)).path("count").asInt()).isEqualTo(2);
    assertThat(ok(anon.get(TAGS + "/" + tag)).path("count").asInt()).isEqualTo(2);
    ok(ed.patchJson(EVENTS + "/" + trashed, "{\"status\":\"publish\"}"));
    ok(ed.patchJson(EVENTS + "/" + published, "{\"categories\":[]}"));
    assertThat(ok(anon.get(CATEGORIES + "/" + cat)).path("count").asInt()).isEqualTo(2);
    assertThat(ok(anon.get(TAGS + "/" + tag)).path("count").asInt()).isEqualTo(3);

    ok(ed.delete(EVENTS + "/" + published + "?force=true"));
    assertThat(ok(anon.get(TAGS + "/" + tag)).path("count").asInt()).as("a deleted event no longer counts").isEqualTo(2);
    var now = server.clock.instant();
    try {
      server.clock.advance(java.time.Duration.ofDays(8));
      assertThat(ok(anon.get(CATEGORIES + "/" + cat)).path("count").asInt()).as("future → publish counts").isEqualTo(3);
      assertThat(ok(anon.get(TAGS + "/" + tag)).path("count").asInt()).isEqualTo(3);
    } finally {
      server.clock.set(now);
    }
  }

  @Test
  void deleteIsPermanentMovesChildrenUpAndUnlinksEvents() {
    long top = categoryId(name("Boven"));
    long middle = childOf(top, name("Midden"));
    long bottom = childOf(middle, name("Onder"));
    long sibling = categoryId(name("Naast"));
    long tag = term(ed, TAGS, "{\"name\":" + q(name("weg-tag")) + "}");
    long event = TermFixtures.event(ed, "Gelinkt", "\"categories\":[" + middle + "," + sibling + "],\"tags\":[" + tag + "]");
    JsonNode before = ok(anon.get(CATEGORIES + "/" + middle));

    HttpResult response = au.delete(CATEGORIES + "/" + middle + "?force=false");
    JsonNode deleted = ok(response);
    assertThat(deleted).as("the term as it was, count included").isEqualTo(before);
    assertThat(deleted.path("count").asInt()).isEqualTo(1);
    assertThat(response.header("Cache-Control")).isEqualTo("no-store");

    JsonNode child = ok(anon.get(CATEGORIES + "/" + bottom));
    assertThat(child.path("parent").asLong()).as("the child gets the deleted category's parent").isEqualTo(top);
    assertThat(child.path("urls").path("up").asText()).isEqualTo(server.url(CATEGORIES + "/" + top));
    JsonNode linked = ok(anon.get(EVENTS + "/" + event));
    assertThat(termIds(linked.path("categories"))).containsExactly(sibling);
    assertInvalid(anon.get(CATEGORIES + "/" + middle), "id", "rest_not_found");
    assertInvalid(au.delete(CATEGORIES + "/" + middle), "id", "rest_not_found");

    ok(ed.delete(CATEGORIES + "/" + top + "?force=true"));
    assertThat(ok(anon.get(CATEGORIES + "/" + bottom)).path("parent").asLong()).isZero();

    JsonNode deletedTag = ok(ed.delete(TAGS + "/" + tag));
    assertThat(deletedTag.path("count").asInt()).isEqualTo(1);
    assertThat(ok(anon.get(EVENTS + "/" + event)).path("tags").toString()).isEqualTo("[]");
    // the freed slug can be used again
    String slug = deletedTag.path("slug").asText();
    assertThat(created(ed.postJson(TAGS, "{\"name\":\"opnieuw\",\"slug\":" + q(slug) + "}")).path("slug").asText())
        .isEqualTo(slug);
  }

  // ---------------------------------------------------------------- roles (§4.3, §4.5) and Allow (§2.7)

  @Test
  void anonymousWritesAre401BeforeValidation() {
    long cat = categoryId(name("Anoniem"));
    for (HttpResult response : List.of(anon.postJson(CATEGORIES, "{}"), anon.postJson(TAGS, "{\"name\":\"\"}"),
        anon.patchJson(CATEGORIES + "/" + cat, "{\"parent\":\"x\"}"), anon.delete(CATEGORIES + "/999999"),
        anon.putJson(TAGS + "/999999", "{}"))) {
      assertError(response, 401, "rest_not_logged_in");
      assertThat(response.header("WWW-Authenticate")).isEqualTo("Basic realm=\"Agenda\"");
    }
  }

  @Test
  void authorsWriteCategoriesOnlyEditorsWriteTagsLowerRolesAre403() {
    long tag = term(ed, TAGS, "{\"name\":" + q(name("rol")) + "}");
    long cat = term(au, CATEGORIES, "{\"name\":" + q(name("Van auteur")) + "}");
    assertThat(ok(au.patchJson(CATEGORIES + "/" + cat, "{\"description\":\"<p>mag</p>\"}")).path("description").asText())
        .isEqualTo("<p>mag</p>");
    long byEditor = categoryId(name("Van redacteur"));
    assertThat(ok(au.patchJson(CATEGORIES + "/" + byEditor, "{\"description\":\"x\"}")).path("id").asLong())
        .as("terms have no owner (§4.4)").isEqualTo(byEditor);

    for (HttpResult response : List.of(au.postJson(TAGS, "{}"), au.patchJson(TAGS + "/" + tag, "{\"name\":\"x\"}"),
        au.delete(TAGS + "/" + tag), co.postJson(CATEGORIES, "{\"name\":\"x\"}"),
        co.patchJson(CATEGORIES + "/" + cat, "{\"name\":\"x\"}"), co.delete(CATEGORIES + "/" + cat),
        su.postJson(CATEGORIES, "{}"), su.delete(TAGS + "/999999"))) {
      assertError(response, 403, "rest_forbidden");
    }
    assertThat(ok(anon.get(TAGS + "/" + tag)).path("id").asLong()).as("still there").isEqualTo(tag);
    assertThat(ok(au.delete(CATEGORIES + "/" + cat)).path("id").asLong()).isEqualTo(cat);
  }

  @Test
  void allowListsTheMethodsTheCallerMayUse() {
    long cat = categoryId(name("Allow"));
    long tag = term(ed, TAGS, "{\"name\":" + q(name("allow")) + "}");
    assertThat(anon.get(CATEGORIES + "/" + cat).header("Allow")).isEqualTo("GET");
    assertThat(au.get(CATEGORIES + "/" + cat).header("Allow")).isEqualTo("GET, POST, PUT, PATCH, DELETE");
    assertThat(au.get(TAGS + "/" + tag).header("Allow")).isEqualTo("GET");
    assertThat(ed.get(TAGS + "/" + tag).header("Allow")).isEqualTo("GET, POST, PUT, PATCH, DELETE");
    assertThat(au.get(CATEGORIES).header("Allow")).isEqualTo("GET, POST");
    assertThat(co.get(CATEGORIES).header("Allow")).isEqualTo("GET");
    HttpResult wrongMethod = ed.delete(TAGS);
    assertError(wrongMethod, 405, "rest_no_route");
    assertThat(wrongMethod.header("Allow")).isEqualTo("GET, POST");
    HttpResult options = anon.send("OPTIONS", TAGS + "/" + tag, null, null, Map.of());
    assertThat(options.status()).isEqualTo(204);
    assertThat(options.header("Allow")).isEqualTo("GET, POST, PUT, PATCH, DELETE");
    assertError(anon.get(CATEGORIES + "/abc"), 404, "rest_no_route");
    assertThat(ok(anon.get("/cal/events/v1/Categories/" + cat + "/")).path("id").asLong()).isEqualTo(cat);
  }

  // ---------------------------------------------------------------- self-description (§9.2)

  @Test
  void theNamespaceIndexDescribesTheTermRoutes() {
    JsonNode routes = ok(anon.get(NS)).path("routes");
    List<String> keys = keys(routes);
    // the term routes close §2.2's table; only the change feed comes after them
    assertThat(keys.subList(keys.size() - 5, keys.size())).containsExactly(NS + "/categories",
        NS + "/categories/(?P<id>\\d+)", NS + "/tags", NS + "/tags/(?P<id>\\d+)", NS + "/changes");
    assertThat(keys.indexOf(NS + "/categories")).isGreaterThan(keys.indexOf(NS + "/events/by-slug/(?P<slug>[^/]+)"));

    JsonNode categories = routes.path(NS + "/categories");
    assertThat(categories.path("methods").toString()).isEqualTo("[\"GET\",\"POST\"]");
    JsonNode listArgs = categories.path("endpoints").path(0).path("args");
    assertThat(keys(listArgs)).containsExactly("page", "per_page", "search", "exclude", "include", "order", "orderby",
        "hide_empty", "parent", "post", "event", "slug", "modified_after", "modified_before", "translation_language");
    assertThat(listArgs.path("per_page").path("default").asInt()).isEqualTo(12);
    assertThat(listArgs.path("page").path("default").asInt()).isEqualTo(1);
    assertThat(listArgs.path("order").path("default").asText()).isEqualTo("asc");
    assertThat(listArgs.path("orderby").path("default").asText()).isEqualTo("name");
    assertThat(listArgs.path("orderby").path("enum").toString()).isEqualTo("[\"name\",\"slug\",\"id\",\"term_id\","
        + "\"count\",\"description\",\"include\",\"term_group\",\"none\"]");
    assertThat(listArgs.path("hide_empty").path("default").asBoolean()).isTrue();
    assertThat(listArgs.path("include").path("type").asText()).isEqualTo("array");
    assertThat(listArgs.path("include").path("items").path("type").asText()).isEqualTo("integer");
    assertThat(listArgs.path("translation_language").path("enum").toString()).isEqualTo("[\"nl\",\"en\",\"fr\"]");
    JsonNode createArgs = categories.path("endpoints").path(1).path("args");
    assertThat(keys(createArgs)).containsExactly("name", "description", "slug", "parent", "translation_language");
    assertThat(createArgs.path("name").path("required").asBoolean()).isTrue();
    assertThat(createArgs.path("parent").has("default")).isFalse();

    assertThat(keys(routes.path(NS + "/tags").path("endpoints").path(0).path("args"))).doesNotContain("parent")
        .contains("post", "event");
    assertThat(keys(routes.path(NS + "/tags").path("endpoints").path(1).path("args")))
        .containsExactly("name", "description", "slug", "translation_language");

    for (String route : List.of(NS + "/categories/(?P<id>\\d+)", NS + "/tags/(?P<id>\\d+)")) {
      JsonNode single = routes.path(route);
      assertThat(single.path("methods").toString()).isEqualTo("[\"GET\",\"POST\",\"PUT\",\"PATCH\",\"DELETE\"]");
      JsonNode endpoints = single.path("endpoints");
      assertThat(endpoints.path(0).path("methods").toString()).isEqualTo("[\"GET\"]");
      assertThat(endpoints.path(1).path("methods").toString()).isEqualTo("[\"POST\",\"PUT\",\"PATCH\"]");
      assertThat(endpoints.path(2).path("methods").toString()).isEqualTo("[\"DELETE\"]");
      assertThat(keys(endpoints.path(0).path("args"))).containsExactly("id", "translation_language");
      assertThat(endpoints.path(0).path("args").path("id").path("required").asBoolean()).isTrue();
      assertThat(keys(endpoints.path(2).path("args"))).containsExactly("id", "force", "translation_language");
      assertThat(endpoints.path(2).path("args").path("force").path("default").asBoolean()).isFalse();
      assertThat(endpoints.path(1).path("args").path("name").path("required").asBoolean()).isFalse();
      assertThat(single.has("_links")).as("no self link for routes with a path variable").isFalse();
    }
  }
}
