-- A trigram index of the searchable text of each translation (§10.5): its lower-cased title and body. Event
-- search (§6.3) looks up the records with a translation that contains every required term of three or more
-- characters here, then checks its exact rule on those alone, instead of on every event of the window (at a
-- million events: seconds). Contentless: the text is in translations already. The triggers keep it in step with
-- every write of a translation, whatever makes it, and leave it alone when the folded text did not change.
--
-- The rowid of a translation's row is record_id * 1024 + the number of its language, (first letter - 'a') * 26
-- + (second letter - 'a'): languages are two letters a-z (system.Config), so the number is below 676 and
-- search finds the record as rowid >> 10. It is computed, not the translation's own rowid, since the table has
-- no INTEGER PRIMARY KEY and VACUUM may renumber its rowids.
CREATE VIRTUAL TABLE translation_text USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);

CREATE TRIGGER translation_text_after_insert AFTER INSERT ON translations BEGIN
  DELETE FROM translation_text
    WHERE rowid = new.record_id * 1024 + (unicode(new.lang) - 97) * 26 + unicode(substr(new.lang, 2)) - 97;
  INSERT INTO translation_text (rowid, text)
    VALUES (new.record_id * 1024 + (unicode(new.lang) - 97) * 26 + unicode(substr(new.lang, 2)) - 97,
      new.name_folded || char(10) || new.body_folded);
END;

CREATE TRIGGER translation_text_after_update AFTER UPDATE OF record_id, lang, name_folded, body_folded ON translations
  WHEN old.record_id IS NOT new.record_id OR old.lang IS NOT new.lang
    OR old.name_folded IS NOT new.name_folded OR old.body_folded IS NOT new.body_folded
BEGIN
  DELETE FROM translation_text
    WHERE rowid IN (old.record_id * 1024 + (unicode(old.lang) - 97) * 26 + unicode(substr(old.lang, 2)) - 97,
      new.record_id * 1024 + (unicode(new.lang) - 97) * 26 + unicode(substr(new.lang, 2)) - 97);
  INSERT INTO translation_text (rowid, text)
    VALUES (new.record_id * 1024 + (unicode(new.lang) - 97) * 26 + unicode(substr(new.lang, 2)) - 97,
      new.name_folded || char(10) || new.body_folded);
END;

CREATE TRIGGER translation_text_after_delete AFTER DELETE ON translations BEGIN
  DELETE FROM translation_text
    WHERE rowid = old.record_id * 1024 + (unicode(old.lang) - 97) * 26 + unicode(substr(old.lang, 2)) - 97;
END;

INSERT INTO translation_text (rowid, text)
  SELECT record_id * 1024 + (unicode(lang) - 97) * 26 + unicode(substr(lang, 2)) - 97,
    name_folded || char(10) || body_folded
  FROM translations;
