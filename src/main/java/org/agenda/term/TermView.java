package org.agenda.term;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.agenda.config.Config;
import org.agenda.http.Json;
import org.agenda.http.Urls;
import org.agenda.i18n.Languages;
import org.agenda.record.Translation;

/** A category or tag as the {@code /categories} and {@code /tags} routes return it (§5.8.1). */
final class TermView {
  private final Taxonomy taxonomy;
  private final Languages languages;
  private final String pageTemplate;

  TermView(Taxonomy taxonomy, Config config, Languages languages) {
    this.taxonomy = taxonomy;
    this.languages = languages;
    this.pageTemplate = config.permalinks().get(taxonomy.noun);
  }

  /** The term with its text in {@code textLanguage} (T, chosen by the caller per §3.3). */
  ObjectNode render(Term term, String textLanguage, Urls urls) {
    Translation text = term.translations().get(textLanguage);
    ObjectNode node = Json.object();
    node.put("id", term.id());
    node.put("count", term.count());
    node.put("description", text.description());
    node.put("name", text.name());
    node.put("slug", text.slug());
    node.put("taxonomy", term.taxonomy());
    if (taxonomy.hierarchical) node.put("parent", term.parent());
    node.putArray("meta");
    node.put("url", urls.page(pageTemplate, text.language(), text.slug(), term.id()));
    Terms.putTail(node, term, text, languages, urls);
    return node;
  }

  /** Responses to writes and DELETE show the term in L, or as fallback would, never refused (§3.3). */
  ObjectNode renderForWrite(Term term, String requestLanguage, Urls urls) {
    return render(term, languages.textLanguageForWrite(requestLanguage, term.translations().keySet()), urls);
  }
}
