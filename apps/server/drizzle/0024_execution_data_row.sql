CREATE TABLE "execution_data" (
	"execution_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"summaries" jsonb NOT NULL,
	"runs" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "execution_data_created_idx" ON "execution_data" USING brin ("created_at");--> statement-breakpoint
INSERT INTO "execution_data" ("execution_id", "workspace_id", "flow_id", "summaries", "runs", "bytes", "created_at")
SELECT "execution_id", min("workspace_id"), min("flow_id"),
	jsonb_agg("summary" ORDER BY "seq"),
	'{' || string_agg(to_json("node_uid")::text || ':' || "runs", ',' ORDER BY "seq") || '}',
	sum("bytes")::int, min("created_at")
FROM "execution_node_data" GROUP BY "execution_id";--> statement-breakpoint
DROP TABLE "execution_node_data" CASCADE;
