package org.agenda.record;

import static org.agenda.record.RecordTables.*;
import static org.jooq.impl.DSL.*;

import java.util.List;
import org.agenda.text.Folding;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;

/**
 * The shared text fields of venues and organizers that {@code search} looks at, lower-cased in Java
 * (§0, §10.5), one row per field, so that "one field contains every fragment" (§6.7) is one query.
 */
final class SearchFields {
  private SearchFields() {}

  static void replace(DSLContext dsl, long id, List<String> texts) {
    dsl.deleteFrom(SEARCH_FIELDS).where(SF_RECORD.eq(id)).execute();
    for (String text : texts) {
      if (text != null && !text.isEmpty()) dsl.insertInto(SEARCH_FIELDS).set(SF_RECORD, id).set(SF_FOLDED, Folding.lower(text)).execute();
    }
  }

  /** One of the record's shared fields contains every fragment. */
  static Condition anyFieldContainsAll(List<String> fragments) {
    return exists(selectOne().from(SEARCH_FIELDS).where(SF_RECORD.eq(ID).and(containsAll(SF_FOLDED, fragments))));
  }

  /** The lower-cased column contains every (lower-cased) fragment. */
  static Condition containsAll(Field<String> folded, List<String> fragments) {
    Condition condition = trueCondition();
    for (String fragment : fragments) condition = condition.and(position(folded, inline(fragment)).gt(0));
    return condition;
  }
}
