package org.agenda.user;

import java.util.Locale;
import java.util.Optional;

/** The roles of contract §4.1, declared from highest to lowest so that the order is the rank. */
public enum Role {
  ADMINISTRATOR, EDITOR, AUTHOR, CONTRIBUTOR, SUBSCRIBER;

  /** The name used in the database, on the command line and in the REST interface. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True when this role is {@code other} or higher ("X or higher" in the contract). */
  public boolean atLeast(Role other) {
    return ordinal() <= other.ordinal();
  }

  /** The role whose code is {@code code}, ignoring case; empty for anything else, including null. */
  public static Optional<Role> parse(String code) {
    if (code == null) return Optional.empty();
    for (Role role : values()) {
      if (role.code().equalsIgnoreCase(code.trim())) return Optional.of(role);
    }
    return Optional.empty();
  }
}
