CREATE TABLE "pow_spent" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pow_spent_expires_at_idx" ON "pow_spent" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written: spent solutions live five minutes and a crash may forget them; unlogged, spending one writes no WAL and waits for no flush.
ALTER TABLE "pow_spent" SET UNLOGGED;
