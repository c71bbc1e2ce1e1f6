package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Function;
import org.agenda.config.Caches;

/**
 * Objects loaded by id and kept across data versions, each until a committed change touches it: {@link ChangeFollower}
 * removes the touched ones before any read at a newer version. An object kept at version u is what a load at any
 * version from u up to the followed one returns. A read at an older version than an object was kept at loads it
 * again and keeps nothing.
 */
final class FollowingCache<V> {
  private final Cache<Long, Stamped<V>> entries;
  /** Read side: keeping an object; write side: removing the touched ones and moving the followed version on. */
  private final ReadWriteLock keeping;
  private final FollowedVersion followed;

  private record Stamped<V>(long version, V value) {}

  /** The version up to which touched objects were removed. */
  interface FollowedVersion {
    long get();
  }

  FollowingCache(long maximumSize, ReadWriteLock keeping, FollowedVersion followed) {
    this.entries = Caches.builder().maximumSize(maximumSize).build();
    this.keeping = keeping;
    this.followed = followed;
  }

  /** Called by the follower under the write side of {@code keeping}. */
  void remove(Collection<Long> touched) {
    if (touched == null) {
      entries.invalidateAll();
    } else {
      entries.invalidateAll(touched);
    }
  }

  /**
   * The objects with these ids that exist at {@code version}, which the follower has reached: kept ones, the others
   * from {@code load} (given only the missing ids), kept unless the follower moved past {@code version} meanwhile.
   */
  Map<Long, V> get(long version, Collection<Long> ids, Function<Collection<Long>, Map<Long, V>> load) {
    Map<Long, V> found = new HashMap<>();
    List<Long> missing = new ArrayList<>();
    for (Long id : ids) {
      Stamped<V> kept = entries.getIfPresent(id);
      if (kept != null && kept.version() <= version) {
        found.put(id, kept.value());
      } else {
        missing.add(id);
      }
    }
    if (missing.isEmpty()) return found;
    Map<Long, V> loaded = load.apply(missing);
    found.putAll(loaded);
    keeping.readLock().lock();
    try {
      // past it, a change this load did not see may have touched them, and its removal has already run
      if (followed.get() == version) loaded.forEach((id, value) -> entries.put(id, new Stamped<>(version, value)));
    } finally {
      keeping.readLock().unlock();
    }
    return found;
  }
}
