package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.ApiChecks.q;
import static org.agenda.api.TermFixtures.CATEGORIES;
import static org.agenda.api.TermFixtures.CATEGORY_KEYS;
import static org.agenda.api.TermFixtures.EVENTS;
import static org.agenda.api.TermFixtures.TAGS;
import static org.agenda.api.TermFixtures.TAG_KEYS;
import static org.agenda.api.TermFixtures.ids;
import static org.agenda.api.TermFixtures.ok;
import static org.agenda.api.TermFixtures.term;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /categories} and {@code GET /tags} (§6.11.1, §6.12, §5.11): filters, every sort key, counts,
 * paging, the envelope, navigation URLs and their headers. The fixture:
 *
 * <pre>
 *   id  name     slug        description  parent  events (count)
 *   c1  Banaan   banaan      &lt;p&gt;b&lt;/p&gt;     0       e1, draft (1)
 *   c2  appel    vrucht      &lt;p&gt;c&lt;/p&gt;     0       e1, e2, e3 (3)      fr: Pomme / pomme
 *   c3  Citroen  citroen     &lt;p&gt;a&lt;/p&gt;     c1      e1 (1)
 *   c4  Éclair   eclair      ""           c1      e2 (1)
 *   c5  Leeg     leeg        ""           0       draft, trashed (0)
 *   c6  Citroen  citroen-2   ""           c2      e3 (1)
 * </pre>
 *
 * Lower-cased names by code point: appel &lt; banaan &lt; citroen = citroen &lt; leeg &lt; pomme &lt; éclair (é after z).
 */
class TermListApiTest {
  static TestServer server;
  static TestServer.Caller ed, anon;
  static long c1, c2, c3, c4, c5, c6;
  static long e1, e2, e3, draft;
  static long red, blue, green;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.asAdmin();
    anon = server.anonymous();
    c1 = category("{\"name\":\"Banaan\",\"description\":\"<p>b</p>\"}");
    c2 = category("{\"name\":\"appel\",\"description\":\"<p>c</p>\",\"slug\":\"vrucht\"}");
    c3 = category("{\"name\":\"Citroen\",\"description\":\"<p>a</p>\",\"parent\":" + c1 + "}");
    c4 = category("{\"name\":\"Éclair\",\"parent\":" + c1 + "}");
    c5 = category("{\"name\":\"Leeg\"}");
    c6 = category("{\"name\":\"Citroen\",\"parent\":" + c2 + "}");
    ok(ed.patchJson("/fr" + CATEGORIES + "/" + c2, "{\"name\":\"Pomme\"}"));
    e1 = TermFixtures.event(ed, "Een", "\"categories\":[" + c1 + "," + c2 + "," + c3 + "]");
    e2 = TermFixtures.event(ed, "Twee", "\"categories\":[" + c2 + "," + c4 + "]");
    e3 = TermFixtures.event(ed, "Drie", "\"categories\":[" + c2 + "," + c6 + "]");
    draft = TermFixtures.event(ed, "Concept", "\"categories\":[" + c5 + "," + c1 + "],\"status\":\"draft\"");
    long trashed = TermFixtures.event(ed, "Prullenbak", "\"categories\":[" + c5 + "]");
    ok(ed.delete(EVENTS + "/" + trashed));

    red = term(ed, TAGS, "{\"name\":\"Rood\"}");
    blue = term(ed, TAGS, "{\"name\":\"blauw\"}");
    green = term(ed, TAGS, "{\"name\":\"Groen\"}");
    TermFixtures.event(ed, "Kleur", "\"tags\":[" + red + "," + blue + "]");
    TermFixtures.event(ed, "Kleur 2", "\"tags\":[" + red + "]");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static long category(String json) {
    return term(ed, CATEGORIES, json);
  }

  static List<Long> categories(String query) {
    return ids(anon.get(CATEGORIES + query), "categories");
  }

  static String list(long... ids) {
    var text = new StringBuilder();
    for (long id : ids) text.append(text.length() == 0 ? "" : ",").append(id);
    return text.toString();
  }

  // ---------------------------------------------------------------- counts and hide_empty

