ALTER TABLE "commission_forms" ADD COLUMN "waitlist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "show_in_queue" boolean DEFAULT false NOT NULL;