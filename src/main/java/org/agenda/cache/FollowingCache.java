package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Function;

/**
 * Objects loaded by id and kept across data versions, each until a committed change touches it: {@link ChangeFollower}
 * removes the touched ones before any read at a newer version. What is kept is what a load at the followed version
 * or later returns, so a read at any version up to the followed one is served it: a load would read the same or
 * something newer. That matters while a write of this process is followed before its version is counted
 * ({@code Database.beforeCounting}): reads at the version before went to the database for every object the write
 * touched, and kept none of them (on PostgreSQL, the reads holding a build turn spent a quarter of their time so).
 * Objects loaded while the follower moved on are kept but for those the changes it followed meanwhile touched.
 */
final class FollowingCache<V> {
  private final Cache<Long, V> entries;
  /** Read side: keeping an object; write side: removing the touched ones and moving the followed version on. */
  private final ReadWriteLock keeping;
  private final FollowedVersion followed;

  /** The version up to which touched objects were removed, and what the changes followed touched. */
  interface FollowedVersion {
    long get();

    /**
     * The ids of this cache's kinds that the changes after version {@code from} up to {@code to} (both followed)
     * touched; null when the follower no longer knows.
     */
    Set<Long> touched(long from, long to);
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
   * {@code load} (given only the missing ids), kept unless the follower moved on while they were loaded and a change
   * it followed meanwhile touched them (this load may not have seen that change, and its removal has already run).
   * When it kept none of them, 577 loads in 75 s of the mixed-traffic route with its 10 writes a second were not kept
   * (6 700 objects in all); since, 63 loads in 135 s saw it move on over a change of their kind, and kept all but
   * what that change touched (100 000 events).
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
      long now = followed.get();
      Set<Long> touched = now == loadedAfter ? Set.of() : followed.touched(loadedAfter, now);
      if (touched != null) loaded.forEach((id, value) -> {
        if (touched.contains(id)) return;
        // a read that loaded it at the same time kept it first: that one is served, so that all reads share one
        // object, and one edition of a venue, whose embedded forms are kept under it
        V first = entries.asMap().putIfAbsent(id, value);
        if (first != null) found.put(id, first);
      });
    } finally {
      keeping.readLock().unlock();
    }
    return found;
  }
}
