package org.agenda.event;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.agenda.db.ByIdLoader;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.http.Utf8Buffer;
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

  /** Writes list items into {@code out}, one after the other, separated by commas. */
  Writer writer(Utf8Buffer out) {
    return new Writer(out);
  }

  /** The items of one answer, and the forms of the terms they embed, which items of one answer often share. */
  final class Writer {
    private final Utf8Buffer out;
    /** An item's categories and tags, written before they replace the empty arrays kept in the item. */
    private final Utf8Buffer termArrays = new Utf8Buffer(1024);
    private final Map<Long, ByIdLoader.Form> termForms = new HashMap<>();
    private boolean first = true;

    private Writer(Utf8Buffer out) {
      this.out = out;
    }

    /** {@code event} shown in {@code textLanguage}, stripped of what a locked event hides or not. */
    void item(Event event, String textLanguage, boolean stripped, String requestLanguage, Urls urls,
        EventView.Related related) {
      if (!first) out.write((byte) ',');
      first = false;
      var key = new ItemKey(event.id, requestLanguage, textLanguage, stripped, urls.publicUrl(), urls.baseUrl());
      Supplier<byte[]> render = () -> {
        byte[] item = Json.bytes(view.render(event, new EventView.Shape(textLanguage, stripped, false, !stripped),
            requestLanguage, urls, related));
        return stripped ? item : withTermsPlace(item);
      };
      ByIdLoader.Form apart = items.get(key, kept -> related.isSourceOf(kept, event),
          () -> related.sourceOf(event), render);
      int from = out.length();
      out.write(apart.length(), apart::copyTo);
      if (stripped) return;
      int at = from + out.removeTrailingInt();
      termArrays.clear();
      termArrays.write(CATEGORIES);
      writeTerms(event.categoryIds, related.terms(), requestLanguage, urls);
      termArrays.write(TAGS);
      writeTerms(event.tagIds, related.terms(), requestLanguage, urls);
      termArrays.write(CLOSE);
      out.replace(at, TERMS_APART.length, termArrays);
    }

    private void writeTerms(List<Long> ids, Map<Long, Term> loaded, String requestLanguage, Urls urls) {
      boolean firstTerm = true;
      for (Long id : ids) {
        Term term = loaded.get(id);
        if (term == null) continue;
        ByIdLoader.Form embedded = termForms.computeIfAbsent(id, unused -> terms.get(
            new TermKey(id, requestLanguage, urls.publicUrl(), urls.baseUrl()), term,
            () -> Terms.embedded(term, requestLanguage, languages, urls).map(Json::bytes).orElse(NOT_SHOWN)));
        if (embedded.length() == 0) continue;
        if (!firstTerm) termArrays.write((byte) ',');
        termArrays.write(embedded.length(), embedded::copyTo);
        firstTerm = false;
      }
    }
  }

  /**
   * An item rendered with its terms apart, followed by where the empty term arrays stand in it (four bytes, big-endian),
   * found once here rather than in every answer that shows it.
   */
  private static byte[] withTermsPlace(byte[] item) {
    int at = indexOf(item, TERMS_APART);
    byte[] marked = Arrays.copyOf(item, item.length + 4);
    for (int i = 0; i < 4; i++) marked[item.length + i] = (byte) (at >>> (24 - 8 * i));
    return marked;
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
