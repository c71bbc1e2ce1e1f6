package org.agenda.support;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code org.agenda.Main} in a child JVM, as an operator runs it, so that a test can kill it with SIGKILL
 * ({@link Process#destroyForcibly()} on Linux) and start it again on the same database. The child gets
 * the test JVM's class path (surefire puts the compiled classes and every dependency on it), so no
 * packaged jar is needed.
 */
public final class ServerProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("Agenda listening on port (\\d+)");
  private static final int KEPT_LINES = 40;
  private static final long START_TIMEOUT_SECONDS = 60;

  private final Process process;
  private final int port;
  private final Deque<String> lastLines;

  private ServerProcess(Process process, int port, Deque<String> lastLines) {
    this.process = process;
    this.port = port;
    this.lastLines = lastLines;
  }

  /** Starts serving on a free port with the given environment (the database, at least) and the test admin password. */
  public static ServerProcess start(Map<String, String> env) {
    Process process = launch(env, List.of());
    Deque<String> lastLines = new ArrayDeque<>();
    var port = new CompletableFuture<Integer>();
    // The access log goes to standard output: it is read to the end so that the child never blocks on a full pipe.
    Thread reader = new Thread(() -> {
      try (var lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = lines.readLine()) != null; ) {
          Matcher listening = LISTENING.matcher(line);
          if (listening.find()) port.complete(Integer.parseInt(listening.group(1)));
          synchronized (lastLines) {
            lastLines.addLast(line);
            if (lastLines.size() > KEPT_LINES) lastLines.removeFirst();
          }
        }
      } catch (java.io.IOException e) {
        // the child is gone
      }
      port.complete(-1);
    }, "agenda-child-output");
    reader.setDaemon(true);
    reader.start();
    try {
      int listening = port.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (listening < 0) throw new IllegalStateException("the server exited at start: " + lastLines);
      return new ServerProcess(process, listening, lastLines);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IllegalStateException("the server did not start: " + lastLines, e);
    }
  }

  /** Runs {@code java -cp … org.agenda.Main ARGS} to its end; standard error is merged into the output. */
  public static Finished run(Map<String, String> env, String... args) {
    Process process = launch(env, List.of(args));
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("agenda " + String.join(" ", args) + " did not finish: " + output);
      }
      return new Finished(process.exitValue(), output);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Starts {@code java -cp … org.agenda.Main ARGS} without waiting for it, for a test that kills it mid-way
   * ({@link Process#destroyForcibly()}: SIGKILL); its output is read and dropped so that it never blocks.
   */
  public static Process begin(Map<String, String> env, String... args) {
    Process process = launch(env, List.of(args));
    Thread reader = new Thread(() -> {
      try {
        process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      } catch (java.io.IOException e) {
        // the child is gone
      }
    }, "agenda-child-output");
    reader.setDaemon(true);
    reader.start();
    return process;
  }

  /** The exit status and the output of a command that ran to its end. */
  public record Finished(int status, String output) {}

  private static Process launch(Map<String, String> env, List<String> args) {
    var command = new ArrayList<String>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // A small heap and the client compiler: the child starts often and serves a few hundred requests.
    command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.agenda.Main"));
    command.addAll(args);
    var builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("AGENDA_PORT", "0");
    builder.environment().put("AGENDA_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD);
    builder.environment().put("AGENDA_LOG_FORMAT", "text");
    // not the working folder's data/ (the default on PostgreSQL); each start empties the file, and a later
    // start replaces what a killed one left
    builder.environment().put("AGENDA_DISK_CACHE",
        Path.of(System.getProperty("java.io.tmpdir"), "agenda-test-answers-" + ProcessHandle.current().pid()).toString());
    builder.environment().putAll(env);
    try {
      return builder.start();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot start " + command, e);
    }
  }

  public String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  public TestServer.Caller asAdmin() {
    return TestServer.Caller.basic(url(""), "admin", TestServer.ADMIN_PASSWORD);
  }

  public TestServer.Caller anonymous() {
    return TestServer.Caller.anonymous(url(""));
  }

  /** SIGKILL: no shutdown hook, no flush, no close; returns once the process is gone. */
  public void kill() {
    process.destroyForcibly();
    awaitExit();
  }

  /** The last lines the server wrote, for failure messages. */
  public List<String> lastLines() {
    synchronized (lastLines) {
      return List.copyOf(lastLines);
    }
  }

  private void awaitExit() {
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A normal stop (SIGTERM: the shutdown hook closes the server and the database). */
  @Override
  public void close() {
    process.destroy();
    awaitExit();
    if (process.isAlive()) kill();
  }
}
