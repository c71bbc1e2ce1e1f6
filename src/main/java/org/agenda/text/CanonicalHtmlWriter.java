package org.agenda.text;

import java.util.List;
import org.owasp.html.HtmlStreamEventReceiver;

/**
 * Serialises sanitised HTML in the canonical form of §5.1: lower-case names, attributes in
 * their order with double-quoted values, void elements without a closing slash, and only the
 * escapes that are needed ({@code & < >} in text, {@code & "} in attribute values, and
 * U+00A0 as {@code &nbsp;} in both). OWASP's own renderer is not used because it also encodes
 * characters such as {@code @}, {@code =} and {@code +}, which would change stored text that was
 * already canonical.
 */
final class CanonicalHtmlWriter implements HtmlStreamEventReceiver {
  private final StringBuilder out;

  CanonicalHtmlWriter(StringBuilder out) {
    this.out = out;
  }

  @Override
  public void openDocument() {}

  @Override
  public void closeDocument() {}

  @Override
  public void openTag(String element, List<String> attributes) {
    out.append('<').append(element);
    for (int i = 0; i + 1 < attributes.size(); i += 2) {
      out.append(' ').append(attributes.get(i)).append("=\"");
      appendAttributeValue(attributes.get(i + 1));
      out.append('"');
    }
    out.append('>');
  }

  @Override
  public void closeTag(String element) {
    if (!HtmlAllowList.VOID_ELEMENTS.contains(element)) out.append("</").append(element).append('>');
  }

  @Override
  public void text(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '\u00A0' -> out.append("&nbsp;");
        default -> out.append(c);
      }
    }
  }

  private void appendAttributeValue(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\u00A0' -> out.append("&nbsp;");
        default -> out.append(c);
      }
    }
  }
}
