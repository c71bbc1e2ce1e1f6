package org.agenda.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the self-description (/doc, §9.3) says of the resource a route belongs to, declared by the feature that
 * owns it: its tag, noun and representation schema, the answers its routes give beyond the common ones, and the
 * component schemas its representations use. The operations of a route (list, create, read, update, delete) and
 * their summaries and statuses follow from this and from the route's pattern and methods.
 *
 * @param collection the first path segment of its routes ({@code events}), "" for the namespace itself
 * @param schema the component name of its representation ({@code Event}), whose list is {@code EventList}
 * @param readForbidden the error codes of a 403 on a read, when it has {@link Trait#HIDES_RECORDS}
 * @param writeRefusals what else a create or update may answer with 400, said in a sentence, or ""
 * @param schemas every component schema its answers use, by name, in the order /doc lists them
 */
public record ApiResource(String collection, String tag, String description, String schema, String noun,
    Set<Trait> traits, List<String> readForbidden, String writeRefusals, Map<String, ObjectNode> schemas) {

  /** Answers that a resource's routes have beyond the common ones. */
  public enum Trait {
    /** A list page beyond the last one answers 404. */
    PAGES_END,
    /** A read of a record the caller may not see answers 403. */
    HIDES_RECORDS,
    /** DELETE moves a record to the trash; deleting a trashed one again answers 410. */
    TRASHES,
    /** An unknown id answers 404 (elsewhere it is an invalid parameter). */
    UNKNOWN_ID_IS_NOT_FOUND
  }

  public ApiResource {
    traits = traits.isEmpty() ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(traits);
    readForbidden = List.copyOf(readForbidden);
    schemas = new LinkedHashMap<>(schemas);
  }

  public static ApiResource of(String collection, String tag, String noun, String schema, String description) {
    return new ApiResource(collection, tag, description, schema, noun, Set.of(), List.of(), "", Map.of());
  }

  public ApiResource with(Trait... added) {
    Set<Trait> all = EnumSet.noneOf(Trait.class);
    all.addAll(traits);
    all.addAll(List.of(added));
    return new ApiResource(collection, tag, description, schema, noun, all, readForbidden, writeRefusals, schemas);
  }

  public ApiResource forbiddenOnRead(String... codes) {
    return new ApiResource(collection, tag, description, schema, noun, traits, List.of(codes), writeRefusals, schemas);
  }

  public ApiResource refusingWrites(String sentence) {
    return new ApiResource(collection, tag, description, schema, noun, traits, readForbidden, sentence, schemas);
  }

  /** The same with these component schemas added after its own. */
  public ApiResource withSchemas(Map<String, ObjectNode> added) {
    Map<String, ObjectNode> all = new LinkedHashMap<>(schemas);
    all.putAll(added);
    return new ApiResource(collection, tag, description, schema, noun, traits, readForbidden, writeRefusals, all);
  }

  public boolean has(Trait trait) {
    return traits.contains(trait);
  }
}
