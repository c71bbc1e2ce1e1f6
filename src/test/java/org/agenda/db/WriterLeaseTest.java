package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.agenda.support.FreshDatabase;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL, a process that is the only writer counts the data version itself instead of reading it for
 * every request; a second process gets to write only after the first reads again (issue #9, several instances).
 */
class WriterLeaseTest {
  @Test
  void theOnlyWriterCountsTheVersionAndReadsItAgainBeforeASecondProcessCanWrite() throws Exception {
    try (var fresh = FreshDatabase.create(true); var first = Database.open(fresh.url, fresh.user, "")) {
      long start = first.dataVersion();
      long statements = first.statementCount();
      for (int i = 0; i < 100; i++) assertThat(first.dataVersion()).isEqualTo(start);
      assertThat(first.statementCount()).as("no read of the version while the only writer").isEqualTo(statements);
      write(first);
      assertThat(first.dataVersion()).isEqualTo(start + 1);

      try (var second = Database.open(fresh.url, fresh.user, "")) {
        write(second);
        assertThat(first.dataVersion()).as("a write of the second process, seen by the first").isEqualTo(start + 2);
        write(first);
        assertThat(second.dataVersion()).isEqualTo(start + 3);
        assertThat(first.dataVersion()).isEqualTo(start + 3);
      }

      // the second one is gone: the first becomes the only writer again within a few lease periods
      long deadline = System.nanoTime() + 10_000_000_000L;
      boolean counting = false;
      while (!counting && System.nanoTime() < deadline) {
        long before = first.statementCount();
        first.dataVersion();
        counting = first.statementCount() == before;
        if (!counting) Thread.sleep(50);
      }
      assertThat(counting).as("the only writer again").isTrue();
      assertThat(first.dataVersion()).isEqualTo(start + 3);
      write(first);
      assertThat(first.dataVersion()).isEqualTo(start + 4);
    }
  }

  @Test
  void writesOfSeveralProcessesAtOnceAreAllSeenByEach() throws Exception {
    try (var fresh = FreshDatabase.create(true); var first = Database.open(fresh.url, fresh.user, "")) {
      long start = first.dataVersion();
      var writers = new Thread[4];
      var databases = new Database[writers.length];
      for (int w = 0; w < writers.length; w++) {
        databases[w] = Database.open(fresh.url, fresh.user, "");
        Database database = databases[w];
        writers[w] = new Thread(() -> {
          for (int i = 0; i < 25; i++) write(database);
        });
        writers[w].start();
      }
      for (int i = 0; i < 25; i++) write(first);
      for (Thread writer : writers) writer.join();
      long all = start + 25L * (writers.length + 1);
      assertThat(first.dataVersion()).isEqualTo(all);
      for (Database database : databases) {
        assertThat(database.dataVersion()).isEqualTo(all);
        database.close();
      }
    }
  }

  @Test
  void theOnlyWriterCountsAWriteOnlyAfterTheStepsThatFollowItWhileOthersSeeItAtOnce() throws Exception {
    try (var fresh = FreshDatabase.create(true); var first = Database.open(fresh.url, fresh.user, "")) {
      long start = first.dataVersion();
      var seen = new java.util.ArrayList<String>();
      first.beforeCounting(version -> seen.add(version + " while reads are at " + first.dataVersion()));
      write(first);
      assertThat(seen).containsExactly((start + 1) + " while reads are at " + start);
      assertThat(first.dataVersion()).as("counted once the steps ran").isEqualTo(start + 1);

      first.beforeCounting(version -> {
        throw new IllegalStateException("a step that fails");
      });
      write(first);
      assertThat(first.dataVersion()).as("a failed step leaves the write counted").isEqualTo(start + 2);

      seen.clear();
      try (var second = Database.open(fresh.url, fresh.user, "")) {
        write(first);
        assertThat(seen).as("not the only writer: a read sees the commit at once, the steps are not run").isEmpty();
        assertThat(first.dataVersion()).isEqualTo(start + 3);
      }
    }
  }

  private static void write(Database database) {
    database.transaction(dsl -> dsl.execute("UPDATE data_version SET version = version WHERE id = 1"));
  }
}
