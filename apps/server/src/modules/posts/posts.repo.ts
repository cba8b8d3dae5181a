import { and, desc, eq, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PG_INT_MAX } from '@brushline/shared/paging';
import type { AiLabel } from '@brushline/shared/ai/constants';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { Role } from '@brushline/shared/roles';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { postLikes, postMedia, posts } from '../../db/schema/posts.ts';
import { ownerNotRestricted, ownPictureId, rolesColumn, users } from '../../db/schema/users.ts';
import type { PostMediaJson } from './posts.dto.ts';

/** The viewer's own like of each post on the page (likedByMe). */
const myLike = alias(postLikes, 'my_like');

/** What the feed needs to know about the person reading it. */
export async function findViewer(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      displayName: users.displayName,
      displayNsfw: users.displayNsfw,
      displayQuestionable: users.displayQuestionable,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertPost(
  db: DbOrTx,
  values: { ownerId: string; content: string; maturity: Maturity; aiLabel: AiLabel | null },
): Promise<number> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

/** Attaches media in the order given (position 0 first). */
export async function insertPostMedia(db: DbOrTx, postId: number, mediaIds: readonly string[]) {
  if (mediaIds.length === 0) return;
  await db.insert(postMedia).values(mediaIds.map((mediaId, position) => ({ postId, position, mediaId })));
}

/**
 * Everything a card shows, computed per post by correlated subqueries: the owner's roles, the
 * media in position order as one JSON array. They run only for the rows of the page (see
 * postCardsQuery), so a page costs one round trip whatever its size.
 */
function cardColumns() {
  return {
    id: posts.id,
    ownerId: posts.ownerId,
    content: posts.content,
    maturity: posts.maturity,
    aiLabel: posts.aiLabel,
    totalLikes: posts.totalLikes,
    createdAt: posts.createdAt,
    hiddenReason: posts.hiddenReason,
    ownerLogin: users.login,
    ownerDisplayName: users.displayName,
    // Only while the avatar's media row still exists and is the owner's: no dead links.
    ownerAvatarId: ownPictureId(users),
    ownerVerified: users.isVerified,
    ownerAlpha: users.isAlpha,
    ownerBanned: users.isBanned,
    ownerRoles: rolesColumn,
    // JSON travels as text and is parsed here: PGlite and node-postgres parse json differently.
    media: sql<string>`coalesce((
      select json_agg(json_build_object(
        'id', m.id, 'width', m.width, 'height', m.height, 'mime', m.mime, 'purpose', m.purpose
      ) order by pm.position)
      from post_media pm join media m on m.id = pm.media_id
      where pm.post_id = ${posts.id}), '[]'::json)::text`.mapWith(
      (v: string) => JSON.parse(v) as PostMediaJson[],
    ),
    likedByMe: sql<boolean>`(${myLike.userId} is not null)`,
  };
}

export type PostCardRow = {
  id: number;
  ownerId: string;
  content: string;
  maturity: Maturity;
  aiLabel: AiLabel | null;
  totalLikes: number;
  createdAt: Date;
  /** Why staff hid it; null while it is not hidden. */
  hiddenReason: string | null;
  ownerLogin: string;
  ownerDisplayName: string;
  ownerAvatarId: string | null;
  ownerVerified: boolean;
  ownerAlpha: boolean;
  ownerBanned: boolean;
  ownerRoles: Role[];
  media: PostMediaJson[];
  likedByMe: boolean;
};

export interface PostFilter {
  viewerId: string | null;
  /** Maturities the viewer may receive; absent means all (the author reading back a new post). */
  maturities?: readonly Maturity[];
  /** Leave out AI-labelled posts (the reader's hide-AI setting). */
  hideAi?: boolean;
  /** Keep one user's posts, by login (case-insensitive). */
  ownerLogin?: string;
  /** Keyset cursor: only posts with a smaller id. */
  before?: number;
  ids?: readonly number[];
  limit: number;
  offset?: number;
}

/**
 * A page of post cards, newest first. The page's ids are chosen first on the posts table alone,
 * where the (maturity, id desc) and (owner_id, id desc) indexes serve the filter and the order;
 * the card columns are then computed for those rows only. Values may be literals or placeholders
 * of a prepared statement.
 */
function cardsPage(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
  viewer: SQL,
) {
  const pageIds = db.$with('page_ids').as(
    db
      .select({ pageId: posts.id })
      .from(posts)
      .where(and(where, ownerNotRestricted(posts.ownerId)))
      .orderBy(desc(posts.id))
      .limit(limit)
      .offset(offset),
  );
  return (
    db
      .with(pageIds)
      .select(cardColumns())
      .from(pageIds)
      .innerJoin(posts, eq(posts.id, pageIds.pageId))
      .innerJoin(users, eq(users.id, posts.ownerId))
      // A primary-key probe per row; for anonymous viewers `= null` matches nothing.
      .leftJoin(myLike, and(eq(myLike.postId, posts.id), eq(myLike.userId, viewer)))
      .orderBy(desc(posts.id))
  );
}

const ownerIdOf = (login: SQL | Placeholder | string) =>
  sql`(select u.id from users u where lower(u.login) = ${login})`;

/** Any filter, with its values inlined as parameters (single posts, and the EXPLAIN test). */
export function postCardsQuery(db: DbOrTx, f: PostFilter) {
  const where = and(
    f.maturities ? inArray(posts.maturity, [...f.maturities]) : undefined,
    f.before === undefined ? undefined : lt(posts.id, f.before),
    f.ownerLogin === undefined ? undefined : eq(posts.ownerId, ownerIdOf(f.ownerLogin.toLowerCase())),
    f.ids ? inArray(posts.id, [...f.ids]) : undefined,
    f.hideAi ? isNull(posts.aiLabel) : undefined,
    // Lists never show a post staff hid; one post by id does (the service decides who may see it).
    f.ids ? undefined : isNull(posts.hiddenAt),
  );
  return cardsPage(db, where, f.limit, f.offset ?? 0, f.viewerId === null ? sql`null` : sql`${f.viewerId}`);
}

/**
 * The feed's two shapes (everyone's posts, one owner's posts) as named prepared statements: on
 * PostgreSQL the page query is parsed and planned once per connection instead of on every request,
 * which is most of its cost (docs/decisions/0006-feed-speed.md). One pair per database handle.
 */
const prepared = new WeakMap<
  object,
  { all: ReturnType<typeof prepareFeed>; owner: ReturnType<typeof prepareFeed> }
>();

function prepareFeed(db: DbOrTx, byOwner: boolean) {
  const where = and(
    // A comma list, not an array parameter: PGlite cannot bind a JS array to an enum array.
    sql`${posts.maturity} = any(string_to_array(${sql.placeholder('maturities')}, ',')::maturity[])`,
    lt(posts.id, sql.placeholder('before')),
    isNull(posts.hiddenAt),
    // 'true' or 'false': the reader's hide-AI setting, one statement for both.
    sql`(not ${sql.placeholder('hideAi')}::boolean or ${posts.aiLabel} is null)`,
    byOwner ? eq(posts.ownerId, ownerIdOf(sql.placeholder('owner'))) : undefined,
  );
  return cardsPage(
    db,
    where,
    sql.placeholder('limit'),
    sql.placeholder('offset'),
    sql`${sql.placeholder('viewer')}::uuid`,
  ).prepare(byOwner ? 'feed_page_owner' : 'feed_page');
}

/** Larger than any post id: "no cursor" without a second statement shape. */
const NO_CURSOR = PG_INT_MAX;

export async function selectPostCards(db: DbOrTx, f: PostFilter): Promise<PostCardRow[]> {
  if (f.ids || !f.maturities) return postCardsQuery(db, f);
  let statements = prepared.get(db);
  if (!statements) {
    statements = { all: prepareFeed(db, false), owner: prepareFeed(db, true) };
    prepared.set(db, statements);
  }
  const params = {
    maturities: f.maturities.join(','),
    before: f.before ?? NO_CURSOR,
    limit: f.limit,
    offset: f.offset ?? 0,
    viewer: f.viewerId,
    owner: f.ownerLogin?.toLowerCase() ?? '',
    hideAi: f.hideAi ? 'true' : 'false',
  };
  return f.ownerLogin === undefined ? statements.all.execute(params) : statements.owner.execute(params);
}

/**
 * Which of `postIds` the user has liked: the reader's own part of a cached feed page. A probe of
 * the (post_id, user_id) primary key per id, prepared once per connection like the page queries.
 */
const myLikesStatements = new WeakMap<object, ReturnType<typeof prepareMyLikes>>();

function prepareMyLikes(db: DbOrTx) {
  return db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(
      and(
        eq(postLikes.userId, sql.placeholder('viewer')),
        // A comma list, like the maturities above: one binding that both drivers accept.
        sql`${postLikes.postId} = any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`,
      ),
    )
    .prepare('feed_my_likes');
}

export async function selectLikedAmong(db: DbOrTx, userId: string, postIds: readonly number[]) {
  if (postIds.length === 0) return new Set<number>();
  let statement = myLikesStatements.get(db);
  if (!statement) {
    statement = prepareMyLikes(db);
    myLikesStatements.set(db, statement);
  }
  const rows = await statement.execute({ viewer: userId, ids: postIds.join(',') });
  return new Set(rows.map((r) => r.postId));
}

/** The post's owner and maturity, locking the row so likes and deletes of one post queue up. */
export async function lockPost(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ownerId: posts.ownerId, maturity: posts.maturity })
    .from(posts)
    .where(eq(posts.id, id))
    .for('update');
  return row;
}

