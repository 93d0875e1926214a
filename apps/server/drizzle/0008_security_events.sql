CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"user_id" text,
	"kind" text NOT NULL,
	"resource" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_workspace_time_idx" ON "security_events" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "security_events_workspace_kind_time_idx" ON "security_events" USING btree ("workspace_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "security_events_time_idx" ON "security_events" USING btree ("created_at");