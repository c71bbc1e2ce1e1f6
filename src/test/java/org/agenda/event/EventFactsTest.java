package org.agenda.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A list item found in the disk cache is used under its key alone ({@code ListItems.ItemKey}): the stamp of an
 * event's facts must move with every write that changes what its item shows, also those that leave its revision. The
 * event index keeps the facts as bytes ({@code EventDocuments.FACTS}): read back, they are the same facts.
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

  @Test
  void theFactsReadBackFromTheirBytesAreTheSameFacts() throws IOException {
    Event linked = event();
    linked.seriesId = 7L;
    linked.password = "geheim";
    linked.author = 12;
    linked.status = "trash";
    linked.statusBeforeTrash = "draft";
    linked.categoryIds = List.of(3L, 4L);
    linked.tagIds = List.of(300L);
    linked.venueIds = List.of();
    linked.organizerIds = List.of(90_000_000_000L, 2L);
    Event bare = event();
    bare.password = null;
    bare.seriesId = null;
    for (Event event : List.of(linked, bare)) {
      EventFacts facts = EventFacts.of(event, List.of("fr", "nl"));
      EventFacts read = EventFacts.read(facts.bytes());
      assertThat(read.bytes()).isEqualTo(facts.bytes());
      assertThat(List.of(read.id, read.languages, read.author, read.effectiveStatus, read.stamp))
          .isEqualTo(List.of(facts.id, List.of("fr", "nl"), event.author, event.effectiveStatus(), facts.stamp));
      assertThat(read.seriesId).isEqualTo(event.seriesId);
      assertThat(List.of(read.categoryIds(), read.tagIds(), read.venueIds(), read.organizerIds()))
          .isEqualTo(List.of(event.categoryIds, event.tagIds, event.venueIds, event.organizerIds));
      assertThat(read.lockedAgainst(null)).isEqualTo(event.password != null);
      assertThat(read.lockedAgainst("geheim")).isFalse();
    }
  }
}
