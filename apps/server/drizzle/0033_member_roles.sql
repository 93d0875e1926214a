ALTER TABLE "memberships" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_known" CHECK ("memberships"."role" in ('owner', 'admin', 'editor', 'operator', 'viewer'));--> statement-breakpoint
-- Who was there keeps every right they had (docs/adr/0106): the instance's owner is 'owner' in
-- each of their workspaces; every other member could do all but the owner's few things, which
-- is 'admin' now.
UPDATE "memberships" SET "role" = CASE WHEN "users"."is_owner" THEN 'owner' ELSE 'admin' END
  FROM "users" WHERE "users"."id" = "memberships"."user_id";
