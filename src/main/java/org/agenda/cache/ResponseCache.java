package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.agenda.http.ApiResponse;
import org.agenda.http.ReadAnswers;

/**
 * Answers to anonymous reads, kept for one data version (§10.5): every committed write advances the
 * version, in this process or another one sharing the database, so a cached answer is exactly what an
 * uncached read would give. An answer that depended on the current time is kept for the span in which
 * it holds: the second it was made in, or the day when it used only the date (§6.3 default window).
 *
 * <p>Bodies the size of a single record are kept LZ4-compressed: JSON shrinks about threefold, so the same
 * memory holds that many more of them (all 10 000 events of the benchmark's data set instead of a third),
 * and decompressing an event of 12 KB takes about 3 µs, where zlib's inflate took 27 µs, a quarter of all
 * the work of answering from the cache (async-profiler, bench/RESULTS.md). List pages, larger and fewer,
 * are kept as they are, within a budget of their own.
 *
 * <p>Answers about one record that memory no longer holds go to {@link DiskAnswers}, when there is one, and
 * are looked for there before they are built again. The store is opened when memory first pushes an answer
 * out: a site whose answers fit in memory never opens it, and a start does not wait for it.
 */
final class ResponseCache implements AutoCloseable {
  /**
   * Answers about one record: a 32nd of the heap (8 MiB of 256), room for about 2 000 compressed events of 12 KB.
   * Those memory lets go of are kept on disk, and read back at the cost of one lookup; the memory they took (48 MiB
   * before) is what a million events need for what grows with them.
   */
  private static final int RECORD_SHARE = 32;
  /** Below this, compressing saves too little to pay for itself. */
  private static final int COMPRESS_FROM_BYTES = 2 * 1024;
  /** Above this, decompressing on every hit costs more than the memory saved is worth. */
  private static final int COMPRESS_UP_TO_BYTES = 24 * 1024;

  private final LongSupplier dataVersion;
  /**
   * Lists: a 128th of the heap (2 MiB of 256), room for the few pages asked again and again. A list page is 100–450
   * KB, and a write sends the pages it changes to be built and kept anew; kept pages lived longer than a young
   * collection and died in the old generation, which 32 MiB of them filled about once a second under browsing
   * traffic with 10 creates a second: a full collection of 130 ms each time (10 000 events, -Xmx256m: 1 000
   * distinct list questions a second, p99 190 ms; with 2 MiB, 2 000 and 52 ms, and no full collection).
   */
  private final long collectionBytes;
  /**
   * Answers about one record (by id or slug) and all others (lists, counts) apart, each within
   * its own budget: reads of many single records, cheap to build again, would otherwise push out the list
   * pages, whose exact totals cost most to count again.
   */
  private final Cache<String, Kept> records;
  private final Cache<String, Kept> collections;
  /**
   * Answers larger than a quarter of the lists' budget (an iCalendar feed of a thousand events is 1 MB, a page of a
   * hundred events about as much) are kept apart, within a 32nd of the heap (8 MiB of 256): among the few list pages
   * asked again and again, a feed would push half of them out, or not be let in at all (a benchmark's feed, asked
   * by 32 readers after the other routes, was built for every request: 443 req/s, where it had been 2 768).
   */
  private final Cache<String, Kept> large;
  /** Opens the store for answers about one record that memory is full of; returns null when there is none. */
  private final Supplier<DiskAnswers> openDisk;
  /** Where answers about one record go when memory is full; null until opened, and when there is none. */
  private volatile DiskAnswers disk;
  /** Whether {@link #openDisk} was called (or the cache closed): it is called at most once. */
  private volatile boolean diskOpened;
  private volatile long knownVersion = Long.MIN_VALUE;
  /** Keys whose answer a request is building now, for the requests that want the same one meanwhile. */
  private final Map<String, CompletableFuture<Entry>> building = new ConcurrentHashMap<>();

  /**
   * A stored answer, the request language it was made in, the epoch seconds [from, until) it holds in, and how to
   * tell that it holds at a later version (null: at its own only).
   */
  record Entry(ApiResponse response, String language, long version, long validFrom, long validUntil,
      ReadAnswers.StillHolds stillHolds) {
    Entry(ApiResponse response, String language, long version, long validFrom, long validUntil) {
      this(response, language, version, validFrom, validUntil, null);
    }

    private Entry withBody(byte[] body) {
      return new Entry(response.withBody(body), language, version, validFrom, validUntil, stillHolds);
    }

    /** Whether it is the answer of a read at {@code version} in {@code second}. */
    boolean holds(long atVersion, long second) {
      return version == atVersion && second >= validFrom && second < validUntil;
    }

    private Entry at(long later, ReadAnswers.StillHolds from) {
      return new Entry(response, language, later, validFrom, validUntil, from);
    }
  }

  /** An entry as kept: its body compressed when {@code length} is not -1 (then the body's original length). */
  record Kept(Entry entry, int length) {}

  ResponseCache(LongSupplier dataVersion) {
    this(dataVersion, () -> null);
  }

  /** {@code openDisk} as below; the budgets are parts of the heap. */
  ResponseCache(LongSupplier dataVersion, Supplier<DiskAnswers> openDisk) {
    this(dataVersion, openDisk, Runtime.getRuntime().maxMemory());
  }

