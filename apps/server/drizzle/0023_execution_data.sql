CREATE TABLE "execution_node_data" (
	"execution_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"seq" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"runs" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "execution_node_data_execution_id_node_uid_pk" PRIMARY KEY("execution_id","node_uid")
);
--> statement-breakpoint
CREATE TABLE "flow_snapshots" (
	"flow_id" text NOT NULL,
	"hash" text NOT NULL,
	"workspace_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "flow_snapshots_flow_id_hash_pk" PRIMARY KEY("flow_id","hash")
);
--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "mode" text DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "flow_hash" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "data_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "execution_node_data_workspace_created_idx" ON "execution_node_data" USING btree ("workspace_id","created_at");