import { Placeholder, sql, type SQL } from 'drizzle-orm';
import {
  DISPLAY_CARD_TAG_KIND,
  GALLERY_IMAGE_TAG_KIND,
  type Privacy,
} from '@brushline/shared/gallery/constants';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import {
  carriesAnyIdSql,
  hidesAny,
  idsLiteral,
  imageBlurredSql,
  imageNotHiddenByTagsSql,
  imageVisibleSql,
  noIds,
  ownerByKeySql,
  probeSql,
  readerTagSets,
  tagInSql,
  type ReaderTagSets,
  type TagIds,
  type TagSetsArg,
  uuidArray,
  uuidArrayLiteral,
  type Viewer,
} from './gallery-access.repo.ts';
import { displayCardRuleSql, toRuleFacts } from './display-card-shown.repo.ts';
import type { DisplayCardRuleFacts } from './display-card-shown.rules.ts';

/** A display image as the card's row carries it (JSON, in the card's order). */
export type DisplayImageRow = {
  id: string;
  ownerId: string;
  effectivePrivacy: Privacy;
  width: number;
  height: number;
  mime: string;
  blurred: boolean;
};

export type DisplayCardRow = {
  id: string;
  ownerId: string;
  ownerLogin: string;
  ownerDisplayName: string;
  ownerAvatarId: string | null;
  mediaIds: string[];
  isShown: boolean;
  activityAt: string;
  cursorTs: string;
  /** The owner's shown reviews as an artist (kept by triggers; decision 0023) and /artists' rating key. */
  reviewCount: number;
  reviewStars: number;
  ratingSort: string;
  minPriceCents: number | null;
  openCards: number;
  takingCommissions: boolean;
  blurred: boolean;
  /** The card's live tags, by title. */
  tags: TagRef[];
  /** The display images this reader may see, in the card's order. */
  images: DisplayImageRow[];
  /** SPEC §4's conditions, each answered, when the read asked for them (`withRule`). */
  rule?: DisplayCardRuleFacts;
};

/**
 * SQL condition: card `d` carries one of `ids` (false when there are none): its stored `tag_ids`
 * (its usages' tag ids, kept equal to them by triggers: migration 0016), one array test per card
 * instead of a probe of tag_usages.
 */
export const cardTagsAnySql = (ids: TagIds) =>
  noIds(ids) ? sql`false` : sql`(d.tag_ids && ${ids instanceof Placeholder ? ids : idsLiteral(ids)}::int[])`;

/**
 * SQL condition: card `d`, or one of its display images, carries a tag the reader does not see.
 * NSFW is the stored `d.carries_nsfw` (the card's and its display images' tags against the NSFW
 * closure, kept exact by triggers: migration 0015); the reader's own hidden tags are probes, and
 * so is an AI-labelled display image for a reader who hides AI (decision 0025).
 */
export function cardCarriesHiddenSql(sets: TagSetsArg): SQL {
  const parts: SQL[] = [];
  if (sets.hideNsfw) parts.push(sql`d.carries_nsfw`);
  if (sets.hideAi)
    parts.push(
      probeSql(sql`select 1 from unnest(d.media_ids) as dm(id) join gallery_images ai on ai.id = dm.id
        where ai.ai_label is not null`),
    );
  if (!noIds(sets.hide)) {
    parts.push(sql`${cardTagsAnySql(sets.hide)}
  or ${probeSql(sql`select 1 from unnest(d.media_ids) as dm(id)
       where ${carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`dm.id`, sets.hide)}`)}`);
  }
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** SQL boolean: card `d`, or one of its display images, carries a tag the reader blurs (false when none). */
export const cardBlurredSql = (blur: TagIds) =>
  noIds(blur)
    ? sql`false`
    : sql`(${cardTagsAnySql(blur)}
  or ${probeSql(sql`select 1 from unnest(d.media_ids) as dm(id) join tag_usages u
       on u.subject_kind = ${GALLERY_IMAGE_TAG_KIND} and u.subject_id = dm.id::text
       where ${tagInSql(sql`u.tag_id`, blur)}`)})`;

