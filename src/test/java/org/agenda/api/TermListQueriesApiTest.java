package org.agenda.api;

import static org.agenda.api.ApiChecks.q;
import static org.agenda.api.TermFixtures.CATEGORIES;
import static org.agenda.api.TermFixtures.TAGS;
import static org.agenda.api.TermFixtures.ids;
import static org.agenda.api.TermFixtures.ok;
import static org.agenda.api.TermFixtures.term;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A term list request runs a bounded number of SQL statements: the count for one page of 50 categories
 * or tags, with their counts and translations, is the count for a page of 3 (no query per term).
 */
class TermListQueriesApiTest {
  /** A few statements more with more rows would still be "bounded"; one per row would not. */
  private static final long TOLERANCE = 2;

  static TestServer server;
  static TestServer.Caller admin;
  static final List<Long> categories = new ArrayList<>();
  static final List<Long> tags = new ArrayList<>();
  static long event;

  @BeforeAll
  static void start() {
    server = TestServer.start();
    admin = server.asAdmin();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Adds terms with a French translation, all carried by one published event (so none is empty). */
  private static void createTerms(int count) {
    for (int i = 0; i < count; i++) {
      int n = categories.size();
      long category = term(admin, CATEGORIES, "{\"name\":" + q("Categorie " + n) + ",\"description\":\"<p>c</p>\""
          + (n > 0 && n % 3 == 0 ? ",\"parent\":" + categories.get(0) : "") + "}");
      ok(admin.patchJson("/fr" + CATEGORIES + "/" + category, "{\"name\":" + q("Catégorie " + n) + "}"));
      categories.add(category);
      tags.add(term(admin, TAGS, "{\"name\":" + q("etiket " + n) + "}"));
    }
    event = TermFixtures.event(admin, "Alles " + categories.size(), "\"categories\":" + categories + ",\"tags\":" + tags);
  }

  /** Fewest statements seen for one request (other work of the service cannot lower the count). */
  private static long statementsFor(String path) {
    return ApiChecks.statementsFor(server, server.anonymous(), path);
  }

  private static Map<String, Long> measure() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("categories", statementsFor(CATEGORIES + "?per_page=50"));
    counts.put("fr by count", statementsFor("/fr" + CATEGORIES + "?per_page=50&orderby=count&order=desc"));
    counts.put("filters", statementsFor(CATEGORIES + "?per_page=50&hide_empty=false&search=cat&post=" + event
        + "&include=" + categories.get(0) + "&exclude=" + categories.get(categories.size() - 1) + "&parent=0"));
    counts.put("tags", statementsFor(TAGS + "?per_page=50&event=" + event));
    return counts;
  }

  @Test
  void statementsPerListRequestDoNotGrowWithTheNumberOfTerms() {
    createTerms(3);
    assertThat(ids(server.anonymous().get(CATEGORIES + "?per_page=50"), "categories")).hasSize(3);
    Map<String, Long> three = measure();

    createTerms(47);
    assertThat(ids(server.anonymous().get(CATEGORIES + "?per_page=50"), "categories")).hasSize(50);
    assertThat(ids(server.anonymous().get("/fr" + TAGS + "?per_page=50"), "tags")).hasSize(50);
    Map<String, Long> fifty = measure();

    System.out.println("statements per term list request, 3 terms: " + three + "; 50 terms: " + fifty);
    three.forEach((request, count) -> assertThat(fifty.get(request))
        .as("statements for the %s request with 50 terms (3 terms: %d)", request, count)
        .isLessThanOrEqualTo(count + TOLERANCE));
    assertThat(fifty.get("categories")).as("a plain page: the data version, the terms, their texts and their counts")
        .isLessThanOrEqualTo(4);
  }
}
