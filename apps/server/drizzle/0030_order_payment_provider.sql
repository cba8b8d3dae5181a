CREATE TYPE "public"."payment_provider" AS ENUM('offPlatform', 'stripe');--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "payment_provider" "payment_provider";--> statement-breakpoint
-- Orders whose money already moved keep the provider that moved it (decision 0031, "One provider
-- per order"): a card payment held or made says Stripe (an order with money on both sides too: its
-- card money needs Stripe); a part marked paid or confirmed, or a ledger entry, with none of those
-- says off-platform, and so does a part asked for on a site that never used Stripe (with Stripe an
-- ask is a reminder). The rest follow the site's provider until their first payment step.
UPDATE "commission_forms" f SET "payment_provider" = 'stripe'
  WHERE EXISTS (SELECT 1 FROM "stripe_part_payments" s WHERE s."form_id" = f."id" AND s."held_at" IS NOT NULL);--> statement-breakpoint
UPDATE "commission_forms" f SET "payment_provider" = 'offPlatform'
  WHERE f."payment_provider" IS NULL AND (
    EXISTS (SELECT 1 FROM "order_payments" p WHERE p."form_id" = f."id" AND (p."marked_at" IS NOT NULL OR p."confirmed_at" IS NOT NULL
      OR (p."requested_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "stripe_accounts"))))
    OR EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t."form_id" = f."id"));
