CREATE TABLE "event_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_log_topic_idx" ON "event_log" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "event_log_created_at_idx" ON "event_log" USING btree ("created_at");--> statement-breakpoint
-- Every event is announced to the instances' listeners (modules/events/listener.ts) when its
-- transaction commits: NOTIFY is delivered on commit, and never for a rolled-back write.
CREATE FUNCTION "event_log_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hushboard_events', json_build_object('id', NEW.id, 'topic', NEW.topic, 'type', NEW.type, 'data', NEW.data)::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_log_notify" AFTER INSERT ON "event_log" FOR EACH ROW EXECUTE FUNCTION "event_log_notify"();
