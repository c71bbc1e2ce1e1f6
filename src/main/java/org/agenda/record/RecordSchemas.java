package org.agenda.record;

import static org.agenda.http.JsonSchema.arrayOf;
import static org.agenda.http.JsonSchema.dateTime;
import static org.agenda.http.JsonSchema.enumOf;
import static org.agenda.http.JsonSchema.integer;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;
import static org.agenda.http.JsonSchema.withPattern;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.Json;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.http.ListPage;

/** The parts of /doc's schemas that events, venues and organizers share (§5.1, §5.5, §5.9). */
public final class RecordSchemas {
  private RecordSchemas() {}

  /** The keys events, venues and organizers start with. Events carry their global ids first. */
  public static void head(Keys keys, String type) {
    keys.always("id", integer("Record id."));
    if (type.equals("event")) globalIds(keys);
    keys.always("author", withPattern(string("User id of the author, as a string."), "^[0-9]+$"));
    keys.always("status", enumOf(Status.ALL, "Publication status."));
    keys.always("date", dateTime("Publication date, site time zone."));
    keys.always("date_utc", dateTime("Publication date, UTC."));
    keys.always("modified", dateTime("Last change, site time zone."));
    keys.always("modified_utc", dateTime("Last change, UTC."));
    keys.always("url", string("Public web page in the text language."));
    keys.always("rest_url", string("URL of this " + type + " in this API."));
  }

  /** The keys venues and organizers end with. */
  public static void tail(Keys keys) {
    globalIds(keys);
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
  }

  private static void globalIds(Keys keys) {
    keys.always("global_id", string("Host and path of the public root, then ?id= and the id."));
    keys.always("global_id_lineage", arrayOf(string(null), "[global_id]."));
  }

  /**
   * The resource of venues or organizers: a list page beyond the last answers 404, a record the caller may not read
   * 403, and DELETE moves to the trash; its representation, its JSON-LD and its list envelope are its schemas.
   */
  public static ApiResource resource(String collection, String tag, String noun, String description,
      ObjectNode representation, String jsonLdName, ObjectNode jsonLd) {
    String schema = Character.toUpperCase(noun.charAt(0)) + noun.substring(1);
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put(schema, representation);
    schemas.put(jsonLdName, jsonLd);
    schemas.put(schema + "List", ListPage.schema(collection, schema, "A page of " + collection + " (§5.11).", true));
    schemas.putAll(shared());
    return ApiResource.of(collection, tag, noun, schema, description)
        .with(ApiResource.Trait.PAGES_END, ApiResource.Trait.HIDES_RECORDS, ApiResource.Trait.TRASHES)
        .forbiddenOnRead(noun + "-not-accessible")
        .withSchemas(schemas);
  }

  /** The components that the representations of records refer to: Image, Translations, Translation. */
  public static Map<String, ObjectNode> shared() {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("Image", image());
    schemas.put("Translations", translations());
    schemas.put("Translation", translation());
    return schemas;
  }

  private static ObjectNode image() {
    var keys = new Keys();
    keys.always("url", string("The absolute URL as stored."));
    keys.always("extension", string("Lower-cased file extension of the URL path, or \"\"."));
    return keys.object("An image (§5.5); images are not downloaded or inspected.");
  }

  /** Also the {@code translations} of terms. */
  public static ObjectNode translations() {
    ObjectNode schema = Json.object();
    schema.put("type", "object");
    schema.put("description", "One member per language in which the record has text, keyed by language code (§3.3).");
    schema.set("additionalProperties", ref("Translation"));
    return schema;
  }

  /** Also the {@code translations} members of terms. */
  public static ObjectNode translation() {
    var keys = new Keys();
    keys.always("slug", string("Slug in that language."));
    keys.always("rest_url", string("URL of the record in this API with that language segment."));
    return keys.object("The record's text in one language.");
  }
}
