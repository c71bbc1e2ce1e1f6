package org.agenda.text;

/**
 * Sanitises HTML fields on write (§5.1 "HTML fields"). One pass is a pipeline:
 * <ol>
 *   <li>OWASP's lexer tokenises the input; character references are decoded, comments, doctypes
 *       and processing instructions are dropped;
 *   <li>{@link DroppedContentFilter} removes script, style and the like with their content;
 *   <li>OWASP's tag balancer closes unclosed elements and drops stray end tags;
 *   <li>{@link AllowListPolicy} keeps the allowed elements and attributes, unwrapping the rest;
 *   <li>{@link CanonicalHtmlWriter} writes the canonical form.
 * </ol>
 * A pass can leave a nesting that the balancer would change when it reads the result again:
 * unwrapping an element can put a {@code <p>} directly inside a {@code <p>}, and the balancer
 * reopens formatting elements in ways that can nest links. §5.1 wants canonical input stored
 * unchanged, so passes are repeated until the output no longer changes; a sanitised text then
 * sanitises to itself.
 */
public final class HtmlSanitizer {
  /** Tag soup settles after two or three passes; the bound only guards against a cycle. */
  private static final int MAX_PASSES = 5;

  private HtmlSanitizer() {}

  public static String sanitize(String html) {
    String current = sanitizeOnce(html);
    for (int pass = 1; pass < MAX_PASSES; pass++) {
      String next = sanitizeOnce(current);
      if (next.equals(current)) return current;
      current = next;
    }
    return current;
  }

  private static String sanitizeOnce(String html) {
    StringBuilder out = new StringBuilder(html.length());
    org.owasp.html.HtmlSanitizer.sanitize(
        html, new AllowListPolicy(new CanonicalHtmlWriter(out)), DroppedContentFilter::new);
    return out.toString();
  }
}
