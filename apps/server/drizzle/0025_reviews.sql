CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"side" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_side" CHECK ("reviews"."side" in ('artist', 'buyer')),
	CONSTRAINT "reviews_not_self" CHECK ("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "display_cards" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "display_cards" ADD COLUMN "review_stars" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "display_cards" ADD COLUMN "rating_sort" numeric GENERATED ALWAYS AS (case when review_count > 0 then round(review_stars::numeric / review_count, 4) else 0 end) STORED;--> statement-breakpoint
ALTER TABLE "commission_tasks" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_tasks" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_form_author_uq" ON "reviews" USING btree ("form_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","side","created_at" desc,"id" desc) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "display_cards_rating_idx" ON "display_cards" USING btree ("rating_sort" desc,"review_count" desc,"id" desc) WHERE "display_cards"."is_shown";--> statement-breakpoint
-- Orders done before done_at existed: the last change of a done task is its approval.
UPDATE "commission_tasks" SET "done_at" = "updated_at" WHERE "status" = 'done';--> statement-breakpoint
-- The artist's review totals on their display card (decision 0023), kept in the transaction of
-- every write to reviews: a shown review of an artist counts; hiding, deleting or a star change
-- takes the old row away and adds the new one. Increments, so concurrent reviews never lose one.
CREATE FUNCTION "reviews_display_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."side" = 'artist' AND OLD."hidden_at" IS NULL THEN
    UPDATE "display_cards" SET "review_count" = "review_count" - 1, "review_stars" = "review_stars" - OLD."stars"
      WHERE "owner_id" = OLD."subject_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."side" = 'artist' AND NEW."hidden_at" IS NULL THEN
    UPDATE "display_cards" SET "review_count" = "review_count" + 1, "review_stars" = "review_stars" + NEW."stars"
      WHERE "owner_id" = NEW."subject_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reviews_display_card_totals" AFTER INSERT OR DELETE OR UPDATE OF "hidden_at", "stars", "side", "subject_id"
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION "reviews_display_card_totals"();--> statement-breakpoint
-- A display card made after its owner's first reviews starts with their totals.
CREATE FUNCTION "display_cards_review_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*)::int, coalesce(sum("stars"), 0)::int INTO NEW."review_count", NEW."review_stars"
    FROM "reviews" WHERE "subject_id" = NEW."owner_id" AND "side" = 'artist' AND "hidden_at" IS NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "display_cards_review_totals" BEFORE INSERT ON "display_cards"
  FOR EACH ROW EXECUTE FUNCTION "display_cards_review_totals"();
