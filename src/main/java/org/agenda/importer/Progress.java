package org.agenda.importer;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Where a run is: records done of the total per kind, the rate and the time left. On a terminal one line that is
 * rewritten in place; otherwise (a log, a pipe) a plain line every few seconds.
 */
final class Progress {
  private static final long PLAIN_EVERY_NANOS = 5_000_000_000L;
  private static final long TERMINAL_EVERY_NANOS = 200_000_000L;

  private final PrintStream out;
  private final boolean terminal;
  private final LongSupplier nanoTime;
  private final Report report;
  private final Map<Kind, Integer> totals = new EnumMap<>(Kind.class);
  private final long started;
  private long lastShown;

  Progress(PrintStream out, boolean terminal, LongSupplier nanoTime, Report report) {
    this.out = out;
    this.terminal = terminal;
    this.nanoTime = nanoTime;
    this.report = report;
    this.started = nanoTime.getAsLong();
    this.lastShown = started;
  }

  synchronized void total(Kind kind, int total) {
    totals.merge(kind, total, Integer::sum);
  }

  /** After each record: shows the state when it is time to. */
  synchronized void tick(Kind kind) {
    long now = nanoTime.getAsLong();
    if (now - lastShown < (terminal ? TERMINAL_EVERY_NANOS : PLAIN_EVERY_NANOS)) return;
    lastShown = now;
    show(kind, now);
  }

  /** The state at the end of a kind, always. */
  synchronized void finished(Kind kind) {
    show(kind, nanoTime.getAsLong());
    if (terminal) out.println();
  }

  private void show(Kind kind, long now) {
    int done = report.done(kind);
    int total = Math.max(done, totals.getOrDefault(kind, 0));
    double seconds = Math.max(1e-3, (now - started) / 1e9);
    double rate = done / seconds;
    String left = rate > 0 && total > done ? ", about " + Math.round((total - done) / rate) + " s left" : "";
    String line = String.format("%s: %d of %d (%.1f/s%s)", kind.collection, done, total, rate, left);
    if (terminal) {
      out.print("\r" + line + "    ");
    } else {
      out.println(line);
    }
    out.flush();
  }
}
