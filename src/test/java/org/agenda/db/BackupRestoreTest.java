package org.agenda.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agenda.support.FreshDatabase;
import org.agenda.support.HttpResult;
import org.agenda.support.ServerProcess;
import org.agenda.support.StoredConsistency;
import org.agenda.support.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code backup FILE} while the service takes writes, and {@code restore FILE} into a new place (issue #8, part 6). */
class BackupRestoreTest {
  private static final String EVENTS = "/cal/events/v1/events";
  private static final int WRITERS = 4;

  private Path folder;

  @BeforeEach
  void createFolder() throws Exception {
    folder = Files.createTempDirectory("agenda-backup-test");
  }

  @AfterEach
  void deleteFolder() {
    FreshDatabase.deleteQuietly(folder);
  }

  @Test
  void aBackupTakenDuringWritesRestoresEveryWriteAcknowledgedBeforeIt() throws Exception {
    Map<String, String> live = Map.of("AGENDA_DB_URL", "jdbc:sqlite:" + folder.resolve("live/agenda.db"));
    Path backup = folder.resolve("backups/agenda-backup.db");
    Map<Long, String> acknowledged = new ConcurrentHashMap<>();
    List<String> refusals = new CopyOnWriteArrayList<>();
    Map<Long, String> acknowledgedBeforeBackup;
    try (var server = ServerProcess.start(live)) {
      var stop = new AtomicBoolean();
      var sequence = new AtomicInteger();
      var writers = new ArrayList<Thread>();
      for (int i = 0; i < WRITERS; i++) {
        writers.add(new Thread(() -> {
          while (!stop.get()) {
            String title = "Voor de backup " + sequence.incrementAndGet();
            HttpResult created = server.asAdmin().postJson("/nl" + EVENTS, "{\"title\":\"" + title
                + "\",\"start_date\":\"2027-06-01 20:00\",\"end_date\":\"2027-06-01 22:00\",\"tags\":[\"backup\"]}");
            if (created.status() != 201) {
              refusals.add(created.toString());
              return;
            }
            acknowledged.put(created.json().path("id").asLong(), title);
          }
        }));
      }
      writers.forEach(Thread::start);
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (acknowledged.size() < 20 && refusals.isEmpty() && System.nanoTime() < deadline) Thread.sleep(20);
      assertThat(refusals).isEmpty();
      acknowledgedBeforeBackup = Map.copyOf(acknowledged);
      ServerProcess.Finished backedUp = ServerProcess.run(live, "backup", backup.toString());
      int acknowledgedDuringBackup = acknowledged.size() - acknowledgedBeforeBackup.size();
      stop.set(true);
      for (Thread writer : writers) writer.join();
      assertThat(refusals).isEmpty();
      assertThat(backedUp.status()).as(backedUp.output()).isZero();
      assertThat(backedUp.output()).contains("Backed up ").contains(backup.toString());
      assertThat(acknowledgedDuringBackup).as("writes acknowledged while the backup ran").isPositive();
    }

    Path restored = folder.resolve("restored/agenda.db");
    var out = new ByteArrayOutputStream();
    int status = BackupCommand.run(List.of("restore", backup.toString()), "jdbc:sqlite:" + restored, "",
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Restored " + restored);
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + restored)) {
      assertThat(StoredConsistency.problems(connection)).isEmpty();
    }

    try (var server = ServerProcess.start(Map.of("AGENDA_DB_URL", "jdbc:sqlite:" + restored))) {
      TestServer.Caller admin = server.asAdmin();
      for (var write : acknowledgedBeforeBackup.entrySet()) {
        HttpResult event = admin.get(EVENTS + "/" + write.getKey());
        assertThat(event.status()).as(event.toString()).isEqualTo(200);
        assertThat(event.json().path("title").asText()).isEqualTo(write.getValue());
        assertThat(event.json().path("tags").get(0).path("name").asText()).isEqualTo("backup");
      }
      assertThat(admin.get("/health").status()).isEqualTo(200);

      var refused = new ByteArrayOutputStream();
      assertThat(BackupCommand.run(List.of("restore", backup.toString()), "jdbc:sqlite:" + restored, "", System.out,
          new PrintStream(refused, true, StandardCharsets.UTF_8))).isEqualTo(1);
      assertThat(refused.toString(StandardCharsets.UTF_8)).contains("is in use: stop the service before restoring");
    }
  }

  @Test
  void restoreRefusesAFileThatIsNotAnAgendaDatabaseAndKeepsTheCurrentOne() throws Exception {
    Path other = folder.resolve("other.db");
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + other); var statement = connection.createStatement()) {
      statement.execute("CREATE TABLE notes (text TEXT)");
    }
    Path current = folder.resolve("agenda.db");
    Database.open("jdbc:sqlite:" + current, "", "").close();
    byte[] before = Files.readAllBytes(current);

    var err = new ByteArrayOutputStream();
    int status = BackupCommand.run(List.of("restore", other.toString()), "jdbc:sqlite:" + current, "", System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("is not a sound Agenda database: it has no Agenda migration history");
    assertThat(Files.readAllBytes(current)).isEqualTo(before);
    try (var files = Files.list(folder)) {
      assertThat(files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".tmp"))).isEmpty();
    }
  }

  @Test
  void onPostgresqlTheCommandsPrintThePgDumpAndPgRestoreCommands() {
    String url = "jdbc:postgresql://db.example:5432/agenda?sslmode=require";
    var err = new ByteArrayOutputStream();
    var stream = new PrintStream(err, true, StandardCharsets.UTF_8);

    assertThat(BackupCommand.run(List.of("backup", "agenda.dump"), url, "agenda", System.out, stream)).isEqualTo(1);
    assertThat(BackupCommand.run(List.of("restore", "agenda.dump"), url, "agenda", System.out, stream)).isEqualTo(1);

    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("pg_dump --format=custom --username=agenda --file=agenda.dump 'postgresql://db.example:5432/agenda'")
        .contains("pg_restore --clean --if-exists --no-owner --username=agenda --dbname='postgresql://db.example:5432/agenda' agenda.dump");
  }

  @Test
  void aFileUrlWithParametersIsBackedUpAndADatabaseInMemoryIsRefused() throws Exception {
    Path live = folder.resolve("live/agenda.db");
    Database.open("jdbc:sqlite:" + live, "", "").close();
    Path backup = folder.resolve("agenda-backup.db");
    var out = new ByteArrayOutputStream();
    assertThat(BackupCommand.run(List.of("backup", backup.toString()), "jdbc:sqlite:file:" + live + "?cache=private", "",
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err)).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("Backed up " + live);
    assertThat(backup).exists();

    var err = new ByteArrayOutputStream();
    assertThat(BackupCommand.run(List.of("backup", backup.toString()), "jdbc:sqlite::memory:", "", System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("backup and restore need a database file");
  }

  @Test
  void usageErrorsExitWithStatusTwo() {
    var err = new ByteArrayOutputStream();
    assertThat(BackupCommand.run(List.of("backup"), "jdbc:sqlite:x.db", "", System.out,
        new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: java -jar agenda.jar backup FILE");
  }
}
