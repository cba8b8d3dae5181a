ALTER TABLE "display_cards" ADD COLUMN "carries_nsfw" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "display_cards_media_idx" ON "display_cards" USING gin ("media_ids");--> statement-breakpoint
-- Display cards keep whether they or one of their display images carry an NSFW tag or a
-- descendant of one (`carries_nsfw`, decision 0017): the same question
-- carriesNsfwSql asks of tag_usages and nsfw_tags, answered once per write instead of with
-- index probes per card and per display image on every /artists page. Triggers keep it exact in
-- the transaction of every write to tag_usages (taggings, merges, deletions), to nsfw_tags
-- (maturity, links, merges, deletions of tags: its own triggers, migration 0013) and to a card's
-- media_ids.
--
-- Concurrency: a tagging and a change to the NSFW closure must not each miss the other's
-- uncommitted rows. Writers of tag_usages and of media_ids take a shared transaction lock, changes
-- of nsfw_tags an exclusive one, before reading anything; each later statement of the trigger
-- takes a fresh snapshot (READ COMMITTED), so whichever comes second sees the first committed.
-- Two writes of one card's images and the same card (the owner's) are serialized by the
-- gallery's per-owner lock.
CREATE FUNCTION "display_card_carries_nsfw"(card_id uuid, media_ids uuid[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM tag_usages u JOIN nsfw_tags n ON n.tag_id = u.tag_id
                 WHERE u.subject_kind = 'displayCard' AND u.subject_id = card_id::text)
      OR EXISTS (SELECT 1 FROM unnest(media_ids) m(id)
                 JOIN tag_usages u ON u.subject_kind = 'galleryImage' AND u.subject_id = m.id::text
                 JOIN nsfw_tags n ON n.tag_id = u.tag_id)
$$;--> statement-breakpoint
-- Recomputes the cards `ids`, writing only the ones that change.
CREATE FUNCTION "display_cards_nsfw_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    UPDATE display_cards d SET carries_nsfw = x.v
    FROM (SELECT d2.id, display_card_carries_nsfw(d2.id, d2.media_ids) AS v
          FROM display_cards d2 WHERE d2.id = ANY(ids)) x
    WHERE d.id = x.id AND d.carries_nsfw IS DISTINCT FROM x.v;
  END IF;
END
$$;--> statement-breakpoint
-- (Statement triggers fire on empty statements too: those, and usages of other kinds, skip the lock.)
-- The cards a set of usages can move: those tagged, and those showing a tagged image. Only usages
-- of NSFW tags can (the others leave every card's answer as it was).
CREATE FUNCTION "display_cards_nsfw_usages"(kinds text[], subject_ids text[], tag_ids int[]) RETURNS uuid[]
LANGUAGE sql STABLE AS $$
  WITH c AS (
    SELECT x.kind, x.subject_id FROM unnest(kinds, subject_ids, tag_ids) x(kind, subject_id, tag_id)
    WHERE x.kind IN ('displayCard', 'galleryImage')
      AND EXISTS (SELECT 1 FROM nsfw_tags n WHERE n.tag_id = x.tag_id)
  )
  SELECT ARRAY(
    SELECT d.id FROM display_cards d
    WHERE d.id IN (SELECT c.subject_id::uuid FROM c WHERE c.kind = 'displayCard')
    UNION
    SELECT d.id FROM display_cards d
    WHERE d.media_ids && ARRAY(SELECT c.subject_id::uuid FROM c WHERE c.kind = 'galleryImage'))
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_nsfw_usages_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[]; t int[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM added x WHERE x.subject_kind IN ('displayCard', 'galleryImage')) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('display_cards_nsfw'), 0);
  SELECT array_agg(a.subject_kind), array_agg(a.subject_id), array_agg(a.tag_id) INTO k, s, t FROM added a;
  PERFORM display_cards_nsfw_refresh(display_cards_nsfw_usages(k, s, t));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_nsfw_usages_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[]; t int[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM removed x WHERE x.subject_kind IN ('displayCard', 'galleryImage')) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('display_cards_nsfw'), 0);
  SELECT array_agg(r.subject_kind), array_agg(r.subject_id), array_agg(r.tag_id) INTO k, s, t FROM removed r;
  PERFORM display_cards_nsfw_refresh(display_cards_nsfw_usages(k, s, t));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Usages changed in place (no write path does it): both the old and the new rows count.
CREATE FUNCTION "display_cards_nsfw_usages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[]; t int[];
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('display_cards_nsfw'), 0);
  SELECT array_agg(x.subject_kind), array_agg(x.subject_id), array_agg(x.tag_id) INTO k, s, t
  FROM (SELECT * FROM before_rows UNION ALL SELECT * FROM after_rows) x;
  PERFORM display_cards_nsfw_refresh(display_cards_nsfw_usages(k, s, t));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Tags that joined or left the NSFW closure: the cards carrying them, or showing an image that does.
CREATE FUNCTION "display_cards_nsfw_closure"(tag_ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM display_cards_nsfw_refresh(ARRAY(
    SELECT u.subject_id::uuid FROM tag_usages u
    WHERE u.tag_id = ANY(tag_ids) AND u.subject_kind = 'displayCard'
    UNION
    SELECT d.id FROM display_cards d
    WHERE d.media_ids && ARRAY(SELECT u.subject_id::uuid FROM tag_usages u
                               WHERE u.tag_id = ANY(tag_ids) AND u.subject_kind = 'galleryImage')));
END
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_nsfw_closure_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM added) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('display_cards_nsfw'), 0);
  PERFORM display_cards_nsfw_closure(ARRAY(SELECT a.tag_id FROM added a));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_nsfw_closure_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM removed) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('display_cards_nsfw'), 0);
  PERFORM display_cards_nsfw_closure(ARRAY(SELECT r.tag_id FROM removed r));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A card's own row: computed when it is inserted and whenever its display images change.
CREATE FUNCTION "display_cards_nsfw_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('display_cards_nsfw'), 0);
  NEW.carries_nsfw := display_card_carries_nsfw(NEW.id, NEW.media_ids);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_usages_added" AFTER INSERT ON "tag_usages" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_nsfw_usages_added"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_usages_removed" AFTER DELETE ON "tag_usages" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_nsfw_usages_removed"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_usages_changed" AFTER UPDATE ON "tag_usages"
  REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_nsfw_usages_changed"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_closure_added" AFTER INSERT ON "nsfw_tags" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_nsfw_closure_added"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_closure_removed" AFTER DELETE ON "nsfw_tags" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_nsfw_closure_removed"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_inserted" BEFORE INSERT ON "display_cards"
  FOR EACH ROW EXECUTE FUNCTION "display_cards_nsfw_row"();--> statement-breakpoint
CREATE TRIGGER "display_cards_nsfw_media_changed" BEFORE UPDATE OF "media_ids" ON "display_cards"
  FOR EACH ROW WHEN (OLD.media_ids IS DISTINCT FROM NEW.media_ids) EXECUTE FUNCTION "display_cards_nsfw_row"();--> statement-breakpoint
UPDATE "display_cards" SET "carries_nsfw" = display_card_carries_nsfw(id, media_ids);
