package org.agenda.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.Param;
import org.agenda.http.ParamProblem;
import org.agenda.http.Raw;
import org.agenda.text.PlainText;

/**
 * A venue or organizer given as an object inside an event payload (§6.4): its members validated with the
 * field definitions of that resource's create request. Problems name the member, e.g. {@code venue.city}.
 */
public final class InlineRecord {
  private InlineRecord() {}

  /** The typed values of the object's members; throws the first problem found. */
  public static Map<String, Object> validate(JsonNode object, boolean fromText, List<Param> fields, String nameField,
      Instant now) {
    Map<String, Object> values = new HashMap<>();
    for (Param field : fields) {
      Raw raw = object.has(field.name()) ? new Raw(object.get(field.name()), fromText) : null;
      if (field.isAbsent(raw)) {
        if (field.isRequired()) throw new ParamProblem("rest_empty_value", field.name() + " is required.");
        continue;
      }
      try {
        values.put(field.name(), field.convert(raw, now));
      } catch (ParamProblem problem) {
        throw new ParamProblem(problem.detailCode(), field.name() + ": " + problem.getMessage());
      }
    }
    if (PlainText.stripTags((String) values.get(nameField)).isEmpty()) {
      throw new ParamProblem("rest_empty_value", nameField + " must not be empty.");
    }
    return values;
  }
}
