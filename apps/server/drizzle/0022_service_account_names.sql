-- Two service accounts with the same name (ignoring case) in one workspace are refused from now
-- on (docs/adr/0082). Those that already exist keep working: the oldest keeps its name, each
-- later one is renamed 'Nome (2)', 'Nome (3)'… (the first number free in its workspace, the name
-- cut to fit the 120 characters). Nothing is deleted; flows refer to accounts by id.
DO $$
DECLARE
  duplicate record;
  n integer;
  candidate text;
BEGIN
  FOR duplicate IN
    SELECT id, workspace_id, name FROM (
      SELECT id, workspace_id, name,
        row_number() OVER (PARTITION BY workspace_id, lower(name) ORDER BY created_at, id) AS rank
      FROM service_accounts
    ) ranked
    WHERE rank > 1
    ORDER BY workspace_id, lower(name), rank
  LOOP
    n := 2;
    LOOP
      candidate := left(duplicate.name, 120 - length(' (' || n || ')')) || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM service_accounts
        WHERE workspace_id = duplicate.workspace_id AND lower(name) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE service_accounts SET name = candidate WHERE id = duplicate.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_workspace_name_unique" ON "service_accounts" USING btree ("workspace_id",lower("name"));
