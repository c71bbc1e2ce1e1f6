package org.agenda.db;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import org.jooq.DSLContext;

/**
 * Loads the objects with these ids that exist, with {@code dsl}, as of the data {@code version} that
 * {@link Database#versionOf} gives for it (null inside a transaction). Whether loaded objects are kept is the
 * wiring's choice, made once for every feature ({@link Factory}); a feature only says what it loads.
 */
@FunctionalInterface
public interface ByIdLoader<V> {
  Map<Long, V> load(DSLContext dsl, Long version, Collection<Long> ids);

  /** Makes loaders that keep loaded objects, at most a number or a weight of them, from a plain load. */
  interface Factory {
    /**
     * For objects made only of what the change log records of their own record under {@code kinds} (its rows, text,
     * links and, for a term, its count of events): each kept across data versions, until a committed change touches
     * it.
     */
    <V> ByIdLoader<V> following(List<String> kinds, long maximumSize,
        BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load);

    /**
     * The same, keeping about {@code maximumBytes} of objects as {@code bytes} weighs each: for objects whose number
     * grows with the data and whose size varies (a venue's text).
     */
    <V> ByIdLoader<V> following(List<String> kinds, long maximumBytes, ToIntFunction<V> bytes,
        BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load);

    /**
     * The same for objects made from what another loader gives at the same data version ({@code load} is given it):
     * smaller ones, kept for more records than the objects they are made from.
     */
    <V> ByIdLoader<V> derived(List<String> kinds, long maximumSize, ByIdLoader<V> load);

    /**
     * Whether no change committed after data version {@code from} up to {@code to} touched any of these records
     * (of these kinds, as for {@link #following}); false also when that can no longer be told.
     */
    boolean untouched(DSLContext dsl, long from, long to, List<String> kinds, Collection<Long> ids);

    /** Whether no change committed after {@code from} up to {@code to} touched any record of these kinds. */
    boolean unchanged(DSLContext dsl, long from, long to, List<String> kinds);

    /**
     * Keeps rendered forms, about {@code maximumBytes} of them in all, compressed. Those that memory lets go of are
     * kept on disk under {@code diskKey}, when there is a disk cache: a key that says all the form was rendered from
     * (versions, not objects), for a form found there is used without a source to compare.
     */
    <K> Renderings<K> renderings(long maximumBytes, Function<K, String> diskKey);

    /**
     * Keeps forms of a few hundred bytes, which compress little, as they are; each holds the record it was rendered
     * from weakly, so that it weighs its bytes alone: it matches while the caches of records keep that record.
     */
    <K> Renderings<K> smallRenderings(long maximumBytes);
  }

  /**
   * Rendered forms of objects (the UTF-8 JSON of a list item), each kept under its key for as long as what it was
   * rendered from stays equal: a form is rendered again when the object or anything it embeds changed.
   */
  interface Renderings<K> {
    /** The form kept for {@code key} if it was rendered from a source equal to {@code source}; else a new one. */
    Form get(K key, Object source, Supplier<byte[]> render);

    /** The form kept for {@code key} if {@code renderedFrom} accepts the source it was kept with; else null. */
    Form kept(K key, Predicate<Object> renderedFrom);

    /**
     * For keys that say all a form was rendered from ({@link Factory#renderings}): the forms kept for {@code keys} in
     * memory, whatever source each was kept with, or on disk, looked up there together; null in the places of those
     * kept in neither.
     */
    Form[] stored(List<K> keys);
  }

  /**
   * A rendered form, copied where the answer is written: a kept one is decompressed there, not into an array of its
   * own that the answer would copy again.
   */
  interface Form {
    /** Its length in bytes. */
    int length();

    /** Writes its bytes into {@code target} from {@code offset}, which has room for {@link #length} of them. */
    void copyTo(byte[] target, int offset);
  }
}
