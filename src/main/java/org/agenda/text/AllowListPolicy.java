package org.agenda.text;

import java.util.ArrayList;
import java.util.List;
import org.owasp.html.HtmlStreamEventReceiver;

/**
 * Keeps the elements and attributes of {@link HtmlAllowList} and unwraps every other element
 * (its text stays). Written instead of an {@code HtmlPolicyBuilder} policy because that one
 * rewrites allowed values (URLs are percent-encoded, e.g. spaces and parentheses, and {@code rel}
 * is rewritten or added on links with a {@code target}), while §5.1 keeps allowed attributes as
 * sent so that already-canonical input is stored unchanged.
 */
final class AllowListPolicy implements org.owasp.html.HtmlSanitizer.Policy {
  private final HtmlStreamEventReceiver next;

  AllowListPolicy(HtmlStreamEventReceiver next) {
    this.next = next;
  }

  @Override
  public void openDocument() {
    next.openDocument();
  }

  @Override
  public void closeDocument() {
    next.closeDocument();
  }

  @Override
  public void openTag(String name, List<String> attributes) {
    String element = Folding.lower(name);
    if (HtmlAllowList.ELEMENTS.contains(element)) {
      next.openTag(element, allowedAttributes(element, attributes));
    }
  }

  @Override
  public void closeTag(String name) {
    String element = Folding.lower(name);
    if (HtmlAllowList.ELEMENTS.contains(element)) next.closeTag(element);
  }

  @Override
  public void text(String text) {
    next.text(text);
  }

  /** Attributes come as a flat name, value, name, value… list; their order is kept. */
  private static List<String> allowedAttributes(String element, List<String> attributes) {
    List<String> allowed = new ArrayList<>(attributes.size());
    for (int i = 0; i + 1 < attributes.size(); i += 2) {
      String attribute = Folding.lower(attributes.get(i));
      String value = attributes.get(i + 1);
      if (!HtmlAllowList.allowsAttribute(element, attribute)) continue;
      if (HtmlAllowList.URL_ATTRIBUTES.contains(attribute) && !SafeUrls.isAllowed(value)) continue;
      allowed.add(attribute);
      allowed.add(value);
    }
    return allowed;
  }
}
