package org.agenda.user;

/** A user as stored: the name is always lower-case. */
public record User(long id, String name, Role role) {}
