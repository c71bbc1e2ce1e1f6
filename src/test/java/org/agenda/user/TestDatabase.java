package org.agenda.user;

import java.nio.file.Path;
import org.agenda.db.Database;

/** A real, migrated SQLite database in a test's temporary directory. */
final class TestDatabase {
  /** The lowest bcrypt cost: the tests check behaviour, not hashing strength. */
  static final int CHEAP_COST = 4;

  private TestDatabase() {}

  static Database open(Path directory) {
    return Database.open("jdbc:sqlite:" + directory.resolve("agenda.db"), "", "");
  }
}
