package org.agenda.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Every setting of contract §10.1, read once from the environment and checked. An invalid value is a
 * {@link ConfigException} whose message is the one line printed before exiting.
 */
public record Config(
    int port,
    String dbUrl,
    String dbUser,
    String dbPassword,
    int dbBusyTimeoutMillis,
    ZoneId timezone,
    List<String> languages,
    String defaultLanguage,
    boolean languageFallback,
    String publicUrl,
    boolean trustProxy,
    String adminPassword,
    int defaultPerPage,
    int maxPerPage,
    long maxBodyBytes,
    List<String> corsOrigins,
    int authFailureLimit,
    int authFailureWindowSeconds,
    String currencySymbol,
    String currencyPosition,
    String currencyCode,
    Map<String, String> permalinks,
    boolean jsonLog,
    Path diskCacheFile,
    long diskCacheBytes,
    int cacheMaxAgeSeconds,
    Duration changesRetention,
    Path eventIndexFolder) {

  /** How long the change feed keeps its changes (AGENDA_CHANGES_RETENTION) unless configured. */
  private static final Duration DEFAULT_CHANGES_RETENTION = Duration.ofDays(30);

  /** How long a SQLite write waits for a lock another process holds, per attempt (AGENDA_DB_BUSY_TIMEOUT). */
  public static final int DEFAULT_DB_BUSY_TIMEOUT_MILLIS = 10_000;
  public static final List<String> PERMALINK_RESOURCES = List.of("event", "venue", "organizer", "category", "tag");
  private static final Map<String, String> DEFAULT_PERMALINKS = Map.of(
      "event", "{public_url}/{lang}/event/{slug}/",
      "venue", "{public_url}/{lang}/venue/{slug}/",
      "organizer", "{public_url}/{lang}/organizer/{slug}/",
      "category", "{public_url}/{lang}/events/category/{slug}/",
      "tag", "{public_url}/{lang}/tag/{slug}/");

  public boolean corsAllowsAll() {
    return corsOrigins.contains("*");
  }

  public static Config fromEnvironment(Map<String, String> env) {
    Function<String, String> get = name -> {
      String value = env.get(name);
      return value == null ? null : value.trim();
    };
    int port = integer(get, "AGENDA_PORT", 8080, 0, 65535);
    String dbUrl = orDefault(get.apply("AGENDA_DB_URL"), "jdbc:sqlite:data/agenda.db");
    if (!dbUrl.startsWith("jdbc:sqlite:") && !dbUrl.startsWith("jdbc:postgresql:")) {
      throw new ConfigException("AGENDA_DB_URL must start with jdbc:sqlite: or jdbc:postgresql:, got " + dbUrl);
    }
    int busyTimeout = integer(get, "AGENDA_DB_BUSY_TIMEOUT", DEFAULT_DB_BUSY_TIMEOUT_MILLIS, 1, 600_000);
    ZoneId zone = zone(orDefault(get.apply("AGENDA_TIMEZONE"), "UTC"));
    List<String> languages = languages(orDefault(get.apply("AGENDA_LANGUAGES"), "nl,en,fr"));
    String defaultLanguage = orDefault(get.apply("AGENDA_DEFAULT_LANGUAGE"), "nl").toLowerCase(Locale.ROOT);
    if (!languages.contains(defaultLanguage)) {
      throw new ConfigException("AGENDA_DEFAULT_LANGUAGE " + defaultLanguage + " is not one of AGENDA_LANGUAGES " + languages);
    }
    boolean fallback = bool(get, "AGENDA_LANGUAGE_FALLBACK", true);
    String publicUrl = publicUrl(get.apply("AGENDA_PUBLIC_URL"));
    boolean trustProxy = bool(get, "AGENDA_TRUST_PROXY", false);
    String adminPassword = get.apply("AGENDA_ADMIN_PASSWORD");
    if (adminPassword != null && adminPassword.isEmpty()) adminPassword = null;
    if (adminPassword != null && (adminPassword.length() < 12 || !adminPassword.matches("\\S+"))) {
      throw new ConfigException("AGENDA_ADMIN_PASSWORD must be at least 12 characters without whitespace");
    }
    int maxPerPage = integer(get, "AGENDA_MAX_PER_PAGE", 50, 1, 10_000);
    int defaultPerPage = integer(get, "AGENDA_DEFAULT_PER_PAGE", 12, 1, 10_000);
    if (defaultPerPage > maxPerPage) {
      throw new ConfigException("AGENDA_DEFAULT_PER_PAGE (" + defaultPerPage + ") must not exceed AGENDA_MAX_PER_PAGE (" + maxPerPage + ")");
    }
    long maxBody = integer(get, "AGENDA_MAX_BODY_BYTES", 1_048_576, 1, Integer.MAX_VALUE);
    List<String> cors = corsOrigins(orDefault(get.apply("AGENDA_CORS_ORIGINS"), "*"));
    int failureLimit = integer(get, "AGENDA_AUTH_FAILURE_LIMIT", 10, 1, 1_000_000);
    int failureWindow = integer(get, "AGENDA_AUTH_FAILURE_WINDOW", 300, 1, 86_400 * 7);
    String symbol = orDefault(env.get("AGENDA_CURRENCY_SYMBOL"), "€");
    String position = orDefault(get.apply("AGENDA_CURRENCY_POSITION"), "prefix").toLowerCase(Locale.ROOT);
    if (!position.equals("prefix") && !position.equals("postfix")) {
      throw new ConfigException("AGENDA_CURRENCY_POSITION must be prefix or postfix, got " + position);
    }
    String code = orDefault(get.apply("AGENDA_CURRENCY_CODE"), "EUR");
    if (!code.matches("[A-Z]{3}")) {
      throw new ConfigException("AGENDA_CURRENCY_CODE must be a three-letter ISO 4217 code, got " + code);
    }
    var permalinks = new java.util.LinkedHashMap<String, String>();
    for (String resource : PERMALINK_RESOURCES) {
      String name = "AGENDA_PERMALINK_" + resource.toUpperCase(Locale.ROOT);
      String template = orDefault(get.apply(name), DEFAULT_PERMALINKS.get(resource));
      checkTemplate(name, template);
      permalinks.put(resource, template);
    }
    String logFormat = orDefault(get.apply("AGENDA_LOG_FORMAT"), "json").toLowerCase(Locale.ROOT);
    if (!logFormat.equals("json") && !logFormat.equals("text")) {
      throw new ConfigException("AGENDA_LOG_FORMAT must be json or text, got " + logFormat);
    }
    long diskCacheMegabytes = integer(get, "AGENDA_DISK_CACHE_MB", 8192, 0, 1_048_576);
    String diskCache = orDefault(get.apply("AGENDA_DISK_CACHE"), defaultDiskCache(dbUrl));
    Path diskCacheFile = diskCacheMegabytes == 0 || diskCache.equalsIgnoreCase("off") ? null : Path.of(diskCache);
    int cacheMaxAge = integer(get, "AGENDA_CACHE_MAX_AGE", 10, 0, 86_400);
    Duration changesRetention = retention(get.apply("AGENDA_CHANGES_RETENTION"));
    String eventIndex = orDefault(get.apply("AGENDA_INDEX"), defaultEventIndex(dbUrl));
    Path eventIndexFolder = eventIndex.equalsIgnoreCase("off") ? null : Path.of(eventIndex);
    return new Config(port, dbUrl, orDefault(get.apply("AGENDA_DB_USER"), ""),
        orDefault(env.get("AGENDA_DB_PASSWORD"), ""), busyTimeout, zone, languages, defaultLanguage, fallback, publicUrl,
        trustProxy, adminPassword, defaultPerPage, maxPerPage, maxBody, cors, failureLimit, failureWindow,
        symbol, position, code, Map.copyOf(permalinks), logFormat.equals("json"), diskCacheFile,
        diskCacheMegabytes * 1024 * 1024, cacheMaxAge, changesRetention, eventIndexFolder);
  }

  /** Beside the SQLite database file (its {@code -index} sibling folder), else in {@code data/}. */
  private static String defaultEventIndex(String dbUrl) {
    return SqliteFile.of(dbUrl).map(file -> file + "-index").orElse("data/agenda-index");
  }

  /** Beside the SQLite database file (its {@code -answers} sibling), else in {@code data/}. */
  private static String defaultDiskCache(String dbUrl) {
    return SqliteFile.of(dbUrl).map(file -> file + "-answers").orElse("data/agenda-answers.db");
  }

  private static String orDefault(String value, String fallback) {
    return value == null || value.isEmpty() ? fallback : value;
  }

  private static int integer(Function<String, String> get, String name, int fallback, int min, int max) {
    String value = get.apply(name);
    if (value == null || value.isEmpty()) return fallback;
    try {
      int parsed = Integer.parseInt(value);
      if (parsed < min || parsed > max) throw new NumberFormatException();
      return parsed;
    } catch (NumberFormatException e) {
      throw new ConfigException(name + " must be a whole number from " + min + " to " + max + ", got " + value);
    }
  }

  /** An ISO-8601 duration of days, hours, minutes and seconds ({@code P30D}, {@code PT12H}), one minute to ten years. */
  private static Duration retention(String value) {
    if (value == null || value.isEmpty()) return DEFAULT_CHANGES_RETENTION;
    Duration duration;
    try {
      duration = Duration.parse(value.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      duration = null;
    }
    if (duration == null || duration.compareTo(Duration.ofMinutes(1)) < 0 || duration.compareTo(Duration.ofDays(3650)) > 0) {
      throw new ConfigException("AGENDA_CHANGES_RETENTION must be an ISO-8601 duration from PT1M to P3650D, such as "
          + "P30D or PT12H, got " + value);
    }
    return duration;
  }

  private static boolean bool(Function<String, String> get, String name, boolean fallback) {
    String value = get.apply(name);
    if (value == null || value.isEmpty()) return fallback;
    switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "1", "yes", "on": return true;
      case "false", "0", "no", "off": return false;
      default: throw new ConfigException(name + " must be true or false, got " + value);
    }
  }

  private static ZoneId zone(String value) {
    try {
      if (value.equalsIgnoreCase("UTC")) return ZoneId.of("UTC");
      if (!value.contains("/")) throw new DateTimeException("not a region");
      return ZoneId.of(value);
    } catch (DateTimeException e) {
      throw new ConfigException("AGENDA_TIMEZONE must be an IANA time zone such as Europe/Amsterdam, got " + value);
    }
  }

  private static List<String> languages(String value) {
    var result = new ArrayList<String>();
    for (String part : value.split(",")) {
      String code = part.trim().toLowerCase(Locale.ROOT);
      if (!code.matches("[a-z]{2}")) {
        throw new ConfigException("AGENDA_LANGUAGES must be two-letter codes separated by commas, got " + value);
      }
      if (!result.contains(code)) result.add(code);
    }
    return List.copyOf(result);
  }

  private static String publicUrl(String value) {
    if (value == null || value.isEmpty()) return null;
    String trimmed = value.replaceAll("/+$", "");
    try {
      URI uri = new URI(trimmed);
      String scheme = uri.getScheme();
      if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || uri.getHost() == null || uri.getQuery() != null || uri.getFragment() != null) {
        throw new ConfigException("AGENDA_PUBLIC_URL must be an absolute http or https URL without query, got " + value);
      }
    } catch (java.net.URISyntaxException e) {
      throw new ConfigException("AGENDA_PUBLIC_URL is not a valid URL: " + value);
    }
    return trimmed;
  }

  private static List<String> corsOrigins(String value) {
    if (value.equals("*")) return List.of("*");
    var origins = new ArrayList<String>();
    for (String part : value.split(",")) {
      String origin = part.trim().replaceAll("/+$", "");
      if (origin.isEmpty()) continue;
      if (!origin.matches("https?://[^/\\s]+")) {
        throw new ConfigException("AGENDA_CORS_ORIGINS must be * or origins such as https://app.example, got " + part.trim());
      }
      origins.add(origin);
    }
    if (origins.isEmpty()) throw new ConfigException("AGENDA_CORS_ORIGINS names no origin");
    return List.copyOf(origins);
  }

  private static void checkTemplate(String name, String template) {
    String rest = template.replaceAll("\\{(public_url|lang|slug|id)}", "");
    if (rest.contains("{") || rest.contains("}")) {
      throw new ConfigException(name + " may only use the variables {public_url}, {lang}, {slug}, {id}: " + template);
    }
    if (!template.startsWith("{public_url}") && !template.matches("https?://.+")) {
      throw new ConfigException(name + " must start with {public_url} or an absolute http(s) URL: " + template);
    }
  }
}
