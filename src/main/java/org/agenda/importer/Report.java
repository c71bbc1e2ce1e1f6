package org.agenda.importer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What a run did per kind, every skip with its reason, the ids that could not be kept, and notes. */
final class Report {
  enum Outcome { CREATED, UPDATED, UNCHANGED, SKIPPED }

  private final Map<Kind, int[]> counts = new EnumMap<>(Kind.class);
  private final List<String> skips = new ArrayList<>();
  private final List<String> newIds = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  Report() {
    for (Kind kind : Kind.values()) counts.put(kind, new int[Outcome.values().length]);
  }

  synchronized void count(Kind kind, Outcome outcome) {
    counts.get(kind)[outcome.ordinal()]++;
  }

  synchronized void skip(Kind kind, long sourceId, String reason) {
    count(kind, Outcome.SKIPPED);
    skips.add(kind.label() + " " + sourceId + ": " + reason);
  }

  synchronized void newId(Kind kind, long sourceId, long agendaId) {
    newIds.add(kind.label() + " " + sourceId + " -> " + agendaId);
  }

  synchronized void note(String note) {
    notes.add(note);
  }

  synchronized int done(Kind kind) {
    int sum = 0;
    for (int count : counts.get(kind)) sum += count;
    return sum;
  }

  synchronized boolean anySkipped() {
    return !skips.isEmpty();
  }

  synchronized void print(PrintStream out, boolean dryRun) {
    out.println(dryRun ? "Dry run: nothing was written. What the import would do:" : "Import report:");
    out.printf("  %-11s %8s %8s %10s %8s%n", "kind", "created", "updated", "unchanged", "skipped");
    for (Kind kind : Kind.values()) {
      int[] c = counts.get(kind);
      out.printf("  %-11s %8d %8d %10d %8d%n", kind.collection, c[0], c[1], c[2], c[3]);
    }
    if (!newIds.isEmpty()) {
      out.println("Ids taken by records that did not come from this site (source id -> Agenda id):");
      newIds.forEach(line -> out.println("  " + line));
    }
    if (!skips.isEmpty()) {
      out.println("Skipped (source id: reason):");
      skips.forEach(line -> out.println("  " + line));
    }
    notes.forEach(note -> out.println("Note: " + note));
  }
}
