package org.agenda.record;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.agenda.http.ApiRequest;
import org.agenda.http.Caller;
import org.agenda.http.Invalid;
import org.agenda.text.HtmlSanitizer;
import org.agenda.text.PlainText;
import org.agenda.text.Slugs;
import org.jooq.DSLContext;

/**
 * Writes of venues and organizers that do not depend on their kind: creation (from their own route or
 * inline in an event payload, §6.4, §6.8), the shared fields of an update, and — for events too — the
 * text of the request language (§3.4).
 */
public final class RecordWrites {
  private final ZoneId siteZone;

  public RecordWrites(ZoneId siteZone) {
    this.siteZone = siteZone;
  }

  /** Creates a record from validated create values with text in {@code language} only; returns its id. */
  public <T extends StoredRecord> long create(RecordKind<T> kind, DSLContext dsl, Map<String, Object> values,
      String language, Caller caller, Instant now) {
    long dateUtc = CommonFields.publicationDate(values, now.getEpochSecond(), now, siteZone);
    String status = Status.toStore(caller, (String) values.get("status"), null, Instant.ofEpochSecond(dateUtc), now);
    long author = values.get("author") instanceof Long given ? given : caller.id();
    long id = Records.insert(dsl, kind.type(), new RecordRow(0, author, status, null, dateUtc, now.getEpochSecond(),
        text(values, "image"), text(values, "website")));
    kind.insertDetails(dsl, id, values);
    Translations.save(dsl, kind.type(), id, textAfterWrite(dsl, values, language, kind.type(), kind.type(), id, null),
        false);
    T created = kind.load(dsl, List.of(id)).get(id);
    SearchFields.replace(dsl, id, kind.searchTexts(created));
    return id;
  }

  /**
   * Applies an update request (§6.9) to a stored record: shared fields, the L text and the type's own
   * fields; {@code modified} changes only when something else did. Returns the record as stored after.
   */
  <T extends StoredRecord> T update(RecordKind<T> kind, DSLContext dsl, T stored, ApiRequest request) {
    RecordRow row = stored.row();
    long id = row.id();
    Map<String, Object> values = request.params();
    long dateUtc = CommonFields.publicationDate(values, row.dateUtc(), request.now(), siteZone);
    String status = Status.afterUpdate(request.caller(), request.string("status"), row.status(),
        Instant.ofEpochSecond(dateUtc), request.now());
    RecordRow changed = new RecordRow(id, request.has("author") ? request.integer("author") : row.author(), status,
        Status.TRASH.equals(status) ? row.statusBeforeTrash() : null, dateUtc, row.modifiedUtc(),
        request.has("image") ? text(values, "image") : row.image(),
        request.has("website") ? text(values, "website") : row.website());
    if (!changed.equals(row)) Records.update(dsl, changed);
    Translation old = stored.translations().get(request.language());
    Translation text = textAfterWrite(dsl, values, request.language(), kind.type(), kind.type(), id, old);
    if (text != null && !text.equals(old)) Translations.save(dsl, kind.type(), id, text, old != null);
    kind.updateDetails(dsl, id, values);
    T after = kind.load(dsl, List.of(id)).get(id);
    if (after.equals(stored)) return stored;
    SearchFields.replace(dsl, id, kind.searchTexts(after));
    Records.update(dsl, withModified(after.row(), request.now().getEpochSecond()));
    return kind.load(dsl, List.of(id)).get(id);
  }

  /** Moves a record to the trash, remembering its status for the permission rules (§4.4, §4.9). */
  static RecordRow trashed(RecordRow row, Instant now) {
    return new RecordRow(row.id(), row.author(), Status.TRASH, row.status(), row.dateUtc(), now.getEpochSecond(),
        row.image(), row.website());
  }

  private static RecordRow withModified(RecordRow row, long modifiedUtc) {
    return new RecordRow(row.id(), row.author(), row.status(), row.statusBeforeTrash(), row.dateUtc(), modifiedUtc,
        row.image(), row.website());
  }

  /**
   * The text in {@code language} of a record after a create or update (§3.4), from the validated values of
   * the write, or null when they hold no text and the record has none in that language. Given fields replace
   * the stored ones; a new translation needs the name field ({@code nameField}, else 400 missing) and gets a
   * derived or given slug; a given {@code slug} renames.
   */
  public static Translation textAfterWrite(DSLContext dsl, Map<String, Object> values, String language, String type,
      String nameField, long id, Translation existing) {
    boolean sendsText = values.containsKey(nameField) || values.containsKey("description")
        || values.containsKey("excerpt") || values.containsKey("slug");
    if (existing == null && !sendsText) return null;
    if (existing == null && !values.containsKey(nameField)) throw Invalid.missing(List.of(nameField));
    Translation text = existing != null ? existing : new Translation(language, "", "", "", "");
    if (values.containsKey(nameField)) text = text.withName(PlainText.stripTags((String) values.get(nameField)));
    if (values.containsKey("description")) text = text.withDescription(html(values, "description"));
    if (values.containsKey("excerpt")) text = text.withExcerpt(html(values, "excerpt"));
    if (existing == null || values.containsKey("slug")) {
      String wanted = values.get("slug") instanceof String slug ? Slugs.normalise(slug) : "";
      text = text.withSlug(Translations.uniqueSlug(dsl, type, language, wanted, text.name(), id));
    }
    return text;
  }

  /** Sanitised HTML; {@code ""} when the write clears the field. */
  private static String html(Map<String, Object> values, String name) {
    return values.get(name) instanceof String html ? HtmlSanitizer.sanitize(html) : "";
  }

  private static String text(Map<String, Object> values, String name) {
    return values.get(name) instanceof String value ? value : null;
  }
}
