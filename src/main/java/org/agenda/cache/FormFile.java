package org.agenda.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The rendered forms (list items) that memory let go of, in a file used as a ring: each written after the last, the
 * oldest written over once the file is full, and each found again by one positional read. Where each key's form
 * stands is kept in memory, in a table of longs with four places for a key, side by side (when all four are taken, its
 * form goes to the place whose form was written longest ago). Kept in SQLite, a form was found by a statement that
 * walked a B-tree 4 KB page at a time, two or three reads a form: under the mixed-traffic route at 100 000 events,
 * whose items mostly come from here, that was 11.6 % of the server's CPU, and this file's lookups are 3.2 %.
 *
 * <p>A record holds its key and a checksum of its lengths, key and bytes, checked on every read: a place the ring has
 * since written over, or is writing over while it is read, holds other bytes, and counts as not kept. Only the writing
 * thread writes; any thread reads.
 */
final class FormFile implements AutoCloseable {
  private static final XXHash64 HASH = XXHashFactory.fastestInstance().hash64();
  /** hash, checksum, the key's length, the form's length, the compressed length. */
  private static final int HEADER_BYTES = 8 + 8 + 4 + 4 + 4;
  /** The checksum covers the record from its lengths on: they are read as they are, the bytes only after it. */
  private static final int CHECKED_FROM = 16;
  /** Records start at multiples of this, so that a place in the table holds where one starts in 36 bits. */
  private static final int ALIGN = 16;
  private static final int TAG_BITS = 12;
  /** The places a key may have, side by side in the table (one cache line). */
  private static final int WAYS = 4;
  private static final int OFFSET_BITS = 36;
  private static final int UNITS_BITS = 16;
  /** The longest record a place can say: 16 bits of 16-byte units (1 MiB); a longer form is not kept. */
  static final int MOST_RECORD_BYTES = ((1 << UNITS_BITS) - 1) * ALIGN;

  private final Path file;
  /** Opened again when an interrupted thread's read or write closed it ({@link #transfer}). */
  private volatile FileChannel channel;
  private volatile boolean closed;
  private final long capacity;
  /** Per place: the key's tag, where its record starts and its length in units; 0 for none. */
  private final AtomicLongArray places;
  private final int mask;
  /** Where the next record goes (the writing thread's). */
  private long next;
  private ByteBuffer writeBuffer = ByteBuffer.allocateDirect(64 * 1024);

