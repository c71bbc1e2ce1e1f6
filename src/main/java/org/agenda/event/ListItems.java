package org.agenda.event;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.agenda.db.ByIdLoader;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.term.Term;
import org.agenda.term.Terms;

/**
 * Events as list items in UTF-8 JSON, kept rendered between writes. An item is kept without its categories and
 * tags, which are put in on every request from their own kept forms: a term shows how many events it has, which
 * every new event of a popular term changes, and that should not make every item that embeds it be rendered again.
 */
final class ListItems {
  /** Where an item rendered with its terms apart ({@link EventView.Shape#termsApart}) gets them. */
  private static final byte[] TERMS_APART = ",\"categories\":[],\"tags\":[],".getBytes(StandardCharsets.UTF_8);
  private static final byte[] TAGS = "],\"tags\":[".getBytes(StandardCharsets.UTF_8);
  private static final byte[] CATEGORIES = ",\"categories\":[".getBytes(StandardCharsets.UTF_8);
  private static final byte[] CLOSE = "],".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_SHOWN = new byte[0];

  /**
   * Who an item is rendered for, besides what it is rendered from: the request's language, the item's text language
   * and form, and the roots of its URLs.
   */
  record ItemKey(long id, String requestLanguage, String textLanguage, boolean stripped, String publicUrl,
      String baseUrl) {}

  /** A term as embedded, for a request's language and URL roots. */
  record TermKey(long id, String requestLanguage, String publicUrl, String baseUrl) {}

  private final EventView view;
  private final Languages languages;
  private final ByIdLoader.Renderings<ItemKey> items;
  private final ByIdLoader.Renderings<TermKey> terms;

  ListItems(EventView view, Languages languages, ByIdLoader.Renderings<ItemKey> items,
      ByIdLoader.Renderings<TermKey> terms) {
    this.view = view;
    this.languages = languages;
    this.items = items;
    this.terms = terms;
  }

  /** {@code event} shown in {@code textLanguage}, stripped of what a locked event hides or not. */
  byte[] item(Event event, String textLanguage, boolean stripped, String requestLanguage, Urls urls,
      EventView.Related related) {
    var key = new ItemKey(event.id, requestLanguage, textLanguage, stripped, urls.publicUrl(), urls.baseUrl());
    byte[] apart = items.get(key, related.sourceOf(event), () -> Json.bytes(
        view.render(event, new EventView.Shape(textLanguage, stripped, false, !stripped), requestLanguage, urls, related)));
    if (stripped) return apart;
    int at = indexOf(apart, TERMS_APART);
    var item = new ByteArrayOutputStream(apart.length + 1024);
    item.write(apart, 0, at);
    item.writeBytes(CATEGORIES);
    writeTerms(item, event.categoryIds, related.terms(), requestLanguage, urls);
    item.writeBytes(TAGS);
    writeTerms(item, event.tagIds, related.terms(), requestLanguage, urls);
    item.writeBytes(CLOSE);
    item.write(apart, at + TERMS_APART.length, apart.length - at - TERMS_APART.length);
    return item.toByteArray();
  }

  private void writeTerms(ByteArrayOutputStream out, List<Long> ids, Map<Long, Term> loaded, String requestLanguage,
      Urls urls) {
    boolean first = true;
    for (Long id : ids) {
      Term term = loaded.get(id);
      if (term == null) continue;
      byte[] embedded = terms.get(new TermKey(id, requestLanguage, urls.publicUrl(), urls.baseUrl()), term,
          () -> Terms.embedded(term, requestLanguage, languages, urls).map(Json::bytes).orElse(NOT_SHOWN));
      if (embedded.length == 0) continue;
      if (!first) out.write(',');
      out.writeBytes(embedded);
      first = false;
    }
  }

  /**
   * Where the empty term arrays stand in an item: the first such bytes, since the event's own fields before them
   * are JSON strings, in which a quote is escaped.
   */
  private static int indexOf(byte[] item, byte[] part) {
    outer:
    for (int i = 0; i <= item.length - part.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (item[i + j] != part[j]) continue outer;
      }
      return i;
    }
    throw new IllegalStateException("an item rendered with its terms apart has no place for them: "
        + new String(Arrays.copyOf(item, Math.min(item.length, 200)), StandardCharsets.UTF_8));
  }
}
