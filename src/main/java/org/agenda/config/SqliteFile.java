package org.agenda.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/** Where a SQLite database of {@code AGENDA_DB_URL} lives. */
public final class SqliteFile {
  private SqliteFile() {}

  /**
   * The database file of a SQLite URL, as sqlite-jdbc opens it: {@code jdbc:sqlite:PATH} or the URI form
   * {@code jdbc:sqlite:file:PATH} (also {@code file:///PATH}, percent-encoded), either with {@code ?parameters}.
   * Empty for PostgreSQL and for a database in memory. The service's directory, the disk answer store's default
   * place, backup and the benchmark's size all read the file from here.
   */
  public static Optional<Path> of(String url) {
    if (!url.startsWith("jdbc:sqlite:")) return Optional.empty();
    String location = url.substring("jdbc:sqlite:".length());
    int query = location.indexOf('?');
    String parameters = query < 0 ? "" : location.substring(query + 1);
    if (query >= 0) location = location.substring(0, query);
    if (location.startsWith("file:")) {
      location = location.substring("file:".length());
      if (location.startsWith("//")) {
        // an authority (empty, or localhost) before the absolute path
        int path = location.indexOf('/', 2);
        location = path < 0 ? "" : location.substring(path);
      }
      // percent-decoding only: a '+' in a URI path is a plus sign, not a space
      location = URLDecoder.decode(location.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
    boolean inMemory = location.isEmpty() || location.startsWith(":memory:")
        || Arrays.asList(parameters.split("&")).contains("mode=memory");
    return inMemory ? Optional.empty() : Optional.of(Path.of(location));
  }
}
