package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.agenda.db.ByIdLoader;
import org.jooq.DSLContext;

/**
 * Objects loaded by id, each kept for the data version it was read at (§10.5): every committed write, in
 * this process or another sharing the database, advances the version, so a kept object is exactly what a
 * new load would return. Inside a transaction nothing is kept or served: the transaction may see its own
 * uncommitted writes.
 *
 * <p>An object loaded again at a new version that equals the one kept before is that same instance: what is kept
 * rendered from an object is checked against the object it was rendered from on every request, and a comparison of
 * references is then enough where nothing changed (a term's translations are not compared on every request because
 * its count changed elsewhere).
 */
final class VersionedCache<V> {
  /** The loaders that the wiring hands to features: each keeps what it loads in a cache of its own. */
  static <V> ByIdLoader<V> keeping(long maximumSize,
      BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load) {
    var cache = new VersionedCache<V>(maximumSize);
    return (dsl, version, ids) -> cache.get(version, ids, missing -> load.apply(dsl, missing));
  }

  private final Cache<Long, Stamped<V>> entries;

  private record Stamped<V>(long version, V value) {}

  VersionedCache(long maximumSize) {
    this.entries = Caffeine.newBuilder().maximumSize(maximumSize).build();
  }

  /**
   * The objects with these ids that exist: kept ones of {@code version}, the others from {@code load}
   * (given only the missing ids), kept for that version. A null version loads everything.
   */
  Map<Long, V> get(Long version, Collection<Long> ids, Function<Collection<Long>, Map<Long, V>> load) {
    if (ids.isEmpty()) return new HashMap<>();
    if (version == null) return load.apply(ids);
    Map<Long, V> found = new HashMap<>();
    List<Long> missing = new ArrayList<>();
    Map<Long, V> earlier = new HashMap<>();
    for (Long id : ids) {
      Stamped<V> kept = entries.getIfPresent(id);
      if (kept != null && kept.version() == version) {
        found.put(id, kept.value());
      } else {
        missing.add(id);
        if (kept != null) earlier.put(id, kept.value());
      }
    }
    if (missing.isEmpty()) return found;
    load.apply(missing).forEach((id, loaded) -> {
      V before = earlier.get(id);
      V value = loaded.equals(before) ? before : loaded;
      found.put(id, value);
      entries.put(id, new Stamped<>(version, value));
    });
    return found;
  }
}
