-- The security log is folded into the audit log (docs/adr/0107): its events keep their kind as
-- the action, their user, resource, detail and time.
INSERT INTO "audit_events" ("workspace_id", "category", "action", "user_id", "resource", "detail", "created_at")
SELECT "workspace_id", 'security', "kind", "user_id", "resource", "detail", "created_at"
FROM "security_events"
ORDER BY "id";--> statement-breakpoint
DROP TABLE "security_events" CASCADE;
