ALTER TABLE "executions" ADD COLUMN "waits" jsonb;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "resume" jsonb;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "resume_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "wait_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "executions_resume_at_idx" ON "executions" USING btree ("resume_at") WHERE status = 'waiting';