DROP INDEX "requests_tag_ids_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "tag_tree" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_tag_tree_idx" ON "requests" USING gin ("tag_tree");--> statement-breakpoint
-- Requests keep the closure of their tags up the tag graph (`tag_tree`, decision 0018 "Speed"): each
-- tag they carry and every ancestor of one. A search by a tag matches the tag and its descendants,
-- so "carries one of them" is "the tag is in tag_tree": the public list tests one id per row it
-- walks (`tag_tree && '{id}'`) instead of overlapping the row's tags with the whole subtree (178
-- ids for a popular parent: 14% of PostgreSQL's time on a page the cache missed).
CREATE FUNCTION "tag_tree_of"(ids int[]) RETURNS int[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(WITH RECURSIVE a(id) AS (
      SELECT unnest(ids)
      UNION
      SELECT p.parent_id FROM tag_parents p JOIN a ON p.child_id = a.id
    ) SELECT id FROM a ORDER BY id)
$$;--> statement-breakpoint
-- A change of usages recomputes both columns of the requests it names. It first takes the tag
-- graph's lock (tags.repo.ts, TAG_GRAPH_LOCK) shared: a vocabulary write holds it exclusively for
-- its whole transaction, so a tree is never computed from a graph another transaction is changing
-- (that write then sees this one's usages, or this one sees its links). The app's request writes
-- take it at their start (holdTagGraph), before any row lock, so the two never deadlock.
CREATE OR REPLACE FUNCTION "requests_tags_refresh"(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM pg_advisory_xact_lock_shared(9004213);
    PERFORM 1 FROM requests r WHERE r.id = ANY(ids) ORDER BY r.id FOR UPDATE;
    UPDATE requests r SET tag_ids = x.v, tag_tree = tag_tree_of(x.v)
    FROM (SELECT r2.id, ARRAY(SELECT u.tag_id FROM tag_usages u
                              WHERE u.subject_kind = 'request' AND u.subject_id = r2.id::text
                              ORDER BY u.tag_id) AS v
          FROM requests r2 WHERE r2.id = ANY(ids)) x
    WHERE r.id = x.id AND (r.tag_ids IS DISTINCT FROM x.v OR r.tag_tree IS DISTINCT FROM tag_tree_of(x.v));
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "requests_tags_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tag_ids := ARRAY(SELECT u.tag_id FROM tag_usages u
                       WHERE u.subject_kind = 'request' AND u.subject_id = NEW.id::text ORDER BY u.tag_id);
  NEW.tag_tree := tag_tree_of(NEW.tag_ids);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A link added, removed or changed moves the trees of the requests that hold its child (those
-- carrying the child or one of its descendants), found by the tree's own index; locked first, then
-- read in a new statement, as requests_tags_refresh does.
CREATE FUNCTION "requests_tag_tree_refresh"(children int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(children) > 0 THEN
    PERFORM 1 FROM requests r WHERE r.tag_tree && children ORDER BY r.id FOR UPDATE;
    UPDATE requests r SET tag_tree = x.t
    FROM (SELECT r2.id, tag_tree_of(r2.tag_ids) AS t FROM requests r2 WHERE r2.tag_tree && children) x
    WHERE r.id = x.id AND r.tag_tree IS DISTINCT FROM x.t;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tag_links_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests_tag_tree_refresh(ARRAY(SELECT DISTINCT a.child_id FROM added a));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tag_links_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests_tag_tree_refresh(ARRAY(SELECT DISTINCT r.child_id FROM removed r));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "requests_tag_links_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests_tag_tree_refresh(ARRAY(
    SELECT b.child_id FROM before_rows b UNION SELECT a.child_id FROM after_rows a));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "requests_tag_links_added" AFTER INSERT ON "tag_parents" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tag_links_added"();--> statement-breakpoint
CREATE TRIGGER "requests_tag_links_removed" AFTER DELETE ON "tag_parents" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tag_links_removed"();--> statement-breakpoint
CREATE TRIGGER "requests_tag_links_changed" AFTER UPDATE ON "tag_parents"
  REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "requests_tag_links_changed"();--> statement-breakpoint
UPDATE "requests" SET "tag_tree" = tag_tree_of("tag_ids") WHERE cardinality("tag_ids") > 0;
