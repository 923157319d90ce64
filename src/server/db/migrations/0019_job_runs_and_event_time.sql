CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_duration_ms" integer NOT NULL,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
-- The announcement carries the writer's clock (ms since the epoch) as `at`, so each
-- instance measures how long an event took to reach its streams (modules/metrics). The
-- log's rows keep no new column; clients are sent `data` only.
CREATE OR REPLACE FUNCTION "event_log_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hushboard_events', json_build_object('id', NEW.id, 'topic', NEW.topic, 'type', NEW.type, 'data', NEW.data, 'at', floor(extract(epoch FROM clock_timestamp()) * 1000))::text);
	RETURN NULL;
END $$;
