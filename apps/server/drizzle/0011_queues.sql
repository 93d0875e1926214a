CREATE TABLE "queue_depth_samples" (
	"queue_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"delayed" integer NOT NULL,
	"waiting" integer NOT NULL,
	"paused" integer NOT NULL,
	"active" integer NOT NULL,
	"failed" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "queue_depth_samples_queue_id_at_pk" PRIMARY KEY("queue_id","at")
);
--> statement-breakpoint
CREATE TABLE "queue_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"queue_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"message" jsonb,
	"publisher" text NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"dedup_key" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp (3) with time zone NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"error" text,
	"execution_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"group_id" text,
	"name" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"max_per_second" integer DEFAULT 1 NOT NULL,
	"next_start_at" timestamp (3) with time zone,
	"consumer_flow_id" text,
	"apply_default_values_new_fields" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_depth_samples" ADD CONSTRAINT "queue_depth_samples_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_messages" ADD CONSTRAINT "queue_messages_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_consumer_flow_id_flows_id_fk" FOREIGN KEY ("consumer_flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_messages_pick_idx" ON "queue_messages" USING btree ("queue_id","status","run_at","seq");--> statement-breakpoint
CREATE INDEX "queue_messages_finished_idx" ON "queue_messages" USING btree ("queue_id","status","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_messages_dedup_unique" ON "queue_messages" USING btree ("queue_id","dedup_key") WHERE "queue_messages"."status" = 'waiting' and "queue_messages"."dedup_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_workspace_name_unique" ON "queues" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "queues_workspace_group_idx" ON "queues" USING btree ("workspace_id","group_id");