CREATE TABLE "approval_wait_links" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"position" integer NOT NULL,
	"approver" text NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"fields" jsonb,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_waits" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"mode" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"data" jsonb,
	"fields" jsonb NOT NULL,
	"comment" boolean NOT NULL,
	"status" text NOT NULL,
	"input" jsonb,
	"flow_data" jsonb,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "approval_wait_links" ADD CONSTRAINT "approval_wait_links_request_id_approval_waits_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_waits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_waits" ADD CONSTRAINT "approval_waits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_wait_links_request_idx" ON "approval_wait_links" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "approval_waits_execution_idx" ON "approval_waits" USING btree ("workspace_id","execution_id");