package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.db.ByIdLoader;
import org.junit.jupiter.api.Test;

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

  /** A loader of objects of kind {@code kind} that each weigh {@code bytes}, in 100 KB, counting what it loads. */
  private static ByIdLoader<String> loader(ChangeFollower follower, String kind, int bytes, AtomicInteger loaded) {
    return follower.following(List.of(kind), 100_000, value -> bytes, (dsl, ids) -> {
      loaded.addAndGet(ids.size());
      Map<Long, String> found = new HashMap<>();
      ids.forEach(id -> found.put(id, kind + " " + id));
      return found;
    });
  }
}
