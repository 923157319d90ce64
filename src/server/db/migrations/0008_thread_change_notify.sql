-- Every change to what a thread page shows moves threads.version (lib/thread-version.ts), and
-- a deleted thread leaves its row; either is announced on commit to every instance, whose
-- visitors' page cache (modules/threads/visitor-pages.ts) drops that thread. NOTIFY is
-- delivered on commit only, and identical ones of a transaction are sent once.
CREATE FUNCTION "thread_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('hushboard_thread_changed', OLD."id"::text);
	ELSIF NEW."version" IS DISTINCT FROM OLD."version" OR NEW."is_deleted" IS DISTINCT FROM OLD."is_deleted" THEN
		PERFORM pg_notify('hushboard_thread_changed', NEW."id"::text);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "thread_change_notify" AFTER UPDATE OR DELETE ON "threads" FOR EACH ROW EXECUTE FUNCTION "thread_change_notify"();
