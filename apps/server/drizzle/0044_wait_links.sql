CREATE TABLE "wait_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"token_hash" text NOT NULL,
	"input" jsonb,
	"flow_data" jsonb,
	"status" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "wait_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "wait_links" ADD CONSTRAINT "wait_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wait_links_execution_idx" ON "wait_links" USING btree ("execution_id");