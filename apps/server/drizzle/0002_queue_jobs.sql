CREATE TABLE "queue_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"queue" text NOT NULL,
	"workspace_id" text NOT NULL,
	"concurrency_key" text,
	"concurrency_limit" integer DEFAULT 0 NOT NULL,
	"payload" jsonb,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_jobs_pick_idx" ON "queue_jobs" USING btree ("queue","status","run_at","seq");--> statement-breakpoint
CREATE INDEX "queue_jobs_active_idx" ON "queue_jobs" USING btree ("status","concurrency_key");