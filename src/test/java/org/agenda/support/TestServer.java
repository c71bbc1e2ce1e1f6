package org.agenda.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.agenda.app.Application;
import org.agenda.config.Config;
import org.agenda.user.Role;
import org.agenda.user.Users;

/**
 * The real service on a random port, over a fresh database: a SQLite file in a temporary folder, or a
 * fresh PostgreSQL database when the system property {@code agenda.test.db} is {@code postgres}.
 * Its clock is a {@link MutableClock}; by default it is 2026-03-10 14:05 in Europe/Amsterdam.
 *
 * <p>What the service writes to its standard output and access log is kept ({@link #log()}); closing the
 * server fails when that text contains a secret the server was given: the admin password, the password of
 * every added user, or the Authorization header of a caller built from them.
 */
public final class TestServer implements AutoCloseable {
  public static final Instant DEFAULT_NOW = Instant.parse("2026-03-10T13:05:00Z");
  public static final String ADMIN_PASSWORD = "admin-password-for-tests";
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public final MutableClock clock;
  /** The JDBC URL of its database, so that a second instance can share it. */
  public final String databaseUrl;
  private final Application application;
  private final Users users;
  private final Runnable cleanup;
  private final String base;

  private final String databaseUser;
  private final ByteArrayOutputStream output;
  private final List<String> secrets = new CopyOnWriteArrayList<>();
  private boolean stopped;

  private TestServer(MutableClock clock, String databaseUrl, String databaseUser, Application application,
      Runnable cleanup, ByteArrayOutputStream output, String adminPassword) {
    this.clock = clock;
    this.databaseUrl = databaseUrl;
    this.databaseUser = databaseUser;
    this.application = application;
    this.cleanup = cleanup;
    this.output = output;
    if (adminPassword != null && !adminPassword.isEmpty()) secrets.add(adminPassword);
    this.users = new Users(application.database(), clock);
    this.base = "http://localhost:" + application.port();
  }

  public static TestServer start() {
    return start(Map.of());
  }

