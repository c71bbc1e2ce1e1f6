package org.agenda.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * Reads a list of the original to its end, 50 records a page (its cap), page 1 first for the number of pages, then
 * the others in order with up to {@code readAhead} pages asked for at once, handing each page to the caller as it
 * comes, so that a hundred thousand events are never all in memory.
 */
final class Lists {
  static final int PER_PAGE = 50;

  private final Source source;
  private final ExecutorService readers;
  private final int readAhead;
  /** Whether a language is read under its own REST root ({@code /fr/wp-json}) rather than with {@code ?lang=fr}. */
  private final boolean languageRoots;

  Lists(Source source, ExecutorService readers, int readAhead, boolean languageRoots) {
    this.source = source;
    this.readers = readers;
    this.readAhead = readAhead;
    this.languageRoots = languageRoots;
  }

  /** What a list is: its path with the query that reaches every record, and the key of its items. */
  record Kind(String path, String query, String itemsKey) {}

  /** Passes the number of records the list holds to {@code total}, then each page to {@code page}, in order. */
  void read(Kind kind, String language, Consumer<Integer> total, Consumer<List<JsonNode>> page) {
    Source.Answer first = get(kind, language, 1);
    int pages = pages(kind, first);
    total.accept(first.body().path("total").asInt(items(kind, first).size()));
    page.accept(items(kind, first));
    Deque<CompletableFuture<Source.Answer>> ahead = new ArrayDeque<>();
    int asked = 1;
    int read = 1;
    while (read < pages) {
      while (asked < pages && ahead.size() < readAhead) {
        int number = ++asked;
        ahead.add(CompletableFuture.supplyAsync(() -> get(kind, language, number), readers));
      }
      Source.Answer answer;
      try {
        answer = ahead.removeFirst().join();
      } catch (CompletionException e) {
        ahead.forEach(future -> future.cancel(true));
        if (e.getCause() instanceof RuntimeException failure) throw failure;
        throw e;
      }
      read++;
      // a page past the end: the list became shorter while it was read (records deleted at the source)
      if (answer.body().has("code") && !answer.body().has(kind.itemsKey())) break;
      page.accept(items(kind, answer));
    }
  }

  private Source.Answer get(Kind kind, String language, int page) {
    String query = "per_page=" + PER_PAGE + "&page=" + page + (kind.query().isEmpty() ? "" : "&" + kind.query());
    if (language == null) return source.get(kind.path() + "?" + query);
    if (languageRoots) return source.getInLanguage(language, kind.path() + "?" + query);
    return source.get(kind.path() + "?" + query + "&lang=" + language);
  }

  private static int pages(Kind kind, Source.Answer answer) {
    JsonNode body = answer.body();
    if (body.has("code") && !body.has(kind.itemsKey())) {
      throw new SourceFailure(kind.path() + " answered " + body.path("data").path("status").asText("an error") + " "
          + body.path("code").asText() + ": " + body.path("message").asText());
    }
    if (!body.path(kind.itemsKey()).isArray()) {
      throw new SourceFailure(kind.path() + " is not the original's list: no \"" + kind.itemsKey() + "\" array");
    }
    if (body.hasNonNull("total_pages")) return body.get("total_pages").asInt();
    if (answer.totalPages() != null) {
      try {
        return Integer.parseInt(answer.totalPages().trim());
      } catch (NumberFormatException e) {
        throw new SourceFailure(kind.path() + " gives a page count that is not a number: " + answer.totalPages());
      }
    }
    return 1;
  }

  private static List<JsonNode> items(Kind kind, Source.Answer answer) {
    var items = new ArrayList<JsonNode>();
    answer.body().path(kind.itemsKey()).forEach(items::add);
    return items;
  }
}
