CREATE TABLE "alert_firings" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"closes_at" timestamp (3) with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"incident_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"claimed_until" timestamp (3) with time zone,
	"result_status" integer,
	"result_message" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"fired_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"group_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"action" text NOT NULL,
	"action_email_to" text DEFAULT '' NOT NULL,
	"action_email_message" text DEFAULT '' NOT NULL,
	"action_email_account_id" text,
	"action_webhook_method" text NOT NULL,
	"action_webhook_url" text DEFAULT '' NOT NULL,
	"match_log_type" text NOT NULL,
	"match_log_json_field" text DEFAULT '' NOT NULL,
	"match_log_content" text DEFAULT '' NOT NULL,
	"flow_id" text,
	"timewindow_seconds" integer DEFAULT 300 NOT NULL,
	"no_success_minutes" integer,
	"queue_id" text,
	"queue_depth_above" integer,
	"queue_depth_minutes" integer,
	"enabled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_firings_open_window_idx" ON "alert_firings" USING btree ("rule_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "alert_firings_rule_opened_idx" ON "alert_firings" USING btree ("rule_id","opened_at");--> statement-breakpoint
CREATE INDEX "alert_firings_state_idx" ON "alert_firings" USING btree ("state","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_unresolved_idx" ON "alert_incidents" USING btree ("rule_id") WHERE state <> 'resolved';--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_updated_idx" ON "alert_rules" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_group_idx" ON "alert_rules" USING btree ("workspace_id","group_id");--> statement-breakpoint
CREATE INDEX "alert_rules_enabled_type_idx" ON "alert_rules" USING btree ("enabled","type");