  /**
   * {@code openDisk} is called when memory first evicts an answer about one record; what it opens is closed with this
   * cache. {@code heapBytes}: the heap the budgets are a part of.
   */
  ResponseCache(LongSupplier dataVersion, Supplier<DiskAnswers> openDisk, long heapBytes) {
    this.dataVersion = dataVersion;
    this.collectionBytes = Math.max(1L << 20, Caches.heapShare(heapBytes, 128));
    this.collections = newPartition(collectionBytes).build();
    this.large = newPartition(Math.max(4L << 20, Caches.heapShare(heapBytes, 32))).build();
    this.openDisk = openDisk;
    this.records = newPartition(Caches.heapShare(heapBytes, RECORD_SHARE))
        .evictionListener((String key, Kept kept, RemovalCause cause) -> {
          // an answer of an older version would never be served again
          if (key == null || kept == null || kept.entry().version() != knownVersion) return;
          DiskAnswers store = openedDisk();
          if (store != null) store.keep(key, kept);
        })
        .build();
  }

  private DiskAnswers openedDisk() {
    // after the first call, no lock: also when there is no store (off, or it could not be opened)
    if (diskOpened) return disk;
    synchronized (this) {
      if (!diskOpened) {
        disk = openDisk.get();
        diskOpened = true;
      }
      return disk;
    }
  }

  private static Caffeine<String, Kept> newPartition(long maximumBytes) {
    return Caches.builder()
        .maximumWeight(maximumBytes)
        .weigher((String key, Kept kept) -> key.length() * 2 + kept.entry().response().bodyArray().length + 256);
  }

  /**
   * The current data version; when it changes, the answers of older versions are dropped, but those that can tell
   * whether they still hold (lists whose page and embedded records a write may have left as they were).
   */
  long version() {
    long version = dataVersion.getAsLong();
    if (version != knownVersion) {
      knownVersion = version;
      records.invalidateAll();
      collections.asMap().values().removeIf(kept -> kept.entry().stillHolds() == null);
      large.asMap().values().removeIf(kept -> kept.entry().stillHolds() == null);
    }
    return version;
  }

  /**
   * The answer kept for {@code key}, if it holds for this version and second: made at this version, or at an
   * earlier one and still what a read at this one would make (then kept as this version's); {@code oneRecord} as
   * for put.
   */
  Entry find(boolean oneRecord, String key, long version, long second) {
    Cache<String, Kept> partition = oneRecord ? records : collections;
    Kept kept = partition.getIfPresent(key);
    if (kept == null && !oneRecord) {
      partition = large;
      kept = partition.getIfPresent(key);
    }
    DiskAnswers store = disk;
    if (kept == null && oneRecord && store != null) kept = store.find(key);
    if (kept == null) return null;
    Entry entry = kept.entry();
    if (second < entry.validFrom() || second >= entry.validUntil()) return null;
    if (entry.version() != version && (entry.version() > version || entry.stillHolds() == null)) return null;
    Entry found = kept.length() < 0 ? entry : entry.withBody(Lz4.decompress(entry.response().bodyArray(), kept.length()));
    if (entry.version() == version) return found;
    ReadAnswers.Held held = entry.stillHolds().at(version, found.response());
    if (held == null) {
      partition.asMap().remove(key, kept);
      return null;
    }
    if (held.response() == found.response()) {
      partition.asMap().replace(key, kept, new Kept(entry.at(version, held.stillHolds()), kept.length()));
      return found.at(version, held.stillHolds());
    }
    Entry remade = new Entry(held.response(), found.language(), version, found.validFrom(), found.validUntil(),
        held.stillHolds());
    partition.asMap().replace(key, kept, kept(remade));
    return remade;
  }

  /**
   * Concurrent misses of one key build the answer once (after every write, all readers of a popular list
   * miss at the same moment): the first caller gets null and must call {@link #built} when done; the
   * others wait for it and get what it built (null when it built nothing).
   */
  CompletableFuture<Entry> lead(String key) {
    return building.putIfAbsent(key, new CompletableFuture<>());
  }

  /**
   * Ends {@link #lead} with the answer built (null when the build failed): the waiting requests take it when it holds
   * for their version and second, also when it was not kept (an error, or an answer the budget had no room for: were
   * they to build it each, thirty-two readers of a feed of a megabyte built thirty-two at once).
   */
  void built(String key, Entry answer) {
    CompletableFuture<Entry> done = building.remove(key);
    if (done != null) done.complete(answer);
  }

  /** Keeps an answer; {@code oneRecord} when it is about one record (a route with an id or slug). */
  void put(boolean oneRecord, String key, Entry entry) {
    int length = entry.response().bodyLength();
    Cache<String, Kept> partition = oneRecord ? records : length > collectionBytes / 4 ? large : collections;
    partition.put(key, kept(entry));
  }

  private static Kept kept(Entry entry) {
    ApiResponse response = entry.response();
    int length = response.bodyLength();
    if (length < COMPRESS_FROM_BYTES || length > COMPRESS_UP_TO_BYTES) {
      // as it is, in the array it was written in (weighed with its spare room): most built answers are not let in,
      // and cutting each to size first cost a copy of every one
      return new Kept(entry, -1);
    }
    return new Kept(entry.withBody(Lz4.compress(response.bodyArray(), length)), length);
  }

  @Override
  public void close() {
    DiskAnswers store;
    synchronized (this) {
      diskOpened = true;
      store = disk;
      disk = null;
    }
    if (store != null) store.close();
  }
}
