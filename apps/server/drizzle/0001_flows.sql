CREATE TABLE "flows" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"group_id" text,
	"triggers" jsonb NOT NULL,
	"variables" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"thumbnail_data" text,
	"description" text DEFAULT '' NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flows_workspace_updated_idx" ON "flows" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "flows_workspace_group_idx" ON "flows" USING btree ("workspace_id","group_id");