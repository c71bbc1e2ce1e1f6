package org.agenda.api;

import static org.agenda.api.ApiChecks.assertInvalid;
import static org.agenda.api.ApiChecks.keys;
import static org.agenda.api.TermFixtures.CATEGORIES;
import static org.agenda.api.TermFixtures.CATEGORY_KEYS;
import static org.agenda.api.TermFixtures.EVENTS;
import static org.agenda.api.TermFixtures.NS;
import static org.agenda.api.TermFixtures.TAGS;
import static org.agenda.api.TermFixtures.TAG_KEYS;
import static org.agenda.api.TermFixtures.created;
import static org.agenda.api.TermFixtures.ids;
import static org.agenda.api.TermFixtures.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.agenda.user.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * §12 section I (rows 75–80) and the term rows of section B (15, 16) and C (31), literally and in
 * order: later rows build on the terms of earlier ones (Cc, Cx), as in the contract.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TermAcceptanceApiTest {
  static TestServer server;
  static TestServer.Caller ed, au, co, su, anon;
  static long cc;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    ed = server.as("ed", server.addUser("ed", Role.EDITOR));
    au = server.as("au", server.addUser("au", Role.AUTHOR));
    co = server.as("co", server.addUser("co", Role.CONTRIBUTOR));
    su = server.as("su", server.addUser("su", Role.SUBSCRIBER));
    anon = server.anonymous();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  @Order(15)
  void row15_contributorMayNotCreateACategoryButAnAuthorMay() {
    HttpResult contributor = co.postJson(CATEGORIES, "{\"name\":\"Lezing\"}");
    assertThat(contributor.status()).isEqualTo(403);
    assertThat(contributor.code()).isEqualTo("rest_forbidden");
    assertThat(contributor.json().path("message").asText()).isEqualTo("Sorry, you are not allowed to do that.");
    assertThat(su.postJson(CATEGORIES, "{\"name\":\"Lezing\"}").status()).isEqualTo(403);
    assertThat(created(au.postJson(CATEGORIES, "{\"name\":\"Lezing\"}")).path("name").asText()).isEqualTo("Lezing");
  }

  @Test
  @Order(16)
  void row16_onlyEditorsCreateTags() {
    HttpResult author = au.postJson(TAGS, "{\"name\":\"gratis\"}");
    assertThat(author.status()).isEqualTo(403);
    assertThat(author.code()).isEqualTo("rest_forbidden");
    HttpResult response = ed.postJson(TAGS, "{\"name\":\"gratis\"}");
    JsonNode tag = created(response);
    assertThat(response.header("Location")).isEqualTo(tag.path("urls").path("self").asText())
        .isEqualTo(server.url(TAGS + "/" + tag.path("id").asLong()));
    assertThat(tag.path("taxonomy").asText()).isEqualTo("post_tag");
    assertThat(tag.has("parent")).isFalse();
    assertThat(keys(tag)).containsExactlyElementsOf(TAG_KEYS);
  }

  @Test
  @Order(31)
  void row31_aCategoryCreatedByNameFromAnEventIsATermOfTheCategoryRoutes() {
    assertInvalid(co.postJson(EVENTS, ApiChecks.event("Voordracht", "\"categories\":[\"Onbekend\"]")),
        "categories", "rest_not_allowed");
    JsonNode event = created(au.postJson(EVENTS, ApiChecks.event("Voordracht", "\"categories\":[\"Onbekend\"]")));
    JsonNode embedded = event.path("categories").path(0);
    assertThat(embedded.path("slug").asText()).isEqualTo("onbekend");
    JsonNode category = ok(anon.get(CATEGORIES + "/" + embedded.path("id").asLong()));
    assertThat(category.path("name").asText()).isEqualTo("Onbekend");
    assertThat(category.path("count").asInt()).isEqualTo(1);
    assertInvalid(au.postJson(EVENTS, ApiChecks.event("Voordracht", "\"categories\":[999999]")), "categories",
        "rest_not_found");
  }

  @Test
  @Order(75)
  void row75_createCategoriesTermExistsAndAChild() {
    HttpResult response = au.postJson(CATEGORIES, "{\"name\":\"Concerten\"}");
    JsonNode category = created(response);
    cc = category.path("id").asLong();
    assertThat(keys(category)).containsExactlyElementsOf(CATEGORY_KEYS);
    assertThat(category.path("count").asInt()).isZero();
    assertThat(category.path("parent").asLong()).isZero();
    assertThat(category.path("taxonomy").asText()).isEqualTo("cal_events_cat");
    assertThat(category.path("meta").toString()).isEqualTo("[]");
    assertThat(category.path("language").asText()).isEqualTo("nl");
    assertThat(response.header("Location")).isEqualTo(category.path("urls").path("self").asText())
        .isEqualTo(server.url(CATEGORIES + "/" + cc));
    assertThat(category.path("urls").has("up")).isFalse();

    HttpResult again = au.postJson(CATEGORIES, "{\"name\":\"Concerten\"}");
    assertThat(again.status()).isEqualTo(400);
    assertThat(again.code()).isEqualTo("term_exists");
    assertThat(again.json().path("message").asText())
        .isEqualTo("A term with the name provided already exists with this parent.");
    assertThat(again.json().path("data").path("status").asInt()).isEqualTo(400);
    assertThat(again.json().path("data").path("term_id").asLong()).isEqualTo(cc);

    JsonNode child = created(au.postJson(CATEGORIES, "{\"name\":\"Kamermuziek\",\"parent\":" + cc + "}"));
    assertThat(child.path("parent").asLong()).isEqualTo(cc);
    assertThat(child.path("urls").path("up").asText()).isEqualTo("http://localhost:" + server.application().port()
        + "/cal/events/v1/categories/" + cc);
  }

  @Test
  @Order(76)
  void row76_emptyCategoriesAreHiddenAndPagesBeyondTheEndAreEmpty() {
    assertThat(ids(anon.get(CATEGORIES), "categories")).doesNotContain(cc);

    JsonNode page2 = ok(anon.get(CATEGORIES + "?hide_empty=false&per_page=1&page=2"));
    assertThat(page2.path("categories")).hasSize(1);
    assertThat(page2.path("total").asInt()).isGreaterThanOrEqualTo(3);
    for (String link : new String[] {"next_rest_url", "previous_rest_url"}) {
      assertThat(page2.path(link).asText()).as(link).contains("per_page=1").contains("hide_empty=false");
    }
    assertThat(page2.path("previous_rest_url").asText()).endsWith("page=1");

    HttpResult beyond = anon.get(CATEGORIES + "?hide_empty=false&page=999");
    JsonNode empty = ok(beyond);
    assertThat(empty.path("categories").toString()).isEqualTo("[]");
    assertThat(empty.has("previous_rest_url")).isFalse();
    assertThat(empty.has("next_rest_url")).isFalse();
    assertThat(beyond.header("Link")).isNull();
  }

  @Test
  @Order(77)
  void row77_invalidListParametersAndParentsOfTags() {
    assertInvalid(anon.get(CATEGORIES + "?order=sideways"), "order", "rest_invalid_value");
    assertInvalid(anon.get(CATEGORIES + "?parent=999999"), "parent", "rest_not_found");
    assertThat(anon.get(TAGS + "?parent=5").status()).isEqualTo(200);
    HttpResult tag = ed.postJson(TAGS, "{\"name\":\"t\",\"parent\":1}");
    assertThat(tag.status()).isEqualTo(400);
    assertThat(tag.code()).isEqualTo("rest_taxonomy_not_hierarchical");
    assertThat(tag.json().path("message").asText()).isEqualTo("Cannot set parent term, taxonomy is not hierarchical.");
    assertThat(ids(anon.get(TAGS + "?hide_empty=false&slug=t"), "tags")).as("nothing was created").isEmpty();
  }

  @Test
  @Order(78)
  void row78_anExplicitSlugInUseIsRefused() {
    assertThat(created(ed.postJson(CATEGORIES, "{\"name\":\"A\",\"slug\":\"dubbel\"}")).path("slug").asText())
        .isEqualTo("dubbel");
    HttpResult second = ed.postJson(CATEGORIES, "{\"name\":\"B\",\"slug\":\"dubbel\"}");
    assertThat(second.status()).isEqualTo(400);
    assertThat(second.code()).isEqualTo("duplicate_term_slug");
    assertThat(second.json().path("message").asText()).isEqualTo("The slug \"dubbel\" is already in use by another term.");
  }

  @Test
  @Order(79)
  void row79_deletingACategoryAnswersItsLastStateAndUnlinksItsEvents() {
    long cx = created(au.postJson(CATEGORIES, "{\"name\":\"Cx\"}")).path("id").asLong();
    long s1 = created(ed.postJson(EVENTS, "{\"title\":\"S1\",\"start_date\":\"tomorrow 16:00\","
        + "\"end_date\":\"tomorrow 16:30\",\"categories\":[" + cx + "]}")).path("id").asLong();
    created(ed.postJson(EVENTS, "{\"title\":\"S2\",\"start_date\":\"tomorrow 20:00\","
        + "\"end_date\":\"tomorrow 20:30\",\"categories\":[" + cx + "]}"));

    JsonNode deleted = ok(au.delete(CATEGORIES + "/" + cx));
    assertThat(deleted.path("id").asLong()).isEqualTo(cx);
    assertThat(deleted.path("name").asText()).isEqualTo("Cx");
    assertThat(deleted.path("count").asInt()).isEqualTo(2);
    assertThat(keys(deleted)).containsExactlyElementsOf(CATEGORY_KEYS);

    assertThat(ok(anon.get(EVENTS + "/" + s1)).path("categories").toString()).isEqualTo("[]");
    assertInvalid(au.delete(CATEGORIES + "/" + cx), "id", "rest_not_found");
  }

  @Test
  @Order(80)
  void row80_aTranslationIsAddedInTheRequestLanguage() {
    JsonNode patched = ok(ed.patchJson("/en" + NS + "/categories/" + cc, "{\"name\":\"Concerts\"}"));
    assertThat(patched.path("language").asText()).isEqualTo("en");
    assertThat(patched.path("slug").asText()).isEqualTo("concerts");

    assertThat(ok(anon.get("/en" + NS + "/categories/" + cc)).path("name").asText()).isEqualTo("Concerts");
    JsonNode dutch = ok(anon.get(CATEGORIES + "/" + cc));
    assertThat(dutch.path("name").asText()).isEqualTo("Concerten");
    assertThat(keys(dutch.path("translations"))).containsExactly("nl", "en");
  }
}
