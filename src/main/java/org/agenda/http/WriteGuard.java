package org.agenda.http;

import java.util.function.Supplier;

/**
 * Runs a write to one record together with the check of its preconditions ({@code If-Match},
 * {@code If-Unmodified-Since}), so that no other write to a record of the same collection, through any
 * instance, comes between the check and the write; writes without preconditions run alongside, never between
 * (the wiring hands the database's guarded and alongsideGuarded).
 */
public interface WriteGuard {
  <T> T guarded(String collection, Supplier<T> write);

  <T> T alongside(String collection, Supplier<T> write);
}
