CREATE TABLE "banned_ips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banned_ips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ip_hash" varchar(64) NOT NULL,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"banned_by_id" integer,
	"reason" varchar(500),
	"expires_at" timestamp with time zone,
	CONSTRAINT "banned_ips_ipHash_unique" UNIQUE("ip_hash")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"icon" varchar(32) DEFAULT 'globe' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "crypto_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" varchar(10) NOT NULL,
	"address" varchar(128) NOT NULL,
	"use_for_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_tips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_tips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"amount" numeric(18, 8) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"from_user_id" integer,
	"thread_id" integer,
	"post_id" integer,
	"recipient_user_id" integer,
	"recipient_address" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "crypto_tips_txHash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "followers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follower_id" integer NOT NULL,
	"following_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followers_not_self_check" CHECK ("followers"."follower_id" <> "followers"."following_id")
);
--> statement-breakpoint
CREATE TABLE "membership_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan" varchar(10) NOT NULL,
	"amount" numeric(18, 8) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_purchases_txHash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"action" varchar(32) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" varchar(128) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"tx_hash" varchar(128) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"image_url" text,
	"image_name" varchar(255),
	"thumbnail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_to_id" integer,
	"ip_hash" varchar(64),
	"is_anonymous" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce("content", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_accesses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "premium_accesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"purchase_date" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" numeric(18, 8) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"status" varchar(20) DEFAULT 'confirmed' NOT NULL,
	CONSTRAINT "premium_accesses_txHash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer NOT NULL,
	"thread_id" integer,
	"post_id" integer,
	"reason" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_one_target_check" CHECK (num_nonnulls("reports"."thread_id", "reports"."post_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_threads" (
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_threads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"board_id" integer NOT NULL,
	"user_id" integer,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"image_name" varchar(255),
	"thumbnail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bumped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"is_sticky" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"ip_hash" varchar(64),
	"is_anonymous" boolean DEFAULT true NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"access_price" numeric(18, 8),
	"access_currency" varchar(10) DEFAULT 'ETH' NOT NULL,
	"premium_content" text,
	"total_tips_received" numeric(18, 8) DEFAULT '0' NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("content", '')), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"activity_type" varchar(32) NOT NULL,
	"activity_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" varchar(20) NOT NULL,
	"email" varchar(254),
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"post_count" integer DEFAULT 0 NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"membership_expires_at" timestamp with time zone,
	"total_tips_sent" numeric(18, 8) DEFAULT '0' NOT NULL,
	"total_tips_received" numeric(18, 8) DEFAULT '0' NOT NULL,
	"bio" text,
	"avatar_url" text
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"ip_hash" varchar(64),
	"thread_id" integer,
	"post_id" integer,
	"vote_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_vote_type_check" CHECK ("votes"."vote_type" IN (1, -1)),
	CONSTRAINT "votes_one_target_check" CHECK (num_nonnulls("votes"."thread_id", "votes"."post_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_challenges" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address" varchar(42) NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"address" varchar(42) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_links_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "banned_ips" ADD CONSTRAINT "banned_ips_banned_by_id_users_id_fk" FOREIGN KEY ("banned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_addresses" ADD CONSTRAINT "crypto_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_tips" ADD CONSTRAINT "crypto_tips_tx_hash_payment_transactions_tx_hash_fk" FOREIGN KEY ("tx_hash") REFERENCES "public"."payment_transactions"("tx_hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_tips" ADD CONSTRAINT "crypto_tips_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_tips" ADD CONSTRAINT "crypto_tips_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_tips" ADD CONSTRAINT "crypto_tips_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_tips" ADD CONSTRAINT "crypto_tips_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_purchases" ADD CONSTRAINT "membership_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_purchases" ADD CONSTRAINT "membership_purchases_tx_hash_payment_transactions_tx_hash_fk" FOREIGN KEY ("tx_hash") REFERENCES "public"."payment_transactions"("tx_hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_to_id_posts_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_accesses" ADD CONSTRAINT "premium_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_accesses" ADD CONSTRAINT "premium_accesses_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_accesses" ADD CONSTRAINT "premium_accesses_tx_hash_payment_transactions_tx_hash_fk" FOREIGN KEY ("tx_hash") REFERENCES "public"."payment_transactions"("tx_hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_threads" ADD CONSTRAINT "saved_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_threads" ADD CONSTRAINT "saved_threads_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_challenges" ADD CONSTRAINT "wallet_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_links" ADD CONSTRAINT "wallet_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_user_currency_address_idx" ON "crypto_addresses" USING btree ("user_id","currency","address");--> statement-breakpoint
CREATE INDEX "crypto_tips_thread_idx" ON "crypto_tips" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "crypto_tips_post_idx" ON "crypto_tips" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "crypto_tips_from_user_idx" ON "crypto_tips" USING btree ("from_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "crypto_tips_pending_idx" ON "crypto_tips" USING btree ("created_at") WHERE "crypto_tips"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "followers_pair_idx" ON "followers" USING btree ("follower_id","following_id");--> statement-breakpoint
CREATE INDEX "followers_following_idx" ON "followers" USING btree ("following_id");--> statement-breakpoint
CREATE INDEX "membership_purchases_user_idx" ON "membership_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_thread_idx" ON "posts" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WHERE NOT "posts"."is_deleted";--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_reply_to_idx" ON "posts" USING btree ("reply_to_id");--> statement-breakpoint
CREATE INDEX "posts_ip_hash_idx" ON "posts" USING btree ("ip_hash");--> statement-breakpoint
CREATE INDEX "premium_accesses_user_thread_idx" ON "premium_accesses" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_thread_idx" ON "reports" USING btree ("reporter_id","thread_id") WHERE "reports"."status" = 'open' AND "reports"."thread_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_post_idx" ON "reports" USING btree ("reporter_id","post_id") WHERE "reports"."status" = 'open' AND "reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_threads_user_idx" ON "saved_threads" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "threads_board_bump_idx" ON "threads" USING btree ("board_id","is_sticky" DESC NULLS FIRST,"bumped_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_board_created_idx" ON "threads" USING btree ("board_id","is_sticky" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_board_hot_idx" ON "threads" USING btree ("board_id","is_sticky" DESC NULLS FIRST,"hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_recent_idx" ON "threads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_hot_idx" ON "threads" USING btree ("hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_search_idx" ON "threads" USING gin ("search_vector") WHERE NOT "threads"."is_deleted";--> statement-breakpoint
CREATE INDEX "threads_user_idx" ON "threads" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_ip_hash_idx" ON "threads" USING btree ("ip_hash");--> statement-breakpoint
CREATE INDEX "user_activities_user_idx" ON "user_activities" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_activities_ip_hash_idx" ON "user_activities" USING btree ("ip_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "votes_user_thread_idx" ON "votes" USING btree ("user_id","thread_id") WHERE "votes"."thread_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "votes_user_post_idx" ON "votes" USING btree ("user_id","post_id") WHERE "votes"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "votes_thread_idx" ON "votes" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "votes_post_idx" ON "votes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "votes_ip_hash_idx" ON "votes" USING btree ("ip_hash");--> statement-breakpoint
CREATE INDEX "wallet_challenges_expires_idx" ON "wallet_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wallet_links_user_idx" ON "wallet_links" USING btree ("user_id");