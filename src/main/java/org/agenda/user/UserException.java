package org.agenda.user;

/** A user operation that cannot be done (name taken, unknown or invalid); the message is for the operator. */
final class UserException extends RuntimeException {
  public UserException(String message) {
    super(message);
  }
}