  /**
   * A new, empty file at {@code file} (one there is replaced) of at most {@code capacity} bytes, with {@code places}
   * places (a power of two) for where its records stand.
   */
  FormFile(Path file, long capacity, int places) throws IOException {
    if (Integer.bitCount(places) != 1 || places < WAYS) {
      throw new IllegalArgumentException("places must be a power of two of at least " + WAYS + ": " + places);
    }
    this.file = file;
    this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.READ, StandardOpenOption.WRITE);
    this.capacity = Math.min(capacity / ALIGN * ALIGN, (1L << OFFSET_BITS) * ALIGN);
    this.places = new AtomicLongArray(places);
    this.mask = places - 1;
  }

  /** The forms kept for {@code keys}, in their order, null where none is. */
  DiskAnswers.StoredForm[] find(List<String> keys) throws IOException {
    DiskAnswers.StoredForm[] found = new DiskAnswers.StoredForm[keys.size()];
    for (int i = 0; i < found.length; i++) found[i] = find(keys.get(i));
    return found;
  }

  private DiskAnswers.StoredForm find(String key) throws IOException {
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    long hash = hash(keyBytes);
    int first = bucket(hash);
    for (int place = first; place < first + WAYS; place++) {
      long at = places.get(place);
      if (at == 0 || tag(at) != tag(hash)) continue;
      DiskAnswers.StoredForm form = read(at, hash, keyBytes);
      if (form != null) return form;
    }
    return null;
  }

  /** The record {@code at} says, if it is the one of this key and is whole. */
  private DiskAnswers.StoredForm read(long at, long hash, byte[] key) throws IOException {
    byte[] record = new byte[units(at) * ALIGN];
    if (!transfer(ByteBuffer.wrap(record), offset(at), FileChannel::read)) return null;
    ByteBuffer header = ByteBuffer.wrap(record);
    if (header.getLong() != hash) return null;
    long checksum = header.getLong();
    int keyLength = header.getInt();
    int length = header.getInt();
    int compressedLength = header.getInt();
    if (keyLength != key.length || compressedLength < 0 || HEADER_BYTES + keyLength + compressedLength > record.length
        || HASH.hash(record, CHECKED_FROM, HEADER_BYTES - CHECKED_FROM + keyLength + compressedLength, 0) != checksum
        || !Arrays.equals(record, HEADER_BYTES, HEADER_BYTES + keyLength, key, 0, keyLength)) {
      return null;
    }
    return new DiskAnswers.StoredForm(record, HEADER_BYTES + keyLength, compressedLength, length);
  }

  /** Keeps a form after the last one written, over the oldest when the ring is full (the writing thread only). */
  void keep(String key, DiskAnswers.StoredForm form) throws IOException {
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    int bytes = HEADER_BYTES + keyBytes.length + form.compressedLength();
    int units = (bytes + ALIGN - 1) / ALIGN;
    if ((long) units * ALIGN > Math.min(MOST_RECORD_BYTES, capacity)) return;
    if (next + (long) units * ALIGN > capacity) next = 0;
    if (writeBuffer.capacity() < units * ALIGN) writeBuffer = ByteBuffer.allocateDirect(units * ALIGN);
    long hash = hash(keyBytes);
    ByteBuffer out = writeBuffer.clear().limit(units * ALIGN);
    out.putLong(hash).putLong(0).putInt(keyBytes.length).putInt(form.length()).putInt(form.compressedLength())
        .put(keyBytes).put(form.bytes(), form.from(), form.compressedLength());
    out.putLong(8, HASH.hash(out, CHECKED_FROM, HEADER_BYTES - CHECKED_FROM + keyBytes.length
        + form.compressedLength(), 0));
    while (out.hasRemaining()) out.put((byte) 0);
    out.flip();
    long position = next;
    transfer(out, position, FileChannel::write);
    next = position + (long) units * ALIGN;
    places.set(placeFor(hash), (hash >>> (64 - TAG_BITS)) << (64 - TAG_BITS)
        | (position / ALIGN) << UNITS_BITS | units);
  }

  /** A positional read or write of a channel. */
  private interface Transfer {
    int at(FileChannel channel, ByteBuffer buffer, long position) throws IOException;
  }

  /**
   * Reads or writes all of {@code buffer} at {@code position}; false when a read meets the end of the file. A read or
   * write on an interrupted thread closes the channel (a {@link FileChannel} is interruptible) for every thread: it
   * fails, and the channel is opened again for the others.
   */
  private boolean transfer(ByteBuffer buffer, long position, Transfer transfer) throws IOException {
    FileChannel open = channel;
    try {
      while (buffer.hasRemaining()) {
        if (transfer.at(open, buffer, position + buffer.position()) < 0) return false;
      }
      return true;
    } catch (ClosedChannelException e) {
      reopen(open);
      throw e;
    }
  }

  private synchronized void reopen(FileChannel broken) throws IOException {
    if (!closed && channel == broken) {
      channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }
  }

  /**
   * Of the key's places: one that holds a form of the same tag (most likely the key's own, rendered again), else
   * an empty one, else the one whose form the ring wrote longest ago.
   */
  private int placeFor(long hash) {
    int first = bucket(hash);
    long oldestAge = -1;
    int oldest = first;
    for (int place = first; place < first + WAYS; place++) {
      long at = places.get(place);
      if (at == 0 || tag(at) == tag(hash)) return place;
      long age = Math.floorMod(next - offset(at), capacity);
      if (age > oldestAge) {
        oldestAge = age;
        oldest = place;
      }
    }
    return oldest;
  }

  /** The first of the key's places. */
  private int bucket(long hash) {
    return (int) hash & mask & -WAYS;
  }

  private static long tag(long value) {
    return value >>> (64 - TAG_BITS);
  }

  private static long offset(long at) {
    return (at >>> UNITS_BITS & ((1L << OFFSET_BITS) - 1)) * ALIGN;
  }

  private static int units(long at) {
    return (int) (at & ((1 << UNITS_BITS) - 1));
  }

  private static long hash(byte[] bytes) {
    return HASH.hash(bytes, 0, bytes.length, 0);
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    channel.close();
  }
}
