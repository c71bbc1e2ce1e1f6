package org.agenda.cache;

import java.nio.file.Path;

/**
 * The disk cache file of this process (§10.5, {@code AGENDA_DISK_CACHE}), shared by the answer cache and the kept
 * list items: opened when memory first lets go of something it could keep there (a site whose answers and items fit
 * in memory never opens it, and a start does not wait for it), and closed with the service.
 */
public final class DiskCache implements AutoCloseable {
  private final Path file;
  private final long maximumBytes;
  private DiskAnswers store;
  private boolean opened;

  /** {@code file}: null for none; {@code maximumBytes}: what it may hold. */
  public DiskCache(Path file, long maximumBytes) {
    this.file = file;
    this.maximumBytes = maximumBytes;
  }

  /** The store, opened at the first call; null when there is none (off, closed, or it could not be opened). */
  synchronized DiskAnswers opened() {
    if (!opened) {
      opened = true;
      store = file == null ? null : DiskAnswers.open(file, maximumBytes);
    }
    return store;
  }

  @Override
  public synchronized void close() {
    opened = true;
    if (store != null) store.close();
    store = null;
  }
}
