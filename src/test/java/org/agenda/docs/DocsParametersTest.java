package org.agenda.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.agenda.support.HttpResult;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The parameter tables of the pages under {@code docs/} are the namespace index ({@code GET /cal/events/v1}),
 * rendered. A table stands between {@code <!-- params: METHODS PATH -->} and {@code <!-- /params -->}, where
 * METHODS is one or more methods of one endpoint ({@code GET}, or {@code POST PUT PATCH}) and PATH a route
 * relative to the namespace as the index keys show it, with variables by name and literal text as it is
 * ({@code /events/{id}}, {@code /events/by-slug/{slug}}, {@code /events/{id}.ics}; nothing for the namespace index
 * itself). The test fails when a table differs from the index, when a marker
 * names a route or method the index does not have, and when a route and method of the index has no table in
 * any page, so that a new route or parameter cannot go undocumented.
 *
 * <p>With {@code -Dagenda.docs.write=true} it rewrites the tables in place instead of failing on them (a
 * missing or wrong marker still fails: only a person can place one).
 */
class DocsParametersTest {
  private static final String NAMESPACE = "/cal/events/v1";
  private static final Pattern OPEN = Pattern.compile(
      "<!-- params: ([A-Z]+(?:[ ,]+[A-Z]+)*)(?: (/\\S*))? -->");
  private static final String CLOSE = "<!-- /params -->";
  private static final Pattern PATH_VARIABLE = Pattern.compile("\\(\\?P<(\\w+)>[^)]*\\)");
  private static final boolean WRITE = Boolean.getBoolean("agenda.docs.write");

  /** One endpoint of the index: the methods it serves and its args, in the index's order. */
  private record Endpoint(List<String> methods, JsonNode args) {}

  @Test
  void parameterTablesFollowTheNamespaceIndex() throws IOException {
    // The index does not depend on the database: run once, also when -Dtest puts this class into the
    // pom's PostgreSQL execution (whose includes it otherwise is not part of).
    Assumptions.assumeFalse("postgres".equals(System.getProperty("agenda.test.db")),
        "the docs tables are checked in the SQLite run");
    Map<String, List<Endpoint>> routes = namespaceRoutes();
    Path docs = Path.of(System.getProperty("basedir", ".")).resolve("docs");
    assertThat(docs).as("the docs folder").isDirectory();
    List<Path> pages;
    try (Stream<Path> files = Files.walk(docs)) {
      pages = files.filter(file -> file.toString().endsWith(".md")).sorted().toList();
    }

    List<String> problems = new ArrayList<>();
    Set<String> documented = new LinkedHashSet<>();
    int tables = 0;
    int rewritten = 0;
    for (Path page : pages) {
      String name = docs.getParent().relativize(page).toString();
      String text = Files.readString(page, StandardCharsets.UTF_8);
      List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
      boolean changed = false;
      for (int i = 0; i < lines.size(); i++) {
        Matcher open = OPEN.matcher(lines.get(i).trim());
        if (!open.matches()) {
          if (lines.get(i).trim().startsWith("<!-- params")) {
            problems.add(name + ":" + (i + 1) + ": malformed marker " + lines.get(i).trim()
                + " (expected <!-- params: METHOD[ METHOD…] /path -->)");
          }
          continue;
        }
        String marker = lines.get(i).trim();
        int close = -1;
        for (int j = i + 1; j < lines.size(); j++) {
          if (lines.get(j).trim().equals(CLOSE)) {
            close = j;
            break;
          }
          if (OPEN.matcher(lines.get(j).trim()).matches()) break;
        }
        if (close < 0) {
          problems.add(name + ":" + (i + 1) + ": " + marker + " has no " + CLOSE + " before the next marker or the end");
          continue;
        }
        tables++;
        List<String> methods = Arrays.stream(open.group(1).split("[ ,]+")).toList();
        String path = open.group(2) == null ? "" : open.group(2);
        Endpoint endpoint = resolve(routes, methods, path, name + ":" + (i + 1) + ": " + marker, problems);
        if (endpoint != null) {
          methods.forEach(method -> documented.add(method + " " + path));
          List<String> expected = render(endpoint, path);
          List<String> actual = lines.subList(i + 1, close);
          if (!expected.equals(actual)) {
            if (WRITE) {
              actual.clear();
              actual.addAll(expected);
              close = i + 1 + expected.size();
              changed = true;
              rewritten++;
            } else {
              problems.add(name + ":" + (i + 1) + ": the table of " + marker + " differs from the namespace index"
                  + difference(expected, actual));
            }
          }
        }
        i = close;
      }
      if (changed) Files.writeString(page, String.join("\n", lines), StandardCharsets.UTF_8);
    }

    routes.forEach((path, endpoints) -> endpoints.forEach(endpoint -> endpoint.methods().forEach(method -> {
      if (!documented.contains(method + " " + path)) {
        problems.add(method + " " + (path.isEmpty() ? "(the namespace index itself)" : path)
            + " is in the namespace index but no page under docs/ has its table: add <!-- params: " + method
            + (path.isEmpty() ? "" : " " + path) + " --> and " + CLOSE + " to the page of that resource, then run"
            + " this test with -Dagenda.docs.write=true");
      }
    })));

    if (WRITE) System.out.println("DocsParametersTest: " + tables + " tables, " + rewritten + " rewritten");
    assertThat(problems)
        .withFailMessage(() -> problems.size() + " problem(s) with the parameter tables under docs/"
            + (WRITE ? "" : " (tables that merely differ are rewritten by -Dagenda.docs.write=true)") + ":\n\n"
            + String.join("\n\n", problems))
        .isEmpty();
  }

