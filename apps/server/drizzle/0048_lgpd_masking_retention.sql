CREATE TABLE "retention_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"area" text NOT NULL,
	"target" text NOT NULL,
	"date_field" text,
	"days" integer NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"area" text NOT NULL,
	"source" text NOT NULL,
	"target_id" text,
	"target_name" text NOT NULL,
	"rule_id" text,
	"days" integer NOT NULL,
	"removed" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "personal_data_masked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_rules_target_unique" ON "retention_rules" USING btree ("workspace_id","area","target");--> statement-breakpoint
CREATE INDEX "retention_runs_workspace_at_idx" ON "retention_runs" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE INDEX "execution_data_flow_created_idx" ON "execution_data" USING btree ("flow_id","created_at");--> statement-breakpoint
CREATE INDEX "executions_trigger_msg_ended_idx" ON "executions" USING btree ("ended_at") WHERE trigger_msg is not null;