CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"user_id" text,
	"api_key_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"ip" text,
	"resource_kind" text DEFAULT '' NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"resource_name" text DEFAULT '' NOT NULL,
	"resource" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"changes" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_workspace_time_idx" ON "audit_events" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_workspace_category_time_idx" ON "audit_events" USING btree ("workspace_id","category","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("created_at");