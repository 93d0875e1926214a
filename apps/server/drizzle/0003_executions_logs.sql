CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger_node_uid" text NOT NULL,
	"status" text NOT NULL,
	"debug" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"duration_ms" integer,
	"steps" integer,
	"error" jsonb
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"node_uid" text,
	"type" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "executions_workspace_status_idx" ON "executions" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "executions_workspace_ended_idx" ON "executions" USING btree ("workspace_id","ended_at");--> statement-breakpoint
CREATE INDEX "executions_flow_idx" ON "executions" USING btree ("flow_id","queued_at");--> statement-breakpoint
CREATE INDEX "logs_workspace_time_idx" ON "logs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_flow_time_idx" ON "logs" USING btree ("flow_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_execution_idx" ON "logs" USING btree ("execution_id");--> statement-breakpoint
CREATE INDEX "logs_workspace_type_time_idx" ON "logs" USING btree ("workspace_id","type","created_at");--> statement-breakpoint
CREATE INDEX "logs_message_trgm_idx" ON "logs" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_label_trgm_idx" ON "logs" USING gin ("label" gin_trgm_ops);