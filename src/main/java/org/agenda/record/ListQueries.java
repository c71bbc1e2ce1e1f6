package org.agenda.record;

import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.util.List;
import org.agenda.http.ApiRequest;
import org.agenda.http.Invalid;
import org.agenda.i18n.Languages;
import org.agenda.user.Role;
import org.jooq.CaseValueStep;
import org.jooq.CaseWhenStep;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Table;

/**
 * The parts of the event, venue and organizer lists that work alike (§4.7, §3.3): the {@code status}
 * filter and what each caller sees, and the text language T of each record in SQL.
 */
public final class ListQueries {
  private ListQueries() {}

  /** §4.7: for anonymous callers and subscribers any status but publish is "not allowed", even a non-status. */
  public static void checkStatusFilter(ApiRequest request, Invalid invalid) {
    List<String> statuses = request.list("status");
    boolean onlyPublish = statuses != null && statuses.equals(List.of(Status.PUBLISH));
    boolean unknownStatus = invalid.has("status") && invalid.detailCode("status").equals("rest_invalid_value");
    if (!request.caller().atLeast(Role.CONTRIBUTOR) && (statuses != null && !onlyPublish || unknownStatus)) {
      invalid.replace("status", "rest_not_allowed", "status: only publish may be requested.");
    }
  }

  /** The statuses in effect, in the order of {@link Status#ALL} (also their order in navigation URLs). */
  public static List<String> effectiveStatuses(ApiRequest request) {
    List<String> given = request.list("status");
    if (given == null) {
      return request.caller().atLeast(Role.CONTRIBUTOR) ? Status.DEFAULT_FOR_MEMBERS : List.of(Status.PUBLISH);
    }
    return Status.ALL.stream().filter(given::contains).toList();
  }

  /**
   * Status filter and can_read (§4.4, §4.7) on {@code records}: anonymous callers and subscribers see
   * published records; members see the requested statuses, trashed ones only where they could edit them.
   */
  public static Condition visibility(ApiRequest request, List<String> statuses) {
    if (!request.caller().atLeast(Role.CONTRIBUTOR)) return STATUS.eq(Status.PUBLISH);
    Condition condition = STATUS.in(statuses);
    if (statuses.contains(Status.TRASH)) condition = condition.and(STATUS.ne(Status.TRASH).or(canEdit(request)));
    return condition;
  }

  /** can_edit of §4.4 as SQL on {@code records}, for the caller of the request. */
  public static Condition canEdit(ApiRequest request) {
    var caller = request.caller();
    if (caller.atLeast(Role.EDITOR)) return trueCondition();
    if (caller.is(Role.AUTHOR)) return AUTHOR.eq(caller.id());
    if (caller.is(Role.CONTRIBUTOR)) {
      Field<String> effective = when(STATUS.eq(Status.TRASH), STATUS_BEFORE_TRASH).otherwise(STATUS);
      return AUTHOR.eq(caller.id()).and(effective.in(Status.DRAFT, Status.PENDING));
    }
    return falseCondition();
  }

  /** With fallback off, records without text in L are left out of lists (§3.3). */
  public static Condition translatedIfRequired(ApiRequest request, Languages languages) {
    if (languages.fallback()) return trueCondition();
    return exists(selectOne().from(TRANSLATIONS).where(T_RECORD.eq(ID).and(T_LANG.eq(request.language()))));
  }

  /**
   * A condition on the translation of each {@code records} row in its text language T (§3.3, §3.7):
   * {@code match} is written against the columns of {@code text}, an alias of the translations table.
   */
  public static Condition inTextLanguage(ApiRequest request, Languages languages, Table<?> text, Condition match) {
    var preferred = TRANSLATIONS.as("preferred");
    Field<String> preferredLanguage = field(name("preferred", "lang"), String.class);
    List<String> preference = languages.preference(request.language());
    CaseValueStep<String> ranking = choose(preferredLanguage);
    CaseWhenStep<String, Integer> cases = null;
    for (int i = 0; i < preference.size(); i++) {
      cases = cases == null ? ranking.when(inline(preference.get(i)), inline(i)) : cases.when(inline(preference.get(i)), inline(i));
    }
    Field<Integer> rank = cases.otherwise(inline(preference.size()));
    var textLanguage = select(preferredLanguage).from(preferred)
        .where(field(name("preferred", "record_id"), Long.class).eq(ID)).orderBy(rank.asc()).limit(1);
    String alias = text.getName();
    return exists(selectOne().from(text).where(field(name(alias, "record_id"), Long.class).eq(ID)
        .and(field(name(alias, "lang"), String.class).eq(field(textLanguage))).and(match)));
  }
}
