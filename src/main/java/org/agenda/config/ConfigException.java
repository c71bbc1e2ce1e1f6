package org.agenda.config;

/** Invalid configuration; the message is the single line printed before the service exits with 1. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}
