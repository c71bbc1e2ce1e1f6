package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Function;

/**
 * Objects loaded by id and kept across data versions, each until a committed change touches it: {@link ChangeFollower}
 * removes the touched ones before any read at a newer version. What is kept is what a load at the followed version
 * or later returns, so a read at any version up to the followed one is served it: a load would read the same or
 * something newer. That matters while a write of this process is followed before its version is counted
 * ({@code Database.beforeCounting}): reads at the version before went to the database for every object the write
 * touched, and kept none of them (on PostgreSQL, the reads holding a build turn spent a quarter of their time so).
 */
final class FollowingCache<V> {
  private final Cache<Long, V> entries;
  /** Read side: keeping an object; write side: removing the touched ones and moving the followed version on. */
  private final ReadWriteLock keeping;
  private final FollowedVersion followed;

  /** The version up to which touched objects were removed. */
  interface FollowedVersion {
    long get();
  }

  /** {@code entries}: empty, bounded as its kind of object needs. */
  FollowingCache(Cache<Long, V> entries, ReadWriteLock keeping, FollowedVersion followed) {
    this.entries = entries;
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
   * The objects with these ids, for a read at a version the follower has reached: kept ones, the others from
   * {@code load} (given only the missing ids), kept unless the follower moved on while they were loaded (a change
   * this load did not see may have touched them, and its removal has already run).
   */
  Map<Long, V> get(Collection<Long> ids, Function<Collection<Long>, Map<Long, V>> load) {
    long loadedAfter = followed.get();
    Map<Long, V> found = new HashMap<>();
    List<Long> missing = new ArrayList<>();
    for (Long id : ids) {
      V kept = entries.getIfPresent(id);
      if (kept != null) {
        found.put(id, kept);
      } else {
        missing.add(id);
      }
    }
    if (missing.isEmpty()) return found;
    Map<Long, V> loaded = load.apply(missing);
    found.putAll(loaded);
    keeping.readLock().lock();
    try {
      if (followed.get() == loadedAfter) entries.putAll(loaded);
    } finally {
      keeping.readLock().unlock();
    }
    return found;
  }
}
