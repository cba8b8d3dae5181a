CREATE TYPE "public"."order_update_kind" AS ENUM('wip', 'delivery', 'sendBack');--> statement-breakpoint
ALTER TYPE "public"."media_purpose" ADD VALUE 'delivery';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'commission_delivery';--> statement-breakpoint
CREATE TABLE "order_update_files" (
	"update_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "order_update_files_update_id_position_pk" PRIMARY KEY("update_id","position")
);
--> statement-breakpoint
CREATE TABLE "order_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" "order_update_kind" NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "revisions_included" integer;--> statement-breakpoint
ALTER TABLE "commission_forms" ADD COLUMN "revisions_included" integer;--> statement-breakpoint
ALTER TABLE "commission_tasks" ADD COLUMN "revisions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_tasks" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "order_update_files" ADD CONSTRAINT "order_update_files_update_id_order_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."order_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_update_files" ADD CONSTRAINT "order_update_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_updates" ADD CONSTRAINT "order_updates_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_updates" ADD CONSTRAINT "order_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_update_files_media_idx" ON "order_update_files" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "order_updates_form_idx" ON "order_updates" USING btree ("form_id","id");