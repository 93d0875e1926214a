CREATE TABLE "service_poll_cursors" (
	"workspace_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"fingerprint" text NOT NULL,
	"cursor" jsonb,
	"tick_at" timestamp (3) with time zone NOT NULL,
	"polled_at" timestamp (3) with time zone,
	"last_error" text,
	CONSTRAINT "service_poll_cursors_flow_id_node_uid_pk" PRIMARY KEY("flow_id","node_uid")
);
--> statement-breakpoint
ALTER TABLE "service_poll_cursors" ADD CONSTRAINT "service_poll_cursors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_poll_cursors" ADD CONSTRAINT "service_poll_cursors_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;