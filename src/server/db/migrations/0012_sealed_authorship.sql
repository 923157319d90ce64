CREATE TABLE "authored_threads" (
	"ref" varchar(32) PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_activities_ip_hash_idx";--> statement-breakpoint
DROP INDEX "votes_user_thread_idx";--> statement-breakpoint
DROP INDEX "votes_user_post_idx";--> statement-breakpoint
DROP INDEX "votes_ip_hash_idx";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_tag" varchar(32);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_tag" varchar(32);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "author_key_sealed" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "author_tag" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "author_key_wrapped" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "author_key_escrow" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voter_tag" varchar(32);--> statement-breakpoint
CREATE INDEX "notifications_recipient_tag_idx" ON "notifications" USING btree ("recipient_tag","id" DESC NULLS LAST) WHERE "notifications"."recipient_tag" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_author_tag_idx" ON "posts" USING btree ("thread_id","author_tag") WHERE "posts"."author_tag" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "votes_voter_thread_idx" ON "votes" USING btree ("voter_tag","thread_id") WHERE "votes"."thread_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "votes_voter_post_idx" ON "votes" USING btree ("voter_tag","post_id") WHERE "votes"."post_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activities" DROP COLUMN "ip_hash";--> statement-breakpoint
ALTER TABLE "votes" DROP COLUMN "ip_hash";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_recipient_check" CHECK (num_nonnulls("notifications"."user_id", "notifications"."recipient_tag") = 1);--> statement-breakpoint
-- Sealed authorship (CONTRACT.md section 13). Timeline entries that named an account
-- beside its anonymous writing or its votes go; the start that follows this migration
-- tags the anonymous rows and the votes with their authors' keys, then unlinks them
-- (db/escrow-author-keys.ts).
DELETE FROM "user_activities" WHERE "activity_type" = 'voted';--> statement-breakpoint
DELETE FROM "user_activities" a USING "threads" t
  WHERE a."activity_type" = 'thread_created' AND t."id" = (a."activity_data"->>'threadId')::int AND t."is_anonymous";--> statement-breakpoint
DELETE FROM "user_activities" a USING "posts" p
  WHERE a."activity_type" = 'reply_created' AND p."id" = (a."activity_data"->>'postId')::int AND p."is_anonymous";--> statement-breakpoint
-- A user's counters count their named writing only, as everyone sees them.
UPDATE "users" u SET
  "thread_count" = (SELECT count(*) FROM "threads" t WHERE t."user_id" = u."id" AND NOT t."is_anonymous" AND NOT t."is_deleted"),
  "post_count" = (SELECT count(*) FROM "posts" p JOIN "threads" t ON t."id" = p."thread_id"
    WHERE p."user_id" = u."id" AND NOT p."is_anonymous" AND NOT p."is_deleted" AND NOT t."is_deleted");
--> statement-breakpoint
-- Anonymous writing's IP hashes were taken under the same key as named writing's, so
-- one address joined the two; they cannot be taken again under the new key (no address
-- is kept), so they go now rather than in 90 days.
UPDATE "threads" SET "ip_hash" = NULL WHERE "is_anonymous" AND "ip_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "ip_hash" = NULL WHERE "is_anonymous" AND "ip_hash" IS NOT NULL;
