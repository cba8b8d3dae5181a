CREATE TYPE "public"."ai_label" AS ENUM('generated', 'assisted');--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "ai_label" "ai_label";--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "ai_label" "ai_label";--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "ai_label" "ai_label";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_ai" boolean DEFAULT false NOT NULL;