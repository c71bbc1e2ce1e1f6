package org.agenda.organizer;

import java.util.ArrayList;
import java.util.List;
import org.agenda.http.Param;
import org.agenda.http.ParamProblem;
import org.agenda.record.CommonFields;

/** The organizer write fields of §6.10, in the order of its field table. */
final class OrganizerFields {
  private static final java.util.regex.Pattern EMAIL = java.util.regex.Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

  private OrganizerFields() {}

  static List<Param> writeFields(boolean create) {
    var fields = new ArrayList<Param>();
    Param name = Param.string("organizer").maxLength(500).writeField()
        .describe("The organizer name, plain text, in the request language.");
    fields.add(create ? name.required() : name);
    fields.add(Param.string("description").maxLength(100_000).emptyClears().nullClears()
        .describe("The organizer description, HTML (sanitised), in the request language."));
    fields.add(Param.string("slug").maxLength(200).emptyClears().nullClears()
        .describe("The slug in the request language; empty derives it from the name."));
    fields.add(CommonFields.author("organizer"));
    fields.add(CommonFields.date());
    fields.add(CommonFields.dateUtc());
    fields.add(CommonFields.status());
    fields.add(Param.string("phone").maxLength(100).emptyClears().nullClears().describe("Phone number."));
    fields.add(CommonFields.website("organizer"));
    fields.add(Param.custom("email", OrganizerFields::email).emptyClears().nullClears().describe("E-mail address."));
    fields.add(CommonFields.image("organizer"));
    return List.copyOf(fields);
  }

  private static Object email(org.agenda.http.Raw raw) {
    var node = raw.node();
    if (raw.fromText() && node.isArray()) node = node.get(node.size() - 1);
    if (!node.isTextual()) throw new ParamProblem("rest_invalid_type", "email is not of type string.");
    String value = node.asText().trim();
    if (value.isEmpty()) return Param.CLEAR;
    if (value.codePointCount(0, value.length()) > 254) throw new ParamProblem("rest_too_long", "email must be at most 254 characters.");
    if (!EMAIL.matcher(value).matches()) throw new ParamProblem("rest_invalid_email", "email is not a valid e-mail address.");
    return value;
  }
}
