package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.agenda.config.Caches;
import org.agenda.db.ByIdLoader;
import org.agenda.db.ChangedRecords;
import org.jooq.DSLContext;

/**
 * The loaders that the wiring hands to features ({@link ByIdLoader.Factory}), and the one reader of the change log
 * for those that keep objects across versions: before a read at a version newer than the one followed, it reads
 * which records the changes in between touched (written by this process or another one sharing the database) and
 * removes them from every following cache, once for all of them. When the log no longer holds those changes
 * (retention), everything kept is dropped. The last steps it followed are kept, so that an answer made a few
 * versions ago can tell whether a write since touched what it shows ({@link #untouched}).
 */
public final class ChangeFollower implements ByIdLoader.Factory {
  private record Follower(List<String> kinds, FollowingCache<?> cache) {}

  /** What the changes after version {@code from} up to {@code to} touched, per kind; null when the log lost them. */
  private record Step(long from, long to, Map<String, Set<Long>> touched) {}

  /** The last steps followed, by their first version: enough to tell a kept answer of a few seconds ago. */
  private static final int STEPS_KEPT = 1_024;

  private final List<Follower> followers = new CopyOnWriteArrayList<>();
  private final ReentrantReadWriteLock keeping = new ReentrantReadWriteLock();
  private final Object reading = new Object();
  /** -1 until the first read: nothing is kept yet, so nothing needs removing. */
  private volatile long followed = -1;
  /** Written under {@code reading}. */
  private final ConcurrentSkipListMap<Long, Step> steps = new ConcurrentSkipListMap<>();
  /** Where kept renderings that memory lets go of are kept, when their keys say what they were rendered from. */
  private final DiskCache disk;

  public ChangeFollower(DiskCache disk) {
    this.disk = disk;
  }

  @Override
  public <V> ByIdLoader<V> following(List<String> kinds, long maximumSize,
      BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load) {
    return derived(kinds, maximumSize, (dsl, version, ids) -> load.apply(dsl, ids));
  }

  @Override
  public <V> ByIdLoader<V> following(List<String> kinds, long maximumBytes, ToIntFunction<V> bytes,
      BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load) {
    Cache<Long, V> entries = Caches.builder().maximumWeight(maximumBytes)
        .weigher((Long id, V value) -> bytes.applyAsInt(value)).build();
    return following(kinds, entries, (dsl, version, ids) -> load.apply(dsl, ids));
  }

  @Override
  public <V> ByIdLoader<V> derived(List<String> kinds, long maximumSize, ByIdLoader<V> load) {
    return following(kinds, Caches.builder().maximumSize(maximumSize).build(), load);
  }

  private <V> ByIdLoader<V> following(List<String> kinds, Cache<Long, V> entries, ByIdLoader<V> load) {
    var cache = new FollowingCache<V>(entries, keeping, new FollowingCache.FollowedVersion() {
      @Override
      public long get() {
        return followed;
      }

      @Override
      public Set<Long> touched(long from, long to) {
        Set<Long> ids = new HashSet<>();
        boolean known = stepsPass(from, to, touched -> {
          ids.addAll(ofKinds(touched, kinds));
          return true;
        });
        return known ? ids : null;
      }
    });
    followers.add(new Follower(kinds, cache));
    return (dsl, version, ids) -> {
      if (ids.isEmpty()) return new HashMap<>();
      if (version == null) return load.load(dsl, null, ids);
      if (version > followed) follow(dsl, version);
      return cache.get(ids, missing -> load.load(dsl, version, missing));
    };
  }

  @Override
  public <K> ByIdLoader.Renderings<K> renderings(long maximumBytes, Function<K, String> diskKey) {
    return new KeptRenderings<>(maximumBytes, true, diskKey, disk::opened, false);
  }

  @Override
  public <K> ByIdLoader.Renderings<K> smallRenderings(long maximumBytes) {
    return new KeptRenderings<>(maximumBytes, false, null, () -> null, true);
  }

  private static Set<Long> ofKinds(Map<String, Set<Long>> touched, List<String> kinds) {
    if (kinds.size() == 1) return touched.getOrDefault(kinds.get(0), Set.of());
    Set<Long> ids = new HashSet<>();
    kinds.forEach(kind -> ids.addAll(touched.getOrDefault(kind, Set.of())));
    return ids;
  }

  @Override
  public boolean untouched(DSLContext dsl, long from, long to, List<String> kinds, Collection<Long> ids) {
    return everyStep(dsl, from, to, touched -> {
      for (String kind : kinds) {
        Set<Long> ofKind = touched.getOrDefault(kind, Set.of());
        for (Long id : ids) if (ofKind.contains(id)) return false;
      }
      return true;
    });
  }

  @Override
  public boolean unchanged(DSLContext dsl, long from, long to, List<String> kinds) {
    return everyStep(dsl, from, to, touched -> {
      for (String kind : kinds) if (!touched.getOrDefault(kind, Set.of()).isEmpty()) return false;
      return true;
    });
  }

  /** Whether what each step after {@code from} up to {@code to} touched passes; false when a step is not kept. */
  private boolean everyStep(DSLContext dsl, long from, long to, Predicate<Map<String, Set<Long>>> passes) {
    if (to > followed) follow(dsl, to);
    return stepsPass(from, to, passes);
  }

  /** The same over the steps already followed. */
  private boolean stepsPass(long from, long to, Predicate<Map<String, Set<Long>>> passes) {
    long at = from;
    Map.Entry<Long, Step> covering = steps.floorEntry(from);
    while (at < to) {
      if (covering == null || covering.getValue().to() <= at || covering.getValue().touched() == null) return false;
      if (!passes.test(covering.getValue().touched())) return false;
      at = covering.getValue().to();
      covering = steps.floorEntry(at);
    }
    return true;
  }

  /**
   * Removes what the changes up to {@code version} touched from every following cache, unless done already; a read
   * at a newer version than the one followed calls it first.
   */
  public void follow(DSLContext dsl, long version) {
    synchronized (reading) {
      long from = followed;
      if (version <= from) return;
      Map<String, Set<Long>> touched = from < 0 ? Map.of()
          : ChangedRecords.touched(dsl, from, version,
              followers.stream().flatMap(follower -> follower.kinds().stream()).distinct().toList());
      keeping.writeLock().lock();
      try {
        for (Follower follower : followers) {
          follower.cache().remove(touched == null ? null : ofKinds(touched, follower.kinds()));
        }
        // the step before the version: a load that saw the follower move on asks it what was touched meanwhile
        if (from >= 0) {
          steps.put(from, new Step(from, version, touched));
          if (steps.size() > STEPS_KEPT) steps.pollFirstEntry();
        }
        followed = version;
      } finally {
        keeping.writeLock().unlock();
      }
    }
  }
}
