ALTER TABLE "membership_purchases" DROP CONSTRAINT "membership_purchases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "premium_accesses" DROP CONSTRAINT "premium_accesses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_purchases" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_accesses" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_by" varchar(16);--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "deleted_by" varchar(16);--> statement-breakpoint
ALTER TABLE "membership_purchases" ADD CONSTRAINT "membership_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_accesses" ADD CONSTRAINT "premium_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_image_idx" ON "posts" USING btree ("image_url") WHERE "posts"."image_url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "threads_image_idx" ON "threads" USING btree ("image_url") WHERE "threads"."image_url" IS NOT NULL;--> statement-breakpoint
-- Backfill: before authors could delete, every deletion was a moderator's.
UPDATE "threads" SET "deleted_by" = 'moderator' WHERE "is_deleted";--> statement-breakpoint
UPDATE "posts" SET "deleted_by" = 'moderator' WHERE "is_deleted";
