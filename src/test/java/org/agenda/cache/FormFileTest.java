package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ring file of forms that memory let go of: a form is found with its bytes, or not at all. */
class FormFileTest {
  @TempDir Path folder;

  @Test
  void formsAreFoundUnderTheirKeyWithTheirBytesAndLength() throws Exception {
    try (var file = new FormFile(folder.resolve("forms"), 64L << 20, 1 << 14)) {
      for (int i = 0; i < 2_000; i++) file.keep(key(i), form(i));
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 2_000; i++) keys.add(key(i));
      keys.add("never kept");
      DiskAnswers.StoredForm[] found = file.find(keys);
      for (int i = 0; i < 2_000; i++) {
        assertThat(found[i]).as("form %d", i).isNotNull();
        assertThat(compressed(found[i])).isEqualTo(form(i).bytes());
        assertThat(found[i].length()).isEqualTo(form(i).length());
      }
      assertThat(found[2_000]).isNull();
    }
  }

  @Test
  void aKeyKeptAgainIsFoundWithItsLatestForm() throws Exception {
    try (var file = new FormFile(folder.resolve("forms"), 1L << 20, 1 << 10)) {
      file.keep("key", new DiskAnswers.StoredForm(bytes("first", 100), 300));
      file.keep("key", new DiskAnswers.StoredForm(bytes("second", 120), 400));
      DiskAnswers.StoredForm found = file.find(List.of("key"))[0];
      assertThat(compressed(found)).isEqualTo(bytes("second", 120));
      assertThat(found.length()).isEqualTo(400);
    }
  }

  /** A file of 256 KiB holds about a hundred forms of 2 KB: the ring writes over the oldest, which are then missing. */
  @Test
  void whenTheRingWritesOverAFormItIsMissingNeverAnotherFormsBytes() throws Exception {
    try (var file = new FormFile(folder.resolve("forms"), 256 << 10, 1 << 12)) {
      for (int i = 0; i < 1_000; i++) file.keep(key(i), form(i));
      int foundCount = 0;
      for (int i = 0; i < 1_000; i++) {
        DiskAnswers.StoredForm found = file.find(List.of(key(i)))[0];
        if (found == null) continue;
        foundCount++;
        assertThat(compressed(found)).as("form %d", i).isEqualTo(form(i).bytes());
      }
      assertThat(file.find(List.of(key(0)))[0]).as("written over").isNull();
      assertThat(file.find(List.of(key(999)))[0]).as("the last one written").isNotNull();
      assertThat(foundCount).as("what the ring holds").isBetween(50, 130);
    }
  }

  /** Readers while the ring writes over what they read: each form they get is the one of its key. */
  @Test
  void readsWhileTheRingWritesOverThemGiveTheRightBytesOrNothing() throws Exception {
    try (var file = new FormFile(folder.resolve("forms"), 128 << 10, 1 << 10)) {
      var done = new AtomicBoolean();
      var wrong = new AtomicReference<String>();
      var hits = new AtomicInteger();
      List<Thread> readers = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        var random = new Random(r);
        var reader = new Thread(() -> {
          try {
            while (!done.get()) {
              int i = random.nextInt(5_000);
              DiskAnswers.StoredForm found = file.find(List.of(key(i)))[0];
              if (found == null) continue;
              hits.incrementAndGet();
              if (!Arrays.equals(compressed(found), form(i).bytes())) wrong.set(key(i));
            }
          } catch (Exception e) {
            wrong.set(e.toString());
          }
        });
        reader.start();
        readers.add(reader);
      }
      for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 5_000; i++) file.keep(key(i), form(i));
      }
      done.set(true);
      for (Thread reader : readers) reader.join();
      assertThat(wrong.get()).isNull();
      assertThat(hits.get()).isPositive();
    }
  }

  /** A record whose lengths or bytes changed in the file (a torn read sees such) is not given, whatever changed. */
  @Test
  void aRecordChangedInTheFileCountsAsNotKept() throws Exception {
    Path path = folder.resolve("forms");
    // where a record's form length, first key byte and last compressed byte stand (at the start of the file)
    int keyLength = key(1).getBytes(StandardCharsets.UTF_8).length;
    for (int at : new int[] {20, 28, 28 + keyLength + form(1).bytes().length - 1}) {
      try (var file = new FormFile(path, 1L << 20, 1 << 10)) {
        file.keep(key(1), form(1));
        try (var channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
          var one = ByteBuffer.allocate(1);
          channel.read(one, at);
          one.put(0, (byte) (one.get(0) ^ 1)).rewind();
          channel.write(one, at);
        }
        assertThat(file.find(List.of(key(1)))[0]).as("byte %d changed", at).isNull();
      }
    }
  }

  /** A read on an interrupted thread closes the channel: that read fails, and the file stays open for the others. */
  @Test
  void aReadOnAnInterruptedThreadLeavesTheFileReadableForTheOthers() throws Exception {
    try (var file = new FormFile(folder.resolve("forms"), 1L << 20, 1 << 10)) {
      file.keep(key(1), form(1));
      var failure = new AtomicReference<Exception>();
      var reader = new Thread(() -> {
        Thread.currentThread().interrupt();
        try {
          file.find(List.of(key(1)));
        } catch (Exception e) {
          failure.set(e);
        }
      });
      reader.start();
      reader.join();
      assertThat(failure.get()).isInstanceOf(ClosedByInterruptException.class);
      assertThat(compressed(file.find(List.of(key(1)))[0])).isEqualTo(form(1).bytes());
      file.keep(key(2), form(2));
      assertThat(compressed(file.find(List.of(key(2)))[0])).isEqualTo(form(2).bytes());
    }
  }

  /**
   * A form found is a part of the record read, not an array of its own; written into an answer, it is what was kept,
   * decompressed.
   */
  @Test
  void aFormFoundDecompressesIntoTheAnswerFromItsPlaceInTheRecordRead() throws Exception {
    byte[] item = "{\"id\":1,\"title\":\"Zomerconcert\",\"description\":\"Zomerconcert in de tuin\"}"
        .getBytes(StandardCharsets.UTF_8);
    try (var file = new FormFile(folder.resolve("forms"), 1L << 20, 1 << 10)) {
      file.keep(key(1), new DiskAnswers.StoredForm(Lz4.compress(item), item.length));
      DiskAnswers.StoredForm found = file.find(List.of(key(1)))[0];
      assertThat(found.from()).as("after the record's header and key").isGreaterThan(0);
      byte[] answer = new byte[item.length + 2];
      found.copyTo(answer, 1);
      assertThat(Arrays.copyOfRange(answer, 1, 1 + item.length)).isEqualTo(item);
      assertThat(answer[0]).isZero();
      assertThat(answer[answer.length - 1]).isZero();
    }
  }

  /** The compressed bytes of a form found, copied out of the record they were read with. */
  private static byte[] compressed(DiskAnswers.StoredForm form) {
    return Arrays.copyOfRange(form.bytes(), form.from(), form.from() + form.compressedLength());
  }

  private static String key(int i) {
    return i + "|a1b2c3|-1|nl|nl|false|http://localhost|http://localhost";
  }

  /** A form of 1–3 KB whose bytes depend on its number. */
  private static DiskAnswers.StoredForm form(int i) {
    return new DiskAnswers.StoredForm(bytes("form " + i, 1_000 + (i * 37) % 2_000), 3 * i + 1);
  }

  private static byte[] bytes(String seed, int length) {
    var random = new Random(seed.hashCode());
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    byte[] prefix = seed.getBytes(StandardCharsets.UTF_8);
    System.arraycopy(prefix, 0, bytes, 0, Math.min(prefix.length, length));
    return bytes;
  }
}
