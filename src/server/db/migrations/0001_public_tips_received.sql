ALTER TABLE "users" ADD COLUMN "public_tips_received" numeric(18, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Backfill: confirmed tips to signed content, at the rates and 8-decimal truncation
-- the tip verifier used when they were counted (TIP_USD_RATES, usdEstimate).
UPDATE "users" AS u SET "public_tips_received" = s.total
FROM (
  SELECT t."recipient_user_id" AS id, SUM(trunc(trunc(t."amount", 8) * r.rate, 8)) AS total
  FROM "crypto_tips" AS t
  JOIN (VALUES ('BTC', 60000::numeric), ('ETH', 3000), ('SOL', 150), ('DOGE', 0.1), ('USDT', 1), ('USDC', 1)) AS r(currency, rate)
    ON r.currency = t."currency"
  LEFT JOIN "posts" AS p ON p."id" = t."post_id"
  LEFT JOIN "threads" AS th ON th."id" = t."thread_id"
  WHERE t."status" = 'confirmed' AND t."recipient_user_id" IS NOT NULL
    AND CASE WHEN t."post_id" IS NOT NULL THEN p."is_anonymous" = false ELSE t."thread_id" IS NOT NULL AND th."is_anonymous" = false END
  GROUP BY t."recipient_user_id"
) AS s
WHERE u."id" = s.id;
