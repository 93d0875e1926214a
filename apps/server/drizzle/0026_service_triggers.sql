CREATE TABLE "service_hook_events" (
	"flow_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"key" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "service_hook_events_flow_id_node_uid_key_pk" PRIMARY KEY("flow_id","node_uid","key")
);
--> statement-breakpoint
CREATE TABLE "service_hook_registrations" (
	"flow_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"workspace_id" text NOT NULL,
	"account_id" text NOT NULL,
	"service_id" text NOT NULL,
	"address" text,
	"secret_blob" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "service_hook_registrations_flow_id_node_uid_pk" PRIMARY KEY("flow_id","node_uid")
);
--> statement-breakpoint
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
ALTER TABLE "service_hook_registrations" ADD CONSTRAINT "service_hook_registrations_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_hook_registrations" ADD CONSTRAINT "service_hook_registrations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_poll_cursors" ADD CONSTRAINT "service_poll_cursors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_poll_cursors" ADD CONSTRAINT "service_poll_cursors_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_hook_events_received_idx" ON "service_hook_events" USING btree ("flow_id","node_uid","received_at");