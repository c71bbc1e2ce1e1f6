package org.agenda.user;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/** The credentials of an Authorization header, normalised: name lower-cased, spaces removed from the password. */
sealed interface Credentials {
  record Basic(String name, String password) implements Credentials {
    @Override
    public String canonical() {
      return "Basic " + name + ":" + password;
    }

    @Override
    public Optional<User> verify(Users users) {
      return users.verifyBasic(name, password);
    }
  }

  record Bearer(String password) implements Credentials {
    @Override
    public String canonical() {
      return "Bearer " + password;
    }

    @Override
    public Optional<User> verify(Users users) {
      return users.verifyBearer(password);
    }
  }

  /** One string per distinct credential, for the cache of verified credentials. */
  String canonical();

  /** The user these credentials belong to; runs bcrypt. */
  Optional<User> verify(Users users);

  /** Empty for anything but a well-formed Basic or Bearer header. */
  static Optional<Credentials> parse(String header) {
    String[] parts = header.trim().split("\\s+", 2);
    if (parts.length < 2) return Optional.empty();
    String scheme = parts[0];
    if (scheme.equalsIgnoreCase("Basic")) return basic(parts[1]);
    if (scheme.equalsIgnoreCase("Bearer")) return password(parts[1]).map(Bearer::new);
    return Optional.empty();
  }

  private static Optional<Credentials> basic(String encoded) {
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    int colon = decoded.indexOf(':');
    if (colon <= 0) return Optional.empty();
    String name = decoded.substring(0, colon).toLowerCase(Locale.ROOT);
    return password(decoded.substring(colon + 1)).map(password -> new Basic(name, password));
  }

  /** Passwords may be shown grouped ("abcd efgh …"), so spaces in them carry no meaning. */
  private static Optional<String> password(String presented) {
    String password = presented.replace(" ", "");
    return password.isEmpty() ? Optional.empty() : Optional.of(password);
  }
}
