package org.agenda.series;

/**
 * Why a recurrence cannot be served: {@link #code()} is a stable detail code such as
 * "recurrence_malformed", "recurrence_unknown_part", "recurrence_count_and_until",
 * "recurrence_no_occurrence", "recurrence_too_many", "recurrence_too_frequent",
 * "recurrence_before_start" (an RDATE before the first start) or "recurrence_excludes_first" (an EXDATE of
 * the first start, which is the series event itself); the message is one clear English sentence naming the
 * offending line.
 */
public final class RecurrenceException extends RuntimeException {
  private final String code;

  RecurrenceException(String code, String message) {
    super(message);
    this.code = code;
  }

  public String code() {
    return code;
  }
}
