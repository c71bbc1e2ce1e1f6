package org.agenda.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Answers to anonymous reads, kept for one data version (§10.5): every committed write advances the
 * version, in this process or another one sharing the database, so a cached answer is exactly what an
 * uncached read would give. An answer that depended on the current time is kept for the span in which
 * it holds: the second it was made in, or the day when it used only the date (§6.3 default window).
 *
 * <p>Bodies the size of a single record are kept deflated: JSON shrinks four- to fivefold, so the same
 * memory holds that many more of them (all 10 000 events of the benchmark's data set instead of a third),
 * and inflating one costs about ten microseconds, far less than building it again. Inflating costs about a
 * microsecond per kilobyte on every hit, so list pages, larger and fewer, are kept as they are.
 */
final class ResponseCache {
  private static final long MAX_BYTES = 32L * 1024 * 1024;
  /** Below this, deflating saves too little to pay for itself. */
  private static final int DEFLATE_FROM_BYTES = 2 * 1024;
  /** Above this, inflating on every hit costs more than the memory saved is worth. */
  private static final int DEFLATE_UP_TO_BYTES = 24 * 1024;

  private final LongSupplier dataVersion;
  /**
   * Answers about one record (by id or slug) and all others (lists, counts) apart, each within
   * {@link #MAX_BYTES}: reads of many single records, cheap to build again, would otherwise push out the list
   * pages, whose exact totals cost most to count again.
   */
  private final Cache<String, Kept> records = newPartition();
  private final Cache<String, Kept> collections = newPartition();
  private volatile long knownVersion = Long.MIN_VALUE;
  /** Keys whose answer a request is building now, for the requests that want the same one meanwhile. */
  private final Map<String, CompletableFuture<Void>> building = new ConcurrentHashMap<>();

  /** A stored answer, the request language it was made in, and the epoch seconds [from, until) it holds in. */
  record Entry(ApiResponse response, String language, long version, long validFrom, long validUntil) {
    private Entry withBody(byte[] body) {
      return new Entry(response.withBody(body), language, version, validFrom, validUntil);
    }
  }

  /** An entry as kept: its body deflated when {@code length} is not -1 (then the body's original length). */
  private record Kept(Entry entry, int length) {}

  ResponseCache(LongSupplier dataVersion) {
    this.dataVersion = dataVersion;
  }

  private static Cache<String, Kept> newPartition() {
    return Caffeine.newBuilder()
        .maximumWeight(MAX_BYTES)
        .weigher((String key, Kept kept) -> key.length() * 2 + kept.entry().response().body().length + 256)
        // eviction on the calling thread: the budget holds when put returns, not some time after
        .executor(Runnable::run)
        .build();
  }

  /** The current data version; answers of older versions are dropped when it changes. */
  long version() {
    long version = dataVersion.getAsLong();
    if (version != knownVersion) {
      knownVersion = version;
      records.invalidateAll();
      collections.invalidateAll();
    }
    return version;
  }

  /** The answer kept for {@code key}, if it holds for this version and second; {@code oneRecord} as for put. */
  Entry find(boolean oneRecord, String key, long version, long second) {
    Kept kept = (oneRecord ? records : collections).getIfPresent(key);
    if (kept == null) return null;
    Entry entry = kept.entry();
    if (entry.version() != version || second < entry.validFrom() || second >= entry.validUntil()) return null;
    if (kept.length() < 0) return entry;
    return entry.withBody(inflate(entry.response().body(), kept.length()));
  }

  /**
   * Concurrent misses of one key build the answer once (after every write, all readers of a popular list
   * miss at the same moment): the first caller gets true and must call {@link #built} when done; the
   * others wait for it, get false, and look again.
   */
  boolean lead(String key) {
    var mine = new CompletableFuture<Void>();
    CompletableFuture<Void> running = building.putIfAbsent(key, mine);
    if (running == null) return true;
    running.join();
    return false;
  }

  /** Ends {@link #lead}: the waiting requests go on, and find the answer if it was kept. */
  void built(String key) {
    CompletableFuture<Void> done = building.remove(key);
    if (done != null) done.complete(null);
  }

  /** Keeps an answer; {@code oneRecord} when it is about one record (a route with an id or slug). */
  void put(boolean oneRecord, String key, Entry entry) {
    Cache<String, Kept> partition = oneRecord ? records : collections;
    byte[] body = entry.response().body();
    if (body.length < DEFLATE_FROM_BYTES || body.length > DEFLATE_UP_TO_BYTES) {
      partition.put(key, new Kept(entry, -1));
      return;
    }
    partition.put(key, new Kept(entry.withBody(deflate(body)), body.length));
  }

  private static byte[] deflate(byte[] body) {
    var deflater = new Deflater(Deflater.BEST_SPEED, true);
    try {
      deflater.setInput(body);
      deflater.finish();
      byte[] buffer = new byte[body.length + 64];
      int length = 0;
      while (!deflater.finished()) {
        if (length == buffer.length) buffer = Arrays.copyOf(buffer, buffer.length * 2);
        length += deflater.deflate(buffer, length, buffer.length - length);
      }
      return Arrays.copyOf(buffer, length);
    } finally {
      deflater.end();
    }
  }

  private static byte[] inflate(byte[] deflated, int length) {
    var inflater = new Inflater(true);
    try {
      inflater.setInput(deflated);
      byte[] body = new byte[length];
      int filled = 0;
      while (filled < length) {
        int n = inflater.inflate(body, filled, length - filled);
        if (n == 0 && (inflater.finished() || inflater.needsInput())) break;
        filled += n;
      }
      if (filled != length) throw new IllegalStateException("a cached answer inflated to " + filled + " of " + length + " bytes");
      return body;
    } catch (DataFormatException e) {
      throw new IllegalStateException("a cached answer does not inflate", e);
    } finally {
      inflater.end();
    }
  }
}
