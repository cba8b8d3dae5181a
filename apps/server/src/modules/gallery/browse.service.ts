import { sql, type SQL } from 'drizzle-orm';
import { toCents } from '@brushline/shared/cards/pricing';
import {
  ARTISTS_PAGE_SIZE,
  GALLERY_IMAGE_TAG_KIND,
  GALLERY_PAGE_SIZE,
} from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { ArtistsPage, ArtistsQuery, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import { isUuid } from '@brushline/shared/uuid';
import { runStatement } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { tagSearchIds } from '../tags/tag-usage.service.ts';
import {
  carriesAnyIdSql,
  idsLiteral,
  probeSql,
  readerTagSets,
  shapedReader,
  type ReaderTagSets,
  type TagIds,
} from './gallery-access.ts';
import { cachedPage, cachedTagIds, sharedReaderKey } from './gallery-page-cache.ts';
import { toDisplayCard, toGalleryImage } from './gallery.dto.ts';
import { toImageRow, visibleImagesSql, type ImageRow } from './gallery.repo.ts';
import {
  cardTagsAnySql,
  displayCardRowsSql,
  toDisplayCardRow,
  type DisplayCardRow,
} from './display-cards.repo.ts';

/**
 * The two public lists of issue 11: /artists (shown display cards, newest activity first) and
 * /gallery (effectively Public images, newest first). Both page by a keyset cursor — the row's
 * time in full precision and its id — so a deep page costs what page 1 costs.
 */

const ISO_US = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

const encodeCursor = (ts: string, id: string) => Buffer.from(`${ts}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { ts: string; id: string } {
  const [ts = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!ISO_US.test(ts) || !isUuid(id)) throw new AppError(400, 'bad_cursor', galleryMessages.badCursor);
  return { ts, id };
}

/**
 * A list's query in Shaped form (db/client.ts runStatement): conditions over placeholders, the key of their shape and
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
function afterCursor(shape: Shape, cursor: string | undefined, time: SQL, id: SQL) {
  const c = cursor ? decodeCursor(cursor) : undefined;
  shape.add(!!c, () => sql`(${time}, ${id}) < (${ph('cursorTs')}::timestamptz, ${ph('cursorId')}::uuid)`, {
    cursorTs: c?.ts,
    cursorId: c?.id,
  });
}

/**
 * Each tag must match (a tag also finds its descendants and synonyms); an unknown tag matches
 * nothing. Placeholders `tag0`, `tag1`, …; an unknown tag's condition is `false` in the shape.
 */
async function tagConditions(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  shape: Shape,
  /** The condition "carries one of `ids`" over the list's row. */
  carries: (ids: TagIds) => SQL,
  titles: string[],
) {
  for (const [i, title] of titles.entries()) {
    const ids = await cachedTagIds(ctx.bus, title, () => tagSearchIds(ctx, actor, title));
    shape.key.push(ids.length > 0);
    shape.where.push(carries(ids.length > 0 ? ph(`tag${i}`) : []));
    shape.values[`tag${i}`] = idsLiteral(ids);
  }
}

/**
 * GET artists: shown display cards by tags, price range (open cards' starting prices), open now,
 * name. Pages shared by readers who see the same list are cached (gallery-page-cache.ts).
 */
export async function listArtists(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  q: ArtistsQuery,
): Promise<ArtistsPage> {
  const sets = await readerTagSets(ctx.db, actor);
  const key = JSON.stringify([
    'artists',
    q.tags ?? [],
    q.minPrice,
    q.maxPrice,
    !!q.open,
    q.search ?? '',
    q.cursor ?? '',
  ]);
  return cachedPage(ctx.bus, sharedReaderKey(actor, sets), key, () => readArtists(ctx, actor, sets, q));
}

async function readArtists(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  sets: ReaderTagSets,
  q: ArtistsQuery,
): Promise<ArtistsPage> {
  const shape = new Shape();
  shape.where.push(sql`d.is_shown`);
  afterCursor(shape, q.cursor, sql`d.activity_at`, sql`d.id`);
  await tagConditions(ctx, actor, shape, cardTagsAnySql, q.tags ?? []);
  const priced = q.minPrice !== undefined || q.maxPrice !== undefined;
  // SPEC §5's price rule: a minimum above the maximum is taken as the maximum.
  const max = q.maxPrice === undefined ? null : toCents(q.maxPrice);
  const min = q.minPrice === undefined ? 0 : Math.min(toCents(q.minPrice), max ?? Infinity);
  shape.add(
    priced,
    () =>
      probeSql(sql`select true from commission_cards c where c.owner_id = d.owner_id and c.is_open_comission
        and c.starting_price_cents >= ${ph('minCents')}::bigint
        and (${ph('maxCents')}::bigint is null or c.starting_price_cents <= ${ph('maxCents')}::bigint)`),
    { minCents: min, maxCents: max },
  );
  shape.add(!!q.open, () =>
    probeSql(sql`select true from commission_cards c where c.owner_id = d.owner_id
        and c.is_open_comission and c.is_commissions_open`),
  );
  shape.add(
    !!q.search,
    () =>
      probeSql(sql`select true from users u where u.id = d.owner_id
        and (lower(u.login) like ${ph('like')} or lower(u.display_name) like ${ph('like')})`),
    { like: `%${(q.search ?? '').toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` },
  );
  const reader = shapedReader(actor, sets);
  const rows = (
    await runStatement<DisplayCardRow>(
      ctx.db,
      {
        shape: JSON.stringify(['artists', reader.key, shape.key]),
        build: () => displayCardRowsSql(reader.viewer, reader.sets, shape.all(), ARTISTS_PAGE_SIZE + 1),
      },
      { values: { ...reader.values, ...shape.values }, plan: 'generic' },
    )
  ).map(toDisplayCardRow);
  const page = rows.slice(0, ARTISTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toDisplayCard(r, actor)),
    nextCursor: rows.length > ARTISTS_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}

/** GET gallery: effectively Public images of everyone, newest first, optionally by tags (cached like artists). */
export async function listGallery(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  q: { cursor?: string; tags?: string[] },
): Promise<GalleryPage> {
  const sets = await readerTagSets(ctx.db, actor);
  const key = JSON.stringify(['gallery', q.tags ?? [], q.cursor ?? '']);
  return cachedPage(ctx.bus, sharedReaderKey(actor, sets), key, () => readGallery(ctx, actor, sets, q));
}

async function readGallery(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  sets: ReaderTagSets,
  q: { cursor?: string; tags?: string[] },
): Promise<GalleryPage> {
  const shape = new Shape();
  shape.where.push(sql`gi.effective_privacy = 'Public'`);
  afterCursor(shape, q.cursor, sql`gi.created_at`, sql`gi.id`);
  await tagConditions(
    ctx,
    actor,
    shape,
    (ids) => carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`gi.id`, ids),
    q.tags ?? [],
  );
  const reader = shapedReader(actor, sets);
  const rows = (
    await runStatement<ImageRow>(
      ctx.db,
      {
        shape: JSON.stringify(['gallery', reader.key, shape.key]),
        build: () =>
          visibleImagesSql(
            reader.viewer,
            reader.sets,
            shape.all(),
            sql`gi.created_at desc, gi.id desc`,
            GALLERY_PAGE_SIZE + 1,
            true,
          ),
      },
      { values: { ...reader.values, ...shape.values } },
    )
  ).map(toImageRow);
  const page = rows.slice(0, GALLERY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toGalleryImage(r, r.tags ?? [])),
    nextCursor: rows.length > GALLERY_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}
