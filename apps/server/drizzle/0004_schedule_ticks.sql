CREATE TABLE "schedule_ticks" (
	"flow_id" text NOT NULL,
	"node_uid" text NOT NULL,
	"tick_at" timestamp (3) with time zone NOT NULL,
	"execution_id" text,
	CONSTRAINT "schedule_ticks_flow_id_node_uid_tick_at_pk" PRIMARY KEY("flow_id","node_uid","tick_at")
);
