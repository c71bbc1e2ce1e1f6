package org.agenda.venue;

import static org.agenda.http.JsonSchema.bool;
import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.number;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.agenda.http.ApiResource;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.record.RecordSchemas;

/** How /doc describes venues (§5.6, §6.7–§6.9). */
final class VenueSchemas {
  private VenueSchemas() {}

  static final ApiResource RESOURCE = RecordSchemas.resource("venues", "Venues", "venue",
      "Venues: places with an address and coordinates.", venue(), "PlaceJsonLd", placeJsonLd());

  private static ObjectNode venue() {
    var keys = new Keys();
    RecordSchemas.head(keys, "venue");
    keys.always("venue", string("Name in the text language."));
    keys.optional("description", string("Description in the text language, sanitised HTML."));
    keys.always("slug", string("Slug in the text language."));
    keys.optional("image", ref("Image"));
    for (String field : List.of("address", "city", "country", "province", "state", "zip", "phone", "website")) {
      keys.optional(field, string("Present when non-empty."));
    }
    keys.optional("stateprovince", string("The stored value, or derived from state or province (§5.6)."));
    keys.optional("geo_lat", number("Latitude in decimal degrees; present together with geo_lng."));
    keys.optional("geo_lng", number("Longitude in decimal degrees; present together with geo_lat."));
    keys.optional("json_ld", ref("PlaceJsonLd"));
    keys.always("show_map", bool("Show a map."));
    keys.always("show_map_link", bool("Show a link to a map."));
    RecordSchemas.tail(keys);
    return keys.object("A venue (§5.6). Keys marked \"when non-empty\" in the contract are left out when empty.");
  }

  private static ObjectNode placeJsonLd() {
    var keys = new Keys();
    keys.optional("@context", constant("http://schema.org"));
    keys.always("@type", constant("Place"));
    keys.always("name", string(null));
    keys.always("description", string("Plain text."));
    keys.always("url", string("Public web page."));
    var address = new Keys();
    address.always("@type", constant("PostalAddress"));
    for (String member : List.of("streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry")) {
      address.optional(member, string(null));
    }
    keys.optional("address", address.object("Present when any address field is set."));
    var geo = new Keys();
    geo.always("@type", constant("GeoCoordinates"));
    geo.always("latitude", number(null));
    geo.always("longitude", number(null));
    keys.optional("geo", geo.object("Present when the venue has coordinates."));
    keys.optional("telephone", string(null));
    keys.optional("sameAs", string("Website."));
    return keys.object("schema.org Place of a venue (§5.10); @context only at the top of a json_ld key.");
  }
}
