CREATE TABLE "db_records" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"table_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "db_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"group_id" text,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"removed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apply_default_values_new_fields" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "db_records" ADD CONSTRAINT "db_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_records" ADD CONSTRAINT "db_records_table_id_db_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."db_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_tables" ADD CONSTRAINT "db_tables_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "db_tables" ADD CONSTRAINT "db_tables_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "db_records_table_created_idx" ON "db_records" USING btree ("table_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "db_tables_workspace_name_unique" ON "db_tables" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "db_tables_workspace_group_idx" ON "db_tables" USING btree ("workspace_id","group_id");