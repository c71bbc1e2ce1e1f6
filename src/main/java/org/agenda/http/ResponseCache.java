package org.agenda.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.function.LongSupplier;

/**
 * Answers to anonymous reads, kept for one data version (§10.5): every committed write advances the
 * version, in this process or another one sharing the database, so a cached answer is exactly what an
 * uncached read would give. An answer that depended on the current time is kept for the span in which
 * it holds: the second it was made in, or the day when it used only the date (§6.3 default window).
 */
final class ResponseCache {
  private static final long MAX_BYTES = 32L * 1024 * 1024;

  private final LongSupplier dataVersion;
  private final Cache<String, Entry> entries = Caffeine.newBuilder()
      .maximumWeight(MAX_BYTES)
      .weigher((String key, Entry entry) -> key.length() * 2 + entry.response().body().length + 256)
      .build();
  private volatile long knownVersion = Long.MIN_VALUE;

  /** A stored answer, the request language it was made in, and the epoch seconds [from, until) it holds in. */
  record Entry(ApiResponse response, String language, long version, long validFrom, long validUntil) {}

  ResponseCache(LongSupplier dataVersion) {
    this.dataVersion = dataVersion;
  }

  /** The current data version; answers of older versions are dropped when it changes. */
  long version() {
    long version = dataVersion.getAsLong();
    if (version != knownVersion) {
      knownVersion = version;
      entries.invalidateAll();
    }
    return version;
  }

  Entry find(String key, long version, long second) {
    Entry entry = entries.getIfPresent(key);
    if (entry == null || entry.version() != version) return null;
    if (second < entry.validFrom() || second >= entry.validUntil()) return null;
    return entry;
  }

  void put(String key, Entry entry) {
    entries.put(key, entry);
  }
}
