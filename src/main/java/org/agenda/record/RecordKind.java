package org.agenda.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiResource;
import org.agenda.http.Param;
import org.agenda.http.Urls;
import org.jooq.DSLContext;

/**
 * What distinguishes venues from organizers (§5.6, §5.7, §6.7–§6.10); everything else about them —
 * routes, access, trash, translations, slugs, lists — is {@link RecordRoutes} and {@link RecordWrites}.
 */
public interface RecordKind<T extends StoredRecord> {
  /** The record type, which is also the name field ({@code venue}) and the noun of its error codes. */
  String type();

  /** The collection segment of its URLs ({@code venues}). */
  String collection();

  /** What the self-description says of its routes and representations. */
  ApiResource resource();

  /** The table that links events to records of this kind (§6.4). */
  RecordTables.LinkTable eventLinks();

  /** The write fields of its field table, in order; on create the name is required. */
  List<Param> writeFields(boolean create);

  /** The field at fault when fields that go in pairs are not given together (§6.8 coordinates), or null. */
  default String unpairedField(Map<String, Object> values) {
    return null;
  }

  /** Stores the type's own fields of a new record from validated create values. */
  void insertDetails(DSLContext dsl, long id, Map<String, Object> values);

  /** Writes the type's own fields that the values contain; the others keep theirs. */
  void updateDetails(DSLContext dsl, long id, Map<String, Object> values);

  /** The records of this type with these ids, in a fixed number of statements. */
  Map<Long, T> load(DSLContext dsl, Collection<Long> ids);

  /** The representation with its text in {@code text}; {@code json_ld} only for single reads. */
  ObjectNode render(T record, Translation text, Urls urls, boolean withJsonLd);

  /** The shared text fields that {@code search} looks at besides name and description (§6.7, §6.10). */
  List<String> searchTexts(T record);
}
