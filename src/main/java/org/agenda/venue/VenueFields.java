package org.agenda.venue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.agenda.http.Param;
import org.agenda.record.CommonFields;

/** The venue write fields of §6.8, in the order of its field table. */
final class VenueFields {
  static final List<String> ADDRESS_FIELDS = List.of("address", "city", "country", "province", "state", "zip");

  private VenueFields() {}

  static List<Param> writeFields(boolean create) {
    var fields = new ArrayList<Param>();
    Param venue = Param.string("venue").maxLength(500).writeField().describe("The venue name, plain text, in the request language.");
    fields.add(create ? venue.required() : venue);
    fields.add(Param.string("description").maxLength(100_000).emptyClears().nullClears()
        .describe("The venue description, HTML (sanitised), in the request language."));
    fields.add(Param.string("slug").maxLength(200).emptyClears().nullClears()
        .describe("The slug in the request language; empty derives it from the name."));
    fields.add(CommonFields.author("venue"));
    fields.add(CommonFields.date());
    fields.add(CommonFields.dateUtc());
    fields.add(CommonFields.status());
    fields.add(Param.bool("show_map").writeField().describe("Show a map of the venue (default true)."));
    fields.add(Param.bool("show_map_link").writeField().describe("Show a link to a map of the venue (default true)."));
    for (String name : ADDRESS_FIELDS) {
      fields.add(Param.string(name).maxLength(200).emptyClears().nullClears().describe("Address: " + name + ", plain text."));
    }
    fields.add(Param.string("stateprovince").maxLength(200).emptyClears().nullClears()
        .describe("State or province; derived from state or province when empty."));
    fields.add(Param.string("phone").maxLength(100).emptyClears().nullClears().describe("Phone number."));
    fields.add(CommonFields.website("venue"));
    fields.add(CommonFields.image("venue"));
    fields.add(Param.number("geo_lat").range(new BigDecimal("-90"), new BigDecimal("90"), false).emptyClears().nullClears()
        .describe("Latitude in decimal degrees; only together with geo_lng."));
    fields.add(Param.number("geo_lng").range(new BigDecimal("-180"), new BigDecimal("180"), false).emptyClears().nullClears()
        .describe("Longitude in decimal degrees; only together with geo_lat."));
    return List.copyOf(fields);
  }
}
