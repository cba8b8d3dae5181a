-- Tag autocomplete on 100,000 tags (decision 0015): the words of live titles for the typo
-- correction (pg_trgm over a few thousand words instead of every title), kept by a trigger, and the
-- prefix indexes widened so the autocomplete reads them index-only.
CREATE TABLE "tag_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The words of one title, as the typo correction looks them up.
CREATE FUNCTION "tag_title_words"("title" text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM unnest(string_to_array(title, '_')) AS w WHERE char_length(w) >= 3
$$;--> statement-breakpoint
-- Keeps tag_words exact on every write to a title or its deletion, bulk inserts included.
CREATE FUNCTION "tag_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE tag_words SET uses = uses - 1 WHERE word = ANY (tag_title_words(OLD.title));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO tag_words (word, uses) SELECT w, 1 FROM unnest(tag_title_words(NEW.title)) AS w
    ON CONFLICT (word) DO UPDATE SET uses = tag_words.uses + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "tag_words" ("word", "uses")
  SELECT w, count(*) FROM "tags", unnest(tag_title_words("title")) AS w WHERE "deleted_at" IS NULL GROUP BY w;--> statement-breakpoint
CREATE TRIGGER "tag_words_sync" AFTER INSERT OR DELETE OR UPDATE OF "title", "deleted_at" ON "tags"
  FOR EACH ROW EXECUTE FUNCTION "tag_words_sync"();--> statement-breakpoint
CREATE INDEX "tag_words_trgm_idx" ON "tag_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tag_words_prefix_idx" ON "tag_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
DROP INDEX "tags_prefix_canonical_idx";--> statement-breakpoint
DROP INDEX "tags_canonical_usage_idx";--> statement-breakpoint
CREATE INDEX "tags_prefix_canonical_idx" ON "tags" USING btree ("title" text_pattern_ops,"usage_count","id","maturity","tag_type") WHERE "tags"."deleted_at" is null and "tags"."canonical_id" is null;--> statement-breakpoint
CREATE INDEX "tags_canonical_usage_idx" ON "tags" USING btree ("usage_count" desc,"title","id","maturity","tag_type") WHERE "tags"."deleted_at" is null and "tags"."canonical_id" is null;
