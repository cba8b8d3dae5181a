import { and, eq, or, sql } from 'drizzle-orm';
import type { Role } from '@brushline/shared/roles';
import type { DbOrTx } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema/users.ts';

/** Roles come along with the user in the same query (text[] so both drivers parse it). */
export const rolesColumn = sql<
  Role[]
>`array(select ur.role::text from user_roles ur where ur.user_id = ${users.id} order by ur.role)`;

export const userColumns = {
  id: users.id,
  login: users.login,
  email: users.email,
  displayName: users.displayName,
  displayNsfw: users.displayNsfw,
  displayQuestionable: users.displayQuestionable,
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
  createdAt: Date;
  roles: Role[];
};

const lower = (v: string) => v.toLowerCase();

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.login}) = ${lower(login)}`);
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
  values: { displayNsfw: boolean; displayQuestionable: boolean },
) {
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
