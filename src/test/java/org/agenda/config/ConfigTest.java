package org.agenda.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where the answers that memory no longer holds go (AGENDA_DISK_CACHE, AGENDA_DISK_CACHE_MB); how long the change
 * feed keeps its changes (AGENDA_CHANGES_RETENTION).
 */
class ConfigTest {
  @Test
  void theDiskCacheIsBesideTheSqliteDatabaseOrInDataForPostgresql() {
    assertThat(config(Map.of("AGENDA_DB_URL", "jdbc:sqlite:/srv/agenda/agenda.db")).diskCacheFile())
        .isEqualTo(Path.of("/srv/agenda/agenda.db-answers"));
    assertThat(config(Map.of("AGENDA_DB_URL", "jdbc:sqlite:file:/srv/a.db?cache=shared")).diskCacheFile())
        .isEqualTo(Path.of("/srv/a.db-answers"));
    assertThat(config(Map.of("AGENDA_DB_URL", "jdbc:postgresql://db:5432/agenda")).diskCacheFile())
        .isEqualTo(Path.of("data/agenda-answers.db"));
    assertThat(config(Map.of()).diskCacheBytes()).isEqualTo(8192L * 1024 * 1024);
  }

  @Test
  void theDiskCacheCanBePlacedSizedOrTurnedOff() {
    Config placed = config(Map.of("AGENDA_DISK_CACHE", "/var/cache/agenda/answers.db", "AGENDA_DISK_CACHE_MB", "100"));
    assertThat(placed.diskCacheFile()).isEqualTo(Path.of("/var/cache/agenda/answers.db"));
    assertThat(placed.diskCacheBytes()).isEqualTo(100L * 1024 * 1024);
    assertThat(config(Map.of("AGENDA_DISK_CACHE", "off")).diskCacheFile()).isNull();
    assertThat(config(Map.of("AGENDA_DISK_CACHE_MB", "0")).diskCacheFile()).isNull();
    assertThatThrownBy(() -> config(Map.of("AGENDA_DISK_CACHE_MB", "-1")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("AGENDA_DISK_CACHE_MB");
  }

  @Test
  void theChangesAreKeptThirtyDaysOrAnIsoDurationFromAMinuteToTenYears() {
    assertThat(config(Map.of()).changesRetention()).isEqualTo(Duration.ofDays(30));
    assertThat(config(Map.of("AGENDA_CHANGES_RETENTION", "PT12H")).changesRetention()).isEqualTo(Duration.ofHours(12));
    assertThat(config(Map.of("AGENDA_CHANGES_RETENTION", "p7d")).changesRetention()).isEqualTo(Duration.ofDays(7));
    assertThat(config(Map.of("AGENDA_CHANGES_RETENTION", "P1DT30M")).changesRetention())
        .isEqualTo(Duration.ofDays(1).plusMinutes(30));
    for (String refused : new String[] {"30", "30d", "P1M", "P1W", "PT30S", "-P1D", "PT0S", "P3651D", "P1Y"}) {
      assertThatThrownBy(() -> config(Map.of("AGENDA_CHANGES_RETENTION", refused))).as(refused)
          .isInstanceOf(ConfigException.class).hasMessageContaining("AGENDA_CHANGES_RETENTION");
    }
  }

  private static Config config(Map<String, String> env) {
    return Config.fromEnvironment(env);
  }
}
