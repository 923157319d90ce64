CREATE TABLE "ban_appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ban_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ban_id" integer,
	"message" varchar(1000) NOT NULL,
	"ip_hash" varchar(64),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"response" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer,
	CONSTRAINT "ban_appeals_banId_unique" UNIQUE("ban_id")
);
--> statement-breakpoint
CREATE TABLE "ip_hash_prefixes" (
	"ip_hash" varchar(64) PRIMARY KEY NOT NULL,
	"subnet_hash" varchar(64) NOT NULL,
	"wide_hash" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banned_ips" ADD COLUMN "scope" varchar(10) DEFAULT 'ip' NOT NULL;--> statement-breakpoint
ALTER TABLE "banned_ips" ADD COLUMN "range_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_ban_id_banned_ips_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."banned_ips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ban_appeals_status_idx" ON "ban_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ip_hash_prefixes_subnet_idx" ON "ip_hash_prefixes" USING btree ("subnet_hash");--> statement-breakpoint
CREATE INDEX "ip_hash_prefixes_wide_idx" ON "ip_hash_prefixes" USING btree ("wide_hash");--> statement-breakpoint
CREATE INDEX "ip_hash_prefixes_last_seen_idx" ON "ip_hash_prefixes" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "banned_ips_match_idx" ON "banned_ips" USING btree (coalesce("range_hash", "ip_hash"));