package org.agenda.operations;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Standard output for the access log, buffered and flushed four times a second: writing each line
 * straight through made every request wait for a system call under the stream's lock.
 */
public final class AccessLogStream {
  private AccessLogStream() {}

  public static PrintStream open() {
    var stream = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024), false,
        StandardCharsets.UTF_8);
    ScheduledExecutorService flusher = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "agenda-access-log");
      thread.setDaemon(true);
      return thread;
    });
    flusher.scheduleWithFixedDelay(stream::flush, 250, 250, TimeUnit.MILLISECONDS);
    Runtime.getRuntime().addShutdownHook(new Thread(stream::flush));
    return stream;
  }
}
