package org.agenda.db;

/** A database that cannot be opened or migrated; the message is one line meant for the operator. */
public final class DatabaseException extends RuntimeException {
  public DatabaseException(String message) {
    super(message);
  }
}
