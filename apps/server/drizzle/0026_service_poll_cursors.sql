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
