-- A board's list_version moves with every change to its threads' list (0004_board_list_version);
-- that, or a change to the board itself, is announced on commit to every instance, whose
-- visitors' pages of the board (modules/threads/visitor-pages.ts) go. The payload is its code.
CREATE FUNCTION "board_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('hushboard_board_changed', OLD."code");
	ELSE
		PERFORM pg_notify('hushboard_board_changed', NEW."code");
		IF NEW."code" IS DISTINCT FROM OLD."code" THEN
			PERFORM pg_notify('hushboard_board_changed', OLD."code");
		END IF;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "board_change_notify" AFTER UPDATE OR DELETE ON "boards" FOR EACH ROW EXECUTE FUNCTION "board_change_notify"();
