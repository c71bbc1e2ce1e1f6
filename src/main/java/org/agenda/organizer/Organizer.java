package org.agenda.organizer;

import java.util.Map;
import org.agenda.record.RecordRow;
import org.agenda.record.StoredRecord;
import org.agenda.record.Translation;

/** A stored organizer: the shared record fields, its text per language and its contact data (§5.7). */
public record Organizer(RecordRow row, Map<String, Translation> translations, String phone, String email)
    implements StoredRecord {}
