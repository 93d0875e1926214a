CREATE TABLE "workspace_holidays" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"date" text NOT NULL,
	"name" text NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_holidays_date_shape" CHECK ("workspace_holidays"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "workspace_holidays" ADD CONSTRAINT "workspace_holidays_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_holidays" ADD CONSTRAINT "workspace_holidays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_holidays" ADD CONSTRAINT "workspace_holidays_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_holidays_date_unique" ON "workspace_holidays" USING btree ("workspace_id","date") WHERE not "workspace_holidays"."recurring";--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_holidays_month_day_unique" ON "workspace_holidays" USING btree ("workspace_id",right("date", 5)) WHERE "workspace_holidays"."recurring";--> statement-breakpoint
CREATE INDEX "workspace_holidays_workspace_idx" ON "workspace_holidays" USING btree ("workspace_id");