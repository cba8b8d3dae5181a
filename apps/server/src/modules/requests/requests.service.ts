import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import { REQUESTS_PAGE_SIZE, REQUESTS_PER_OWNER_MAX } from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import { clampDeadline, priceFilterCents } from '@brushline/shared/requests/pricing';
import type { Request, RequestBody, RequestFilterQuery } from '@brushline/shared/requests/schemas';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { isUuid } from '@brushline/shared/uuid';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { readerTagSetsOf } from '../gallery/hidden-tags.service.ts';
import { toMedia } from '../media/media.dto.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { clearTagsOf, holdTagGraph, setTagsOf, tagFilterIds, tagsOfMany } from '../tags/tag-usage.service.ts';
import { cachedPage, requestListCache, requestListChanged, type PageStarts } from './request-list-cache.ts';
import { requestNotFound, toRequest, toRequestValues } from './requests.dto.ts';
import {
  byGuid,
  byId,
  deleteOwnRequest,
  findRequestMediaRows,
  findRequestRows,
  insertRequest,
  lockAndCountRequests,
  ownedBy,
  readableBy,
  replaceRequestMedia,
  setRequestHidden,
  updateOwnRequest,
  type ListCursor,
  type RequestRow,
} from './requests.repo.ts';
import { findPageEnds, publicPageRows, type PublicFilter } from './requests-page.repo.ts';

/** The tag subject kind of requests (tag_usages.subject_kind). */
export const REQUEST_TAG_KIND = 'request';
const subject = (id: number) => ({ kind: REQUEST_TAG_KIND, id: String(id) });

/**
 * Tags the reader chose not to see: NSFW tags are left off a request's card for a reader who
 * does not display NSFW content (anonymous readers included).
 */
const shownTo = (actor: Actor | null) => (tag: TagRef) =>
  tag.maturity !== 'NSFW' || Boolean(actor?.displayNsfw);

/** Requests as answers with every tag (see forReader): attachments in one query, tags per request at once. */
export async function presentRequests(
  ctx: TxCtx,
  actor: Actor | null,
  rows: RequestRow[],
): Promise<Request[]> {
  const mediaRows = await findRequestMediaRows(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byRequest = new Map<number, Media[]>();
  for (const m of mediaRows)
    byRequest.set(m.requestId, [...(byRequest.get(m.requestId) ?? []), toMedia(m.media)]);
  // One query for the tags of the whole page, not one per request.
  const tags = await tagsOfMany(
    ctx,
    actor,
    REQUEST_TAG_KIND,
    rows.map((r) => subject(r.id).id),
  );
  return rows.map((r) => toRequest(r, byRequest.get(r.id) ?? [], tags.get(subject(r.id).id) ?? []));
}

/**
 * The tag ids the reader hides (decision 0017's hidden tags, mode hide, with their descendants): left
 * off the request cards they read. None for anonymous readers.
 */
async function hiddenBy(ctx: Pick<Deps, 'db'>, actor: Actor | null): Promise<ReadonlySet<number>> {
  return new Set(actor ? (await readerTagSetsOf(ctx, actor)).hide : []);
}

/**
 * The request as `actor` reads it: NSFW tags (for readers who do not display it) and the tags they
 * hide are left out; the owner sees every tag of their own.
 */
const forReader = (actor: Actor | null, hidden: ReadonlySet<number>) => (r: Request) => {
  if (r.owner.id === actor?.id) return r;
  const shown = (tag: TagRef) => shownTo(actor)(tag) && !hidden.has(tag.id);
  return r.tags.every(shown) ? r : { ...r, tags: r.tags.filter(shown) };
};

/** The request as its reader may see it: a hidden one only by its owner (everyone else 404). */
async function readable(ctx: Pick<Deps, 'db'>, actor: Actor | null, guid: string): Promise<RequestRow> {
  const [row] = await findRequestRows(ctx.db, [byGuid(guid), readableBy(actor)]);
  if (!row) throw requestNotFound();
  return row;
}

export async function getRequest(ctx: Pick<Deps, 'db'>, actor: Actor | null, guid: string): Promise<Request> {
  const [request] = await presentRequests(ctx, actor, [await readable(ctx, actor, guid)]);
  return forReader(actor, await hiddenBy(ctx, actor))(request!);
}

/** A reported request as staff read it: whatever its privacy, hidden by staff or not. */
export async function getRequestForStaff(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  guid: string,
): Promise<Request> {
  const [row] = await findRequestRows(ctx.db, [byGuid(guid)]);
  if (!row) throw requestNotFound();
  return (await presentRequests(ctx, actor, [row]))[0]!;
}

/**
 * Staff hide a request (with the reason its owner reads) or show it again (null): it leaves the
 * public list, and nobody but its owner can open or apply to it. Inside the staff's transaction;
 * answers whether it exists. The caller drops the cached lists after its commit (requestsModerated).
 */
export async function setRequestHiddenByStaff(
  ctx: TxCtx,
  _actor: Actor,
  guid: string,
  reason: string | null,
): Promise<boolean> {
  return isUuid(guid) && setRequestHidden(ctx.db, guid, reason);
}

/** Cached request lists on every instance drop what staff just hid or showed. */
export const requestsModerated = (ctx: Pick<Deps, 'bus'>, _actor: Actor) => requestListChanged(ctx.bus);

export async function listOwnRequests(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<Request[]> {
  return presentRequests(
    ctx,
    actor,
    await findRequestRows(ctx.db, ownedBy(actor.id), { limit: REQUESTS_PER_OWNER_MAX }),
  );
}

/** Writes the values, the attachments and the tags of a request inside the caller's transaction. */
async function writeParts(ctx: TxCtx, actor: Actor, id: number, body: RequestBody) {
  await assertOwnMedia(ctx, actor, body.attachedMedia, ['reference']);
  await replaceRequestMedia(ctx.db, id, body.attachedMedia);
  await setTagsOf(ctx, actor, subject(id), body.tags);
}

export async function createRequest(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  body: RequestBody,
): Promise<Request> {
  const guid = await ctx.db.transaction(async (tx) => {
    await holdTagGraph({ db: tx }, actor);
    if ((await lockAndCountRequests(tx, actor.id)) >= REQUESTS_PER_OWNER_MAX) {
      throw new AppError(409, 'too_many_requests', requestMessages.tooManyRequests);
    }
    const created = await insertRequest(tx, actor.id, toRequestValues(body));
    await writeParts({ db: tx }, actor, created.id, body);
    return created.guid;
  });
  await requestListChanged(ctx.bus);
  return getRequest(ctx, actor, guid);
}

/** The owner saves every field; anyone else (or no such request) gets 404 and nothing changes. */
export async function updateRequest(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  id: number,
  body: RequestBody,
): Promise<Request> {
  const guid = await ctx.db.transaction(async (tx) => {
    await holdTagGraph({ db: tx }, actor);
    const [row] = await findRequestRows(tx, byId(id));
    if (!row || row.ownerId !== actor.id) throw requestNotFound();
    if (!(await updateOwnRequest(tx, actor.id, id, toRequestValues(body)))) throw requestNotFound();
    await writeParts({ db: tx }, actor, id, body);
    return row.guid;
  });
  await requestListChanged(ctx.bus);
  return getRequest(ctx, actor, guid);
}

/** The owner deletes by guid; its applications go with it, orders already made stay. */
export async function deleteRequest(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  guid: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await holdTagGraph({ db: tx }, actor);
    const id = await deleteOwnRequest(tx, actor.id, guid);
    if (id === null) throw notFound(messages.requestDeleteFailed);
    await clearTagsOf({ db: tx }, actor, subject(id));
  });
  await requestListChanged(ctx.bus);
}

