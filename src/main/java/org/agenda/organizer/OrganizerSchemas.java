package org.agenda.organizer;

import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.agenda.http.ApiResource;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.record.RecordSchemas;

/** How /doc describes organizers (§5.7, §6.10). */
final class OrganizerSchemas {
  private OrganizerSchemas() {}

  static final ApiResource RESOURCE = RecordSchemas.resource("organizers", "Organizers", "organizer",
      "Organizers: contact data.", organizer(), "PersonJsonLd", personJsonLd());

  private static ObjectNode organizer() {
    var keys = new Keys();
    RecordSchemas.head(keys, "organizer");
    keys.always("organizer", string("Name in the text language."));
    keys.optional("description", string("Description in the text language, sanitised HTML."));
    keys.always("slug", string("Slug in the text language."));
    keys.optional("image", ref("Image"));
    for (String field : List.of("phone", "website", "email")) keys.optional(field, string("Present when non-empty."));
    keys.optional("json_ld", ref("PersonJsonLd"));
    RecordSchemas.tail(keys);
    return keys.object("An organizer (§5.7). Empty phone, website and email are left out.");
  }

  private static ObjectNode personJsonLd() {
    var keys = new Keys();
    keys.optional("@context", constant("http://schema.org"));
    keys.always("@type", constant("Person"));
    keys.always("name", string(null));
    keys.always("description", string("Plain text."));
    keys.always("url", string("Public web page."));
    keys.optional("telephone", string(null));
    keys.optional("email", string(null));
    keys.optional("sameAs", string("Website."));
    return keys.object("schema.org Person of an organizer (§5.10); @context only at the top of a json_ld key.");
  }
}
