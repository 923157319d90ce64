ALTER TABLE "posts" ADD COLUMN "author_tag" varchar(32);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "author_key_sealed" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "author_tag" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "author_key_wrapped" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "author_key_escrow" text;