package org.agenda.http;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.agenda.time.DateInput;

/**
 * A syntactically valid date input (§8.1). It is evaluated later, in the zone that concerns it (§8.2),
 * which may depend on other parameters of the same request.
 */
public record DateValue(String text) {
  public ZonedDateTime in(ZoneId zone, Instant now) {
    return DateInput.evaluate(text, zone, now)
        .orElseThrow(() -> new IllegalStateException("validated date no longer evaluates: " + text));
  }

  /** True when the value does not depend on the current time. */
  public boolean isAbsolute() {
    return DateInput.isAbsolute(text);
  }

  static boolean isValid(String text, Instant now) {
    return DateInput.evaluate(text, ZoneId.of("UTC"), now).isPresent();
  }
}
