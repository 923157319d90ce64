ALTER TABLE "boards" ADD COLUMN "list_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit does not make triggers): a thread created, deleted or whose
-- version (threads.version) moves moves its board's list_version, in the same transaction,
-- so a visitor's revalidation of an unchanged board list is one look-up of the board's row.
CREATE FUNCTION "board_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE "boards" SET "list_version" = "list_version" + 1 WHERE "id" = OLD."board_id";
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."board_id" IS DISTINCT FROM OLD."board_id") THEN
		UPDATE "boards" SET "list_version" = "list_version" + 1 WHERE "id" = NEW."board_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "board_list_version" AFTER INSERT OR DELETE OR UPDATE OF "version", "board_id" ON "threads" FOR EACH ROW EXECUTE FUNCTION "board_list_version"();
