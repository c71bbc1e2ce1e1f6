package org.agenda.operations;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Every few seconds, gives back to the operating system the memory that the C allocator keeps after the JVM and SQLite
 * freed it: what the JVM's own {@code -XX:TrimNativeHeapInterval} does, for a service started without that option.
 * glibc keeps freed memory in an arena per thread for the next allocation, so each of the request threads' arenas
 * stays as large as the most that thread ever held. Under the benchmark's mixed-traffic route, trims every 5 s made
 * the resident peak 460 MiB instead of 496-500 at 10 000 events, and 523-529 instead of 536-540 at 156 096, where the
 * resident memory at the end was 488-494 MiB instead of 536-540, with the same CPU a request (performance.md, Memory
 * and the JVM).
 *
 * <p>It asks the JVM's diagnostic command {@code System.trim_native_heap}, which reports what it gave back and does
 * nothing where the C library cannot trim.
 */
public final class NativeHeapTrim implements AutoCloseable {
  private static final Duration INTERVAL = Duration.ofSeconds(5);
  private static final String COMMAND = "com.sun.management:type=DiagnosticCommand";
  private static final String OPERATION = "systemTrimNativeHeap";

  private final ScheduledExecutorService timer;
  private final AtomicLong trims = new AtomicLong();

  private NativeHeapTrim(Duration interval) {
    timer = Executors.newSingleThreadScheduledExecutor(task -> {
      var thread = new Thread(task, "agenda-native-heap-trim");
      thread.setDaemon(true);
      return thread;
    });
    long millis = interval.toMillis();
    timer.scheduleWithFixedDelay(this::trim, millis, millis, TimeUnit.MILLISECONDS);
  }

  /**
   * Trims every {@link #INTERVAL}; empty when the JVM trims by itself already ({@code -XX:TrimNativeHeapInterval} set
   * by the operator).
   */
  public static Optional<NativeHeapTrim> start() {
    return jvmTrims() ? Optional.empty() : Optional.of(new NativeHeapTrim(INTERVAL));
  }

  static NativeHeapTrim every(Duration interval) {
    return new NativeHeapTrim(interval);
  }

  private static boolean jvmTrims() {
    try {
      var option = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption("TrimNativeHeapInterval");
      return !option.getValue().equals("0");
    } catch (IllegalArgumentException noSuchOption) {
      return false;
    }
  }

  /** One trim now: the JVM's report of what it gave back, or empty where it has no such command. */
  static Optional<String> trimNow() {
    try {
      Object report = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(COMMAND), OPERATION,
          new Object[] {null}, new String[] {String[].class.getName()});
      return Optional.of(String.valueOf(report).strip());
    } catch (JMException noSuchCommand) {
      return Optional.empty();
    }
  }

  private void trim() {
    if (trimNow().isPresent()) {
      trims.incrementAndGet();
    } else {
      timer.shutdown();
    }
  }

  /** How many trims ran. */
  long trims() {
    return trims.get();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
