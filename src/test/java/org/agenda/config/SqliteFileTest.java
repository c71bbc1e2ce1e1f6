package org.agenda.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SqliteFileTest {
  @Test
  void theSqliteFileIsReadFromEveryFormOfUrlThatSqliteJdbcOpens() {
    assertThat(SqliteFile.of("jdbc:sqlite:/srv/agenda/agenda.db")).contains(Path.of("/srv/agenda/agenda.db"));
    assertThat(SqliteFile.of("jdbc:sqlite:data/agenda.db?busy_timeout=5000")).contains(Path.of("data/agenda.db"));
    assertThat(SqliteFile.of("jdbc:sqlite:file:/srv/a.db?cache=shared")).contains(Path.of("/srv/a.db"));
    assertThat(SqliteFile.of("jdbc:sqlite:file:///srv/my%20events+1.db")).contains(Path.of("/srv/my events+1.db"));
    assertThat(SqliteFile.of("jdbc:sqlite:file://localhost/srv/a.db")).contains(Path.of("/srv/a.db"));
    assertThat(SqliteFile.of("jdbc:sqlite:file:relative.db")).contains(Path.of("relative.db"));
    assertThat(SqliteFile.of("jdbc:sqlite::memory:")).isEmpty();
    assertThat(SqliteFile.of("jdbc:sqlite:")).isEmpty();
    assertThat(SqliteFile.of("jdbc:sqlite:file::memory:?cache=shared")).isEmpty();
    assertThat(SqliteFile.of("jdbc:sqlite:file:shared?mode=memory&cache=shared")).isEmpty();
    assertThat(SqliteFile.of("jdbc:postgresql://127.0.0.1:5432/agenda")).isEmpty();
  }
}