  /** The index's routes by path relative to the namespace ({@code ""}, {@code /events/{id}}, …), in its order. */
  private static Map<String, List<Endpoint>> namespaceRoutes() {
    try (TestServer server = TestServer.start()) {
      HttpResult index = server.anonymous().get(NAMESPACE);
      assertThat(index.status()).as("GET " + NAMESPACE).isEqualTo(200);
      Map<String, List<Endpoint>> routes = new LinkedHashMap<>();
      Iterator<Map.Entry<String, JsonNode>> entries = index.json().path("routes").fields();
      while (entries.hasNext()) {
        Map.Entry<String, JsonNode> entry = entries.next();
        String key = entry.getKey();
        assertThat(key).as("a key of the namespace index").startsWith(NAMESPACE);
        // /events/(?P<id>\d+)\.ics → /events/{id}.ics: variables by name, escaped literal characters as themselves
        String path = PATH_VARIABLE.matcher(key.substring(NAMESPACE.length())).replaceAll("{$1}")
            .replaceAll("\\\\(.)", "$1");
        List<Endpoint> endpoints = new ArrayList<>();
        for (JsonNode endpoint : entry.getValue().path("endpoints")) {
          List<String> methods = new ArrayList<>();
          endpoint.path("methods").forEach(method -> methods.add(method.asText()));
          endpoints.add(new Endpoint(List.copyOf(methods), endpoint.path("args")));
        }
        routes.put(path, endpoints);
      }
      assertThat(routes).as("routes of the namespace index").isNotEmpty();
      return routes;
    }
  }

  /** The one endpoint that serves all the marker's methods, or null with a problem recorded. */
  private static Endpoint resolve(Map<String, List<Endpoint>> routes, List<String> methods, String path,
      String where, List<String> problems) {
    List<Endpoint> endpoints = routes.get(path);
    if (endpoints == null) {
      problems.add(where + ": the namespace index has no route " + (path.isEmpty() ? "(empty path)" : path)
          + "; its routes are " + routes.keySet().stream().map(p -> p.isEmpty() ? "(empty: the index itself)" : p)
              .collect(Collectors.joining(", ")));
      return null;
    }
    Endpoint found = null;
    for (String method : methods) {
      Endpoint serving = endpoints.stream().filter(e -> e.methods().contains(method)).findFirst().orElse(null);
      if (serving == null) {
        problems.add(where + ": " + (path.isEmpty() ? "the namespace index" : path) + " has no method " + method
            + "; its methods are " + endpoints.stream().flatMap(e -> e.methods().stream()).toList());
        return null;
      }
      if (found != null && found != serving) {
        problems.add(where + ": " + methods + " are served by different endpoints of " + path
            + " (with different parameters); give each its own table");
        return null;
      }
      found = serving;
    }
    return found;
  }

  /** The lines between the markers: a blank line, the table, a blank line. */
  static List<String> render(Endpoint endpoint, String path) {
    List<String> lines = new ArrayList<>();
    lines.add("");
    lines.add("| Name | Type | Required | Default | Description |");
    lines.add("|---|---|---|---|---|");
    Iterator<Map.Entry<String, JsonNode>> args = endpoint.args().fields();
    while (args.hasNext()) {
      Map.Entry<String, JsonNode> arg = args.next();
      String name = arg.getKey();
      JsonNode spec = arg.getValue();
      String shownName = "`" + cell(name) + "`" + (path.contains("{" + name + "}") ? " (path)" : "");
      String required = spec.path("required").asBoolean(false) ? "yes" : "no";
      String defaultValue = spec.has("default") ? "`" + cell(value(spec.get("default"))) + "`" : "—";
      lines.add("| " + shownName + " | " + type(spec) + " | " + required + " | " + defaultValue + " | "
          + cell(spec.path("description").asText("")) + " |");
    }
    lines.add("");
    return lines;
  }

  /** {@code integer}, {@code string (date-time)}, {@code string: `view`, `help`}, {@code array of integer}, … */
  private static String type(JsonNode spec) {
    if (!spec.has("type")) return "any";
    String type = spec.get("type").asText();
    if (type.equals("array")) {
      JsonNode items = spec.path("items");
      return "array of " + (items.has("type") ? items.get("type").asText() : "any") + enumeration(items);
    }
    return type + (spec.has("format") ? " (" + spec.get("format").asText() + ")" : "") + enumeration(spec);
  }

  private static String enumeration(JsonNode spec) {
    if (!spec.has("enum")) return "";
    List<String> values = new ArrayList<>();
    spec.get("enum").forEach(value -> values.add("`" + cell(value(value)) + "`"));
    return ": " + String.join(", ", values);
  }

  private static String value(JsonNode value) {
    return value.isTextual() ? value.asText() : value.toString();
  }

  /** Text safe in a table cell: one line, with {@code |} escaped. */
  private static String cell(String text) {
    return text.replaceAll("\\s*\\R\\s*", " ").replace("|", "\\|");
  }

  private static String difference(List<String> expected, List<String> actual) {
    var out = new StringBuilder();
    Set<String> inExpected = Set.copyOf(expected);
    Set<String> inActual = Set.copyOf(actual);
    List<String> missing = expected.stream().filter(line -> !inActual.contains(line)).toList();
    List<String> extra = actual.stream().filter(line -> !inExpected.contains(line)).toList();
    if (missing.isEmpty() && extra.isEmpty()) {
      out.append(" (same lines, other order or blank lines)");
    } else {
      extra.forEach(line -> out.append("\n  - in the page:  ").append(line));
      missing.forEach(line -> out.append("\n  + in the index: ").append(line));
    }
    out.append("\n  expected table:");
    expected.forEach(line -> out.append("\n    ").append(line));
    return out.toString();
  }
}