  @Test
  void itemsAreTermObjectsWithTheirPublishedCounts() {
    JsonNode body = ok(anon.get(CATEGORIES + "?hide_empty=false&orderby=id"));
    JsonNode items = body.path("categories");
    assertThat(items).hasSize(6);
    items.forEach(item -> assertThat(keys(item)).containsExactlyElementsOf(CATEGORY_KEYS));
    int[] counts = new int[6];
    for (int i = 0; i < 6; i++) counts[i] = items.path(i).path("count").asInt();
    assertThat(counts).containsExactly(1, 3, 1, 1, 0, 1);
    assertThat(items.path(0)).isEqualTo(ok(anon.get(CATEGORIES + "/" + c1)));
    assertThat(items.path(2).path("urls").path("up").asText()).isEqualTo(server.url(CATEGORIES + "/" + c1));
  }

  @Test
  void hideEmptyLeavesOutTermsThatNoPublishedEventCarries() {
    assertThat(categories("")).containsExactly(c2, c1, c3, c6, c4);
    assertThat(categories("?hide_empty=true")).containsExactly(c2, c1, c3, c6, c4);
    assertThat(categories("?hide_empty=false")).containsExactly(c2, c1, c3, c6, c5, c4);
    assertThat(categories("?hide_empty=no")).contains(c5);
  }

  // ---------------------------------------------------------------- sorting

  @Test
  void orderByNameIsCaseInsensitiveByCodePointWithTiesById() {
    assertThat(categories("?orderby=name")).containsExactly(c2, c1, c3, c6, c4);
    assertThat(categories("?orderby=NAME&order=DESC")).containsExactly(c4, c6, c3, c1, c2);
  }

  @Test
  void orderBySlugAndDescription() {
    assertThat(categories("?orderby=slug")).containsExactly(c1, c3, c6, c4, c2);
    assertThat(categories("?orderby=slug&order=desc")).containsExactly(c2, c4, c6, c3, c1);
    assertThat(categories("?orderby=description")).containsExactly(c4, c6, c3, c1, c2);
    assertThat(categories("?orderby=description&order=desc")).containsExactly(c2, c1, c3, c6, c4);
  }

  @Test
  void orderByIdAndItsAliases() {
    for (String key : List.of("id", "term_id", "term_group", "none", "include")) {
      assertThat(categories("?orderby=" + key)).as(key).containsExactly(c1, c2, c3, c4, c6);
      assertThat(categories("?orderby=" + key + "&order=desc")).as(key).containsExactly(c6, c4, c3, c2, c1);
    }
  }

  @Test
  void orderByCountBreaksTiesById() {
    assertThat(categories("?orderby=count")).containsExactly(c1, c3, c4, c6, c2);
    assertThat(categories("?orderby=count&order=desc")).containsExactly(c2, c6, c4, c3, c1);
    assertThat(categories("?orderby=count&hide_empty=false")).containsExactly(c5, c1, c3, c4, c6, c2);
  }

  @Test
  void orderByIncludeFollowsTheIncludeList() {
    String include = "?include=" + list(c4, c1, c6, c4);
    assertThat(categories(include + "&orderby=include")).containsExactly(c4, c1, c6);
    assertThat(categories(include + "&orderby=include&order=desc")).containsExactly(c6, c1, c4);
    assertThat(categories(include)).as("default: name").containsExactly(c1, c6, c4);
  }

  @Test
  void sortingAndFiltersUseTheTextLanguage() {
    assertThat(categories("?translation_language=fr")).containsExactly(c1, c3, c6, c2, c4);
    JsonNode pomme = ok(anon.get("/fr" + CATEGORIES + "?slug=pomme")).path("categories");
    assertThat(pomme).hasSize(1);
    assertThat(pomme.path(0).path("name").asText()).isEqualTo("Pomme");
    assertThat(pomme.path(0).path("language").asText()).isEqualTo("fr");
    assertThat(categories("?slug=pomme")).isEmpty();
    assertThat(ids(anon.get("/fr" + CATEGORIES + "?search=POM"), "categories")).containsExactly(c2);
    assertThat(categories("?search=pom")).isEmpty();
    // English: no English text anywhere, every term falls back to Dutch
    JsonNode en = ok(anon.get("/en" + CATEGORIES));
    assertThat(ids(anon.get("/en" + CATEGORIES), "categories")).containsExactly(c2, c1, c3, c6, c4);
    en.path("categories").forEach(item -> assertThat(item.path("language").asText()).isEqualTo("nl"));
  }

