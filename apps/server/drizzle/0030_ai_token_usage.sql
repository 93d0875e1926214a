CREATE TABLE "ai_token_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"execution_id" text,
	"flow_id" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"tokens_in" integer NOT NULL,
	"tokens_out" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "ai_token_budget" bigint;--> statement-breakpoint
ALTER TABLE "ai_token_usage" ADD CONSTRAINT "ai_token_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_token_usage_workspace_time_idx" ON "ai_token_usage" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_token_usage_execution_idx" ON "ai_token_usage" USING btree ("workspace_id","execution_id");