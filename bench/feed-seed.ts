// Seeds the feed benchmark's data straight through Drizzle: batched multi-row inserts, no services,
// so 10,000 posts take seconds rather than minutes.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { Db } from '../apps/server/src/db/client.ts';
import { media } from '../apps/server/src/db/schema/media.ts';
import { postLikes, postMedia, posts } from '../apps/server/src/db/schema/posts.ts';
import { users } from '../apps/server/src/db/schema/users.ts';

export interface SeedOptions {
  users: number;
  posts: number;
}

export interface SeedResult {
  /** Post ids of sfw posts (what an anonymous visitor sees), oldest first. */
  sfwIds: number[];
  /** A seeded user who reads the feed signed in (default settings: sfw only). */
  readerId: string;
  mediaRows: number;
  likes: number;
}

/** A small deterministic PRNG (mulberry32): every run seeds the same data. */
export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'ink sketch commission palette canvas line colour shading portrait chibi fullbody background wip open slots thanks'.split(
    ' ',
  );

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedFeed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const rand = prng(20240601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

  const userRows = Array.from({ length: opts.users }, (_, i) => ({
    login: `bench_${i}`,
    email: `bench_${i}@example.test`,
    displayName: `Bench artist ${i}`,
    // Nobody signs in during the benchmark: a placeholder, not a real hash.
    passwordHash: 'not-a-password-hash',
  }));
  const userIds: string[] = [];
  await inBatches(userRows, 500, async (batch) => {
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    userIds.push(...rows.map((r) => r.id));
  });

  // Oldest first, so identity ids grow with createdAt as they do in real life.
  const start = Date.now() - opts.posts * 60_000;
  const maturityOf = (): Maturity => {
    const r = rand();
    return r < 0.6 ? 'sfw' : r < 0.85 ? 'questionable' : 'nsfw';
  };
  const postRows = Array.from({ length: opts.posts }, (_, i) => {
    const likers = rand() < 0.5 ? Math.floor(rand() * 8) : 0;
    return {
      ownerId: pick(userIds),
      content: Array.from({ length: 8 + Math.floor(rand() * 40) }, () => pick(WORDS)).join(' '),
      maturity: maturityOf(),
      totalLikes: likers,
      createdAt: new Date(start + i * 60_000),
    };
  });
  const postIds: number[] = [];
  await inBatches(postRows, 1000, async (batch) => {
    const rows = await db.insert(posts).values(batch).returning({ id: posts.id });
    postIds.push(...rows.map((r) => r.id));
  });

  // About a fifth of the posts carry 1 to 4 images, owned by the post's author.
  const mediaRows: (typeof media.$inferInsert & { id: string })[] = [];
  const links: (typeof postMedia.$inferInsert)[] = [];
  const likes: (typeof postLikes.$inferInsert)[] = [];
  postRows.forEach((p, i) => {
    const postId = postIds[i]!;
    if (rand() < 0.2) {
      const n = 1 + Math.floor(rand() * 4);
      for (let position = 0; position < n; position += 1) {
        const hex = randomBytes(16).toString('hex');
        const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
        mediaRows.push({
          id,
          ownerId: p.ownerId,
          purpose: 'post',
          mime: 'image/webp',
          width: 1200,
          height: 900,
          sizeBytes: 150_000,
          storageKey: `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}.webp`,
          miniatureKey: `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}_m.webp`,
        });
        links.push({ postId, position, mediaId: id });
      }
    }
    // Distinct likers, matching the stored totalLikes.
    const likers = new Set<string>();
    while (likers.size < p.totalLikes) likers.add(pick(userIds));
    for (const userId of likers) likes.push({ postId, userId });
  });
  await inBatches(mediaRows, 1000, (batch) => db.insert(media).values(batch));
  await inBatches(links, 2000, (batch) => db.insert(postMedia).values(batch));
  await inBatches(likes, 2000, (batch) => db.insert(postLikes).values(batch));
  // Fresh planner statistics, as autovacuum would have gathered on a live database.
  await db.execute(sql`analyze`);

  const sfwIds = postIds.filter((_, i) => postRows[i]!.maturity === 'sfw');
  return { sfwIds, readerId: userIds[0]!, mediaRows: mediaRows.length, likes: likes.length };
}
