ALTER TABLE "ban_appeals" DROP CONSTRAINT "ban_appeals_banId_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "ban_appeals_ban_id_ip_hash_idx" ON "ban_appeals" USING btree ("ban_id","ip_hash");