import { priceFilterCents } from '@brushline/shared/requests/pricing';
import { ARTISTS_PAGE_SIZE, GALLERY_PAGE_SIZE } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { ArtistsPage, ArtistsQuery, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import { isUuid } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import {
  decodeCursor as decodeParts,
  decodeTimeIdCursor,
  encodeCursor,
} from '../../platform/keyset-cursor.ts';
import type { Actor } from '../../platform/session.ts';
import { tagFilterIds } from '../tags/tag-usage.service.ts';
import { readerTagSets, type ReaderTagSets } from './gallery-access.repo.ts';
import { cachedPage, sharedReaderKey } from './gallery-page-cache.ts';
import { toDisplayCard, toGalleryImage } from './gallery.dto.ts';
import { artistsPageRows, galleryPageRows, type RatingCursor } from './browse.repo.ts';

/**
 * The two public lists of decision 0017: /artists (shown display cards, newest activity first) and
 * /gallery (effectively Public images, newest first). Both page by a keyset cursor — the row's
 * time in full precision and its id — so a deep page costs what page 1 costs.
 */

const decodeCursor = (cursor: string) => decodeTimeIdCursor(cursor, galleryMessages.badCursor);

/** /artists?sort=rating's cursor: the rating key (0–5, up to 4 decimals), the review count and the id. */
function decodeRatingCursor(cursor: string): RatingCursor {
  const [rating = '', count = '', id = ''] = decodeParts(
    cursor,
    galleryMessages.badCursor,
    (p) => p.length === 3 && /^[0-5](\.\d{1,4})?$/.test(p[0]!) && /^\d{1,9}$/.test(p[1]!) && isUuid(p[2]!),
  );
  return { rating, count: Number(count), id };
}

/**
 * Each tag asked, as the ids a match may carry: the tag, its descendants and synonyms (none for an
 * unknown tag, which matches nothing).
 */
async function tagIdsOf(ctx: Pick<Deps, 'db' | 'bus'>, actor: Actor | null, titles: string[]) {
  const out: number[][] = [];
  for (const title of titles) out.push(await tagFilterIds(ctx, actor, title));
  return out;
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
    q.sort ?? 'activity',
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
  const order = q.sort ?? 'activity';
  const cursor = !q.cursor
    ? undefined
    : order === 'rating'
      ? decodeRatingCursor(q.cursor)
      : decodeCursor(q.cursor);
  const tagIds = await tagIdsOf(ctx, actor, q.tags ?? []);
  const priced = q.minPrice !== undefined || q.maxPrice !== undefined;
  // SPEC §5's price rule, read as for a stored range (priceFilterCents).
  const range = priceFilterCents(q.minPrice, q.maxPrice);
  const max = range.maxCents;
  const min = range.minCents ?? 0;
  const rows = await artistsPageRows(
    ctx.db,
    actor,
    sets,
    {
      order,
      cursor,
      tagIds,
      price: priced ? { minCents: min, maxCents: max } : undefined,
      open: !!q.open,
      search: q.search,
    },
    ARTISTS_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, ARTISTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toDisplayCard(r, actor)),
    nextCursor:
      rows.length > ARTISTS_PAGE_SIZE && last
        ? order === 'rating'
          ? encodeCursor(last.ratingSort, last.reviewCount, last.id)
          : encodeCursor(last.cursorTs, last.id)
        : null,
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
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  const tagIds = await tagIdsOf(ctx, actor, q.tags ?? []);
  const rows = await galleryPageRows(ctx.db, actor, sets, { cursor, tagIds }, GALLERY_PAGE_SIZE + 1);
  const page = rows.slice(0, GALLERY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toGalleryImage(r, r.tags ?? [])),
    nextCursor: rows.length > GALLERY_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}
