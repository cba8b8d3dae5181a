ALTER TABLE "commission_forms" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "commission_forms" AS f SET "due_at" = a."answered_at" + make_interval(days => r."deadline_days") FROM "request_applications" AS a JOIN "requests" AS r ON r."id" = a."request_id" WHERE a."form_id" = f."id" AND a."status" = 'approved' AND a."answered_at" IS NOT NULL;
