package org.agenda.term;

import static org.agenda.http.JsonSchema.arrayOf;
import static org.agenda.http.JsonSchema.constant;
import static org.agenda.http.JsonSchema.enumOf;
import static org.agenda.http.JsonSchema.integer;
import static org.agenda.http.JsonSchema.ref;
import static org.agenda.http.JsonSchema.string;
import static org.agenda.http.JsonSchema.withMaxItems;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.Json;
import org.agenda.http.JsonSchema.Keys;
import org.agenda.http.ListPage;
import org.agenda.record.RecordSchemas;

/** How /doc describes categories and tags (§5.8, §6.11, §6.12), and a term embedded in an event. */
public final class TermSchemas {
  private TermSchemas() {}

  /** The resource of a taxonomy's routes. */
  static ApiResource resource(Taxonomy taxonomy) {
    boolean categories = taxonomy == Taxonomy.CATEGORIES;
    String schema = categories ? "Category" : "Tag";
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put(schema, term("A " + taxonomy.noun + " (§5.8.1).", taxonomy.value, taxonomy.hierarchical));
    schemas.put(schema + "List", ListPage.schema(taxonomy.collection, schema,
        "A page of " + taxonomy.collection + " (§5.11).", false));
    schemas.putAll(embedded());
    schemas.put("Translations", RecordSchemas.translations());
    schemas.put("Translation", RecordSchemas.translation());
    String refusals = " A name or slug already in use gives term_exists or duplicate_term_slug."
        + (taxonomy.hierarchical ? "" : " A parent gives rest_taxonomy_not_hierarchical.");
    return ApiResource.of(taxonomy.collection, categories ? "Categories" : "Tags", taxonomy.noun, schema,
            categories ? "Event categories, hierarchical." : "Event tags, flat.")
        .refusingWrites(refusals)
        .withSchemas(schemas);
  }

  /** EmbeddedTerm, a category or tag embedded in an event, and TermUrls, which it refers to. */
  public static Map<String, ObjectNode> embedded() {
    Map<String, ObjectNode> schemas = new LinkedHashMap<>();
    schemas.put("EmbeddedTerm", embeddedTerm());
    schemas.put("TermUrls", termUrls());
    return schemas;
  }

  private static ObjectNode term(String description, String taxonomy, boolean hierarchical) {
    var keys = new Keys();
    keys.always("id", integer("Term id."));
    keys.always("count", integer("Number of published events that carry the term."));
    keys.always("description", string("Description in the text language, sanitised HTML; \"\" if none."));
    keys.always("name", string("Name in the text language."));
    keys.always("slug", string("Slug in the text language."));
    keys.always("taxonomy", constant(taxonomy));
    if (hierarchical) keys.always("parent", integer("Parent category id, 0 at the top level."));
    keys.always("meta", withMaxItems(arrayOf(Json.object(), "Always []."), 0));
    keys.always("url", string("Public web page in the text language."));
    keys.always("urls", ref("TermUrls"));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    return keys.object(description);
  }

  private static ObjectNode embeddedTerm() {
    var keys = new Keys();
    keys.always("name", string("Name in the text language."));
    keys.always("slug", string("Slug in the text language."));
    keys.always("term_group", constant(0));
    keys.always("term_taxonomy_id", integer("Equals id."));
    keys.always("taxonomy", enumOf(List.of(TermTables.CATEGORY, TermTables.TAG),
        "cal_events_cat for categories, post_tag for tags."));
    keys.always("description", string("Description in the text language; \"\" if none."));
    keys.always("parent", integer("Parent category id; 0 for tags and top-level categories."));
    keys.always("count", integer("Number of published events that carry the term."));
    keys.always("filter", constant("raw"));
    keys.always("id", integer("Term id."));
    keys.always("urls", ref("TermUrls"));
    keys.always("language", string("The language of the text returned (T, §3.3)."));
    keys.always("translations", ref("Translations"));
    return keys.object("A category or tag embedded in an event (§5.8.2).");
  }

  private static ObjectNode termUrls() {
    var keys = new Keys();
    keys.always("self", string("This term in this API."));
    keys.always("collection", string("The list of its taxonomy."));
    keys.optional("up", string("The parent category, when there is one."));
    return keys.object("API links of a term.");
  }
}
