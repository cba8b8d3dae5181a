import { getTableName, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  pgEnum,
  pgTable,
  type PgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES, type Role } from '@brushline/shared/roles';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayNsfw: boolean('display_nsfw').notNull().default(false),
    displayQuestionable: boolean('display_questionable').notNull().default(false),
    /** Decision 0025: AI-labelled posts, images and cards leave this reader's lists. */
    hideAi: boolean('hide_ai').notNull().default(false),
    /** Media rows of the avatar and banner (no FK: media references users; kept loose on purpose). */
    avatarMediaId: uuid('avatar_media_id'),
    bannerMediaId: uuid('banner_media_id'),
    /** Badge flags set by staff with `npm run admin` (SPEC §2 FAQ badges; docs/decisions/0003). */
    isVerified: boolean('is_verified').notNull().default(false),
    isAlpha: boolean('is_alpha').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    /**
     * Staff restriction (decision 0022): the account may not sign in, and its content leaves every
     * list, while this is in the future; 'infinity' is a ban (and is_banned shows the badge).
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Why staff suspended or banned the account: its owner reads it on sign-in. */
    suspensionReason: text('suspension_reason'),
    /**
     * The account was deleted (decision 0024): the row stays, anonymised, so the orders
     * it took part in keep their other side; nobody signs in to it and it shows as "Deleted user".
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Logins and e-mails are unique regardless of case (decision 0002).
    uniqueIndex('users_login_lower_uq').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    // The few restricted accounts: the public lists' owner check (ownerNotRestricted) probes this
    // tiny index instead of the primary key, at no measurable cost per row.
    index('users_restricted_idx')
      .on(t.id)
      .where(sql`${t.suspendedUntil} is not null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * A user's roles as a column of any query over `users` (text[] so both drivers parse it alike).
 * Here, beside the tables it reads, so user, post and session queries share one definition.
 */
export const rolesColumn = sql<
  Role[]
>`array(select ur.role::text from user_roles ur where ur.user_id = ${users.id} order by ur.role)`;

/**
 * SQL boolean: the account `ownerId` names is not suspended or banned now (decision 0022). Every
 * public list keeps only content whose owner this holds for: one primary-key probe per row.
 */
export const ownerNotRestricted = (ownerId: SQL | AnyPgColumn) =>
  sql`not exists (select 1 from users ru where ru.id = ${ownerId} and ru.suspended_until > now())`;

/**
 * The owner's-avatar rule, written once for every answer that shows a user: a picture id only
 * while its media row still exists and belongs to that user, so no dead link and never someone
 * else's upload. `user` is the users table or an alias of it (a form's sender and artist); its
 * columns are named through the table's own name, because Drizzle leaves them unqualified in a
 * one-table select, where "id" inside the subquery would mean the media row's id.
 */
export function ownPictureId(
  user: PgTable,
  column: 'avatar_media_id' | 'banner_media_id' = 'avatar_media_id',
) {
  const table = sql.identifier(getTableName(user));
  return sql<
    string | null
  >`(select m.id from media m where m.id = ${table}.${sql.identifier(column)} and m.owner_id = ${table}.id)`;
}

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not sign anyone in. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
