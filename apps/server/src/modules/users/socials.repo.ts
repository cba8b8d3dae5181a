import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { socialLinks } from '../../db/schema/socials.ts';
import { users } from '../../db/schema/users.ts';
import type { SocialLinkRow } from './users.repo.ts';

const linkColumns = { id: socialLinks.id, title: socialLinks.title, url: socialLinks.url };

/**
 * Locks the owner's row and counts their links, so two adds at once cannot both pass the cap.
 * Answers null when the user does not exist.
 */
export async function lockAndCountSocialLinks(db: DbOrTx, userId: string): Promise<number | null> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!owner) return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(socialLinks)
    .where(eq(socialLinks.userId, userId));
  return row?.n ?? 0;
}

export async function insertSocialLink(
  db: DbOrTx,
  values: { userId: string; title: string; url: string },
): Promise<SocialLinkRow> {
  const [row] = await db.insert(socialLinks).values(values).returning(linkColumns);
  return row!;
}

/** Changes a link only when it belongs to `userId`; answers the new row or undefined. */
export async function updateSocialLink(
  db: DbOrTx,
  userId: string,
  id: number,
  values: { title: string; url: string },
): Promise<SocialLinkRow | undefined> {
  const [row] = await db
    .update(socialLinks)
    .set(values)
    .where(and(eq(socialLinks.id, id), eq(socialLinks.userId, userId)))
    .returning(linkColumns);
  return row;
}

/** Deletes a link only when it belongs to `userId`; answers whether one was deleted. */
export async function deleteSocialLink(db: DbOrTx, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(socialLinks)
    .where(and(eq(socialLinks.id, id), eq(socialLinks.userId, userId)))
    .returning({ id: socialLinks.id });
  return rows.length > 0;
}
