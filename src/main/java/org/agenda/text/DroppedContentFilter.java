package org.agenda.text;

import java.util.List;
import org.owasp.html.HtmlStreamEventReceiver;

/**
 * Removes the elements of {@link HtmlAllowList#DROPPED_WITH_CONTENT} together with everything
 * inside them. It sees the lexer's events before OWASP's tag balancer, because the balancer
 * moves some content out of such elements (the content of {@code <template>}, for one) and it
 * must not escape. An element that is never closed therefore takes the rest of the input with
 * it, which errs on the side of removing too much.
 *
 * <p>One instance per sanitisation: it tracks the element whose content is being dropped.
 */
final class DroppedContentFilter implements HtmlStreamEventReceiver {
  private final HtmlStreamEventReceiver next;
  /** The element whose content is being dropped, or null. */
  private String droppedElement;
  /** Open elements named {@link #droppedElement}, so a nested one does not end the drop early. */
  private int droppedDepth;

  DroppedContentFilter(HtmlStreamEventReceiver next) {
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
    if (droppedElement != null) {
      if (element.equals(droppedElement)) droppedDepth++;
    } else if (HtmlAllowList.DROPPED_WITH_CONTENT.contains(element)) {
      if (!HtmlAllowList.DROPPED_VOID_ELEMENTS.contains(element)) {
        droppedElement = element;
        droppedDepth = 1;
      }
    } else {
      next.openTag(name, attributes);
    }
  }

  @Override
  public void closeTag(String name) {
    String element = Folding.lower(name);
    if (droppedElement != null) {
      if (element.equals(droppedElement) && --droppedDepth == 0) droppedElement = null;
    } else if (!HtmlAllowList.DROPPED_WITH_CONTENT.contains(element)) {
      next.closeTag(name);
    }
  }

  @Override
  public void text(String text) {
    if (droppedElement == null) next.text(text);
  }
}
