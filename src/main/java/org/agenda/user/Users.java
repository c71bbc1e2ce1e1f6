package org.agenda.user;

import static org.agenda.user.UserTables.APP_PASSWORDS;
import static org.agenda.user.UserTables.CREATED_UTC;
import static org.agenda.user.UserTables.OWNER_ID;
import static org.agenda.user.UserTables.USERS;
import static org.agenda.user.UserTables.USER_ID;
import static org.agenda.user.UserTables.USER_NAME;
import static org.agenda.user.UserTables.USER_ROLE;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.agenda.db.Database;
import org.jooq.DSLContext;
import org.jooq.Record3;
import org.jooq.exception.IntegrityConstraintViolationException;

/** The users and their application passwords (contract §4.1, §4.10, §10.3). */
public final class Users {
  private static final String BOOTSTRAP_NAME = "admin";
  private static final int PRODUCTION_COST = 10;
  private static final Pattern NAME = Pattern.compile("[a-z0-9._@-]{1,60}");
  private static final Pattern GIVEN_PASSWORD = Pattern.compile("\\S{12,}");

  private final Database db;
  private final Clock clock;
  private final AppPasswords passwords;

  public Users(Database db, Clock clock) {
    this(db, clock, PRODUCTION_COST);
  }

  /** Lets tests use a cheaper bcrypt cost; production always uses {@value #PRODUCTION_COST}. */
  Users(Database db, Clock clock, int bcryptCost) {
    this.db = db;
    this.clock = clock;
    this.passwords = new AppPasswords(db, clock, bcryptCost);
  }

  public Optional<User> byId(long id) {
    return db.dsl().select(USER_ID, USER_NAME, USER_ROLE).from(USERS).where(USER_ID.eq(id))
        .fetchOptional(Users::toUser);
  }

  /** The user of that name, ignoring case; empty for a name that no user could have. */
  public Optional<User> byName(String name) {
    String folded = fold(name);
    if (!NAME.matcher(folded).matches()) return Optional.empty();
    return db.dsl().select(USER_ID, USER_NAME, USER_ROLE).from(USERS).where(USER_NAME.eq(folded))
        .fetchOptional(Users::toUser);
  }

  public List<User> list() {
    return db.dsl().select(USER_ID, USER_NAME, USER_ROLE).from(USERS).orderBy(USER_ID).fetch(Users::toUser);
  }

  public boolean isEmpty() {
    return !db.dsl().fetchExists(USERS);
  }

  /** Creates the user with a new application password and returns that password. */
  public String add(String name, Role role) {
    String folded = validName(name);
    AppPasswords.Hashed password = passwords.random();
    try {
      return db.transaction(tx -> {
        if (idOf(tx, folded).isPresent()) throw exists(folded);
        return passwords.storeUnique(tx, insert(tx, folded, role), password);
      });
    } catch (IntegrityConstraintViolationException e) {
      // A concurrent add of the same name won the race past the check above.
      throw exists(folded);
    }
  }

  public void changeRole(String name, Role role) {
    String folded = validName(name);
    int changed = db.dsl().update(USERS).set(USER_ROLE, role.code()).where(USER_NAME.eq(folded)).execute();
    if (changed == 0) throw unknown(folded);
  }

  /** Issues a new application password, revokes all earlier ones of the user and returns the new one. */
  public String newPassword(String name) {
    String folded = validName(name);
    AppPasswords.Hashed password = passwords.random();
    return db.transaction(tx -> {
      long id = idOf(tx, folded).orElseThrow(() -> unknown(folded));
      passwords.revokeAll(tx, id);
      return passwords.storeUnique(tx, id, password);
    });
  }

  /** Deletes the user and its passwords; records keep the id in their author column. */
  public void remove(String name) {
    String folded = validName(name);
    db.transaction(tx -> {
      long id = idOf(tx, folded).orElseThrow(() -> unknown(folded));
      // Explicit rather than relying on ON DELETE CASCADE, which SQLite only honours with foreign keys on.
      tx.deleteFrom(APP_PASSWORDS).where(OWNER_ID.eq(id)).execute();
      return tx.deleteFrom(USERS).where(USER_ID.eq(id)).execute();
    });
  }

  /**
   * On a database without users, creates {@code admin} (administrator) with the given password, or
   * with a random one which is then returned so that the caller can show it once. Does nothing
   * when any user exists.
   */
  public Optional<String> bootstrap(String adminPasswordOrNull) {
    if (!isEmpty()) return Optional.empty();
    if (adminPasswordOrNull != null && !GIVEN_PASSWORD.matcher(adminPasswordOrNull).matches()) {
      throw new UserException("the admin password must be at least 12 characters without whitespace");
    }
    AppPasswords.Hashed password = adminPasswordOrNull == null
        ? passwords.random()
        : passwords.given(adminPasswordOrNull);
    return db.transaction(tx -> {
      // Checked again inside the transaction: a command-line "user add" may have run meanwhile.
      if (tx.fetchExists(USERS)) return Optional.empty();
      long id = insert(tx, BOOTSTRAP_NAME, Role.ADMINISTRATOR);
      // No other user, hence no other password, exists: no uniqueness check needed.
      passwords.store(tx, id, password);
      return adminPasswordOrNull == null ? Optional.of(password.plain()) : Optional.empty();
    });
  }

  /** The user named {@code name} (any case) if {@code password} is one of theirs. */
  Optional<User> verifyBasic(String name, String password) {
    Optional<User> user = byName(name);
    if (user.isEmpty()) {
      passwords.spendOneVerification(password);
      return Optional.empty();
    }
    return user.filter(u -> passwords.belongsTo(u.id(), password));
  }

  /** The user who owns {@code password}, which alone identifies them. */
  Optional<User> verifyBearer(String password) {
    return passwords.ownerOf(password).flatMap(this::byId);
  }

  private long insert(DSLContext tx, String name, Role role) {
    return tx.insertInto(USERS, USER_NAME, USER_ROLE, CREATED_UTC)
        .values(name, role.code(), clock.instant().getEpochSecond())
        .returningResult(USER_ID)
        .fetchOne()
        .value1();
  }

  private static Optional<Long> idOf(DSLContext tx, String name) {
    return tx.select(USER_ID).from(USERS).where(USER_NAME.eq(name)).fetchOptional(USER_ID);
  }

  private static User toUser(Record3<Long, String, String> row) {
    Role role = Role.parse(row.value3())
        .orElseThrow(() -> new IllegalStateException("user " + row.value2() + " has unknown role " + row.value3()));
    return new User(row.value1(), row.value2(), role);
  }

  private static String fold(String name) {
    return name == null ? "" : name.toLowerCase(Locale.ROOT);
  }

  private static String validName(String name) {
    String folded = fold(name);
    if (!NAME.matcher(folded).matches()) {
      throw new UserException("invalid user name \"" + name + "\": use 1 to 60 of the characters a-z 0-9 . _ @ -");
    }
    return folded;
  }

  private static UserException exists(String name) {
    return new UserException("user \"" + name + "\" already exists");
  }

  private static UserException unknown(String name) {
    return new UserException("unknown user \"" + name + "\"");
  }
}
