CREATE TABLE "author_suspensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "author_suspensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_tag" varchar(32) NOT NULL,
	"thread_id" integer NOT NULL,
	"post_id" integer,
	"reason" varchar(500) NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_by_id" integer,
	"expires_at" timestamp with time zone,
	CONSTRAINT "author_suspensions_authorTag_unique" UNIQUE("author_tag")
);
--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD COLUMN "suspension_id" integer;--> statement-breakpoint
ALTER TABLE "author_suspensions" ADD CONSTRAINT "author_suspensions_suspended_by_id_users_id_fk" FOREIGN KEY ("suspended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_suspensions_thread_idx" ON "author_suspensions" USING btree ("thread_id");--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_suspension_id_author_suspensions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."author_suspensions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ban_appeals_suspension_id_idx" ON "ban_appeals" USING btree ("suspension_id");--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_one_target_check" CHECK (num_nonnulls("ban_appeals"."ban_id", "ban_appeals"."suspension_id") <= 1);--> statement-breakpoint
-- Hand-written (drizzle-kit does not make triggers): every change to the author suspensions
-- is announced to the instances, which keep the suspensions in force in memory
-- (modules/moderation/suspension-list.ts) and reload them on this, as the ban list does.
CREATE FUNCTION "suspension_list_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hushboard_suspensions', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "suspension_list_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "author_suspensions" FOR EACH STATEMENT EXECUTE FUNCTION "suspension_list_notify"();
