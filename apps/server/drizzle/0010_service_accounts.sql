CREATE TABLE "encryption_check" (
	"id" text PRIMARY KEY NOT NULL,
	"blob" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_account_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"service_account_id" text NOT NULL,
	"user_id" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"auth_type" text NOT NULL,
	"url" text,
	"public_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_data" text,
	"key_id" text,
	"token_hash" text,
	"health_status" text DEFAULT 'unchecked' NOT NULL,
	"health_message" text,
	"checked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_account_oauth_states" ADD CONSTRAINT "service_account_oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_account_oauth_states" ADD CONSTRAINT "service_account_oauth_states_service_account_id_service_accounts_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_account_oauth_states_expires_idx" ON "service_account_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "service_accounts_workspace_name_idx" ON "service_accounts" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_token_hash_unique" ON "service_accounts" USING btree ("token_hash");