import { and, eq, or, sql } from 'drizzle-orm';
import type { Role } from '@brushline/shared/roles';
import type { DbOrTx } from '../../db/client.ts';
import { ownPictureId, rolesColumn, userRoles, users } from '../../db/schema/users.ts';

export interface SocialLinkRow {
  id: number;
  title: string;
  url: string;
}

/**
 * The user's social links in the same query, oldest first. Sent as JSON text and parsed here,
 * so PGlite and node-postgres give the same value whatever their json parsers do. The outer
 * columns are written `users.x`: Drizzle leaves them unqualified in a one-table select, where
 * "id" inside the subquery would mean the inner table's id.
 */
export const socialsColumn =
  sql<string>`(select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'url', s.url) order by s.id), '[]'::json)::text from social_links s where s.user_id = users.id)`.mapWith(
    (v: string): SocialLinkRow[] => JSON.parse(v) as SocialLinkRow[],
  );

export const userColumns = {
  id: users.id,
  login: users.login,
  email: users.email,
  displayName: users.displayName,
  displayNsfw: users.displayNsfw,
  displayQuestionable: users.displayQuestionable,
  hideAi: users.hideAi,
  isVerified: users.isVerified,
  isAlpha: users.isAlpha,
  isBanned: users.isBanned,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  avatarMediaId: ownPictureId(users),
  bannerMediaId: ownPictureId(users, 'banner_media_id'),
  socials: socialsColumn,
  createdAt: users.createdAt,
  roles: rolesColumn,
};

export type UserRow = {
  id: string;
  login: string;
  email: string;
  displayName: string;
  displayNsfw: boolean;
  displayQuestionable: boolean;
  hideAi: boolean;
  isVerified: boolean;
  isAlpha: boolean;
  isBanned: boolean;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
  avatarMediaId: string | null;
  bannerMediaId: string | null;
  socials: SocialLinkRow[];
  createdAt: Date;
  roles: Role[];
};

const lower = (v: string) => v.toLowerCase();

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByLogin(
  db: DbOrTx,
  login: string,
  opts: { live?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(
      opts.live
        ? sql`lower(${users.login}) = ${lower(login)} and ${users.deletedAt} is null`
        : sql`lower(${users.login}) = ${lower(login)}`,
    );
  return row;
}

/** The account named by a login or an e-mail, with its password hash, for sign-in and reset. */
export async function findUserForAuth(db: DbOrTx, loginOrEmail: string) {
  const key = lower(loginOrEmail.trim());
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(or(sql`lower(${users.login}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return row;
}

export async function loginOrEmailTaken(db: DbOrTx, login: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.login}) = ${lower(login)}`, sql`lower(${users.email}) = ${lower(email)}`))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: DbOrTx,
  values: { login: string; email: string; passwordHash: string },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, displayName: values.login })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateUserSettings(
  db: DbOrTx,
  id: string,
  values: { displayNsfw: boolean; displayQuestionable: boolean; hideAi?: boolean },
) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Profile fields that are present are set; null removes a picture. */
export async function updateUserProfile(
  db: DbOrTx,
  id: string,
  values: { displayName?: string; avatarMediaId?: string | null; bannerMediaId?: string | null },
) {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, id));
}

export type BadgeFlag = 'isVerified' | 'isAlpha' | 'isBanned';

export async function setBadgeFlag(db: DbOrTx, id: string, flag: BadgeFlag, on: boolean) {
  const values: Partial<Record<BadgeFlag, boolean>> = { [flag]: on };
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function updatePasswordHash(db: DbOrTx, id: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function grantRole(db: DbOrTx, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function revokeRole(db: DbOrTx, userId: string, role: Role) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/**
 * Suspends the account until `until` (a ban: no end, and the banned badge), or lifts it (null).
 * Answers whether the account exists.
 */
export async function updateRestriction(
  db: DbOrTx,
  id: string,
  restriction: { until: Date | 'ban'; reason: string } | null,
): Promise<boolean> {
  const values = restriction
    ? {
        suspendedUntil: restriction.until === 'ban' ? sql`'infinity'::timestamptz` : restriction.until,
        suspensionReason: restriction.reason,
        isBanned: restriction.until === 'ban',
      }
    : { suspendedUntil: null, suspensionReason: null, isBanned: false };
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** How many accounts hold the admin role (the last one may not lose it). */
export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'));
  return row?.n ?? 0;
}
