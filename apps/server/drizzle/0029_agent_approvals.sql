CREATE TABLE "agent_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"tool_name" text NOT NULL,
	"tool_label" text NOT NULL,
	"tool_kind" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"model_text" text NOT NULL,
	"input" jsonb,
	"flow_data" jsonb,
	"state" jsonb,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" text,
	"reason" text,
	CONSTRAINT "agent_approvals_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "agent_approvals" ADD CONSTRAINT "agent_approvals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_approvals_workspace_idx" ON "agent_approvals" USING btree ("workspace_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "agent_approvals_execution_idx" ON "agent_approvals" USING btree ("execution_id");