package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a SQLite database: the folder is created, the schema migrated, a newer schema refused (§10.4). */
class DatabaseTest {
  private static final org.jooq.Table<?> TERMS = org.jooq.impl.DSL.table("terms");
  private static final org.jooq.Field<String> TAXONOMY = org.jooq.impl.DSL.field("taxonomy", String.class);
  private static final org.jooq.Field<Long> PARENT = org.jooq.impl.DSL.field("parent", Long.class);

  @TempDir
  Path folder;

  @Test
  void createsTheFolderAndMigratesTheSchema() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("nested/dir/agenda.db");
    try (Database database = Database.open(url, "", "")) {
      assertThat(database.isHealthy(2)).isTrue();
      assertThat(database.dsl().fetchCount(org.jooq.impl.DSL.table("events"))).isZero();
    }
    assertThat(folder.resolve("nested/dir/agenda.db")).exists();
  }

  @Test
  void refusesADatabaseWrittenByANewerVersion() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("agenda.db");
    Database.open(url, "", "").close();
    try (var connection = DriverManager.getConnection(url); var statement = connection.createStatement()) {
      statement.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum,"
          + " installed_by, installed_on, execution_time, success) VALUES (99, '99', 'future', 'SQL', 'V99__future.sql',"
          + " 0, 'test', '2026-01-01 00:00:00', 1, 1)");
    }
    assertThatThrownBy(() -> Database.open(url, "", ""))
        .isInstanceOf(DatabaseException.class)
        .hasMessageContaining("migration");
  }

  @Test
  void aGuardedWriteCommitsItsTransactionsTogetherAndARefusedOneUndoesOnlyItself() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("agenda.db");
    try (Database database = Database.open(url, "", "")) {
      long versionBefore = database.dataVersion();
      database.guarded("terms", () -> {
        database.transaction(dsl -> dsl.insertInto(TERMS).set(TAXONOMY, "post_tag").set(PARENT, 0L).execute());
        assertThatThrownBy(() -> database.transaction(dsl -> {
          dsl.insertInto(TERMS).set(TAXONOMY, "refused").set(PARENT, 0L).execute();
          throw new IllegalArgumentException("refused");
        })).hasMessage("refused");
        database.transaction(dsl -> dsl.insertInto(TERMS).set(TAXONOMY, "category").set(PARENT, 0L).execute());
        // the guarded write reads what it wrote; not committed yet, another connection does not see it
        assertThat(database.dsl().fetchCount(TERMS)).isEqualTo(2);
        try (var other = DriverManager.getConnection(url); var count = other.createStatement()
            .executeQuery("SELECT count(*) FROM terms")) {
          count.next();
          assertThat(count.getInt(1)).isZero();
        } catch (java.sql.SQLException e) {
          throw new IllegalStateException(e);
        }
        return null;
      });
      assertThat(database.dsl().select(TAXONOMY).from(TERMS).orderBy(TAXONOMY).fetch(TAXONOMY))
          .containsExactly("category", "post_tag");
      assertThat(database.dataVersion()).isEqualTo(versionBefore + 1);

      assertThatThrownBy(() -> database.guarded("terms", () -> {
        database.transaction(dsl -> dsl.insertInto(TERMS).set(TAXONOMY, "lost").set(PARENT, 0L).execute());
        throw new IllegalStateException("the guarded write fails");
      })).hasMessage("the guarded write fails");
      assertThat(database.dsl().fetchCount(TERMS)).isEqualTo(2);
    }
  }

  @Test
  void writersQueuedTogetherShareACommitAndEachReturnsOnlyOnceItsWorkIsCommitted() throws Exception {
    String url = "jdbc:sqlite:" + folder.resolve("agenda.db");
    try (Database database = Database.open(url, "", "")) {
      long versionBefore = database.dataVersion();
      long commitsBefore = database.sqliteCommits();
      var queued = new java.util.ArrayList<Thread>();
      var seenByOthers = new java.util.concurrent.ConcurrentHashMap<String, Integer>();
      java.util.function.Consumer<String> write = name -> {
        database.transaction(dsl -> dsl.insertInto(TERMS).set(TAXONOMY, name).set(PARENT, 0L).execute());
        seenByOthers.put(name, countOnAnotherConnection(url, name));
      };
      Runnable refused = () -> assertThatThrownBy(() -> database.transaction(dsl -> {
        dsl.insertInto(TERMS).set(TAXONOMY, "refused").set(PARENT, 0L).execute();
        throw new IllegalArgumentException("refused");
      })).hasMessage("refused");
      // the first writer holds the turn until the three others wait for it, so that they join its open transaction
      var inside = new java.util.concurrent.CountDownLatch(1);
      var first = new Thread(() -> {
        database.transaction(dsl -> {
          dsl.insertInto(TERMS).set(TAXONOMY, "first").set(PARENT, 0L).execute();
          inside.countDown();
          for (Thread waiting : queued) {
            while (waiting.getState() != Thread.State.TIMED_WAITING) Thread.onSpinWait();
          }
          return null;
        });
        seenByOthers.put("first", countOnAnotherConnection(url, "first"));
      });
      queued.add(new Thread(() -> write.accept("second")));
      queued.add(new Thread(refused));
      queued.add(new Thread(() -> write.accept("third")));
      first.start();
      inside.await();
      for (Thread thread : queued) thread.start();
      first.join();
      for (Thread thread : queued) thread.join();

      // each returned after its work was committed: a connection of its own saw it at once
      assertThat(seenByOthers).containsOnly(java.util.Map.entry("first", 1), java.util.Map.entry("second", 1),
          java.util.Map.entry("third", 1));
      assertThat(database.dsl().select(TAXONOMY).from(TERMS).orderBy(TAXONOMY).fetch(TAXONOMY))
          .containsExactly("first", "second", "third");
      // three writes committed, each with a version of its own; the refused one took none and undid only itself
      assertThat(database.dataVersion()).isEqualTo(versionBefore + 3);
      assertThat(database.sqliteCommits() - commitsBefore).isEqualTo(1);
    }
  }

  private static int countOnAnotherConnection(String url, String name) {
    try (var other = DriverManager.getConnection(url);
        var count = other.prepareStatement("SELECT count(*) FROM terms WHERE taxonomy = ?")) {
      count.setString(1, name);
      try (var result = count.executeQuery()) {
        result.next();
        return result.getInt(1);
      }
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void onSqliteAReadSeesACommitAtOnceSoTheStepsBeforeCountingAreNotRun() throws Exception {
    try (Database database = Database.open("jdbc:sqlite:" + folder.resolve("agenda.db"), "", "")) {
      long before = database.dataVersion();
      var run = new java.util.ArrayList<Long>();
      database.beforeCounting(run::add);
      database.transaction(dsl -> dsl.execute("UPDATE data_version SET version = version WHERE id = 1"));
      assertThat(database.dataVersion()).isEqualTo(before + 1);
      assertThat(run).isEmpty();
    }
  }

  @Test
  void theFolderOfAFileUrlIsCreatedToo() throws Exception {
    Path file = folder.resolve("from uri/agenda.db");
    String url = "jdbc:sqlite:file://" + file.toString().replace(" ", "%20") + "?cache=private";
    try (Database database = Database.open(url, "", "")) {
      assertThat(database.isHealthy(2)).isTrue();
    }
    assertThat(file).exists();
  }

  @Test
  void refusesAnUnsupportedUrl() {
    assertThatThrownBy(() -> Database.open("jdbc:mysql://localhost/agenda", "", ""))
        .isInstanceOf(DatabaseException.class)
        .hasMessageContaining("jdbc:sqlite:");
  }
}
