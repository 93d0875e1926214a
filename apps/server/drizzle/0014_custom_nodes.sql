CREATE TABLE "custom_node_versions" (
	"custom_node_id" text NOT NULL,
	"version" integer NOT NULL,
	"params" jsonb NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_node_versions_custom_node_id_version_pk" PRIMARY KEY("custom_node_id","version")
);
--> statement-breakpoint
CREATE TABLE "custom_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"group_id" text,
	"name" text NOT NULL,
	"service_name" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"image_data" text DEFAULT '' NOT NULL,
	"execution_type" text DEFAULT 'custom_code' NOT NULL,
	"code" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_node_versions" ADD CONSTRAINT "custom_node_versions_custom_node_id_custom_nodes_id_fk" FOREIGN KEY ("custom_node_id") REFERENCES "public"."custom_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_nodes" ADD CONSTRAINT "custom_nodes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_nodes" ADD CONSTRAINT "custom_nodes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_nodes_workspace_name_idx" ON "custom_nodes" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "custom_nodes_workspace_group_idx" ON "custom_nodes" USING btree ("workspace_id","group_id");