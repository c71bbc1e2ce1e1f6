package org.agenda.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.http.ApiResponse;
import org.agenda.http.Dispatcher;
import org.junit.jupiter.api.Test;

/** What the answer cache keeps and hands out, below the HTTP tests of {@code ResponseCacheApiTest}. */
class ResponseCacheTest {
  private static final String KEY = "http://localhost /cal/events/v1/events?";

  @Test
  void answersOfEverySizeComeBackWithTheSameBytesAndHeaders() {
    var cache = new ResponseCache(() -> 1);
    // kept as they are (small), compressed (the size of one event), as they are again (a list page)
    for (int items : new int[] {10, 300, 3000}) {
      var text = new StringBuilder();
      for (int i = 0; i < items; i++) text.append("{\"id\":").append(i).append(",\"title\":\"Concert ").append(i).append("\"},");
      var response = ApiResponse.text(200, text.toString(), Dispatcher.JSON).header("X-Cal-Total", Integer.toString(items));
      cache.put(false, KEY + items, new ResponseCache.Entry(response, "nl", 1, 0, Long.MAX_VALUE));

      ResponseCache.Entry found = cache.find(false, KEY + items, 1, 100);
      assertThat(new String(found.response().body(), StandardCharsets.UTF_8)).isEqualTo(text.toString());
      assertThat(found.response().headers()).containsEntry("X-Cal-Total", Integer.toString(items));
      assertThat(found.language()).isEqualTo("nl");
      assertThat(cache.find(false, KEY + items, 2, 100)).as("another data version").isNull();
    }
  }

  @Test
  void readsOfManySingleRecordsDoNotPushOutAListPage() {
    var cache = new ResponseCache(() -> 1);
    String list = "[" + "{\"id\":1},".repeat(20_000) + "{}]";
    cache.put(false, KEY, new ResponseCache.Entry(ApiResponse.text(200, list, Dispatcher.JSON), "nl", 1, 0, Long.MAX_VALUE));
    for (int id = 0; id < 20_000; id++) {
      // 4 KB of barely compressible text each: 80 MB in all, more than the whole budget
      var body = new StringBuilder();
      var random = new java.util.Random(id);
      while (body.length() < 4096) body.append(Long.toString(random.nextLong(), 36));
      cache.put(true, KEY + "/" + id, new ResponseCache.Entry(ApiResponse.text(200, body.toString(), Dispatcher.JSON), "nl",
          1, 0, Long.MAX_VALUE));
    }
    assertThat(cache.find(false, KEY, 1, 100)).isNotNull();
  }

  @Test
  void aLargeAnswerIsKeptBesideTheListPagesAskedAgainAndAgainWithoutPushingThemOut() {
    // a 256 MiB heap: 2 MiB for list pages, 8 MiB for larger answers
    var cache = new ResponseCache(() -> 1, () -> null, 256L << 20);
    for (int page = 1; page <= 16; page++) {
      cache.put(false, KEY + page, new ResponseCache.Entry(ApiResponse.text(200, "x".repeat(100_000), Dispatcher.JSON),
          "nl", 1, 0, Long.MAX_VALUE));
      for (int asked = 0; asked < 200; asked++) assertThat(cache.find(false, KEY + page, 1, 100)).isNotNull();
    }
    String feed = "BEGIN:VCALENDAR" + "x".repeat(1_000_000);
    cache.put(false, KEY + "feed", new ResponseCache.Entry(ApiResponse.text(200, feed, "text/calendar"), "nl", 1, 0,
        Long.MAX_VALUE));

    assertThat(cache.find(false, KEY + "feed", 1, 100)).as("the feed, at once").isNotNull();
    for (int page = 1; page <= 16; page++) assertThat(cache.find(false, KEY + page, 1, 100)).as("page " + page).isNotNull();
  }

  @Test
  void concurrentMissesOfOneKeyWaitForTheFirstAndFindItsAnswer() throws Exception {
    var cache = new ResponseCache(() -> 1);
    var builds = new AtomicInteger();
    List<String> answers = new CopyOnWriteArrayList<>();
    assertThat(cache.lead(KEY)).isNull();
    List<Thread> readers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      readers.add(new Thread(() -> {
        ResponseCache.Entry entry = cache.find(false, KEY, 1, 100);
        var running = entry == null ? cache.lead(KEY) : null;
        if (running != null) entry = running.join();
        if (entry == null) builds.incrementAndGet();
        answers.add(entry == null ? "built again" : new String(entry.response().body(), StandardCharsets.UTF_8));
      }));
    }
    readers.forEach(Thread::start);
    // each reader waits for the first request, or (were misses not coalesced) has already finished
    while (readers.stream().anyMatch(thread -> thread.getState() != Thread.State.WAITING
        && thread.getState() != Thread.State.TERMINATED)) {
      Thread.onSpinWait();
    }
    var built = new ResponseCache.Entry(ApiResponse.text(200, "[]", Dispatcher.JSON), "nl", 1, 0, Long.MAX_VALUE);
    cache.put(false, KEY, built);
    cache.built(KEY, built);
    for (Thread reader : readers) reader.join();

    assertThat(builds).hasValue(0);
    assertThat(answers).hasSize(8).containsOnly("[]");
    assertThat(cache.lead(KEY)).as("nobody builds it any more").isNull();
  }
}
