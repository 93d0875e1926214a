CREATE TABLE "queue_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"queue_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"message" jsonb,
	"publisher" text NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"delayed" boolean DEFAULT false NOT NULL,
	"dedup_key" text,
	"published_at" timestamp (3) with time zone NOT NULL,
	"run_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_restores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"restored" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_ledger" ADD CONSTRAINT "queue_ledger_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_restores" ADD CONSTRAINT "queue_restores_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_ledger_queue_idx" ON "queue_ledger" USING btree ("queue_id","published_at","id");--> statement-breakpoint
CREATE INDEX "queue_restores_queue_time_idx" ON "queue_restores" USING btree ("queue_id","at");