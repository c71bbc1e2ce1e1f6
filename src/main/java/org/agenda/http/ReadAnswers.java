package org.agenda.http;

import java.util.function.Supplier;

/**
 * Where the dispatcher gets the answers of reads: kept ones for anonymous reads of the namespace, and turns for
 * building the others. The wiring hands one to the dispatcher; what keeps the answers is not the transport's
 * business.
 */
public interface ReadAnswers extends AutoCloseable {
  /** The data version that an answer built now is made at; every committed write advances it. */
  long version();

  /**
   * The answer kept under {@code key} for {@code version} and this second, or else the one {@code build} makes,
   * in a turn, kept when it may be. {@code oneRecord}: the read is about one record (a route with an id or slug).
   */
  Answer answer(String key, boolean oneRecord, long version, long second, Supplier<Answer> build);

  /** Builds an answer that is never kept (a signed-in read), in a turn. */
  <T> T inTurn(Supplier<T> build);

  /** Releases what answers are kept in outside memory. */
  @Override
  void close();

  /**
   * An answer, the request language it was made in, the epoch seconds [from, until) in which it holds, and how to
   * tell that it holds at a later data version (null: it holds at its own only).
   */
  record Answer(ApiResponse response, String language, long validFrom, long validUntil, StillHolds stillHolds) {}

  /** Tells whether an answer made at an earlier data version is what a read at {@code version} would make. */
  @FunctionalInterface
  interface StillHolds {
    /**
     * What a read at {@code version} makes, from {@code kept}, the answer made earlier: {@code kept} itself when every
     * byte holds, or an answer made anew from it in part; null when it must be built again.
     */
    Held at(long version, ApiResponse kept);
  }

  /** An answer that holds at a later data version, and how to tell, from then on, that it still does. */
  record Held(ApiResponse response, StillHolds stillHolds) {}
}
