package org.agenda.db;

import java.util.Collection;
import java.util.Map;
import java.util.function.BiFunction;
import org.jooq.DSLContext;

/**
 * Loads the objects with these ids that exist, with {@code dsl}, as of the data {@code version} that
 * {@link Database#versionOf} gives for it (null inside a transaction). Whether loaded objects are kept is the
 * wiring's choice, made once for every feature ({@link Factory}); a feature only says what it loads.
 */
@FunctionalInterface
public interface ByIdLoader<V> {
  Map<Long, V> load(DSLContext dsl, Long version, Collection<Long> ids);

  /** Makes a loader of at most {@code maximumSize} kept objects from a plain load. */
  interface Factory {
    <V> ByIdLoader<V> of(long maximumSize, BiFunction<DSLContext, Collection<Long>, Map<Long, V>> load);
  }
}
