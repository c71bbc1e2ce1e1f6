package org.agenda.user;

import org.agenda.support.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.agenda.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthenticatorTest {
  private static final String CLIENT = "192.0.2.7";
  private static final int LIMIT = 10;
  private static final int WINDOW_SECONDS = 300;

  @TempDir Path directory;
  private final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
  private Database db;
  private Users users;
  private Authenticator authenticator;
  private User bob;
  private String bobsPassword;

  @BeforeEach
  void open() {
    db = TestDatabase.open(directory);
    users = new Users(db, clock, TestDatabase.CHEAP_COST);
    authenticator = new Authenticator(users, LIMIT, WINDOW_SECONDS, clock);
    bobsPassword = users.add("bob", Role.AUTHOR);
    bob = users.byName("bob").orElseThrow();
  }

  @AfterEach
  void close() {
    db.close();
  }

  private static String basic(String userAndPassword) {
    return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
  }

  private AuthResult authenticate(String header) {
    return authenticator.authenticate(header, CLIENT);
  }

  private static String grouped(String password) {
    return String.join(" ", password.split("(?<=\\G.{4})"));
  }

  @Test
  void noHeaderIsAnonymous() {
    assertThat(authenticate(null)).isEqualTo(new AuthResult.Anonymous());
  }

  @Test
  void basicWithNameInAnyCase() {
    assertThat(authenticate(basic("bob:" + bobsPassword))).isEqualTo(new AuthResult.Authenticated(bob));
    assertThat(authenticate(basic("BoB:" + bobsPassword))).isEqualTo(new AuthResult.Authenticated(bob));
    assertThat(authenticate("basic " + basic("bob:" + bobsPassword).substring(6)))
        .isEqualTo(new AuthResult.Authenticated(bob));
  }

  @Test
  void basicIgnoresSpacesInThePassword() {
    assertThat(grouped(bobsPassword)).hasSize(29);
    assertThat(authenticate(basic("bob:" + grouped(bobsPassword)))).isEqualTo(new AuthResult.Authenticated(bob));
  }

  @Test
  void bearerPasswordAloneIdentifiesTheUser() {
    users.add("amy", Role.EDITOR);

    assertThat(authenticate("Bearer " + bobsPassword)).isEqualTo(new AuthResult.Authenticated(bob));
    assertThat(authenticate("bearer   " + grouped(bobsPassword))).isEqualTo(new AuthResult.Authenticated(bob));
  }

  @Test
  void wrongCredentialsAreInvalid() {
    String otherPassword = users.add("amy", Role.EDITOR);

    assertThat(authenticate(basic("nobody:" + bobsPassword))).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticate(basic("bob:" + otherPassword))).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticate(basic("bob:" + bobsPassword.substring(1)))).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticate("Bearer " + bobsPassword.toLowerCase())).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticate("Bearer " + "x".repeat(200))).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticator.failureCount()).isEqualTo(5);
  }

  @Test
  void malformedHeadersAreInvalid() {
    String[] headers = {
        "Basic !!!", basic("nocolon"), basic(":" + bobsPassword), basic("bob:"), basic("bob:   "),
        "Digest x", "Bearer", "Bearer    ", "Basic", "", "   ", bobsPassword,
    };
    for (String header : headers) {
      assertThat(authenticator.authenticate(header, "198.51.100." + header.length()))
          .as(header).isEqualTo(new AuthResult.Invalid());
    }
    assertThat(authenticator.failureCount()).isEqualTo(headers.length);
  }

  @Test
  void tooManyFailuresLimitTheAddressUntilTheWindowHasPassed() {
    String good = basic("bob:" + bobsPassword);
    authenticate(basic("bob:wrong"));
    for (int i = 1; i < LIMIT; i++) {
      clock.advance(Duration.ofSeconds(10));
      assertThat(authenticate(basic("bob:wrong" + i))).isEqualTo(new AuthResult.Invalid());
    }
    // The first failure was 90 s ago, so it leaves the window in 210 s.
    assertThat(authenticate(good)).isEqualTo(new AuthResult.RateLimited(210));
    assertThat(authenticate("Digest x")).isEqualTo(new AuthResult.RateLimited(210));
    assertThat(authenticate(null)).isEqualTo(new AuthResult.Anonymous());
    assertThat(authenticator.authenticate(good, "203.0.113.1")).isEqualTo(new AuthResult.Authenticated(bob));
    assertThat(authenticator.failureCount()).isEqualTo(LIMIT);

    clock.advance(Duration.ofMillis(209_500));
    assertThat(authenticate(good)).isEqualTo(new AuthResult.RateLimited(1));
    clock.advance(Duration.ofMillis(500));
    assertThat(authenticate(good)).isEqualTo(new AuthResult.Authenticated(bob));
  }

  @Test
  void oneMoreFailureAfterTheWindowOpensLimitsAgain() {
    for (int i = 0; i < LIMIT; i++) authenticate("Bearer wrong");
    clock.advance(Duration.ofSeconds(WINDOW_SECONDS));

    assertThat(authenticate("Bearer still-wrong")).isEqualTo(new AuthResult.Invalid());
    for (int i = 1; i < LIMIT; i++) authenticate("Bearer wrong");
    assertThat(authenticate("Bearer " + bobsPassword)).isEqualTo(new AuthResult.RateLimited(WINDOW_SECONDS));
  }

  @Test
  void addressesWhoseFailuresExpiredAreForgotten() {
    var log = new FailureLog(LIMIT, WINDOW_SECONDS, clock);
    for (int i = 0; i < 1000; i++) log.record("10.0.0." + i);
    for (int i = 0; i < 3 * LIMIT; i++) log.record("10.0.0.1");
    assertThat(log.addressCount()).isEqualTo(1000);
    assertThat(log.retryAfterSeconds("10.0.0.1")).hasValue(WINDOW_SECONDS);

    clock.advance(Duration.ofSeconds(WINDOW_SECONDS));
    log.record("10.0.1.1");
    assertThat(log.addressCount()).isEqualTo(1);
    assertThat(log.retryAfterSeconds("10.0.0.1")).isEmpty();
  }

  @Test
  void aVerifiedCredentialKeepsWorkingForAtMostSixtySeconds() {
    String header = basic("bob:" + bobsPassword);
    assertThat(authenticate(header)).isEqualTo(new AuthResult.Authenticated(bob));

    String newPassword = users.newPassword("bob");
    clock.advance(Duration.ofSeconds(59));
    assertThat(authenticate(header)).isEqualTo(new AuthResult.Authenticated(bob));
    // The cache is per credential: the revoked password was never verified as Bearer.
    assertThat(authenticate("Bearer " + bobsPassword)).isEqualTo(new AuthResult.Invalid());

    clock.advance(Duration.ofSeconds(1));
    assertThat(authenticate(header)).isEqualTo(new AuthResult.Invalid());
    assertThat(authenticate(basic("bob:" + newPassword))).isEqualTo(new AuthResult.Authenticated(bob));
  }

  @Test
  void theCacheServesRemovedUsersNoLongerThanSixtySeconds() {
    String header = "Bearer " + bobsPassword;
    assertThat(authenticate(header)).isEqualTo(new AuthResult.Authenticated(bob));
    users.remove("bob");

    assertThat(authenticate(header)).isEqualTo(new AuthResult.Authenticated(bob));
    clock.advance(VerifiedCredentials.LIFETIME);
    assertThat(authenticate(header)).isEqualTo(new AuthResult.Invalid());
  }
}