/** SQL condition: someone else's card carrying a tag the reader does not see is left out. */
export const cardNotHiddenSql = (actor: Viewer, sets: TagSetsArg) =>
  !hidesAny(sets)
    ? sql`true`
    : sql`(${actor ? sql`d.owner_id = ${actor.id}::uuid or ` : sql``}not ${cardCarriesHiddenSql(sets)})`;

/**
 * SQL condition on display image `gi` of a card `d` that passed cardNotHiddenSql in the same
 * statement: what visibleImagesSql asks of an image's tags. Someone else's card passed only because
 * neither it nor any of its display images carries a tag the reader does not see, in this
 * statement's snapshot, so its images need no probe; only the reader's own card (shown to them
 * whatever it carries) asks each image, and there the owner's images pass as they do everywhere.
 */
function displayImageNotHiddenSql(actor: Viewer, sets: TagSetsArg): SQL {
  if (!hidesAny(sets) || !actor) return sql`true`;
  return sql`(d.owner_id <> ${actor.id}::uuid or gi.owner_id = ${actor.id}::uuid
    or ${imageNotHiddenByTagsSql(sets)})`;
}

/**
 * The query of displayCardRows: the reader and their tag sets may be placeholders (a Shaped statement, db/client.ts).
 * One statement answers a whole list page: the cards, their tags and their display images (as
 * JSON), read in one snapshot.
 */
export function displayCardRowsSql(
  actor: Viewer,
  sets: TagSetsArg,
  where: SQL,
  limit?: number,
  /** Also SPEC §4's conditions, each answered (a JSON column): what the owner is told is missing. */
  withRule = false,
  /** Newest activity first, or best rating first (each walks its partial index of shown cards). */
  order: 'activity' | 'rating' = 'activity',
): SQL {
  // The page first (a materialized CTE, planned alone): the shown-cards index in the list's order,
  // each condition a per-row probe or a column, stopping after `limit` rows; then the columns for
  // those rows, the owner by primary key (ownerByKeySql).
  const orderBy =
    order === 'rating'
      ? sql`d.rating_sort desc, d.review_count desc, d.id desc`
      : sql`d.activity_at desc, d.id desc`;
  return sql`
    with page as materialized (
      select d.id, d.owner_id, d.media_ids, d.tag_ids, d.is_shown, d.activity_at, d.review_count,
        d.review_stars, d.rating_sort
      from display_cards d
      where ${where} and ${cardNotHiddenSql(actor, sets)}
      order by ${orderBy}
      ${limit === undefined ? sql`` : sql`limit ${limit}`})
    select d.id, d.owner_id as "ownerId", u.login as "ownerLogin", u.display_name as "ownerDisplayName",
      (select am.id from media am where am.id = u.avatar_media_id and am.owner_id = u.id) as "ownerAvatarId",
      d.media_ids::text as "mediaIds", d.is_shown as "isShown",
      to_char(d.activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "activityAt",
      to_char(d.activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTs",
      d.review_count as "reviewCount", d.review_stars as "reviewStars", d.rating_sort::text as "ratingSort",
      cc.min_price as "minPriceCents", cc.open_cards as "openCards", cc.taking as "takingCommissions",
      ${cardBlurredSql(sets.blur)} as blurred,
      (select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'tagType', t.tag_type,
          'maturity', t.maturity) order by t.title), '[]'::json)
        from tag_usages tu join tags t on t.id = tu.tag_id
        where tu.subject_kind = ${DISPLAY_CARD_TAG_KIND} and tu.subject_id = d.id::text
          and t.deleted_at is null) as tags,
      (select coalesce(json_agg(json_build_object('id', gi.id, 'ownerId', gi.owner_id,
          'effectivePrivacy', gi.effective_privacy, 'width', m.width, 'height', m.height, 'mime', m.mime,
          'blurred', ${imageBlurredSql(sets)}) order by dm.n), '[]'::json)
        from unnest(d.media_ids) with ordinality as dm(id, n)
          join gallery_images gi on gi.id = dm.id
          join media m on m.id = gi.id
        where ${imageVisibleSql(actor)} and ${displayImageNotHiddenSql(actor, sets)}) as images
      ${withRule ? sql`, ${displayCardRuleSql} as rule` : sql``}
    from page d ${ownerByKeySql(sql`d.owner_id`)}
      cross join lateral (select min(c.starting_price_cents) as min_price, count(*)::int as open_cards,
          coalesce(bool_or(c.is_commissions_open), false) as taking
        from commission_cards c where c.owner_id = d.owner_id and c.is_open_comission and c.hidden_at is null) cc
    order by ${orderBy}`;
}

