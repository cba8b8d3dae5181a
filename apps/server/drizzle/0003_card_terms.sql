ALTER TABLE "commission_cards" ADD COLUMN "terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "description_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "terms" text DEFAULT '' NOT NULL;