package org.agenda.importer;

/** The source site cannot be read as a calendar: one clear line for the operator; a re-run continues. */
final class SourceFailure extends RuntimeException {
  SourceFailure(String message) {
    super(message);
  }
}
