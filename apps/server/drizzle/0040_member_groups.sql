ALTER TABLE "invitations" ADD COLUMN "group_ids" jsonb;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "group_ids" jsonb;