package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Sanitising must be a fixed point (§5.1: canonical input is stored unchanged), also for tag
 * soup. A fixed seed keeps the run reproducible.
 */
class HtmlSanitizerIdempotenceTest {
  private static final String[] PIECES = {
      "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<a href=\"x?a=1&b=2\">", "</a>",
      "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", "<table>", "</table>", "<tr>", "</tr>",
      "<td colspan=2>", "</td>", "<th>", "<thead>", "<tbody>", "<br>", "<br/>", "<hr>", "<img src=a.png>",
      "<blockquote cite=/q>", "</blockquote>", "<pre>", "</pre>", "<h1>", "</h1>", "<h2>", "</h2>",
      "<span class=c>", "</span>", "<figure>", "<figcaption>", "</figure>", "<q>", "</q>",
      "<script>", "</script>", "<style>", "</style>", "<form>", "</form>", "<svg>", "</svg>",
      "<template>", "</template>", "<select>", "<option>", "</select>", "<input>", "<embed>",
      "<font>", "</font>", "<section>", "</section>", "<custom-el>", "</custom-el>", "<title>",
      "</title>", "<xmp>", "</xmp>", "<!-- c -->", "<!doctype html>",
      "text", " ", "\n", "&amp;", "&nbsp;", "&eacute;", "&lt;", "<", ">", "&", "\"", "é", "@",
  };

  @Test
  void sanitisingRandomTagSoupTwiceEqualsOnce() {
    Random random = new Random(20260704);
    for (int round = 0; round < 5_000; round++) {
      StringBuilder html = new StringBuilder();
      int length = 1 + random.nextInt(30);
      for (int i = 0; i < length; i++) html.append(PIECES[random.nextInt(PIECES.length)]);
      String once = HtmlSanitizer.sanitize(html.toString());
      assertThat(HtmlSanitizer.sanitize(once)).as("input %s", html).isEqualTo(once);
    }
  }
}
