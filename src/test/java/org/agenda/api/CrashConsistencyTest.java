package org.agenda.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.support.FreshDatabase;
import org.agenda.support.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * Crash consistency (issue #8, part 2): concurrent writers against the service in a child process, which is
 * killed with SIGKILL at a random moment while writes are in flight and started again on the same database,
 * {@value #TRIALS_DEFAULT} times. After each kill: the engine's integrity checks and the structural rules of
 * {@link org.agenda.support.StoredConsistency}; after each restart: every acknowledged write is there exactly
 * as answered, every cut-off write is there entirely or not at all, and term counts agree with the events; two
 * clients that follow the change feed from its start through every kill and restart (as the administrator and
 * anonymously) each hold exactly the records a full read of the lists gives them.
 * {@code -Dagenda.crash.seed=S} replays the choices of a run (not the thread timing);
 * {@code -Dagenda.crash.trials=N} changes the number of kills.
 */
class CrashConsistencyTest {
  private static final int TRIALS_DEFAULT = 20;
  private static final int WRITERS = 6;
  // A restarted JVM loads the write path's classes with its first writes: shorter runs would end before most acknowledgements.
  private static final int SHORTEST_RUN_MS = 300;
  private static final int LONGEST_RUN_MS = 2000;

  @Test
  void acknowledgedWritesSurviveSigkillAndNothingIsHalfWritten() throws Exception {
    long seed = Long.getLong("agenda.crash.seed", System.nanoTime());
    int trials = Integer.getInteger("agenda.crash.trials", TRIALS_DEFAULT);
    var random = new Random(seed);
    long started = System.nanoTime();
    long starting = 0;
    CrashModel model;
    Path eventIndex = Files.createTempDirectory("agenda-crash-index");
    try (var database = FreshDatabase.create()) {
      // Term lists in one page: the harness compares every count. The event index lives on through the kills (on
      // SQLite beside the database, its default place).
      Map<String, String> env = new HashMap<>(Map.of("AGENDA_DB_URL", database.url, "AGENDA_DB_USER", database.user,
          "AGENDA_MAX_PER_PAGE", "500"));
      if (FreshDatabase.usesPostgres()) env.put("AGENDA_INDEX", eventIndex.toString());
      var server = ServerProcess.start(env);
      try {
        model = CrashModel.setUp(server.asAdmin());
        var sequence = new AtomicInteger();
        for (int trial = 1; trial <= trials; trial++) {
          var stop = new AtomicBoolean();
          var writers = new ArrayList<Thread>();
          for (int i = 0; i < WRITERS; i++) {
            var writer = new CrashWriter(model, server.asAdmin(), new Random(random.nextLong()), sequence, stop);
            writers.add(new Thread(writer, "crash-writer-" + i));
          }
          writers.forEach(Thread::start);
          Thread.sleep(SHORTEST_RUN_MS + random.nextInt(LONGEST_RUN_MS - SHORTEST_RUN_MS));
          stop.set(true);
          server.kill();
          for (Thread writer : writers) writer.join();
          try (var connection = database.connect()) {
            model.checkStored(connection, trial);
          }
          long restart = System.nanoTime();
          server = ServerProcess.start(env);
          starting += System.nanoTime() - restart;
          try (var connection = database.connect()) {
            model.checkServed(server.asAdmin(), connection, trial);
          }
          model.checkFeed(server.asAdmin(), server.anonymous(), "trial " + trial);
        }
        try (var connection = database.connect()) {
          model.checkEverything(server.asAdmin(), connection);
        }
      } finally {
        server.close();
      }
    } finally {
      FreshDatabase.deleteQuietly(eventIndex);
    }
    long seconds = (System.nanoTime() - started) / 1_000_000_000L;
    System.out.println("crash consistency (" + (FreshDatabase.usesPostgres() ? "postgres" : "sqlite") + "): seed=" + seed
        + " trials=" + trials + " " + model.figures() + " seconds=" + seconds + " (restarting " + starting / 1_000_000_000L + ")");
    assertThat(model.findings()).isEmpty();
  }
}