/** Removes the user's like; answers whether there was one. */
export async function deleteLike(db: DbOrTx, postId: number, userId: string): Promise<boolean> {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Adds the user's like; answers whether it is new. */
export async function insertLike(db: DbOrTx, postId: number, userId: string): Promise<boolean> {
  const rows = await db
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Moves the counter by `delta` in the database (no read-modify-write); answers the new count. */
export async function addToTotalLikes(db: DbOrTx, postId: number, delta: number): Promise<number> {
  const [row] = await db
    .update(posts)
    .set({ totalLikes: sql`greatest(${posts.totalLikes} + ${delta}, 0)` })
    .where(eq(posts.id, postId))
    .returning({ totalLikes: posts.totalLikes });
  return row!.totalLikes;
}

export async function readTotalLikes(db: DbOrTx, postId: number): Promise<number> {
  const [row] = await db.select({ totalLikes: posts.totalLikes }).from(posts).where(eq(posts.id, postId));
  return row?.totalLikes ?? 0;
}

/** Whether `actorId` has already been announced to `ownerId` as liking this post. */
export async function likeAlreadyNotified(
  db: DbOrTx,
  ownerId: string,
  actorId: string,
  postId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, ownerId),
        eq(notifications.type, 'post_liked'),
        eq(notifications.actorId, actorId),
        eq(notifications.postId, postId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the post when `ownerId` owns it (or any post when null); answers whether one went. */
export async function deletePostRow(db: DbOrTx, id: number, ownerId: string | null): Promise<boolean> {
  const rows = await db
    .delete(posts)
    .where(and(eq(posts.id, id), ownerId === null ? undefined : eq(posts.ownerId, ownerId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Hides a post (staff) with the reason its owner reads, or shows it again (reason null). Answers whether it exists. */
export async function setPostHidden(db: DbOrTx, id: number, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set(
      reason === null
        ? { hiddenAt: null, hiddenReason: null }
        : { hiddenAt: sql`now()`, hiddenReason: reason },
    )
    .where(eq(posts.id, id))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Gives a post another maturity label (staff); answers whether it exists. */
export async function setPostMaturity(db: DbOrTx, id: number, maturity: Maturity): Promise<boolean> {
  const rows = await db.update(posts).set({ maturity }).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}
