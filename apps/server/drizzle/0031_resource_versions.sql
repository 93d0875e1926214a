CREATE TABLE "resource_versions" (
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"author_id" text,
	"author_name" text,
	"message" text DEFAULT '' NOT NULL,
	"restored_from" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "resource_versions_kind_resource_id_number_pk" PRIMARY KEY("kind","resource_id","number")
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboards" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "db_tables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "flow_version" integer;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "version_keep_count" integer;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "version_keep_days" integer;--> statement-breakpoint
ALTER TABLE "resource_versions" ADD CONSTRAINT "resource_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_versions_workspace_created_idx" ON "resource_versions" USING btree ("workspace_id","created_at");