/** A display card row as the drivers return it. */
export const toDisplayCardRow = (r: DisplayCardRow): DisplayCardRow => ({
  ...r,
  mediaIds: uuidArray(r.mediaIds),
  minPriceCents: r.minPriceCents === null ? null : Number(r.minPriceCents),
  openCards: Number(r.openCards),
  reviewCount: Number(r.reviewCount),
  reviewStars: Number(r.reviewStars),
  tags: jsonValue<TagRef[]>(r.tags).map((t) => ({ ...t, id: Number(t.id) })),
  images: jsonValue<DisplayImageRow[]>(r.images),
  ...(r.rule === undefined ? {} : { rule: toRuleFacts(r.rule) }),
});

/** A json column from either driver (both parse json; text is parsed here in case one does not). */
const jsonValue = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** Display cards matching `where` (over `d`; a condition on the owner is a probe of its own), with the facts the list shows. */
export async function displayCardRows(
  db: DbOrTx,
  actor: Actor | null,
  where: SQL,
  opts: {
    limit?: number;
    /** The reader's tag sets when the caller has them already. */
    known?: ReaderTagSets;
    /** Also SPEC §4's conditions, each answered (`rule`). */
    withRule?: boolean;
  } = {},
): Promise<DisplayCardRow[]> {
  const sets = opts.known ?? (await readerTagSets(db, actor));
  const result = await db.execute<DisplayCardRow>(
    displayCardRowsSql(actor, sets, where, opts.limit, opts.withRule),
  );
  return result.rows.map(toDisplayCardRow);
}

/** The card of the user with `login`: when shown, or to its owner also before it is (with the rule's answers). */
export async function displayCardOfLogin(
  db: DbOrTx,
  actor: Actor | null,
  login: string,
): Promise<DisplayCardRow | undefined> {
  const mine = actor ? sql`d.owner_id = ${actor.id}::uuid` : sql`false`;
  const [row] = await displayCardRows(
    db,
    actor,
    sql`d.owner_id = (select u.id from users u where lower(u.login) = ${login.toLowerCase()})
      and (d.is_shown or ${mine})`,
    { withRule: actor !== null },
  );
  return row;
}

/** The actor's own card, shown or not, with the rule's answers. */
export async function ownDisplayCard(db: DbOrTx, actor: Actor): Promise<DisplayCardRow | undefined> {
  const [row] = await displayCardRows(db, actor, sql`d.owner_id = ${actor.id}::uuid`, { withRule: true });
  return row;
}

export async function insertDisplayCard(
  db: DbOrTx,
  ownerId: string,
  mediaIds: string[],
): Promise<string | null> {
  const r = await db.execute<{ id: string }>(sql`
    insert into display_cards (owner_id, media_ids) values (${ownerId}::uuid, ${uuidArrayLiteral(mediaIds)}::uuid[])
    on conflict (owner_id) do nothing returning id`);
  return r.rows[0]?.id ?? null;
}

export async function updateDisplayCardMedia(db: DbOrTx, ownerId: string, id: string, mediaIds: string[]) {
  const r = await db.execute<{ id: string }>(sql`
    update display_cards set media_ids = ${uuidArrayLiteral(mediaIds)}::uuid[]
    where id = ${id}::uuid and owner_id = ${ownerId}::uuid returning id`);
  return r.rows.length > 0;
}

/** How many of `ids` are the owner's gallery images that are not effectively Hidden. */
export async function countShowableImages(db: DbOrTx, ownerId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from gallery_images
    where owner_id = ${ownerId}::uuid and id = any(${uuidArrayLiteral(ids)}::uuid[]) and effective_privacy <> 'Hidden'`);
  return Number(r.rows[0]!.n);
}
