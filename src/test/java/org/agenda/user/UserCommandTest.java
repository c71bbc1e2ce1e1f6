package org.agenda.user;

import org.agenda.support.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.agenda.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserCommandTest {
  @TempDir Path directory;
  private Database db;
  private Users users;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void open() {
    db = TestDatabase.open(directory);
    users = new Users(db, new MutableClock(Instant.parse("2025-03-01T10:00:00Z")), TestDatabase.CHEAP_COST);
  }

  @AfterEach
  void close() {
    db.close();
  }

  private int run(String... args) {
    out.reset();
    err.reset();
    return UserCommand.run(List.of(args), users, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void addPrintsOnlyThePassword() {
    assertThat(run("add", "Bob", "--role", "editor")).isZero();

    assertThat(out()).matches("[A-Za-z0-9]{24}\n");
    assertThat(err()).isEmpty();
    User bob = users.byName("bob").orElseThrow();
    assertThat(bob.role()).isEqualTo(Role.EDITOR);
    assertThat(users.verifyBasic("bob", out().strip())).contains(bob);
  }

  @Test
  void addAcceptsTheRoleOptionFirstOrWithEqualsSign() {
    assertThat(run("add", "--role", "author", "amy")).isZero();
    assertThat(run("add", "kim", "--role=subscriber")).isZero();
    assertThat(users.list()).extracting(User::role).containsExactly(Role.AUTHOR, Role.SUBSCRIBER);
  }

  @Test
  void addFailuresExitWithOne() {
    run("add", "bob", "--role", "editor");

    assertThat(run("add", "BOB", "--role", "author")).isEqualTo(1);
    assertThat(out()).isEmpty();
    assertThat(err()).contains("already exists");
    assertThat(run("add", "not valid", "--role", "author")).isEqualTo(1);
    assertThat(err()).contains("invalid user name");
  }

  @Test
  void addUsageErrorsExitWithTwo() {
    String[][] commands = {
        {"add", "bob"}, {"add", "bob", "--role"}, {"add", "bob", "--role", "boss"}, {"add", "--role", "editor"},
        {"add", "bob", "amy", "--role", "editor"}, {"add", "bob", "--role", "editor", "--force"},
    };
    for (String[] command : commands) {
      assertThat(run(command)).as(String.join(" ", command)).isEqualTo(2);
      assertThat(err()).contains("usage:");
      assertThat(out()).isEmpty();
    }
    assertThat(users.isEmpty()).isTrue();
  }

  @Test
  void listPrintsIdNameAndRole() {
    users.bootstrap(null);
    users.add("bob", Role.CONTRIBUTOR);

    assertThat(run("list")).isZero();
    assertThat(out()).isEqualTo("1\tadmin\tadministrator\n2\tbob\tcontributor\n");
    assertThat(run("list", "extra")).isEqualTo(2);
  }

  @Test
  void listOfNoUsersPrintsNothing() {
    assertThat(run("list")).isZero();
    assertThat(out()).isEmpty();
  }

  @Test
  void roleChangesTheRoleSilently() {
    users.add("bob", Role.AUTHOR);

    assertThat(run("role", "Bob", "editor")).isZero();
    assertThat(out()).isEmpty();
    assertThat(users.byName("bob").orElseThrow().role()).isEqualTo(Role.EDITOR);
    assertThat(run("role", "nobody", "editor")).isEqualTo(1);
    assertThat(err()).contains("unknown user");
    assertThat(run("role", "bob", "boss")).isEqualTo(2);
    assertThat(err()).contains("unknown role: boss").contains("usage:");
    assertThat(run("role", "bob")).isEqualTo(2);
  }

  @Test
  void passwordPrintsANewPasswordAndRevokesTheOld() {
    String old = users.add("bob", Role.AUTHOR);

    assertThat(run("password", "bob")).isZero();
    String fresh = out().strip();
    assertThat(out()).matches("[A-Za-z0-9]{24}\n");
    assertThat(users.verifyBearer(fresh)).isPresent();
    assertThat(users.verifyBearer(old)).isEmpty();
    assertThat(run("password", "nobody")).isEqualTo(1);
    assertThat(run("password")).isEqualTo(2);
  }

  @Test
  void removeDeletesSilently() {
    users.add("bob", Role.AUTHOR);

    assertThat(run("remove", "bob")).isZero();
    assertThat(out()).isEmpty();
    assertThat(users.isEmpty()).isTrue();
    assertThat(run("remove", "bob")).isEqualTo(1);
    assertThat(err()).contains("unknown user");
    assertThat(run("remove")).isEqualTo(2);
  }

  @Test
  void missingOrUnknownSubcommandIsAUsageError() {
    assertThat(run()).isEqualTo(2);
    assertThat(err()).contains("usage:");
    assertThat(run("delete", "bob")).isEqualTo(2);
    assertThat(err()).contains("unknown subcommand: delete");
  }
}
