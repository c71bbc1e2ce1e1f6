package org.agenda.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.agenda.config.Caches;
import org.agenda.db.ByIdLoader;

/**
 * Rendered forms kept by key with what they were rendered from ({@link ByIdLoader.Renderings}). Nothing is stamped
 * with a data version: the source itself says whether the form still holds, so a write moves only the forms of what
 * it changed. Large forms are kept LZ4-compressed: a list item of an event is about 8 KB of JSON (its text and what
 * it embeds), so the budget holds three times as many, for about 3 µs each to decompress. Small ones are kept as
 * they are: an answer writes dozens of embedded terms of a few hundred bytes, and decompressing each of them was 3 %
 * of the mixed route's CPU.
 *
 * <p>Compressed forms whose keys say all they were rendered from ({@code diskKey}) go to the {@link DiskCache} when
 * memory lets them go, and are looked for there before they are rendered again ({@link #stored}): at 100 000 events
 * the list items that browsing reaches are ten times what the memory of a 256 MiB heap holds, and rendering an item
 * anew costs reading its event (a third of the mixed route's CPU), where reading it from the disk cache costs one
 * lookup.
 */
final class KeptRenderings<K> implements ByIdLoader.Renderings<K> {
  /** Besides the bytes: the entry, its key and the source's objects, which the caches of objects mostly share. */
  private static final int OVERHEAD_BYTES = 160;

  /**
   * A form as kept: decompressed straight into the answer being written, or copied there when kept as it is; {@code
   * held} is its source, or a {@link WeakSource} of it.
   */
  private record Kept(Object held, byte[] kept, int length, boolean compressed) implements ByIdLoader.Form {
    /** What the form was rendered from; null once a source held weakly was let go. */
    Object source() {
      return held instanceof WeakSource weak ? weak.get() : held;
    }

    @Override
    public void copyTo(byte[] target, int offset) {
      if (compressed) {
        Lz4.decompress(kept, target, offset, length);
      } else {
        System.arraycopy(kept, 0, target, offset, length);
      }
    }
  }

  /** A form just rendered. */
  private record Rendered(byte[] bytes) implements ByIdLoader.Form {
    @Override
    public int length() {
      return bytes.length;
    }

    @Override
    public void copyTo(byte[] target, int offset) {
      System.arraycopy(bytes, 0, target, offset, bytes.length);
    }
  }

  /** A source held weakly (a record a small form was rendered from), told apart from a source that is a reference. */
  private static final class WeakSource extends WeakReference<Object> {
    WeakSource(Object source) {
      super(source);
    }
  }

  private final Cache<K, Kept> kept;
  private final boolean compressed;
  private final boolean weakSources;
  private final Function<K, String> diskKey;
  /** Null until memory first lets a form go to disk. */
  private volatile DiskAnswers disk;

  /**
   * {@code compressed}: whether forms are kept LZ4-compressed; {@code diskKey}: the key of a compressed form on disk,
   * or null when forms stay in memory; {@code openDisk} opens the disk cache, or gives null when there is none;
   * {@code weakSources}: whether a form holds its source weakly. Such a form matches only while the caches of objects
   * keep the object it was rendered from, and does not keep that object in memory beyond them: so it weighs its bytes
   * alone.
   */
  KeptRenderings(long maximumBytes, boolean compressed, Function<K, String> diskKey, Supplier<DiskAnswers> openDisk,
      boolean weakSources) {
    this.compressed = compressed;
    this.diskKey = compressed ? diskKey : null;
    this.weakSources = weakSources;
    var builder = Caches.builder().maximumWeight(maximumBytes).weigher((K key, Kept entry) -> entry.kept().length
        + OVERHEAD_BYTES);
    if (this.diskKey != null) {
      builder.evictionListener((K key, Kept entry, RemovalCause cause) -> {
        if (key == null || entry == null || cause != RemovalCause.SIZE) return;
        DiskAnswers store = disk != null ? disk : (disk = openDisk.get());
        if (store != null) {
          store.keepForm(this.diskKey.apply(key), new DiskAnswers.StoredForm(entry.kept(), entry.length()));
        }
      });
    }
    this.kept = builder.build();
  }

  @Override
  public ByIdLoader.Form get(K key, Object source, Supplier<byte[]> render) {
    Kept found = kept.getIfPresent(key);
    if (found != null && found.source() == source) return found;
    if (found != null && Objects.equals(found.source(), source)) {
      // an equal source loaded anew (a term whose count changed back, a load the caches did not keep): the next
      // request most likely has this one, and then compares identity, not every text of it
      Kept again = new Kept(held(source), found.kept(), found.length(), found.compressed());
      kept.asMap().replace(key, found, again);
      return again;
    }
    return rendered(key, source, render);
  }

  @Override
  public ByIdLoader.Form kept(K key, Predicate<Object> renderedFrom) {
    Kept found = kept.getIfPresent(key);
    return found != null && renderedFrom.test(found.source()) ? found : null;
  }

  @Override
  public ByIdLoader.Form[] stored(List<K> keys) {
    ByIdLoader.Form[] found = new ByIdLoader.Form[keys.size()];
    if (diskKey == null) return found;
    List<Integer> notInMemory = new ArrayList<>();
    for (int i = 0; i < found.length; i++) {
      found[i] = kept.getIfPresent(keys.get(i));
      if (found[i] == null) notInMemory.add(i);
    }
    DiskAnswers store = disk;
    if (store == null || notInMemory.isEmpty()) return found;
    List<String> onDisk = new ArrayList<>(notInMemory.size());
    for (int i : notInMemory) onDisk.add(diskKey.apply(keys.get(i)));
    DiskAnswers.StoredForm[] forms = store.findForms(onDisk);
    for (int j = 0; j < forms.length; j++) {
      // not kept in memory again: each form read from disk put there made the forms in memory turn over, and the
      // old generation filled with them (100 000 events, mixed route: 4 full collections in 15 s → none, p99 290
      // → 55 ms, one pair side by side)
      if (forms[j] != null) found[notInMemory.get(j)] = forms[j];
    }
    return found;
  }

  private ByIdLoader.Form rendered(K key, Object source, Supplier<byte[]> render) {
    byte[] form = render.get();
    kept.put(key, new Kept(held(source), compressed ? Lz4.compress(form) : form, form.length, compressed));
    return new Rendered(form);
  }

  /** What a kept form holds of its source. */
  private Object held(Object source) {
    return weakSources ? new WeakSource(source) : source;
  }
}
