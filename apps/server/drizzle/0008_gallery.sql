CREATE TYPE "public"."hidden_tag_mode" AS ENUM('hide', 'blur');--> statement-breakpoint
CREATE TYPE "public"."gallery_privacy" AS ENUM('Public', 'Private', 'Hidden');--> statement-breakpoint
ALTER TYPE "public"."media_purpose" ADD VALUE 'gallery';--> statement-breakpoint
CREATE TABLE "display_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"media_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_shown" boolean DEFAULT false NOT NULL,
	"activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_allowed_users" (
	"folder_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "folder_allowed_users_folder_id_user_id_pk" PRIMARY KEY("folder_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"parent_id" uuid,
	"path" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"name" text NOT NULL,
	"privacy" "gallery_privacy" DEFAULT 'Public' NOT NULL,
	"effective_privacy" "gallery_privacy" DEFAULT 'Public' NOT NULL,
	"custom_icon" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"folder_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"privacy" "gallery_privacy" DEFAULT 'Public' NOT NULL,
	"effective_privacy" "gallery_privacy" DEFAULT 'Public' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_tags" (
	"user_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	"mode" "hidden_tag_mode" NOT NULL,
	CONSTRAINT "hidden_tags_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "commission_cards" ADD COLUMN "gallery_folder_id" uuid;--> statement-breakpoint
ALTER TABLE "display_cards" ADD CONSTRAINT "display_cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_allowed_users" ADD CONSTRAINT "folder_allowed_users_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_allowed_users" ADD CONSTRAINT "folder_allowed_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_id_media_id_fk" FOREIGN KEY ("id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_tags" ADD CONSTRAINT "hidden_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_tags" ADD CONSTRAINT "hidden_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_cards_owner_uq" ON "display_cards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "display_cards_shown_idx" ON "display_cards" USING btree ("activity_at" desc,"id" desc) WHERE "display_cards"."is_shown";--> statement-breakpoint
CREATE INDEX "folder_allowed_user_idx" ON "folder_allowed_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "folders_owner_idx" ON "folders" USING btree ("owner_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "gallery_images_owner_idx" ON "gallery_images" USING btree ("owner_id","folder_id","position");--> statement-breakpoint
CREATE INDEX "gallery_images_public_idx" ON "gallery_images" USING btree ("created_at" desc,"id" desc) WHERE "gallery_images"."effective_privacy" = 'Public';--> statement-breakpoint
ALTER TABLE "commission_cards" ADD CONSTRAINT "commission_cards_gallery_folder_id_folders_id_fk" FOREIGN KEY ("gallery_folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;