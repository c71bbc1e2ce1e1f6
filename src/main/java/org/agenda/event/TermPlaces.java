package org.agenda.event;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.agenda.db.ByIdLoader;
import org.agenda.http.Utf8Buffer;

/**
 * Where the terms a list answer embeds stand in its bytes, in the order they were written: so that an answer whose
 * terms changed only in their counts (every new event of a popular tag changes its count, and that tag is embedded in
 * most pages) can be given with the terms' current forms put in their places, rather than built again.
 */
final class TermPlaces {
  private int[] at = new int[64];
  private int[] length = new int[64];
  private long[] term = new long[64];
  private int count;

  /** Notes that the form of {@code termId} stands at {@code from} for {@code bytes} bytes, after the ones noted. */
  void add(long termId, int from, int bytes) {
    if (count == at.length) {
      at = Arrays.copyOf(at, count * 2);
      length = Arrays.copyOf(length, count * 2);
      term = Arrays.copyOf(term, count * 2);
    }
    at[count] = from;
    length[count] = bytes;
    term[count] = termId;
    count++;
  }

  /** Adds these places, moved by {@code offset}, to {@code into}'s. */
  void addTo(TermPlaces into, int offset) {
    for (int i = 0; i < count; i++) into.add(term[i], at[i] + offset, length[i]);
  }

  /** Forgets every place, keeping its arrays. */
  void clear() {
    count = 0;
  }

  /** The terms that stand somewhere. */
  Set<Long> terms() {
    Set<Long> terms = new HashSet<>();
    for (int i = 0; i < count; i++) terms.add(term[i]);
    return terms;
  }

  /**
   * {@code body}'s first {@code bodyLength} bytes with each term's place holding its form in {@code forms}, written
   * into {@code out}; gives the places there. Every term noted must have a form.
   */
  TermPlaces rewrite(byte[] body, int bodyLength, Map<Long, ByIdLoader.Form> forms, Utf8Buffer out) {
    var moved = new TermPlaces();
    int from = 0;
    for (int i = 0; i < count; i++) {
      out.write(body, from, at[i] - from);
      ByIdLoader.Form form = forms.get(term[i]);
      moved.add(term[i], out.length(), form.length());
      out.write(form.length(), form::copyTo);
      from = at[i] + length[i];
    }
    out.write(body, from, bodyLength - from);
    return moved;
  }
}
