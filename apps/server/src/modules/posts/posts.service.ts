import { FEED_PAGE_SIZE, MATURITIES, type Maturity } from '@brushline/shared/posts/constants';
import type { CreatePostBody, FeedQuery, LikeState, Post, PostPage } from '@brushline/shared/posts/schemas';
import { messages } from '@brushline/shared/messages';
import { isStaff } from '@brushline/shared/roles';
import type { Db } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { toPost } from './posts.dto.ts';
import { feedLikesChanged, feedPageCache, feedPageKey, feedPagesChanged } from './feed-page-cache.ts';
import {
  setPostHidden,
  addToTotalLikes,
  deleteLike,
  deletePostRow,
  findViewer,
  insertLike,
  insertPost,
  insertPostMedia,
  likeAlreadyNotified,
  lockPost,
  readTotalLikes,
  selectLikedAmong,
  selectPostCards,
  setPostMaturity,
} from './posts.repo.ts';

/**
 * What a viewer may receive (decision 0006): anonymous visitors only sfw; signed-in users sfw plus
 * each maturity their settings turn on. Filtered in SQL, so hidden posts never leave the server.
 */
function visibleMaturities(actor: Actor | null): Maturity[] {
  if (!actor) return ['sfw'];
  return MATURITIES.filter(
    (m) =>
      m === 'sfw' ||
      (m === 'questionable' && actor.displayQuestionable) ||
      (m === 'nsfw' && actor.displayNsfw),
  );
}

export async function createPost(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  body: CreatePostBody,
): Promise<Post> {
  const { db } = ctx;
  const id = await db.transaction(async (tx) => {
    await assertOwnMedia({ db: tx }, actor, body.attachedMedia, ['post']);
    const postId = await insertPost(tx, {
      ownerId: actor.id,
      content: body.postContent,
      maturity: body.maturity,
      aiLabel: body.aiLabel,
    });
    await insertPostMedia(tx, postId, body.attachedMedia);
    return postId;
  });
  await feedPagesChanged(ctx.bus);
  // The author gets the post back whatever their own display settings hide.
  const [row] = await selectPostCards(db, { viewerId: actor.id, ids: [id], limit: 1 });
  return toPost(row!);
}

/** A profile's name or picture changed (the profileChanged reaction): every instance's cached pages show the new ones at once. */
export const authorChanged = (ctx: Pick<Deps, 'bus'>, _actor: null) => feedPagesChanged(ctx.bus);

/** One post as the feed shows it; a post the viewer may not see answers 404 like a missing one. */
export async function getPost(ctx: Pick<Deps, 'db'>, actor: Actor | null, id: number): Promise<Post> {
  const [row] = await selectPostCards(ctx.db, {
    viewerId: actor?.id ?? null,
    maturities: visibleMaturities(actor),
    ids: [id],
    limit: 1,
  });
  // A post staff hid is its owner's and staff's to see (decision 0022); anyone else: as if gone.
  if (!row || (row.hiddenReason !== null && row.ownerId !== actor?.id && !isStaff(actor?.roles ?? [])))
    throw notFound(messages.postMissing);
  return toPost(row);
}

