package org.agenda.user;

import static org.agenda.user.UserTables.APP_PASSWORDS;
import static org.agenda.user.UserTables.CREATED_UTC;
import static org.agenda.user.UserTables.HASH;
import static org.agenda.user.UserTables.OWNER_ID;
import static org.agenda.user.UserTables.PREFIX;

import at.favre.lib.crypto.bcrypt.BCrypt;
import at.favre.lib.crypto.bcrypt.LongPasswordStrategies;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import org.agenda.db.Database;
import org.jooq.DSLContext;

/**
 * Application passwords (contract §4.2): generated, stored as bcrypt hashes next to a short
 * non-secret prefix, and checked. The prefix lets a Bearer password find its row without trying
 * every hash; bcrypt runs outside transactions where it can, since it is deliberately slow.
 */
final class AppPasswords {
  private static final int LENGTH = 24;
  private static final int PREFIX_LENGTH = 4;
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final BCrypt.Version VERSION = BCrypt.Version.VERSION_2B;

  /** A password together with its hash, computed before the transaction that stores it. */
  record Hashed(String plain, String hash) {}

  private final Database db;
  private final Clock clock;
  private final int cost;
  private final SecureRandom random = new SecureRandom();
  // Pre-hashing with SHA-512 instead of refusing passwords over bcrypt's 72 bytes, which anyone can send.
  private final BCrypt.Hasher hasher = BCrypt.with(VERSION, random, LongPasswordStrategies.hashSha512(VERSION));
  private final BCrypt.Verifyer verifier = BCrypt.verifyer(VERSION, LongPasswordStrategies.hashSha512(VERSION));
  private final String decoyHash;

  AppPasswords(Database db, Clock clock, int cost) {
    this.db = db;
    this.clock = clock;
    this.cost = cost;
    this.decoyHash = decoyHash(cost);
  }

  Hashed random() {
    return given(generate());
  }

  Hashed given(String plain) {
    return new Hashed(plain, hash(plain));
  }

  /**
   * Stores {@code candidate} for the user, or a fresh random password should another user's
   * password be equal to it (the contract wants them unique; 62^24 makes this a formality).
   */
  String storeUnique(DSLContext tx, long userId, Hashed candidate) {
    Hashed password = candidate;
    while (isTaken(tx, password.plain())) password = random();
    store(tx, userId, password);
    return password.plain();
  }

  void store(DSLContext tx, long userId, Hashed password) {
    tx.insertInto(APP_PASSWORDS, OWNER_ID, PREFIX, HASH, CREATED_UTC)
        .values(userId, prefix(password.plain()), password.hash(), clock.instant().getEpochSecond())
        .execute();
  }

  void revokeAll(DSLContext tx, long userId) {
    tx.deleteFrom(APP_PASSWORDS).where(OWNER_ID.eq(userId)).execute();
  }

  /** The user whose password this is (Bearer authentication). */
  Optional<Long> ownerOf(String plain) {
    var rows = db.dsl().select(OWNER_ID, HASH).from(APP_PASSWORDS).where(PREFIX.eq(prefix(plain))).fetch();
    if (rows.isEmpty()) spendOneVerification(plain);
    for (var row : rows) {
      if (matches(plain, row.value2())) return Optional.of(row.value1());
    }
    return Optional.empty();
  }

  /** True when the password is one of the user's (Basic authentication). */
  boolean belongsTo(long userId, String plain) {
    var hashes = db.dsl().select(HASH).from(APP_PASSWORDS)
        .where(OWNER_ID.eq(userId).and(PREFIX.eq(prefix(plain))))
        .fetch(HASH);
    if (hashes.isEmpty()) spendOneVerification(plain);
    return hashes.stream().anyMatch(hash -> matches(plain, hash));
  }

  /** Costs as much time as a real check, so a missing user or password is not told apart by timing. */
  void spendOneVerification(String plain) {
    matches(plain, decoyHash);
  }

  private boolean isTaken(DSLContext tx, String plain) {
    return tx.select(HASH).from(APP_PASSWORDS).where(PREFIX.eq(prefix(plain))).fetch(HASH).stream()
        .anyMatch(hash -> matches(plain, hash));
  }

  private String generate() {
    var password = new StringBuilder(LENGTH);
    for (int i = 0; i < LENGTH; i++) password.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    return password.toString();
  }

  private String hash(String plain) {
    return hasher.hashToString(cost, plain.toCharArray());
  }

  /**
   * A well-formed hash of the given cost with a random salt and digest, matching no password: checking
   * against it costs as much as against a real one, without spending a hash on it at every start.
   */
  private String decoyHash(int cost) {
    byte[] salt = new byte[16];
    byte[] digest = new byte[23];
    random.nextBytes(salt);
    random.nextBytes(digest);
    return new String(VERSION.formatter.createHashMessage(new BCrypt.HashData(cost, VERSION, salt, digest)),
        StandardCharsets.UTF_8);
  }

  private boolean matches(String plain, String hash) {
    return verifier.verify(plain.toCharArray(), hash).verified;
  }

  private static String prefix(String plain) {
    return plain.substring(0, Math.min(PREFIX_LENGTH, plain.length()));
  }
}
