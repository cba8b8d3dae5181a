ALTER TABLE "display_cards" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
-- Display cards keep their usages' tag ids (`tag_ids`, decision 0017): /artists filters by tags
-- (a tag and its descendants, resolved per request) and by a reader's hidden and blurred tags with
-- `tag_ids && $1::int[]` on the row instead of a probe of tag_usages per card it reads. Statement
-- triggers on tag_usages recompute the cards a write names, in its transaction.
--
-- Concurrency (here and in carries_nsfw's refresh, migration 0015): a recomputation first locks the
-- card rows, then reads in a new statement, so it has a snapshot taken after every earlier writer
-- of those rows committed; whichever transaction locks last sees the others' usages. (An UPDATE
-- that computes in its SET and waits on a row lock re-reads the row, not the subquery's tables.)
CREATE FUNCTION "display_cards_tags_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM 1 FROM display_cards d WHERE d.id = ANY(ids) ORDER BY d.id FOR UPDATE;
    UPDATE display_cards d SET tag_ids = x.v
    FROM (SELECT d2.id, ARRAY(SELECT u.tag_id FROM tag_usages u
                              WHERE u.subject_kind = 'displayCard' AND u.subject_id = d2.id::text
                              ORDER BY u.tag_id) AS v
          FROM display_cards d2 WHERE d2.id = ANY(ids)) x
    WHERE d.id = x.id AND d.tag_ids IS DISTINCT FROM x.v;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "display_cards_nsfw_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM 1 FROM display_cards d WHERE d.id = ANY(ids) ORDER BY d.id FOR UPDATE;
    UPDATE display_cards d SET carries_nsfw = x.v
    FROM (SELECT d2.id, display_card_carries_nsfw(d2.id, d2.media_ids) AS v
          FROM display_cards d2 WHERE d2.id = ANY(ids)) x
    WHERE d.id = x.id AND d.carries_nsfw IS DISTINCT FROM x.v;
  END IF;
END
$$;--> statement-breakpoint
-- display_cards_nsfw_closure's parameter is named like the new column: qualified here.
CREATE OR REPLACE FUNCTION "display_cards_nsfw_closure"(tag_ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM display_cards_nsfw_refresh(ARRAY(
    SELECT u.subject_id::uuid FROM tag_usages u
    WHERE u.tag_id = ANY(display_cards_nsfw_closure.tag_ids) AND u.subject_kind = 'displayCard'
    UNION
    SELECT d.id FROM display_cards d
    WHERE d.media_ids && ARRAY(SELECT u.subject_id::uuid FROM tag_usages u
                               WHERE u.tag_id = ANY(display_cards_nsfw_closure.tag_ids)
                                 AND u.subject_kind = 'galleryImage')));
END
$$;--> statement-breakpoint
-- The cards a set of usages names (the subject ids of kind displayCard that are cards).
CREATE FUNCTION "display_cards_named"(kinds text[], subject_ids text[]) RETURNS uuid[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT d.id FROM display_cards d WHERE d.id IN (
    SELECT x.subject_id::uuid FROM unnest(kinds, subject_ids) x(kind, subject_id) WHERE x.kind = 'displayCard'))
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_tags_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(a.subject_kind), array_agg(a.subject_id) INTO k, s FROM added a WHERE a.subject_kind = 'displayCard';
  IF k IS NOT NULL THEN PERFORM display_cards_tags_refresh(display_cards_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_tags_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(r.subject_kind), array_agg(r.subject_id) INTO k, s FROM removed r WHERE r.subject_kind = 'displayCard';
  IF k IS NOT NULL THEN PERFORM display_cards_tags_refresh(display_cards_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "display_cards_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(x.subject_kind), array_agg(x.subject_id) INTO k, s
  FROM (SELECT * FROM before_rows UNION ALL SELECT * FROM after_rows) x WHERE x.subject_kind = 'displayCard';
  IF k IS NOT NULL THEN PERFORM display_cards_tags_refresh(display_cards_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new card starts from whatever usages already name it (none, unless rows were left behind).
CREATE FUNCTION "display_cards_tags_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tag_ids := ARRAY(SELECT u.tag_id FROM tag_usages u
                       WHERE u.subject_kind = 'displayCard' AND u.subject_id = NEW.id::text ORDER BY u.tag_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "display_cards_tags_added" AFTER INSERT ON "tag_usages" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_tags_added"();--> statement-breakpoint
CREATE TRIGGER "display_cards_tags_removed" AFTER DELETE ON "tag_usages" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_tags_removed"();--> statement-breakpoint
CREATE TRIGGER "display_cards_tags_changed" AFTER UPDATE ON "tag_usages"
  REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "display_cards_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "display_cards_tags_inserted" BEFORE INSERT ON "display_cards"
  FOR EACH ROW EXECUTE FUNCTION "display_cards_tags_row"();--> statement-breakpoint
UPDATE "display_cards" d SET "tag_ids" = ARRAY(SELECT u.tag_id FROM tag_usages u
  WHERE u.subject_kind = 'displayCard' AND u.subject_id = d.id::text ORDER BY u.tag_id);
