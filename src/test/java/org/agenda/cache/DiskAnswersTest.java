package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.agenda.http.ApiResponse;
import org.agenda.http.Dispatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers about one record kept on disk when the answer cache's memory is full. */
class DiskAnswersTest {
  private static final String KEY = "http://localhost /cal/events/v1/events/";
  /** The heap the budgets are parts of: 256 MiB, whatever the test JVM has. */
  private static final long HEAP_BYTES = 256L << 20;

  @TempDir Path folder;

  @Test
  void answersThatMemoryNoLongerHoldsAreFoundOnDiskWithTheSameBytesForTheirVersionOnly() throws Exception {
    var version = new AtomicLong(1);
    var disk = DiskAnswers.open(folder.resolve("answers"), 1L << 30);
    try (var cache = new ResponseCache(version::get, () -> disk, HEAP_BYTES)) {
      long v1 = cache.version();
      // 20 000 answers of 4 KB that barely compress: 80 MB, more than the memory budget of 8 MiB
      for (int id = 0; id < 20_000; id++) {
        var response = ApiResponse.text(200, body(id), Dispatcher.JSON).header("Link", "<" + KEY + id + ">; rel=\"self\"");
        cache.put(true, KEY + id, new ResponseCache.Entry(response, id % 2 == 0 ? "nl" : "fr", v1, 100, 200));
        // the writer drops what it cannot keep up with; here every answer must arrive
        if (id % 1_000 == 999) disk.flush();
      }
      disk.flush();
      assertThat(disk.find(KEY + 0)).as("the first answers were pushed out of memory").isNotNull();
      for (int id = 0; id < 20_000; id++) {
        ResponseCache.Entry found = cache.find(true, KEY + id, v1, 150);
        assertThat(found).as("answer %d", id).isNotNull();
        assertThat(new String(found.response().body(), StandardCharsets.UTF_8)).isEqualTo(body(id));
        assertThat(found.response().headers()).containsEntry("Link", "<" + KEY + id + ">; rel=\"self\"");
        assertThat(found.response().contentType()).isEqualTo(Dispatcher.JSON);
        assertThat(found.language()).isEqualTo(id % 2 == 0 ? "nl" : "fr");
      }
      assertThat(cache.find(true, KEY + 0, v1, 200)).as("after the span it holds in").isNull();
      assertThat(cache.find(true, KEY + 20_000, v1, 150)).isNull();

      version.set(2);
      long v2 = cache.version();
      assertThat(cache.find(true, KEY + 0, v2, 150)).as("a write happened since").isNull();
    }
    assertThat(Files.list(folder)).as("the store removes its files when closed").isEmpty();
  }

  @Test
  void theStoreIsOpenedWhenMemoryFirstPushesAnAnswerOutAndNotAtStart() throws Exception {
    Path file = folder.resolve("answers");
    var opened = new AtomicInteger();
    try (var cache = new ResponseCache(() -> 1, () -> {
      opened.incrementAndGet();
      return DiskAnswers.open(file, 1L << 30);
    }, HEAP_BYTES)) {
      long version = cache.version();
      for (int id = 0; id < 1_000; id++) cache.put(true, KEY + id, entry(id, version));
      assertThat(opened).as("4 MB fit in memory").hasValue(0);
      assertThat(file).doesNotExist();
      for (int id = 1_000; id < 15_000; id++) cache.put(true, KEY + id, entry(id, version));
      assertThat(opened).as("60 MB do not, and the store is opened once").hasValue(1);
      assertThat(file).exists();
    }
    assertThat(Files.list(folder)).as("closed with the cache").isEmpty();
  }

  @Test
  void aFullStoreStartsAgainEmptyInsteadOfGrowing() throws Exception {
    Path file = folder.resolve("answers");
    var disk = DiskAnswers.open(file, 2L * 1024 * 1024);
    try (disk) {
      for (int id = 0; id < 3_000; id++) {
        disk.keep(KEY + id, kept(id));
        if (id % 200 == 199) disk.flush();
      }
      disk.flush();
      assertThat(disk.find(KEY + 2_999)).isNotNull();
      assertThat(disk.find(KEY + 0)).as("written before the store was full and started again").isNull();
      assertThat(Files.size(file)).isLessThan(4L * 1024 * 1024);
    }
  }

  @Test
  void aFileInUseByAnotherInstanceIsLeftToItAndTheServiceKeepsAnswersInMemory() throws Exception {
    Path file = folder.resolve("answers");
    try (var first = DiskAnswers.open(file, 1L << 30)) {
      assertThat(first).isNotNull();
      assertThat(DiskAnswers.open(file, 1L << 30)).isNull();
      first.keep(KEY + 1, kept(1));
      first.flush();
      assertThat(first.find(KEY + 1)).isNotNull();
    }
    try (var again = DiskAnswers.open(file, 1L << 30)) {
      assertThat(again).as("free again once the first is closed").isNotNull();
      assertThat(again.find(KEY + 1)).as("each start begins empty").isNull();
    }
  }

  @Test
  void aFolderThatCannotBeWrittenMeansNoStore() throws Exception {
    Path notAFolder = Files.writeString(folder.resolve("file"), "x");
    assertThat(DiskAnswers.open(notAFolder.resolve("answers"), 1L << 30)).isNull();
  }

  private static ResponseCache.Entry entry(int id, long version) {
    return new ResponseCache.Entry(ApiResponse.text(200, body(id), Dispatcher.JSON), "nl", version, 0, Long.MAX_VALUE);
  }

  private static ResponseCache.Kept kept(int id) {
    var response = ApiResponse.text(200, body(id), Dispatcher.JSON);
    return new ResponseCache.Kept(new ResponseCache.Entry(response, "nl", 1, 0, Long.MAX_VALUE), -1);
  }

  private static String body(int id) {
    var body = new StringBuilder();
    var random = new Random(id);
    while (body.length() < 4096) body.append(Long.toString(random.nextLong(), 36));
    return body.toString();
  }
}
