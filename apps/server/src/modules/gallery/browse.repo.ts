import { sql, type SQL } from 'drizzle-orm';
import { GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import { runStatement, type DbOrTx } from '../../db/client.ts';
import { likeContains } from '../../db/where.ts';
import type { Actor } from '../../platform/session.ts';
import { ownerNotRestricted } from '../../db/schema/users.ts';
import {
  carriesAnyIdSql,
  idsLiteral,
  probeSql,
  shapedReader,
  type ReaderTagSets,
  type TagIds,
} from './gallery-access.repo.ts';
import { toImageRow, visibleImagesSql, type ImageRow } from './images.repo.ts';
import {
  cardTagsAnySql,
  displayCardRowsSql,
  toDisplayCardRow,
  type DisplayCardRow,
} from './display-cards.repo.ts';

/**
 * The queries of the two public lists (browse.service.ts): /artists and /gallery. Each runs as an
 * runStatement statement (a Shaped one), built once per shape of filters with placeholders for their values.
 */

/** A list's keyset position: the last row's time in full precision and its id. */
export interface ListCursor {
  ts: string;
  id: string;
}

/**
 * A list's query in Shaped form (runStatement): conditions over placeholders, the key of their shape and
 * the values to fill in. Each filter adds its condition once per shape, its values per request.
 */
class Shape {
  readonly where: SQL[] = [];
  readonly key: unknown[] = [];
  readonly values: Record<string, unknown> = {};
  /** Adds `cond` (built over the placeholders) when `present`, with `values` for them. */
  add(present: boolean, cond: () => SQL, values: Record<string, unknown> = {}) {
    this.key.push(present);
    if (!present) return;
    this.where.push(cond());
    Object.assign(this.values, values);
  }
  /** The conditions joined with `and`, for the build function. */
  all = () => sql.join(this.where, sql` and `);
}

const ph = (name: string) => sql.placeholder(name);

/** Keyset after the cursor (placeholders `cursorTs`, `cursorId`). */
function afterCursor(shape: Shape, c: ListCursor | undefined, time: SQL, id: SQL) {
  shape.add(!!c, () => sql`(${time}, ${id}) < (${ph('cursorTs')}::timestamptz, ${ph('cursorId')}::uuid)`, {
    cursorTs: c?.ts,
    cursorId: c?.id,
  });
}

/**
 * Each tag must match: `tagIds` holds, per tag asked, the ids a match may carry (none for an
 * unknown tag, whose condition is `false` in the shape). Placeholders `tag0`, `tag1`, ….
 */
function tagConditions(
  shape: Shape,
  /** The condition "carries one of `ids`" over the list's row. */
  carries: (ids: TagIds) => SQL,
  tagIds: readonly (readonly number[])[],
) {
  for (const [i, ids] of tagIds.entries()) {
    shape.key.push(ids.length > 0);
    shape.where.push(carries(ids.length > 0 ? ph(`tag${i}`) : []));
    shape.values[`tag${i}`] = idsLiteral(ids);
  }
}

/** /artists?sort=rating's keyset position: the last card's rating key, review count and id. */
export interface RatingCursor {
  rating: string;
  count: number;
  id: string;
}

export interface ArtistsFilter {
  /** Newest activity first (a ListCursor) or best rating first (a RatingCursor). */
  order: 'activity' | 'rating';
  cursor?: ListCursor | RatingCursor;
  /** Per tag asked, the ids a card may carry to match it. */
  tagIds: readonly (readonly number[])[];
  /** Some open card's starting price in this range (cents; no maximum when null). */
  price?: { minCents: number; maxCents: number | null };
  /** Some open card takes commissions now. */
  open: boolean;
  /** Words in the owner's login or name. */
  search?: string;
}

/** A page of shown display cards (`limit` rows), newest activity first. */
export async function artistsPageRows(
  db: DbOrTx,
  actor: Actor | null,
  sets: ReaderTagSets,
  filter: ArtistsFilter,
  limit: number,
): Promise<DisplayCardRow[]> {
  const shape = new Shape();
  shape.where.push(sql`d.is_shown`, ownerNotRestricted(sql`d.owner_id`));
  shape.key.push(filter.order);
  if (filter.order === 'rating') {
    const c = filter.cursor as RatingCursor | undefined;
    shape.add(
      !!c,
      () =>
        sql`(d.rating_sort, d.review_count, d.id) < (${ph('cursorRating')}::numeric, ${ph('cursorCount')}::int, ${ph('cursorId')}::uuid)`,
      { cursorRating: c?.rating, cursorCount: c?.count, cursorId: c?.id },
    );
  } else afterCursor(shape, filter.cursor as ListCursor | undefined, sql`d.activity_at`, sql`d.id`);
  tagConditions(shape, cardTagsAnySql, filter.tagIds);
  shape.add(
    !!filter.price,
    () =>
      probeSql(sql`select true from commission_cards c where c.owner_id = d.owner_id and c.is_open_comission
        and c.starting_price_cents >= ${ph('minCents')}::bigint
        and (${ph('maxCents')}::bigint is null or c.starting_price_cents <= ${ph('maxCents')}::bigint)`),
    { minCents: filter.price?.minCents, maxCents: filter.price?.maxCents },
  );
  shape.add(filter.open, () =>
    probeSql(sql`select true from commission_cards c where c.owner_id = d.owner_id
        and c.is_open_comission and c.is_commissions_open`),
  );
  shape.add(
    !!filter.search,
    () =>
      probeSql(sql`select true from users u where u.id = d.owner_id
        and (lower(u.login) like ${ph('like')} or lower(u.display_name) like ${ph('like')})`),
    { like: likeContains((filter.search ?? '').toLowerCase()) },
  );
  const reader = shapedReader(actor, sets);
  return (
    await runStatement<DisplayCardRow>(
      db,
      {
        shape: JSON.stringify(['artists', reader.key, shape.key]),
        build: () => displayCardRowsSql(reader.viewer, reader.sets, shape.all(), limit, false, filter.order),
      },
      { values: { ...reader.values, ...shape.values }, plan: 'generic' },
    )
  ).map(toDisplayCardRow);
}

export interface GalleryFilter {
  cursor?: ListCursor;
  /** Per tag asked, the ids an image may carry to match it. */
  tagIds: readonly (readonly number[])[];
}

/** A page of effectively Public images (`limit` rows), newest first, each with its tags. */
export async function galleryPageRows(
  db: DbOrTx,
  actor: Actor | null,
  sets: ReaderTagSets,
  filter: GalleryFilter,
  limit: number,
): Promise<ImageRow[]> {
  const shape = new Shape();
  shape.where.push(sql`gi.effective_privacy = 'Public'`, ownerNotRestricted(sql`gi.owner_id`));
  afterCursor(shape, filter.cursor, sql`gi.created_at`, sql`gi.id`);
  tagConditions(shape, (ids) => carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`gi.id`, ids), filter.tagIds);
  const reader = shapedReader(actor, sets);
  return (
    await runStatement<ImageRow>(
      db,
      {
        shape: JSON.stringify(['gallery', reader.key, shape.key]),
        build: () =>
          visibleImagesSql(
            reader.viewer,
            reader.sets,
            shape.all(),
            sql`gi.created_at desc, gi.id desc`,
            limit,
            true,
          ),
      },
      { values: { ...reader.values, ...shape.values } },
    )
  ).map(toImageRow);
}
