-- Hand-written (drizzle-kit does not make triggers): every change to the bans is announced
-- to the instances, which keep the bans in force in memory (modules/moderation/ban-list.ts)
-- and reload them on this. No payload: the table is small and read whole. Once per
-- statement; NOTIFY is delivered on commit (never for a rolled-back write), and equal
-- notifications of one transaction are folded into one.
CREATE FUNCTION "ban_list_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hushboard_bans', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ban_list_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banned_ips" FOR EACH STATEMENT EXECUTE FUNCTION "ban_list_notify"();
