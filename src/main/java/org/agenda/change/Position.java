package org.agenda.change;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A place in the change feed: the data version of a write transaction and the id of one of its changes, in the
 * feed's order (version, then id). A change token is its text, {@code VERSION.ID}; clients treat it as opaque.
 */
record Position(long version, long id) implements Comparable<Position> {
  /** Before every change. */
  static final Position START = new Position(0, 0);
  private static final Pattern TOKEN = Pattern.compile("([0-9]{1,18})\\.([0-9]{1,18})");

  /** The position a token names, or null when the text is not a token. */
  static Position parse(String token) {
    Matcher matcher = TOKEN.matcher(token.trim());
    if (!matcher.matches()) return null;
    return new Position(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)));
  }

  String token() {
    return version + "." + id;
  }

  @Override
  public int compareTo(Position other) {
    int byVersion = Long.compare(version, other.version);
    return byVersion != 0 ? byVersion : Long.compare(id, other.id);
  }

  boolean isBefore(Position other) {
    return compareTo(other) < 0;
  }

  static Position later(Position a, Position b) {
    return a.isBefore(b) ? b : a;
  }
}
