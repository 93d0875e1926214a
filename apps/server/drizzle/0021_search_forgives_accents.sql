-- Lower case without accents (docs/adr/0079): what every search compares, on both sides of
-- LIKE, and what the trigram indexes of searched texts are built on. NFD splits 'ç' into 'c'
-- and a combining mark; the marks (U+0300-U+036F) go. The same rule as foldForSearch in
-- packages/shared/src/search-text.ts. An IMMUTABLE SQL function of immutable built-ins: the
-- planner inlines it, and an index on ponte_fold(column) serves ponte_fold(column) LIKE ….
CREATE OR REPLACE FUNCTION ponte_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g')) $$;--> statement-breakpoint
DROP INDEX "logs_message_trgm_idx";--> statement-breakpoint
DROP INDEX "logs_label_trgm_idx";--> statement-breakpoint
CREATE INDEX "logs_message_fold_trgm_idx" ON "logs" USING gin (ponte_fold("message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_label_fold_trgm_idx" ON "logs" USING gin (ponte_fold("label") gin_trgm_ops);--> statement-breakpoint
-- The text filter indexes of user tables' fields (record-sql.ts createFieldIndexSql) are
-- re-created on the folded text, with the same name, partial predicate and options.
DO $$
DECLARE
  existing record;
BEGIN
  FOR existing IN
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'db_records'
      AND indexname LIKE 'db_records_ix_%' AND indexdef LIKE '%gin_trgm_ops%'
  LOOP
    EXECUTE format('DROP INDEX %I', existing.indexname);
    EXECUTE regexp_replace(existing.indexdef, 'USING gin \((.*) gin_trgm_ops\)',
      'USING gin (ponte_fold(\1) gin_trgm_ops)');
  END LOOP;
END $$;
