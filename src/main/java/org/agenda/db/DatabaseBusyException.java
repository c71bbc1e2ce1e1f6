package org.agenda.db;

/** A write could not get through a busy or deadlocked database after retries; clients get 503 and retry. */
public final class DatabaseBusyException extends RuntimeException {
  DatabaseBusyException(Throwable cause) {
    super("the database is busy", cause);
  }
}
