package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.agenda.db.ByIdLoader;
import org.agenda.db.Database;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeFollowerTest {
  /** The first read at a version follows no change (nothing is kept yet), so no database is needed. */
  private static final long VERSION = 1;

  @Test
  void objectsKeptByWeightStayWithinTheirBytesAndLightOnesAreAllKept() {
    var follower = new ChangeFollower(new DiskCache(null, 0));
    var loaded = new AtomicInteger();
    ByIdLoader<String> heavy = loader(follower, "venue", 10_000, loaded);
    ByIdLoader<String> light = loader(follower, "organizer", 100, loaded);
    for (var loader : List.of(heavy, light)) {
      for (long id = 0; id < 100; id++) assertThat(loader.load(null, VERSION, List.of(id))).containsKey(id);
    }
    assertThat(loaded).hasValue(200);

    loaded.set(0);
    for (long id = 0; id < 100; id++) assertThat(heavy.load(null, VERSION, List.of(id))).containsKey(id);
    assertThat(loaded.get()).as("100 objects of 10 KB in 100 KB: about 10 kept").isBetween(85, 100);

    loaded.set(0);
    for (long id = 0; id < 100; id++) assertThat(light.load(null, VERSION, List.of(id))).containsKey(id);
    assertThat(loaded).as("100 objects of 100 bytes, all kept").hasValue(0);
  }

  @Test
  void objectsLoadedWhileTheFollowerMovedOnAreKeptButForThoseItsChangesTouched(@TempDir Path directory) {
    try (Database database = Database.open("jdbc:sqlite:" + directory.resolve("agenda.db"), "", "")) {
      DSLContext dsl = database.dsl();
      var follower = new ChangeFollower(new DiskCache(null, 0));
      var loaded = new AtomicInteger();
      // while the first load runs, another read follows a change of venue 1 at version 2
      ByIdLoader<String> venues = loader(follower, "venue", 1, loaded, () -> {
        change(dsl, 2, 1);
        follower.follow(dsl, 2);
      });
      assertThat(venues.load(dsl, VERSION, List.of(1L, 2L))).containsOnlyKeys(1L, 2L);
      assertThat(loaded).hasValue(2);

      assertThat(venues.load(dsl, 2L, List.of(1L, 2L))).containsOnlyKeys(1L, 2L);
      assertThat(loaded).as("venue 2 kept, venue 1 loaded again").hasValue(3);
    }
  }

  @Test
  void objectsLoadedWhileTheFollowerMovedOnPastWhatTheLogStillHoldsAreNotKept(@TempDir Path directory) {
    try (Database database = Database.open("jdbc:sqlite:" + directory.resolve("agenda.db"), "", "")) {
      DSLContext dsl = database.dsl();
      var follower = new ChangeFollower(new DiskCache(null, 0));
      var loaded = new AtomicInteger();
      ByIdLoader<String> venues = loader(follower, "venue", 1, loaded, () -> {
        // the changes after version 1 were removed for their age: what they touched is not known
        dsl.execute("UPDATE change_horizon SET version = 2");
        follower.follow(dsl, 3);
      });
      venues.load(dsl, VERSION, List.of(1L, 2L));
      venues.load(dsl, 3L, List.of(1L, 2L));
      assertThat(loaded).as("neither kept").hasValue(4);
    }
  }

  @Test
  void readsThatLoadTheSameObjectAtOnceAreAllServedTheOneKeptFirst() {
    var follower = new ChangeFollower(new DiskCache(null, 0));
    var editions = new AtomicInteger();
    var loader = new AtomicReference<ByIdLoader<Integer>>();
    // each load gives new numbers (as the editions of venues are); while the first runs, a second read loads the same id
    loader.set(follower.derived(List.of("venue"), 100, (dsl, version, ids) -> {
      int edition = editions.incrementAndGet();
      if (edition == 1) assertThat(loader.get().load(null, VERSION, ids)).containsEntry(1L, 2);
      Map<Long, Integer> found = new HashMap<>();
      ids.forEach(id -> found.put(id, edition));
      return found;
    }));
    assertThat(loader.get().load(null, VERSION, List.of(1L))).as("the edition the second read kept").containsEntry(1L, 2);
    assertThat(loader.get().load(null, VERSION, List.of(1L))).containsEntry(1L, 2);
    assertThat(editions).hasValue(2);
  }

  /** A committed change of venue {@code id} at {@code version}, as a write leaves it in the change log. */
  private static void change(DSLContext dsl, long version, long id) {
    dsl.execute("INSERT INTO change_log (tx, version, kind, record_id, before_exists) VALUES (?, ?, 'venue', ?, 1)",
        version, version, id);
  }

  /** A loader of objects of kind {@code kind} that each weigh {@code bytes}, in 100 KB, counting what it loads. */
  private static ByIdLoader<String> loader(ChangeFollower follower, String kind, int bytes, AtomicInteger loaded) {
    return loader(follower, kind, bytes, loaded, () -> {});
  }

  /** The same, running {@code duringFirstLoad} while it loads for the first time. */
  private static ByIdLoader<String> loader(ChangeFollower follower, String kind, int bytes, AtomicInteger loaded,
      Runnable duringFirstLoad) {
    return follower.following(List.of(kind), 100_000, value -> bytes, (dsl, ids) -> {
      if (loaded.getAndAdd(ids.size()) == 0) duringFirstLoad.run();
      Map<Long, String> found = new HashMap<>();
      ids.forEach(id -> found.put(id, kind + " " + id));
      return found;
    });
  }
}
