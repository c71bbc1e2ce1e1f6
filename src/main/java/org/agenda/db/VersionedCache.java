package org.agenda.db;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jooq.DSLContext;

/**
 * Objects loaded by id, each kept for the data version it was read at (§10.5): every committed write, in
 * this process or another sharing the database, advances the version, so a kept object is exactly what a
 * new load would return. Inside a transaction nothing is kept or served: the transaction may see its own
 * uncommitted writes.
 */
public final class VersionedCache<V> {
  private final Database database;
  private final Cache<Long, Stamped<V>> entries;

  private record Stamped<V>(long version, V value) {}

  public VersionedCache(Database database, long maximumSize) {
    this.database = database;
    this.entries = Caffeine.newBuilder().maximumSize(maximumSize).build();
  }

  /**
   * The objects with these ids that exist: kept ones of the current version, the others from {@code load}
   * (given only the missing ids). Read with {@code dsl}; the version is read before loading, so an object
   * is never kept under a version older than the data it was read from.
   */
  public Map<Long, V> get(DSLContext dsl, Collection<Long> ids, Function<Collection<Long>, Map<Long, V>> load) {
    if (ids.isEmpty()) return new HashMap<>();
    if (dsl != database.dsl()) return load.apply(ids);
    long version = database.dataVersion();
    Map<Long, V> found = new HashMap<>();
    List<Long> missing = new ArrayList<>();
    for (Long id : ids) {
      Stamped<V> kept = entries.getIfPresent(id);
      if (kept != null && kept.version() == version) {
        found.put(id, kept.value());
      } else {
        missing.add(id);
      }
    }
    if (missing.isEmpty()) return found;
    load.apply(missing).forEach((id, value) -> {
      found.put(id, value);
      entries.put(id, new Stamped<>(version, value));
    });
    return found;
  }
}