  // ---------------------------------------------------------------- filters

  @Test
  void includeAndExcludeCombineWithTheOtherFilters() {
    assertThat(categories("?include=" + list(c3, c1))).containsExactly(c1, c3);
    assertThat(categories("?include=" + c5)).as("hide_empty still applies").isEmpty();
    assertThat(categories("?include=" + c5 + "&hide_empty=false")).containsExactly(c5);
    assertThat(categories("?exclude=" + list(c2, c4))).containsExactly(c1, c3, c6);
    assertThat(categories("?exclude[]=" + c2 + "&exclude[]=" + c4)).containsExactly(c1, c3, c6);
    assertThat(categories("?include=" + list(c1, c2) + "&exclude=" + c2)).containsExactly(c1);
  }

  @Test
  void includeAndExcludeMustNameTermsOfThisTaxonomy() {
    assertInvalid(anon.get(CATEGORIES + "?include=" + list(c1, 999999)), "include", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?exclude=" + red), "exclude", "rest_not_found");
    assertInvalid(anon.get(TAGS + "?include=" + c1), "include", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?include=0"), "include", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?exclude=abc"), "exclude", "rest_invalid_type");
    assertInvalid(anon.get(CATEGORIES + "?include="), "include", "rest_empty_value");
  }

  @Test
  void parentSelectsDirectChildren() {
    assertThat(categories("?parent=0")).containsExactly(c2, c1);
    assertThat(categories("?parent=0&hide_empty=false")).containsExactly(c2, c1, c5);
    assertThat(categories("?parent=" + c1)).containsExactly(c3, c4);
    assertThat(categories("?parent=" + c3)).isEmpty();
    assertInvalid(anon.get(CATEGORIES + "?parent=999999"), "parent", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?parent=" + red), "parent", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?parent=-1"), "parent", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?parent=x"), "parent", "rest_invalid_type");
  }

  @Test
  void postAndEventSelectTheTermsOfOneEventOfAnyStatus() {
    assertThat(categories("?post=" + e1)).containsExactly(c2, c1, c3);
    assertThat(categories("?event=" + e2)).containsExactly(c2, c4);
    HttpResult both = anon.get(CATEGORIES + "?post=" + e1 + "&event=" + e2);
    assertThat(ids(both, "categories")).as("event wins").containsExactly(c2, c4);
    assertThat(both.json().path("rest_url").asText()).contains("&post=" + e2 + "&").doesNotContain("event=");
    assertThat(ids(ed.get(CATEGORIES + "?post=" + draft), "categories")).containsExactly(c1);
    assertThat(ids(ed.get(CATEGORIES + "?post=" + draft + "&hide_empty=false"), "categories")).containsExactly(c1, c5);
    assertThat(categories("?post=" + draft + "&hide_empty=false")).as("a draft's terms are not public").isEmpty();
    assertInvalid(anon.get(CATEGORIES + "?post=999999"), "post", "rest_not_found");
    assertInvalid(anon.get(CATEGORIES + "?event=abc"), "event", "rest_invalid_type");
    assertInvalid(anon.get(TAGS + "?event=999999"), "event", "rest_not_found");
  }

  @Test
  void slugMatchesTheWholeSlugInTheTextLanguage() {
    assertThat(categories("?slug=vrucht")).containsExactly(c2);
    assertThat(categories("?slug=VRUCHT")).containsExactly(c2);
    assertThat(categories("?slug=citroen")).containsExactly(c3);
    assertThat(categories("?slug=appel")).as("a name is not a slug").isEmpty();
    assertThat(categories("?slug=leeg&hide_empty=false")).containsExactly(c5);
    assertInvalid(anon.get(CATEGORIES + "?slug="), "slug", "rest_empty_value");
  }

