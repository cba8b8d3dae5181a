CREATE TYPE "public"."application_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."request_privacy" AS ENUM('public', 'hidden');--> statement-breakpoint
CREATE TYPE "public"."type_of_work" AS ENUM('illustration', 'character', 'portrait', 'reference sheet', 'comic', 'animation', 'emote', 'design', 'other');--> statement-breakpoint
CREATE TABLE "request_application_references" (
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "request_application_references_application_id_position_pk" PRIMARY KEY("application_id","position")
);
--> statement-breakpoint
CREATE TABLE "request_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"card_uuid" uuid,
	"card_title" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"offered_price_cents" integer NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"form_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "request_applications_one_per_artist" UNIQUE("request_id","sender_id")
);
--> statement-breakpoint
CREATE TABLE "request_media" (
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "request_media_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_of_work" "type_of_work" NOT NULL,
	"additional_requirements" text DEFAULT '' NOT NULL,
	"preferences" text DEFAULT '' NOT NULL,
	"price_min_cents" integer DEFAULT 0 NOT NULL,
	"price_max_cents" integer DEFAULT 0 NOT NULL,
	"deadline_days" integer NOT NULL,
	"privacy" "request_privacy" DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_guid_unique" UNIQUE("guid"),
	CONSTRAINT "requests_price_range" CHECK ("requests"."price_min_cents" >= 0 and "requests"."price_min_cents" <= "requests"."price_max_cents")
);
--> statement-breakpoint
ALTER TABLE "request_application_references" ADD CONSTRAINT "request_application_references_application_id_request_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."request_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_application_references" ADD CONSTRAINT "request_application_references_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_applications" ADD CONSTRAINT "request_applications_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_applications" ADD CONSTRAINT "request_applications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_applications" ADD CONSTRAINT "request_applications_card_uuid_commission_cards_uuid_fk" FOREIGN KEY ("card_uuid") REFERENCES "public"."commission_cards"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_applications" ADD CONSTRAINT "request_applications_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_media" ADD CONSTRAINT "request_media_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_media" ADD CONSTRAINT "request_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_applications_sender_idx" ON "request_applications" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_owner_idx" ON "requests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_public_idx" ON "requests" USING btree ("created_at" desc,"id" desc) WHERE "requests"."privacy" = 'public';--> statement-breakpoint
CREATE INDEX "requests_title_trgm_idx" ON "requests" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_description_trgm_idx" ON "requests" USING gin ("description" gin_trgm_ops);