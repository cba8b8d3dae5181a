import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rolesColumn, sessions, users } from '../db/schema/users.ts';

/**
 * The session queries. They live with the platform that resolves sessions (every request and
 * every hub connection), so platform code needs no module's repository; the auth module calls
 * these to end sessions on logout and password reset.
 */

export async function insertSession(db: DbOrTx, values: { idHash: string; userId: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/** The live session with its user's login, roles and maturity settings, in one query. */
export async function findLiveSession(db: DbOrTx, idHash: string) {
  const [row] = await db
    .select({
      userId: users.id,
      login: users.login,
      displayNsfw: users.displayNsfw,
      displayQuestionable: users.displayQuestionable,
      hideAi: users.hideAi,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      roles: rolesColumn,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function touchSession(db: DbOrTx, idHash: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt })
    .where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
