package org.agenda.series;

/** A recurrence said in nl, en or fr. */
final class RecurrenceText {
  private RecurrenceText() {
  }

  static String describe(Recurrence recurrence, String language) {
    return recurrence.lines().toString();
  }
}
