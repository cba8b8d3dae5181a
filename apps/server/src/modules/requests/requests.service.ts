import { toCents } from '@brushline/shared/cards/pricing';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import { REQUESTS_PAGE_SIZE, REQUESTS_PER_OWNER_MAX } from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import { clampDeadline, clampPrice } from '@brushline/shared/requests/pricing';
import type { Request, RequestBody, RequestFilterQuery } from '@brushline/shared/requests/schemas';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { toMedia } from '../media/media.dto.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { clearTagsOf, setTagsOf, tagSearchIds, tagsOfMany } from '../tags/tag-usage.service.ts';
import { requestNotFound, toRequest, toRequestValues } from './requests.dto.ts';
import {
  byGuid,
  byId,
  carriesAnyTag,
  deleteOwnRequest,
  filterConditions,
  findRequestMediaRows,
  findRequestRows,
  insertRequest,
  lockAndCountRequests,
  ownedBy,
  replaceRequestMedia,
  updateOwnRequest,
  type RequestRow,
} from './requests.repo.ts';

/** The tag subject kind of requests (tag_usages.subject_kind). */
export const REQUEST_TAG_KIND = 'request';
const subject = (id: number) => ({ kind: REQUEST_TAG_KIND, id: String(id) });

/**
 * Tags the reader chose not to see: NSFW tags are left off a request's card for a reader who
 * does not display NSFW content (anonymous readers included).
 */
const shownTo = (actor: Actor | null) => (tag: TagRef) =>
  tag.maturity !== 'NSFW' || Boolean(actor?.displayNsfw);

/** Requests as answers: attachments in one query, tags per request at once. */
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
  const own = (r: RequestRow) => r.ownerId === actor?.id;
  return rows.map((r) => {
    const mine = tags.get(subject(r.id).id) ?? [];
    return toRequest(r, byRequest.get(r.id) ?? [], own(r) ? mine : mine.filter(shownTo(actor)));
  });
}

/** The request as its reader may see it: a hidden one only by its owner (everyone else 404). */
async function readable(ctx: Pick<Deps, 'db'>, actor: Actor | null, guid: string): Promise<RequestRow> {
  const [row] = await findRequestRows(ctx.db, byGuid(guid));
  if (!row || (row.privacy === 'hidden' && row.ownerId !== actor?.id)) throw requestNotFound();
  return row;
}

export async function getRequest(ctx: Pick<Deps, 'db'>, actor: Actor | null, guid: string): Promise<Request> {
  return (await presentRequests(ctx, actor, [await readable(ctx, actor, guid)]))[0]!;
}

export async function listOwnRequests(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<Request[]> {
  return presentRequests(
    ctx,
    actor,
    await findRequestRows(ctx.db, ownedBy(actor.id), { limit: REQUESTS_PER_OWNER_MAX, offset: 0 }),
  );
}

/** Writes the values, the attachments and the tags of a request inside the caller's transaction. */
async function writeParts(ctx: TxCtx, actor: Actor, id: number, body: RequestBody) {
  await assertOwnMedia(ctx, actor, body.attachedMedia, ['reference', 'post']);
  await replaceRequestMedia(ctx.db, id, body.attachedMedia);
  await setTagsOf(ctx, actor, subject(id), body.tags);
}

export async function createRequest(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  body: RequestBody,
): Promise<Request> {
  const guid = await ctx.db.transaction(async (tx) => {
    if ((await lockAndCountRequests(tx, actor.id)) >= REQUESTS_PER_OWNER_MAX) {
      throw new AppError(409, 'too_many_requests', requestMessages.tooManyRequests);
    }
    const created = await insertRequest(tx, actor.id, toRequestValues(body));
    await writeParts({ db: tx }, actor, created.id, body);
    return created.guid;
  });
  return getRequest(ctx, actor, guid);
}

/** The owner saves every field; anyone else (or no such request) gets 404 and nothing changes. */
export async function updateRequest(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  body: RequestBody,
): Promise<Request> {
  const guid = await ctx.db.transaction(async (tx) => {
    const [row] = await findRequestRows(tx, byId(id));
    if (!row || row.ownerId !== actor.id) throw requestNotFound();
    if (!(await updateOwnRequest(tx, actor.id, id, toRequestValues(body)))) throw requestNotFound();
    await writeParts({ db: tx }, actor, id, body);
    return row.guid;
  });
  return getRequest(ctx, actor, guid);
}

/** The owner deletes by guid; its applications go with it, orders already made stay. */
export async function deleteRequest(ctx: Pick<Deps, 'db'>, actor: Actor, guid: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const id = await deleteOwnRequest(tx, actor.id, guid);
    if (id === null) throw notFound(messages.requestDeleteFailed);
    await clearTagsOf({ db: tx }, actor, subject(id));
  });
}

/**
 * SPEC §7 GET request/get/filter: public requests only, newest first, REQUESTS_PAGE_SIZE a page.
 * Price bounds and the deadline are read like stored values (SPEC §5 clamping); each tag filter
 * matches the tag, its synonyms' canonical tag and every descendant (a tag nobody knows matches
 * nothing, so the page is empty).
 */
export async function filterRequests(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  q: RequestFilterQuery,
): Promise<Request[]> {
  const tagConditions = [];
  for (const title of q.tags ?? []) {
    const ids = await tagSearchIds(ctx, actor, title);
    if (ids.length === 0) return [];
    tagConditions.push(carriesAnyTag(REQUEST_TAG_KIND, ids));
  }
  const where = filterConditions({
    maxPriceCents: q.maxPrice === undefined ? undefined : toCents(clampPrice(q.maxPrice)),
    minPriceCents: q.minPrice === undefined ? undefined : toCents(clampPrice(q.minPrice)),
    minDeadline: q.minDeadline === undefined ? undefined : clampDeadline(q.minDeadline),
    inTitle: q.searchInTitle || undefined,
    inDescription: q.searchInDecriptions || undefined,
    typeOfWork: q.typeOfWork,
    tagConditions,
  });
  const rows = await findRequestRows(ctx.db, where, {
    limit: REQUESTS_PAGE_SIZE,
    offset: (q.page - 1) * REQUESTS_PAGE_SIZE,
  });
  return presentRequests(ctx, actor, rows);
}
