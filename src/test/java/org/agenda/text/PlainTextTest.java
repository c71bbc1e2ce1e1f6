package org.agenda.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlainTextTest {
  @Test
  void stripTagsRemovesTagsAndTrims() {
    assertThat(PlainText.stripTags("  <b>Jazz</b> avond\n")).isEqualTo("Jazz avond");
    assertThat(PlainText.stripTags("<script>x</script>Titel")).isEqualTo("xTitel");
    assertThat(PlainText.stripTags("a<!-- note -->b</p>c")).isEqualTo("abc");
  }

  @Test
  void stripTagsKeepsEntitiesAndStrayAngleBrackets() {
    assertThat(PlainText.stripTags("Rock &amp; Roll")).isEqualTo("Rock &amp; Roll");
    assertThat(PlainText.stripTags("a < b")).isEqualTo("a < b");
    assertThat(PlainText.stripTags("a > b")).isEqualTo("a > b");
    assertThat(PlainText.stripTags("1 <2 and 3> 0")).isEqualTo("1 <2 and 3> 0");
    assertThat(PlainText.stripTags("AT&T <3")).isEqualTo("AT&T <3");
  }

  @Test
  void aTagStartWithoutLaterClosingBracketIsText() {
    assertThat(PlainText.stripTags("Jazz <b avond")).isEqualTo("Jazz <b avond");
    assertThat(PlainText.stripTags("<i>x</i> <b")).isEqualTo("x <b");
  }

  @Test
  void aTagRunsToTheNextClosingBracket() {
    assertThat(PlainText.stripTags("a<b title='x>y'>c")).isEqualTo("ay'>c");
    assertThat(PlainText.stripTags("a</>b")).isEqualTo("ab");
  }

  @Test
  void stripTagsKeepsInnerWhitespace() {
    assertThat(PlainText.stripTags(" a  \n b ")).isEqualTo("a  \n b");
  }

  @Test
  void stripTagsCollapseCollapsesWhitespaceRuns() {
    assertThat(PlainText.stripTagsCollapse("  Dam  1\n\t1012 <br>AB  ")).isEqualTo("Dam 1 1012 AB");
    assertThat(PlainText.stripTagsCollapse("+31\u00A0 20  123")).isEqualTo("+31 20 123");
  }

  @Test
  void stripTagsIsLinearOnManyStrayAngleBrackets() {
    String input = "<a".repeat(100_000) + ">";
    assertThat(PlainText.stripTags(input)).isEmpty();
    assertThat(PlainText.stripTags("<a".repeat(100_000))).hasSize(200_000);
  }

  @Test
  void fromHtmlRemovesTagsDecodesEntitiesAndCollapses() {
    assertThat(PlainText.fromHtml("<p>Soir&eacute;e &amp; <b>jazz</b></p>\n<p>  op &#233;&#xE9;n  dag</p>"))
        .isEqualTo("Soirée & jazz op één dag");
  }

  @Test
  void fromHtmlTreatsNoBreakSpaceAsWhitespace() {
    assertThat(PlainText.fromHtml("&nbsp;a&nbsp;&nbsp;b&nbsp;")).isEqualTo("a b");
  }

  @Test
  void fromHtmlDecodesEscapedAngleBracketsOnlyAfterRemovingTags() {
    assertThat(PlainText.fromHtml("<p>a &lt;b&gt; c</p>")).isEqualTo("a <b> c");
  }

  @Test
  void fromHtmlOfEmptyIsEmpty() {
    assertThat(PlainText.fromHtml("")).isEmpty();
    assertThat(PlainText.fromHtml("<p> </p>")).isEmpty();
  }

  @Test
  void fromHtmlWithBreaksKeepsParagraphsAndLines() {
    assertThat(PlainText.fromHtmlWithBreaks("<p>Openlucht  concert</p><p>In het <b>park</b>.</p>"))
        .isEqualTo("Openlucht concert\n\nIn het park.");
    assertThat(PlainText.fromHtmlWithBreaks("Regel 1<br>Regel 2<br/>Regel 3")).isEqualTo("Regel 1\nRegel 2\nRegel 3");
    assertThat(PlainText.fromHtmlWithBreaks("<h2>Programma</h2><ul><li>Bach</li><li>Rock &amp; Roll</li></ul><p>Einde</p>"))
        .isEqualTo("Programma\n\nBach\nRock & Roll\n\nEinde");
    assertThat(PlainText.fromHtmlWithBreaks("\n  <div><p>a&nbsp;b</p></div>\n\n\n<p>c</p>  ")).isEqualTo("a b\n\nc");
    assertThat(PlainText.fromHtmlWithBreaks("a <b avond")).isEqualTo("a <b avond");
    assertThat(PlainText.fromHtmlWithBreaks("")).isEmpty();
    assertThat(PlainText.fromHtmlWithBreaks("een\r\ntwee\ndrie<br>\nvier")).isEqualTo("een twee drie\nvier");
  }
}