  /** Starts with {@code AGENDA_TIMEZONE=Europe/Amsterdam}, a known admin password and the given overrides. */
  public static TestServer start(Map<String, String> overrides) {
    var clock = new MutableClock(DEFAULT_NOW);
    var database = FreshDatabase.create();
    Map<String, String> env = new HashMap<>();
    env.put("AGENDA_PORT", "0");
    env.put("AGENDA_TIMEZONE", "Europe/Amsterdam");
    env.put("AGENDA_ADMIN_PASSWORD", ADMIN_PASSWORD);
    env.put("AGENDA_DB_URL", database.url);
    if (!database.user.isEmpty()) env.put("AGENDA_DB_USER", database.user);
    // the answers kept on disk and the event index: beside a SQLite database, in a temporary folder of this server
    // for PostgreSQL (whose default is the working folder's data/)
    Path diskCache = null;
    Path eventIndex = null;
    if (database.url.startsWith("jdbc:postgresql:")) {
      try {
        diskCache = Files.createTempDirectory("agenda-answers").resolve("answers.db");
        eventIndex = Files.createTempDirectory("agenda-index");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      env.put("AGENDA_DISK_CACHE", diskCache.toString());
      env.put("AGENDA_INDEX", eventIndex.toString());
    }
    env.putAll(overrides);
    // Both streams into one buffer; PrintStream writes are synchronized, so lines from request threads stay whole.
    var output = new ByteArrayOutputStream();
    var captured = new PrintStream(output, true, StandardCharsets.UTF_8);
    var application = Application.start(Config.fromEnvironment(env), clock, captured, captured);
    Path diskCacheFolder = diskCache == null ? null : diskCache.getParent();
    Path eventIndexFolder = eventIndex;
    Runnable cleanup = () -> {
      database.close();
      // the service removed its answers file when it closed; its index stays for the next start
      if (diskCacheFolder != null) diskCacheFolder.toFile().delete();
      if (eventIndexFolder != null) FreshDatabase.deleteQuietly(eventIndexFolder);
    };
    return new TestServer(clock, env.get("AGENDA_DB_URL"), env.getOrDefault("AGENDA_DB_USER", ""), application,
        cleanup, output, env.get("AGENDA_ADMIN_PASSWORD"));
  }

  /** The environment that points another command (an import, a copy) at this server's database. */
  public Map<String, String> databaseEnv() {
    Map<String, String> env = new HashMap<>();
    env.put("AGENDA_DB_URL", databaseUrl);
    if (!databaseUser.isEmpty()) env.put("AGENDA_DB_USER", databaseUser);
    env.put("AGENDA_TIMEZONE", "Europe/Amsterdam");
    return env;
  }

  public static boolean usesPostgres() {
    return FreshDatabase.usesPostgres();
  }

  public Application application() {
    return application;
  }

  /** Creates a user with the role and returns its application password. */
  public String addUser(String name, Role role) {
    String password = users.add(name, role);
    secrets.add(password);
    return password;
  }

  /** Everything the service has written to its standard output and access log so far. */
  public String log() {
    return output.toString(StandardCharsets.UTF_8);
  }

  /** A JDBC connection of the test's own to the server's database, beside the service's pool. */
  public Connection connectDirectly() throws SQLException {
    return databaseUser.isEmpty() ? DriverManager.getConnection(databaseUrl)
        : DriverManager.getConnection(databaseUrl, databaseUser, "");
  }

  public long userId(String name) {
    return users.byName(name).orElseThrow().id();
  }

  public String url(String path) {
    return base + path;
  }

  /** Requests as the given caller; see {@link Caller}. */
  public Caller as(String user, String password) {
    Caller caller = Caller.basic(base, user, password);
    secrets.add(caller.authorization.substring("Basic ".length()));
    return caller;
  }

  public Caller asAdmin() {
    return as("admin", ADMIN_PASSWORD);
  }

  public Caller anonymous() {
    return new Caller(base, null);
  }

  public Caller withAuthorization(String header) {
    return new Caller(base, header);
  }

  /** Sends requests to one server with a fixed Authorization header (or none). */
  public static final class Caller {
    private final String base;
    private final String authorization;

    private Caller(String base, String authorization) {
      this.base = base;
      this.authorization = authorization;
    }

    /** No Authorization header, at the server whose root URL is {@code base}. */
    public static Caller anonymous(String base) {
      return new Caller(base, null);
    }

    /** Basic authentication at the server whose root URL is {@code base}. */
    public static Caller basic(String base, String user, String password) {
      return new Caller(base, "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    public HttpResult get(String path) {
      return send("GET", path, null, null, Map.of());
    }

    public HttpResult delete(String path) {
      return send("DELETE", path, null, null, Map.of());
    }

    public HttpResult postJson(String path, String json) {
      return send("POST", path, "application/json", json, Map.of());
    }

    public HttpResult patchJson(String path, String json) {
      return send("PATCH", path, "application/json", json, Map.of());
    }

    public HttpResult putJson(String path, String json) {
      return send("PUT", path, "application/json", json, Map.of());
    }

    public HttpResult postForm(String path, String form) {
      return send("POST", path, "application/x-www-form-urlencoded", form, Map.of());
    }

    /** Any method, content type (null for none), body (null for none) and extra headers. */
    public HttpResult send(String method, String path, String contentType, String body, Map<String, String> headers) {
      return sendBytes(method, path, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    /** The same with the body as bytes, which need not be valid UTF-8. */
    public HttpResult sendBytes(String method, String path, String contentType, byte[] body, Map<String, String> headers) {
      var builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
      if (authorization != null) builder.header("Authorization", authorization);
      if (contentType != null) builder.header("Content-Type", contentType);
      headers.forEach(builder::header);
      builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
          : HttpRequest.BodyPublishers.ofByteArray(body));
      try {
        HttpResponse<String> response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new HttpResult(response.statusCode(), response);
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Stops the service and keeps its database, for another server to start on it; {@link #close} removes it. */
  public void stop() {
    if (stopped) return;
    stopped = true;
    application.close();
  }

  /** Stops the service, removes its database, and fails if its output shows one of the secrets it was given. */
  @Override
  public void close() {
    stop();
    cleanup.run();
    String log = log();
    for (String secret : secrets) {
      if (log.contains(secret)) {
        throw new AssertionError("the service's output contains a secret it was given (" + secret.length()
            + " characters, starting " + secret.substring(0, 3) + "…)");
      }
    }
  }
}
