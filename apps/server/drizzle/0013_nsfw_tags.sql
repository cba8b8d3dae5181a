-- The NSFW closure kept in SQL (decision 0017): every live canonical NSFW tag and all
-- its descendants, so /gallery and /artists ask "carries an NSFW tag" with two index probes instead
-- of receiving the whole set (2,292 ids over 10,000 tags) with every query. Statement triggers keep
-- it exact in the transaction of every write to tags and tag_parents, bulk inserts included.
CREATE TABLE "nsfw_tags" (
	"tag_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nsfw_tags" ADD CONSTRAINT "nsfw_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rebuilds the closure from the graph, writing only the difference (a removal can shrink it anywhere).
CREATE FUNCTION "nsfw_tags_rebuild"() RETURNS void LANGUAGE sql AS $$
  WITH RECURSIVE d(id) AS (
    SELECT t.id FROM tags t WHERE t.maturity = 'NSFW' AND t.canonical_id IS NULL AND t.deleted_at IS NULL
    UNION
    SELECT p.child_id FROM tag_parents p JOIN d ON p.parent_id = d.id
  ), gone AS (
    DELETE FROM nsfw_tags n WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.id = n.tag_id)
  )
  INSERT INTO nsfw_tags (tag_id) SELECT id FROM d ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- New tags: those that are NSFW roots join (a tag has no children when it is inserted).
CREATE FUNCTION "nsfw_tags_tags_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO nsfw_tags (tag_id)
    SELECT a.id FROM added a WHERE a.maturity = 'NSFW' AND a.canonical_id IS NULL AND a.deleted_at IS NULL
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Changed tags: rebuild only when a tag became or stopped being a root (maturity, merge, deletion);
-- usage counts, titles and descriptions change nothing here.
CREATE FUNCTION "nsfw_tags_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM before_rows o JOIN after_rows n ON n.id = o.id
    WHERE (o.maturity = 'NSFW' AND o.canonical_id IS NULL AND o.deleted_at IS NULL)
      IS DISTINCT FROM (n.maturity = 'NSFW' AND n.canonical_id IS NULL AND n.deleted_at IS NULL)
  ) THEN
    PERFORM nsfw_tags_rebuild();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Removed links: rebuild when one hung below a tag of the closure (only those can shrink it).
CREATE FUNCTION "nsfw_tags_links_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM removed r JOIN nsfw_tags n ON n.tag_id = r.parent_id) THEN
    PERFORM nsfw_tags_rebuild();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- New links under a tag of the closure bring the child and all its descendants in.
CREATE FUNCTION "nsfw_tags_links_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE d(id) AS (
    SELECT a.child_id FROM added a WHERE EXISTS (SELECT 1 FROM nsfw_tags n WHERE n.tag_id = a.parent_id)
    UNION
    SELECT p.child_id FROM tag_parents p JOIN d ON p.parent_id = d.id
  )
  INSERT INTO nsfw_tags (tag_id) SELECT id FROM d ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Tags removed, or links changed in place (no write path does either): rebuild.
CREATE FUNCTION "nsfw_tags_rebuilt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nsfw_tags_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_tags_added" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_tags_added"();--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_tags_changed" AFTER UPDATE ON "tags" REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_tags_removed" AFTER DELETE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_rebuilt"();--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_links_added" AFTER INSERT ON "tag_parents" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_links_added"();--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_links_removed" AFTER DELETE ON "tag_parents" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_links_removed"();--> statement-breakpoint
CREATE TRIGGER "nsfw_tags_links_changed" AFTER UPDATE ON "tag_parents"
  FOR EACH STATEMENT EXECUTE FUNCTION "nsfw_tags_rebuilt"();--> statement-breakpoint
SELECT nsfw_tags_rebuild();
