-- A trigram index of the searchable text of each translation (§10.5): event search (§6.3) looks up the records
-- whose text contains every required term of three or more characters with it, then checks its exact rule on
-- those alone, instead of on every event of the window (at a million events: seconds). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it. Where it is not installed or may not be
-- created, search works the same, without the index (and this migration warns).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX translations_text_trigrams ON translations
    USING gin ((name_folded || chr(10) || body_folded) gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege THEN
  RAISE WARNING 'no trigram index for search: %', SQLERRM;
END
$$;
