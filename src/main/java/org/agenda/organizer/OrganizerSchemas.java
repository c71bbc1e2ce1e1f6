package org.agenda.organizer;

import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.http.ListPage;
import org.agenda.record.RecordSchemas;

/** How /doc describes organizers (§5.7, §6.10). */
final class OrganizerSchemas {
  private OrganizerSchemas() {}

  static final ApiResource RESOURCE = ApiResource.of("organizers", "Organizers", "organizer", "Organizer",
          "Organizers: contact data.")
      .with(ApiResource.Trait.PAGES_END, ApiResource.Trait.HIDES_RECORDS, ApiResource.Trait.TRASHES)
      .forbiddenOnRead("organizer-not-accessible")
      .withSchemas(schemas());

  private static Map<String, ObjectNode> schemas() {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("Organizer", organizer());
    schemas.put("PersonJsonLd", personJsonLd());
    schemas.put("OrganizerList", ListPage.schema("organizers", "Organizer", "A page of organizers (§5.11).", true));
    schemas.putAll(RecordSchemas.shared());
    return schemas;
  }

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