  @Test
  void searchMatchesNameOrSlugCaseInsensitively() {
    assertThat(categories("?search=AN")).containsExactly(c1);
    assertThat(categories("?search=%C3%89CL")).containsExactly(c4);
    assertThat(categories("?search=%C3%A9cl")).containsExactly(c4);
    assertThat(categories("?search=uch")).as("in the slug vrucht").containsExactly(c2);
    assertThat(categories("?search=itroen-2")).containsExactly(c6);
    assertThat(categories("?search=zzzz")).isEmpty();
    assertThat(ok(anon.get(CATEGORIES + "?search=zzzz")).path("total").asInt()).isZero();
    assertInvalid(anon.get(CATEGORIES + "?search="), "search", "rest_empty_value");
    assertInvalid(anon.get(CATEGORIES + "?search=%20"), "search", "rest_empty_value");
    assertInvalid(anon.get(CATEGORIES + "?search=" + "s".repeat(201)), "search", "rest_too_long");
  }

  @Test
  void invalidParametersAreReportedTogetherInDeclarationOrder() {
    HttpResult response = anon.get(CATEGORIES + "?post=999999&order=sideways&include=999999&orderby=foo&hide_empty=maybe");
    assertInvalid(response, "include", "rest_not_found");
    assertInvalid(response, "order", "rest_invalid_value");
    assertInvalid(response, "orderby", "rest_invalid_value");
    assertInvalid(response, "hide_empty", "rest_invalid_type");
    assertInvalid(response, "post", "rest_not_found");
    assertThat(keys(response.json().path("data").path("params")))
        .containsExactly("include", "order", "orderby", "hide_empty", "post");
    assertInvalid(anon.get(CATEGORIES + "?hide_empty="), "hide_empty", "rest_empty_value");
    assertInvalid(anon.get(CATEGORIES + "?page=0"), "page", "rest_out_of_range");
    assertInvalid(anon.get(CATEGORIES + "?per_page=0"), "per_page", "rest_out_of_range");
    assertInvalid(anon.get(CATEGORIES + "?per_page=abc"), "per_page", "rest_invalid_type");
  }

  // ---------------------------------------------------------------- envelope, paging, navigation

  @Test
  void pagesHaveTheTermEnvelopeNavigationAndHeaders() {
    String base = server.url(CATEGORIES + "/?per_page=2&hide_empty=true&page=");
    HttpResult first = anon.get(CATEGORIES + "?per_page=2");
    JsonNode page1 = ok(first);
    assertThat(keys(page1)).containsExactly("rest_url", "total", "total_pages", "categories", "next_rest_url");
    assertThat(page1.path("rest_url").asText()).isEqualTo(base + 1);
    assertThat(page1.path("next_rest_url").asText()).isEqualTo(base + 2);
    assertThat(page1.path("total").asInt()).isEqualTo(5);
    assertThat(page1.path("total_pages").asInt()).isEqualTo(3);
    assertThat(first.header("X-Cal-Total")).isEqualTo("5");
    assertThat(first.header("X-Cal-TotalPages")).isEqualTo("3");
    assertThat(first.header("Link")).isEqualTo("<" + base + 2 + ">; rel=\"next\"");
    assertThat(ids(first, "categories")).containsExactly(c2, c1);

    HttpResult second = anon.get(page1.path("next_rest_url").asText().substring(server.url("").length()));
    JsonNode page2 = ok(second);
    assertThat(keys(page2)).containsExactly("rest_url", "total", "total_pages", "categories", "next_rest_url",
        "previous_rest_url");
    assertThat(ids(second, "categories")).containsExactly(c3, c6);
    assertThat(page2.path("previous_rest_url").asText()).isEqualTo(base + 1);
    assertThat(second.header("Link")).isEqualTo("<" + base + 3 + ">; rel=\"next\", <" + base + 1 + ">; rel=\"prev\"");

    HttpResult third = anon.get(CATEGORIES + "?per_page=2&page=3");
    assertThat(ids(third, "categories")).containsExactly(c4);
    assertThat(keys(third.json())).containsExactly("rest_url", "total", "total_pages", "categories", "previous_rest_url");
    assertThat(third.header("Link")).isEqualTo("<" + base + 2 + ">; rel=\"prev\"");

    HttpResult fourth = anon.get(CATEGORIES + "?per_page=2&page=4");
    assertThat(ids(fourth, "categories")).as("beyond the end: 200 and empty").isEmpty();
    assertThat(fourth.json().path("previous_rest_url").asText()).isEqualTo(base + 3);
    assertThat(fourth.json().path("total").asInt()).isEqualTo(5);
    HttpResult fifth = anon.get(CATEGORIES + "?per_page=2&page=5");
    assertThat(keys(fifth.json())).containsExactly("rest_url", "total", "total_pages", "categories");
    assertThat(fifth.header("Link")).isNull();
    assertThat(fifth.header("X-Cal-Total")).isEqualTo("5");
    JsonNode farAway = ok(anon.get(CATEGORIES + "?per_page=50&page=9223372036854775807"));
    assertThat(keys(farAway)).containsExactly("rest_url", "total", "total_pages", "categories");
    assertThat(farAway.path("categories").toString()).isEqualTo("[]");
  }

