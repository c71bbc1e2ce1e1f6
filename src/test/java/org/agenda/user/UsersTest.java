package org.agenda.user;

import org.agenda.support.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import org.agenda.db.Database;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersTest {
  private static final String PASSWORD_PATTERN = "[A-Za-z0-9]{24}";

  @TempDir Path directory;
  private Database db;
  private Users users;

  @BeforeEach
  void open() {
    db = TestDatabase.open(directory);
    users = new Users(db, new MutableClock(Instant.parse("2025-03-01T10:00:00Z")), TestDatabase.CHEAP_COST);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void addCreatesALowerCaseUserWithARandomPassword() {
    assertThat(users.isEmpty()).isTrue();
    String password = users.add("Alice.Smith@example", Role.EDITOR);

    assertThat(password).matches(PASSWORD_PATTERN);
    User alice = users.byName("ALICE.smith@EXAMPLE").orElseThrow();
    assertThat(alice.name()).isEqualTo("alice.smith@example");
    assertThat(alice.role()).isEqualTo(Role.EDITOR);
    assertThat(users.byId(alice.id())).contains(alice);
    assertThat(users.isEmpty()).isFalse();
    assertThat(users.verifyBasic("alice.smith@example", password)).contains(alice);
    assertThat(users.verifyBearer(password)).contains(alice);
  }

  @Test
  void passwordsAreStoredOnlyAsHashWithAShortPrefix() {
    String password = users.add("bob", Role.AUTHOR);

    var row = db.dsl().select(DSL.field("prefix", String.class), DSL.field("hash", String.class))
        .from("app_passwords").fetchSingle();
    assertThat(row.value1()).isEqualTo(password.substring(0, 4));
    assertThat(row.value2()).startsWith("$2b$").doesNotContain(password);
  }

  @Test
  void generatedPasswordsDiffer() {
    assertThat(users.add("one", Role.AUTHOR)).isNotEqualTo(users.add("two", Role.AUTHOR));
  }

  @Test
  void addRefusesAnExistingNameInAnyCase() {
    users.add("bob", Role.AUTHOR);
    assertThatThrownBy(() -> users.add("BOB", Role.EDITOR))
        .isInstanceOf(UserException.class).hasMessageContaining("already exists");
    assertThat(users.list()).hasSize(1);
  }

  @Test
  void addRefusesInvalidNames() {
    for (String name : new String[] {"", "with space", "x".repeat(61), "jos\u00e9", "a:b", null}) {
      assertThatThrownBy(() -> users.add(name, Role.AUTHOR))
          .isInstanceOf(UserException.class).hasMessageContaining("invalid user name");
    }
    assertThat(users.add("x".repeat(60), Role.AUTHOR)).matches(PASSWORD_PATTERN);
    assertThat(users.add("a.b_c-d@e9", Role.AUTHOR)).matches(PASSWORD_PATTERN);
  }

  @Test
  void lookupsOfInvalidOrUnknownNamesAreEmpty() {
    assertThat(users.byName("nobody")).isEmpty();
    assertThat(users.byName("not valid")).isEmpty();
    assertThat(users.byName(null)).isEmpty();
    assertThat(users.byId(42)).isEmpty();
  }

  @Test
  void listIsOrderedById() {
    users.add("zed", Role.SUBSCRIBER);
    users.add("amy", Role.CONTRIBUTOR);
    users.add("kim", Role.ADMINISTRATOR);

    assertThat(users.list()).extracting(User::name).containsExactly("zed", "amy", "kim");
    assertThat(users.list()).extracting(User::id).isSorted();
  }

  @Test
  void changeRole() {
    users.add("bob", Role.AUTHOR);
    users.changeRole("Bob", Role.CONTRIBUTOR);

    assertThat(users.byName("bob").orElseThrow().role()).isEqualTo(Role.CONTRIBUTOR);
    assertThatThrownBy(() -> users.changeRole("nobody", Role.EDITOR))
        .isInstanceOf(UserException.class).hasMessageContaining("unknown user");
  }

  @Test
  void newPasswordRevokesTheOldOnes() {
    String first = users.add("bob", Role.AUTHOR);
    String second = users.newPassword("BOB");

    assertThat(second).matches(PASSWORD_PATTERN).isNotEqualTo(first);
    assertThat(users.verifyBasic("bob", first)).isEmpty();
    assertThat(users.verifyBearer(first)).isEmpty();
    assertThat(users.verifyBasic("bob", second)).isPresent();
    assertThat(users.verifyBearer(second)).isPresent();
    assertThatThrownBy(() -> users.newPassword("nobody"))
        .isInstanceOf(UserException.class).hasMessageContaining("unknown user");
  }

  @Test
  void passwordsOfOneUserDoNotOpenAnother() {
    String bobs = users.add("bob", Role.AUTHOR);
    users.add("amy", Role.ADMINISTRATOR);

    assertThat(users.verifyBasic("amy", bobs)).isEmpty();
    assertThat(users.verifyBearer(bobs).orElseThrow().name()).isEqualTo("bob");
  }

  @Test
  void removeDeletesTheUserAndItsPasswords() {
    String password = users.add("bob", Role.AUTHOR);
    users.add("amy", Role.AUTHOR);
    users.remove("Bob");

    assertThat(users.byName("bob")).isEmpty();
    assertThat(users.verifyBearer(password)).isEmpty();
    assertThat(db.dsl().fetchCount(DSL.table("app_passwords"))).isEqualTo(1);
    assertThatThrownBy(() -> users.remove("bob"))
        .isInstanceOf(UserException.class).hasMessageContaining("unknown user");
    assertThat(users.add("bob", Role.EDITOR)).matches(PASSWORD_PATTERN);
  }

  @Test
  void bootstrapWithARandomPasswordRunsOnlyOnAnEmptyDatabase() {
    String password = users.bootstrap(null).orElseThrow();

    assertThat(password).matches(PASSWORD_PATTERN);
    assertThat(users.list()).containsExactly(new User(1, "admin", Role.ADMINISTRATOR));
    assertThat(users.verifyBasic("admin", password)).isPresent();

    assertThat(users.bootstrap(null)).isEmpty();
    assertThat(users.bootstrap("another-password-1")).isEmpty();
    assertThat(users.list()).hasSize(1);
    assertThat(users.verifyBasic("admin", password)).isPresent();
    assertThat(users.verifyBasic("admin", "another-password-1")).isEmpty();
  }

  @Test
  void bootstrapWithTheGivenPasswordReturnsNothingToPrint() {
    assertThat(users.bootstrap("s3cret:Admin!pw")).isEmpty();

    assertThat(users.list()).containsExactly(new User(1, "admin", Role.ADMINISTRATOR));
    assertThat(users.verifyBasic("admin", "s3cret:Admin!pw")).isPresent();
    assertThat(users.verifyBearer("s3cret:Admin!pw")).isPresent();
  }

  @Test
  void bootstrapRefusesAShortOrSpacedPassword() {
    assertThatThrownBy(() -> users.bootstrap("short")).isInstanceOf(UserException.class);
    assertThatThrownBy(() -> users.bootstrap("has a space in it")).isInstanceOf(UserException.class);
    assertThat(users.isEmpty()).isTrue();
  }

  @Test
  void bootstrapLeavesExistingUsersAlone() {
    users.add("bob", Role.EDITOR);

    assertThat(users.bootstrap(null)).isEmpty();
    assertThat(users.list()).extracting(User::name).containsExactly("bob");
  }
}
