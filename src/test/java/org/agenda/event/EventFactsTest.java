package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A list item found in the disk cache is used under its key alone ({@code ListItems.ItemKey}): the stamp of an
 * event's facts must move with every write that changes what its item shows, also those that leave its revision.
 */
class EventFactsTest {
  private static Event event() {
    Event event = new Event();
    event.id = 7;
    event.status = "future";
    event.revision = 3;
    event.postParent = 5;
    event.dateUtc = 1_000;
    event.modifiedUtc = 2_000;
    return event;
  }

  @Test
  void theStampMovesWithTheRevisionAndWithWhatOtherWritesChangeWithoutIt() {
    String stamp = EventFacts.of(event()).stamp;
    assertThat(EventFacts.of(event()).stamp).isEqualTo(stamp);
    List<Consumer<Event>> writes = List.of(
        event -> event.revision++,
        event -> event.status = "publish",
        event -> event.postParent = 0,
        event -> event.dateUtc++,
        event -> event.modifiedUtc++);
    for (Consumer<Event> write : writes) {
      Event changed = event();
      write.accept(changed);
      assertThat(EventFacts.of(changed).stamp).isNotEqualTo(stamp);
    }
  }
}
