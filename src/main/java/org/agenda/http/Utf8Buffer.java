package org.agenda.http;

import java.util.Arrays;
import java.util.function.ObjIntConsumer;

/**
 * UTF-8 JSON written piece by piece into one growing array: a list answer made of kept forms is written once, not
 * copied from array to array (each item, then the page, then the answer; at 10 000 events that made half of all
 * that was allocated, and what young collections found still alive filled the old generation).
 */
public final class Utf8Buffer {
  private byte[] bytes;
  private int length;

  public Utf8Buffer(int capacity) {
    this.bytes = new byte[Math.max(16, capacity)];
  }

  public int length() {
    return length;
  }

  public void write(byte b) {
    room(1);
    bytes[length++] = b;
  }

  public void write(byte[] part) {
    write(part, 0, part.length);
  }

  public void write(byte[] part, int offset, int count) {
    room(count);
    System.arraycopy(part, offset, bytes, length, count);
    length += count;
  }

  /** {@code count} bytes that {@code fill} puts into the array it is given, from the offset it is given. */
  public void write(int count, ObjIntConsumer<byte[]> fill) {
    room(count);
    fill.accept(bytes, length);
    length += count;
  }

  /** Removes the last four bytes, which a writer put there as a big-endian int, and gives that int. */
  public int removeTrailingInt() {
    length -= 4;
    return (bytes[length] & 0xff) << 24 | (bytes[length + 1] & 0xff) << 16 | (bytes[length + 2] & 0xff) << 8
        | (bytes[length + 3] & 0xff);
  }

  /** Replaces the {@code removed} bytes at {@code at} with all of {@code inserted}'s. */
  public void replace(int at, int removed, Utf8Buffer inserted) {
    int moved = inserted.length - removed;
    room(Math.max(0, moved));
    System.arraycopy(bytes, at + removed, bytes, at + inserted.length, length - at - removed);
    System.arraycopy(inserted.bytes, 0, bytes, at, inserted.length);
    length += moved;
  }

  /** Empties it, keeping its array. */
  public void clear() {
    length = 0;
  }

  /** The array written into, of which the first {@link #length()} bytes are the content. */
  byte[] array() {
    return bytes;
  }

  private void room(int more) {
    if (length + more <= bytes.length) return;
    bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
  }
}
