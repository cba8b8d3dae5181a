-- Trigram matching for tag autocomplete and search (PGlite loads the extension in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."tag_change_kind" AS ENUM('create', 'update', 'merge', 'delete');--> statement-breakpoint
CREATE TYPE "public"."tag_maturity" AS ENUM('SFW', 'NSFW');--> statement-breakpoint
CREATE TYPE "public"."tag_type" AS ENUM('General', 'Artist', 'Species', 'Meta', 'Copyright', 'Character');--> statement-breakpoint
CREATE TABLE "tag_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tag_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" "tag_change_kind" NOT NULL,
	"actor_id" uuid,
	"changes" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_parents" (
	"child_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	CONSTRAINT "tag_parents_child_id_parent_id_pk" PRIMARY KEY("child_id","parent_id"),
	CONSTRAINT "tag_parents_not_self" CHECK ("tag_parents"."child_id" <> "tag_parents"."parent_id")
);
--> statement-breakpoint
CREATE TABLE "tag_usages" (
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "tag_usages_subject_kind_subject_id_tag_id_pk" PRIMARY KEY("subject_kind","subject_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"maturity" "tag_maturity" DEFAULT 'SFW' NOT NULL,
	"tag_type" "tag_type" DEFAULT 'General' NOT NULL,
	"canonical_id" integer,
	"creator_id" uuid,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tags_not_own_synonym" CHECK ("tags"."canonical_id" is null or "tags"."canonical_id" <> "tags"."id"),
	CONSTRAINT "tags_usage_not_negative" CHECK ("tags"."usage_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tag_history" ADD CONSTRAINT "tag_history_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_history" ADD CONSTRAINT "tag_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_parents" ADD CONSTRAINT "tag_parents_child_id_tags_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_parents" ADD CONSTRAINT "tag_parents_parent_id_tags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_usages" ADD CONSTRAINT "tag_usages_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_canonical_id_tags_id_fk" FOREIGN KEY ("canonical_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_history_tag_idx" ON "tag_history" USING btree ("tag_id","id" desc);--> statement-breakpoint
CREATE INDEX "tag_parents_parent_idx" ON "tag_parents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tag_usages_tag_idx" ON "tag_usages" USING btree ("tag_id","subject_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_live_uq" ON "tags" USING btree ("title") WHERE "tags"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tags_title_trgm_idx" ON "tags" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_canonical_idx" ON "tags" USING btree ("canonical_id");--> statement-breakpoint
CREATE INDEX "tags_usage_idx" ON "tags" USING btree ("usage_count" desc);