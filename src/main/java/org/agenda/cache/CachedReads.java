package org.agenda.cache;

import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.agenda.http.ReadAnswers;

/**
 * Answers of anonymous reads kept per data version ({@link ResponseCache}), each built once when several
 * requests miss it at once, and every build in a turn ({@link BuildTurns}).
 */
public final class CachedReads implements ReadAnswers {
  private final ResponseCache cache;
  private final BuildTurns turns;
  private final DiskCache disk;

  CachedReads(ResponseCache cache, BuildTurns turns, DiskCache disk) {
    this.cache = cache;
    this.turns = turns;
    this.disk = disk;
  }

  /**
   * {@code disk}: where answers about one record that memory no longer holds are kept (closed with this).
   * {@code buildTurns} reads may build their answer at once; one that waited {@code turnWaitMillis} for a turn goes
   * on without.
   */
  public static CachedReads open(LongSupplier dataVersion, DiskCache disk, int buildTurns, long turnWaitMillis) {
    return new CachedReads(new ResponseCache(dataVersion, disk::opened), new BuildTurns(buildTurns, turnWaitMillis),
        disk);
  }

  @Override
  public long version() {
    return cache.version();
  }

  @Override
  public Answer answer(String key, boolean oneRecord, long version, long second, Supplier<Answer> build) {
    ResponseCache.Entry cached = cache.find(oneRecord, key, version, second);
    boolean leads = false;
    if (cached == null) {
      CompletableFuture<ResponseCache.Entry> running = cache.lead(key);
      leads = running == null;
      if (!leads) {
        ResponseCache.Entry shared = running.join();
        cached = shared != null && shared.holds(version, second) ? shared : cache.find(oneRecord, key, version, second);
      }
    }
    if (cached != null) {
      return new Answer(cached.response(), cached.language(), cached.validFrom(), cached.validUntil(),
          cached.stillHolds());
    }
    ResponseCache.Entry entry = null;
    try {
      Answer built = turns.run(build);
      entry = new ResponseCache.Entry(built.response(), built.language(), version, built.validFrom(),
          built.validUntil(), built.stillHolds());
      if (built.response().status() == 200) cache.put(oneRecord, key, entry);
      return built;
    } finally {
      if (leads) cache.built(key, entry);
    }
  }

  @Override
  public <T> T inTurn(Supplier<T> build) {
    return turns.run(build);
  }

  @Override
  public void close() {
    cache.close();
    disk.close();
  }
}
