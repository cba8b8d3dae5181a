DROP INDEX "tag_parents_parent_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_tag_ids_idx" ON "requests" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "tag_parents_parent_idx" ON "tag_parents" USING btree ("parent_id","child_id");--> statement-breakpoint
-- Requests keep their usages' tag ids (`tag_ids`, decision 0018 "Speed"): the public list filters by
-- tags (a tag and its descendants, resolved per request) with `tag_ids && $1::int[]` on the row it
-- already reads, instead of a probe of tag_usages per request it walks (a text-keyed B-tree descent
-- each), and reads a page's tags by id. Statement triggers on tag_usages recompute the requests a
-- write names, in its transaction, as display_cards' do (migration 0016, same concurrency
-- argument: lock the rows first, then read in a new statement).
CREATE FUNCTION "requests_tags_refresh"(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM 1 FROM requests r WHERE r.id = ANY(ids) ORDER BY r.id FOR UPDATE;
    UPDATE requests r SET tag_ids = x.v
    FROM (SELECT r2.id, ARRAY(SELECT u.tag_id FROM tag_usages u
                              WHERE u.subject_kind = 'request' AND u.subject_id = r2.id::text
                              ORDER BY u.tag_id) AS v
          FROM requests r2 WHERE r2.id = ANY(ids)) x
    WHERE r.id = x.id AND r.tag_ids IS DISTINCT FROM x.v;
  END IF;
END
$$;--> statement-breakpoint
-- The requests a set of usages names (subject ids of kind request that are requests' ids).
CREATE FUNCTION "requests_named"(kinds text[], subject_ids text[]) RETURNS int[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT r.id FROM requests r WHERE r.id = ANY(ARRAY(
    SELECT x.subject_id FROM unnest(kinds, subject_ids) x(kind, subject_id)
    WHERE x.kind = 'request' AND x.subject_id ~ '^[0-9]{1,9}$')::int[]))
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tags_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(a.subject_kind), array_agg(a.subject_id) INTO k, s FROM added a WHERE a.subject_kind = 'request';
  IF k IS NOT NULL THEN PERFORM requests_tags_refresh(requests_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tags_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(r.subject_kind), array_agg(r.subject_id) INTO k, s FROM removed r WHERE r.subject_kind = 'request';
  IF k IS NOT NULL THEN PERFORM requests_tags_refresh(requests_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; s text[];
BEGIN
  SELECT array_agg(x.subject_kind), array_agg(x.subject_id) INTO k, s
  FROM (SELECT * FROM before_rows UNION ALL SELECT * FROM after_rows) x WHERE x.subject_kind = 'request';
  IF k IS NOT NULL THEN PERFORM requests_tags_refresh(requests_named(k, s)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new request starts from whatever usages already name it (none, unless rows were left behind).
CREATE FUNCTION "requests_tags_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tag_ids := ARRAY(SELECT u.tag_id FROM tag_usages u
                       WHERE u.subject_kind = 'request' AND u.subject_id = NEW.id::text ORDER BY u.tag_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "requests_tags_added" AFTER INSERT ON "tag_usages" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tags_added"();--> statement-breakpoint
CREATE TRIGGER "requests_tags_removed" AFTER DELETE ON "tag_usages" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tags_removed"();--> statement-breakpoint
CREATE TRIGGER "requests_tags_changed" AFTER UPDATE ON "tag_usages"
  REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "requests_tags_inserted" BEFORE INSERT ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "requests_tags_row"();--> statement-breakpoint
UPDATE "requests" r SET "tag_ids" = ARRAY(SELECT u.tag_id FROM tag_usages u
  WHERE u.subject_kind = 'request' AND u.subject_id = r.id::text ORDER BY u.tag_id);
