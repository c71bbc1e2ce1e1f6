package org.agenda.record;

import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiRequest;
import org.agenda.http.Param;
import org.agenda.time.DateTimes;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * {@code modified_after} and {@code modified_before}, filters of the five lists on each item's last change (its
 * {@code modified_utc}): strictly after, strictly before the moment given, to the second. The moment is any date
 * input of §8.1, evaluated in the site time zone like the other list dates; whole days are not rounded off.
 *
 * @param after epoch second, or null when not given
 * @param before epoch second, or null when not given
 */
public record ModifiedFilter(Long after, Long before) {
  /** The two parameters, for lists of {@code items} ("Events", "Tags"). */
  public static List<Param> params(String items) {
    String moment = " (any date of the list date formats, site time zone; a date alone is its 00:00:00; to the second, "
        + "never rounded to whole days).";
    return List.of(
        Param.date("modified_after").describe(items + " last modified strictly after this moment" + moment),
        Param.date("modified_before").describe(items + " last modified strictly before this moment" + moment));
  }

  /** The bounds the request gives, evaluated in the site time zone. */
  public static ModifiedFilter of(ApiRequest request, ZoneId zone) {
    return new ModifiedFilter(moment(request, "modified_after", zone), moment(request, "modified_before", zone));
  }

  private static Long moment(ApiRequest request, String name, ZoneId zone) {
    return request.has(name) ? request.dateIn(name, zone).toEpochSecond() : null;
  }

  /** The condition on a column of epoch seconds. */
  public Condition on(Field<Long> modifiedUtc) {
    Condition condition = DSL.trueCondition();
    if (after != null) condition = condition.and(modifiedUtc.gt(after));
    if (before != null) condition = condition.and(modifiedUtc.lt(before));
    return condition;
  }

  public boolean admits(long modifiedUtc) {
    return (after == null || modifiedUtc > after) && (before == null || modifiedUtc < before);
  }

  /** The effective bounds for navigation URLs, as {@code YYYY-MM-DD HH:MM:SS} in the site time zone. */
  public void putNavigation(Map<String, String> values, ZoneId zone) {
    if (after != null) values.put("modified_after", DateTimes.format(after, zone));
    if (before != null) values.put("modified_before", DateTimes.format(before, zone));
  }
}
