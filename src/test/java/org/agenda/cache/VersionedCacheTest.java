package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An object is kept for the version it was loaded at; loaded again at a newer version, it is the instance kept before
 * while it is equal, and the new one once it changed.
 */
class VersionedCacheTest {
  private record Named(String name, int count) {}

  private static Map<Long, Named> loaded(String name, int count) {
    var loaded = new HashMap<Long, Named>();
    loaded.put(7L, new Named(name, count));
    return loaded;
  }

  @Test
  void anObjectLoadedAgainUnchangedIsTheInstanceKeptBefore() {
    var cache = new VersionedCache<Named>(10);
    Named first = cache.get(1L, List.of(7L), ids -> loaded("buiten", 3)).get(7L);
    assertThat(cache.get(1L, List.of(7L), ids -> loaded("other", 0)).get(7L)).as("kept at its version").isSameAs(first);

    Named again = cache.get(2L, List.of(7L), ids -> loaded("buiten", 3)).get(7L);
    assertThat(again).isSameAs(first);

    Named counted = cache.get(3L, List.of(7L), ids -> loaded("buiten", 4)).get(7L);
    assertThat(counted).isNotSameAs(first).isEqualTo(new Named("buiten", 4));
    Named renamed = cache.get(4L, List.of(7L), ids -> loaded("Buiten", 4)).get(7L);
    assertThat(renamed.name()).isEqualTo("Buiten");
    assertThat(cache.get(5L, List.of(7L), ids -> loaded("Buiten", 4)).get(7L)).isSameAs(renamed);
  }
}
