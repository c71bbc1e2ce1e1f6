package org.agenda.user;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** The {@code user} command line of contract §10.3. */
public final class UserCommand {
  static final String USAGE = """
      usage: java -jar agenda.jar user add NAME --role ROLE
             java -jar agenda.jar user list
             java -jar agenda.jar user role NAME ROLE
             java -jar agenda.jar user password NAME
             java -jar agenda.jar user remove NAME
      ROLE is one of: administrator, editor, author, contributor, subscriber
      """;

  /** A command line that does not fit the usage: exit status 2. */
  private static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }

  private UserCommand() {}

  /**
   * Runs one user command; {@code args} are the words after {@code user}.
   *
   * @return the exit status: 0 success, 1 failure, 2 usage error
   */
  public static int run(List<String> args, Users users, PrintStream out, PrintStream err) {
    try {
      if (args.isEmpty()) throw new UsageException("missing subcommand");
      List<String> operands = args.subList(1, args.size());
      switch (args.get(0)) {
        case "add" -> add(operands, users, out);
        case "list" -> {
          expect(operands, 0);
          users.list().forEach(user -> out.println(user.id() + "\t" + user.name() + "\t" + user.role().code()));
        }
        case "role" -> {
          expect(operands, 2);
          users.changeRole(operands.get(0), role(operands.get(1)));
        }
        case "password" -> {
          expect(operands, 1);
          out.println(users.newPassword(operands.get(0)));
        }
        case "remove" -> {
          expect(operands, 1);
          users.remove(operands.get(0));
        }
        default -> throw new UsageException("unknown subcommand: " + args.get(0));
      }
      return 0;
    } catch (UsageException e) {
      err.println(e.getMessage());
      err.print(USAGE);
      return 2;
    } catch (UserException e) {
      err.println(e.getMessage());
      return 1;
    }
  }

  /** {@code NAME --role ROLE}; the option may also come first or be written {@code --role=ROLE}. */
  private static void add(List<String> operands, Users users, PrintStream out) {
    List<String> names = new ArrayList<>();
    String role = null;
    for (int i = 0; i < operands.size(); i++) {
      String word = operands.get(i);
      if (word.equals("--role")) {
        if (++i == operands.size()) throw new UsageException("--role needs a value");
        role = operands.get(i);
      } else if (word.startsWith("--role=")) {
        role = word.substring("--role=".length());
      } else if (word.startsWith("-")) {
        throw new UsageException("unknown option: " + word);
      } else {
        names.add(word);
      }
    }
    if (role == null) throw new UsageException("missing --role");
    expect(names, 1);
    out.println(users.add(names.get(0), role(role)));
  }

  private static void expect(List<String> operands, int count) {
    if (operands.size() < count) throw new UsageException("missing argument");
    if (operands.size() > count) throw new UsageException("unexpected argument: " + operands.get(count));
  }

  private static Role role(String code) {
    return Role.parse(code).orElseThrow(() -> new UsageException("unknown role: " + code));
  }
}
