package org.agenda.user;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoleTest {
  @Test
  void codesAreLowerCaseNamesFromHighestToLowest() {
    assertThat(Role.values()).extracting(Role::code)
        .containsExactly("administrator", "editor", "author", "contributor", "subscriber");
  }

  @Test
  void atLeastFollowsTheRank() {
    assertThat(Role.ADMINISTRATOR.atLeast(Role.EDITOR)).isTrue();
    assertThat(Role.AUTHOR.atLeast(Role.AUTHOR)).isTrue();
    assertThat(Role.AUTHOR.atLeast(Role.CONTRIBUTOR)).isTrue();
    assertThat(Role.CONTRIBUTOR.atLeast(Role.AUTHOR)).isFalse();
    assertThat(Role.SUBSCRIBER.atLeast(Role.CONTRIBUTOR)).isFalse();
  }

  @Test
  void parseAcceptsCodesInAnyCaseOnly() {
    assertThat(Role.parse("editor")).contains(Role.EDITOR);
    assertThat(Role.parse("Author")).contains(Role.AUTHOR);
    assertThat(Role.parse("admin")).isEmpty();
    assertThat(Role.parse("")).isEmpty();
    assertThat(Role.parse(null)).isEmpty();
  }
}
