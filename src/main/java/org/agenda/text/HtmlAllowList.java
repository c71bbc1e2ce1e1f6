package org.agenda.text;

import java.util.Map;
import java.util.Set;

/** The allow-list of the "HTML fields" row of §5.1, as data. */
final class HtmlAllowList {
  static final Set<String> ELEMENTS = Set.of(
      "a", "abbr", "b", "blockquote", "br", "cite", "code", "del", "div", "em", "figcaption",
      "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "li", "ol", "p", "pre", "q",
      "s", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "u", "ul");

  /** Allowed elements that have no content and so no end tag. */
  static final Set<String> VOID_ELEMENTS = Set.of("br", "hr", "img");

  /** Disallowed elements whose content goes too; all others are unwrapped (text kept). */
  static final Set<String> DROPPED_WITH_CONTENT = Set.of(
      "script", "style", "iframe", "object", "embed", "form", "input", "button", "textarea",
      "select", "template", "noscript", "svg", "math");

  /** Of {@link #DROPPED_WITH_CONTENT}, those that are void: there is no content to drop. */
  static final Set<String> DROPPED_VOID_ELEMENTS = Set.of("embed", "input");

  private static final Set<String> GLOBAL_ATTRIBUTES = Set.of("class", "id", "title", "lang", "dir");

  private static final Map<String, Set<String>> ELEMENT_ATTRIBUTES = Map.of(
      "a", Set.of("href", "target", "rel"),
      "img", Set.of("src", "alt", "width", "height"),
      "blockquote", Set.of("cite"),
      "q", Set.of("cite"),
      "td", Set.of("colspan", "rowspan"),
      "th", Set.of("colspan", "rowspan", "scope"));

  /** Attributes whose value is a URL and must pass {@link SafeUrls}. */
  static final Set<String> URL_ATTRIBUTES = Set.of("href", "src", "cite");

  private HtmlAllowList() {}

  /**
   * Whether the attribute may appear on the (allowed) element. Event handlers ({@code on…}) and
   * {@code style} are never in the list, which is how §5.1 removes them.
   */
  static boolean allowsAttribute(String element, String attribute) {
    return GLOBAL_ATTRIBUTES.contains(attribute)
        || ELEMENT_ATTRIBUTES.getOrDefault(element, Set.of()).contains(attribute);
  }
}