/** A reported post as staff read it in its case: any maturity, hidden or not. */
export async function getPostForStaff(ctx: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Post> {
  const [row] = await selectPostCards(ctx.db, { viewerId: actor.id, ids: [id], limit: 1 });
  if (!row) throw notFound(messages.postMissing);
  return toPost(row);
}

/**
 * Staff hide a post (with the reason its owner reads) or show it again (null): it leaves every
 * list (the caller drops the cached feed pages after its commit). Answers whether the post exists.
 */
export async function setPostHiddenByStaff(
  ctx: TxCtx,
  _actor: Actor,
  id: number,
  reason: string | null,
): Promise<boolean> {
  return setPostHidden(ctx.db, id, reason);
}

/**
 * Staff give a post the maturity label it should have had (a report of a wrong label): it moves
 * to the readers whose settings show that maturity. Inside the staff's transaction (the caller
 * drops the cached pages after its commit); answers whether the post exists.
 */
export async function setPostMaturityByStaff(
  ctx: TxCtx,
  _actor: Actor,
  id: number,
  maturity: Maturity,
): Promise<boolean> {
  return setPostMaturity(ctx.db, id, maturity);
}

/**
 * One page of the feed (or of one user's posts), newest first; see feedQuerySchema. The page is
 * shared by every reader with the same visible maturities and hide-AI setting (feed-page-cache.ts); a signed-in
 * reader's own likes are read for its posts on every request, so they are always exact.
 */
export async function listPosts(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  query: FeedQuery,
): Promise<PostPage> {
  const maturities = visibleMaturities(actor);
  // A reader who hides AI still sees their own labelled posts on their profile (decision 0025).
  const hideAi = Boolean(actor?.hideAi) && query.owner?.toLowerCase() !== actor!.login.toLowerCase();
  const page = await feedPageCache(ctx.bus).load(feedPageKey(maturities, hideAi, query), () =>
    readPage(ctx.db, maturities, hideAi, query),
  );
  if (!actor) return page;
  const liked = await selectLikedAmong(
    ctx.db,
    actor.id,
    page.items.map((p) => p.id),
  );
  if (liked.size === 0) return page;
  return {
    items: page.items.map((p) => (liked.has(p.id) ? { ...p, likedByMe: true } : p)),
    nextCursor: page.nextCursor,
  };
}

/** A page as nobody in particular reads it: likedByMe is false throughout. */
async function readPage(
  db: Db,
  maturities: Maturity[],
  hideAi: boolean,
  query: FeedQuery,
): Promise<PostPage> {
  const limit = FEED_PAGE_SIZE;
  const rows = await selectPostCards(db, {
    viewerId: null,
    maturities,
    hideAi,
    ownerLogin: query.owner,
    before: query.cursor,
    // One row more than a page tells whether another page follows, without asking again.
    limit: limit + 1,
    offset: query.cursor === undefined ? ((query.page ?? 1) - 1) * limit : 0,
  });
  const items = rows.slice(0, limit).map(toPost);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

/**
 * Likes or unlikes the post for the actor, in one transaction with the counter. A post the actor
 * may not see answers 404 like a missing one. The owner hears about a like once per person and
 * post: unliking and liking again never notifies twice, so toggling cannot spam anyone.
 */
export async function toggleLike(
  ctx: Pick<Deps, 'db' | 'bus' | 'hub' | 'log'>,
  actor: Actor,
  postId: number,
): Promise<LikeState> {
  const maturities = visibleMaturities(actor);
  const result = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post || !maturities.includes(post.maturity)) throw notFound();
    if (await deleteLike(tx, postId, actor.id)) {
      return { totalLikes: await addToTotalLikes(tx, postId, -1), likedByMe: false, push: undefined };
    }
    const totalLikes = (await insertLike(tx, postId, actor.id))
      ? await addToTotalLikes(tx, postId, 1)
      : await readTotalLikes(tx, postId);
    let push: ((d: Pick<Deps, 'hub' | 'log'>) => void) | undefined;
    if (post.ownerId !== actor.id && !(await likeAlreadyNotified(tx, post.ownerId, actor.id, postId))) {
      const viewer = await findViewer(tx, actor.id);
      const created = await createNotification({ db: tx }, actor, {
        userId: post.ownerId,
        type: 'post_liked',
        message: `${viewer?.displayName ?? actor.login} liked your post`,
        postId,
      });
      push = created.push;
    }
    return { totalLikes, likedByMe: true, push };
  });
  // Cached pages on every instance show the new count at once, the liker's included.
  await feedLikesChanged(ctx.bus, postId, result.totalLikes);
  // Told only after the commit, so nobody hears of a like that was rolled back.
  result.push?.(ctx);
  return { totalLikes: result.totalLikes, likedByMe: result.likedByMe };
}

/** The owner or staff delete a post; anyone else gets the same 404 as for a missing post. */
export async function deletePost(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  postId: number,
): Promise<{ message: string }> {
  const deleted = await deletePostRow(ctx.db, postId, isStaff(actor.roles) ? null : actor.id);
  if (!deleted) throw notFound(messages.postDeleteFailed);
  await feedPagesChanged(ctx.bus);
  return { message: messages.postDeleted };
}
