CREATE TABLE "instance_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ponte_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "owner_id" text;--> statement-breakpoint
CREATE INDEX "ponte_processes_lease_idx" ON "ponte_processes" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "executions_running_owner_idx" ON "executions" USING btree ("owner_id") WHERE status = 'running';