  @Test
  void anEmptyListHasZeroPagesAndNoLinks() {
    HttpResult response = anon.get(CATEGORIES + "?search=zzzz");
    JsonNode body = ok(response);
    assertThat(body.toString()).isEqualTo("{\"rest_url\":" + q(server.url(CATEGORIES + "/?per_page=12&search=zzzz&hide_empty=true&page=1"))
        + ",\"total\":0,\"total_pages\":0,\"categories\":[]}");
    assertThat(response.header("X-Cal-Total")).isEqualTo("0");
    assertThat(response.header("X-Cal-TotalPages")).isEqualTo("0");
    assertThat(response.header("Link")).isNull();
    HttpResult head = anon.send("HEAD", CATEGORIES, null, null, java.util.Map.of());
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.header("X-Cal-Total")).isEqualTo("5");
    assertThat(head.body()).isEmpty();
  }

  @Test
  void navigationURLsRenderTheEffectiveParametersInContractOrder() {
    assertThat(ok(anon.get(CATEGORIES)).path("rest_url").asText())
        .isEqualTo(server.url(CATEGORIES + "/?per_page=12&hide_empty=true&page=1"));
    String query = "?translation_language=en&slug=x&event=" + e1 + "&post=" + e2 + "&parent=0&hide_empty=0"
        + "&orderby=COUNT&order=DESC&include=" + list(c2, c1, c2) + "&exclude=" + c5 + "&search=a%20b,c&per_page=100";
    assertThat(ok(anon.get(CATEGORIES + query)).path("rest_url").asText()).isEqualTo(server.url(CATEGORIES
        + "/?per_page=50&search=a%20b%2Cc&exclude=" + c5 + "&include=" + c2 + "%2C" + c1 + "&order=desc&orderby=count"
        + "&hide_empty=false&parent=0&post=" + e1 + "&slug=x&translation_language=en&page=1"));
    // a language segment is part of the base URL, not a parameter
    assertThat(ok(anon.get("/fr" + CATEGORIES + "?per_page=2&order=asc")).path("rest_url").asText())
        .isEqualTo(server.url("/fr" + CATEGORIES + "/?per_page=2&order=asc&hide_empty=true&page=1"));
    // tags take no parent: it is ignored, not rendered
    assertThat(ok(anon.get(TAGS + "?parent=5&hide_empty=false&post=" + e1)).path("rest_url").asText())
        .isEqualTo(server.url(TAGS + "/?per_page=12&hide_empty=false&post=" + e1 + "&page=1"));
  }

  // ---------------------------------------------------------------- tags

  @Test
  void tagListsWorkAlikeWithoutParent() {
    HttpResult response = anon.get(TAGS);
    JsonNode body = ok(response);
    assertThat(keys(body)).containsExactly("rest_url", "total", "total_pages", "tags");
    assertThat(ids(response, "tags")).containsExactly(blue, red);
    body.path("tags").forEach(tag -> assertThat(keys(tag)).containsExactlyElementsOf(TAG_KEYS));
    assertThat(body.path("tags").path(1).path("count").asInt()).isEqualTo(2);
    assertThat(ids(anon.get(TAGS + "?hide_empty=false"), "tags")).containsExactly(blue, green, red);
    assertThat(ids(anon.get(TAGS + "?orderby=count&order=desc"), "tags")).containsExactly(red, blue);
    assertThat(ids(anon.get(TAGS + "?parent=" + red + "&hide_empty=false"), "tags")).containsExactly(blue, green, red);
    assertThat(ids(anon.get(TAGS + "?search=oo"), "tags")).containsExactly(red);
    assertThat(ids(anon.get(TAGS + "?post=" + e1), "tags")).isEmpty();
  }
}
