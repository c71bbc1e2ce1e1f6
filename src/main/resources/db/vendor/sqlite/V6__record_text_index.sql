-- A trigram index of each record's searchable text (§10.5): the lower-cased title and body of all its
-- translations, one row per record with the record's id as rowid (a stable key: the translations table has no
-- INTEGER PRIMARY KEY, so VACUUM may renumber its rowids). Event search (§6.3) looks up the records whose text
-- contains every required term of three or more characters here, then checks its exact rule on those alone,
-- instead of on every event of the window (at a million events: seconds). Contentless: the text is in
-- translations already. The triggers keep it in step with every write, whatever writes it.
CREATE VIRTUAL TABLE record_text USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
);

CREATE TRIGGER record_text_after_insert AFTER INSERT ON translations BEGIN
  DELETE FROM record_text WHERE rowid = new.record_id;
  INSERT INTO record_text (rowid, text)
    SELECT record_id, group_concat(name_folded || char(10) || body_folded, char(10))
    FROM translations WHERE record_id = new.record_id GROUP BY record_id;
END;

CREATE TRIGGER record_text_after_update AFTER UPDATE OF record_id, name_folded, body_folded ON translations BEGIN
  DELETE FROM record_text WHERE rowid IN (old.record_id, new.record_id);
  INSERT INTO record_text (rowid, text)
    SELECT record_id, group_concat(name_folded || char(10) || body_folded, char(10))
    FROM translations WHERE record_id IN (old.record_id, new.record_id) GROUP BY record_id;
END;

CREATE TRIGGER record_text_after_delete AFTER DELETE ON translations BEGIN
  DELETE FROM record_text WHERE rowid = old.record_id;
  INSERT INTO record_text (rowid, text)
    SELECT record_id, group_concat(name_folded || char(10) || body_folded, char(10))
    FROM translations WHERE record_id = old.record_id GROUP BY record_id;
END;

INSERT INTO record_text (rowid, text)
  SELECT record_id, group_concat(name_folded || char(10) || body_folded, char(10))
  FROM translations GROUP BY record_id;
