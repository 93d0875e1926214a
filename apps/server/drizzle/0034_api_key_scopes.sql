ALTER TABLE "api_tokens" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Tokens made before scopes served the MCP server only: they keep exactly that (docs/adr/0106).
UPDATE "api_tokens" SET "scopes" = '["flows.read", "flows.run"]'::jsonb;
