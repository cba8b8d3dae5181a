-- A display card made while a review of its owner is being written (decision 0023): the card's
-- BEFORE INSERT read of the reviews did not see the uncommitted review, and the review's update of
-- the cards did not see the uncommitted card, so the review was counted by neither. Both triggers
-- now take one transaction-scoped advisory lock per artist first: the second waits for the first
-- to commit, and its next statement (a fresh snapshot in READ COMMITTED) sees what the first wrote.
CREATE OR REPLACE FUNCTION "reviews_display_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."side" = 'artist' THEN
    PERFORM pg_advisory_xact_lock(hashtext('review_totals'), hashtext(OLD."subject_id"::text));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."side" = 'artist' THEN
    PERFORM pg_advisory_xact_lock(hashtext('review_totals'), hashtext(NEW."subject_id"::text));
  END IF;
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
CREATE OR REPLACE FUNCTION "display_cards_review_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('review_totals'), hashtext(NEW."owner_id"::text));
  SELECT count(*)::int, coalesce(sum("stars"), 0)::int INTO NEW."review_count", NEW."review_stars"
    FROM "reviews" WHERE "subject_id" = NEW."owner_id" AND "side" = 'artist' AND "hidden_at" IS NULL;
  RETURN NEW;
END $$;