/**
 * SPEC §7 GET request/get/filter: public requests only, newest first, REQUESTS_PAGE_SIZE a page.
 * Price bounds and the deadline are read like stored values (SPEC §5 clamping); each tag filter
 * matches the tag, its synonyms' canonical tag and every descendant (a tag nobody knows matches
 * nothing, so the page is empty). Pages come from the shared page cache, and page N is read from
 * where it starts (keyset), not by skipping the pages before it (request-list-cache.ts).
 */
export async function filterRequests(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  q: RequestFilterQuery,
): Promise<Request[]> {
  const prices = priceFilterCents(q.minPrice, q.maxPrice);
  const filter = {
    maxPriceCents: prices.maxCents ?? undefined,
    minPriceCents: prices.minCents ?? undefined,
    minDeadline: q.minDeadline === undefined ? undefined : clampDeadline(q.minDeadline),
    inTitle: q.searchInTitle || undefined,
    inDescription: q.searchInDecriptions || undefined,
    typeOfWork: q.typeOfWork,
    tags: (q.tags ?? []).map(normalizeTagTitle),
  };
  const key = JSON.stringify(filter);
  const read = cachedPage(ctx.bus, `${key}#${q.page}`, async () => {
    const tagRoots = [];
    for (const title of filter.tags) {
      // The searched tag comes first; a tag nobody knows matches nothing, so the page is empty.
      const [root] = await tagFilterIds(ctx, null, title);
      if (root === undefined) return [];
      tagRoots.push(root);
    }
    return readPage(ctx, key, { ...filter, tagRoots }, q.page);
  });
  const [page, hidden] = await Promise.all([read, hiddenBy(ctx, actor)]);
  return page.map(forReader(actor, hidden));
}

/**
 * Page `n` of the list `where` picks, read from its start: page 1 from the top, page n from the
 * start remembered for it (the last row of page n − 1, stored when that page was read), or else
 * from the nearest remembered start before it, walking the ordered index once to learn the starts
 * of every page up to n. Every tag is kept (the reader's filter is applied on the way out).
 */
async function readPage(ctx: Pick<Deps, 'db' | 'bus'>, key: string, filter: PublicFilter, n: number) {
  const { starts } = requestListCache(ctx.bus);
  const ticket = starts.ticket();
  const known = starts.get(key);
  let start: ListCursor | null = null;
  let learned: PageStarts | null = null;
  if (n > 1) {
    const exact = known?.get(n);
    if (exact) start = exact;
    else {
      let from = 1;
      for (const [p, cursor] of known ?? []) if (p < n && p > from) [from, start] = [p, cursor];
      const ends = await findPageEnds(ctx.db, filter, start, REQUESTS_PAGE_SIZE, n - from);
      learned = new Map(known);
      ends.forEach((cursor, i) => learned!.set(from + i + 1, cursor));
      if (ends.length < n - from) {
        starts.store(ticket, key, learned);
        return [];
      }
      start = ends.at(-1)!;
    }
  }
  // One statement: the page's rows with their owners, counts, tags and attachments.
  const rows = await publicPageRows(ctx.db, filter, start, REQUESTS_PAGE_SIZE);
  const last = rows.at(-1);
  if (rows.length === REQUESTS_PAGE_SIZE && last && !(learned ?? known)?.has(n + 1)) {
    learned = new Map(learned ?? known);
    learned.set(n + 1, { createdAt: last.cursorAt, id: last.id });
  }
  if (learned) starts.store(ticket, key, learned);
  return rows.map((r) => toRequest(r, r.media.map(toMedia), r.tags));
}
