import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ExportStatus } from '@brushline/shared/account/constants';
import { users } from './users.ts';

/**
 * A data export (decision 0024): asked for by the account's owner or by staff for
 * them, prepared by a job (the archive in the media storage), mailed to the owner as a link that
 * works until `expires_at`, and removed by another job then. Only the hash of the link's token is
 * kept: the link is in the owner's mailbox, nowhere else.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the owner, or the staff member acting on their request (no FK: the log outlives it). */
    requestedById: uuid('requested_by_id'),
    status: text('status').$type<ExportStatus>().notNull().default('preparing'),
    /** SHA-256 of the download link's token, set when the archive is ready and mailed. */
    tokenHash: text('token_hash'),
    /** The archive in the media storage (`exports/<random>.zip`), until it expires. */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('account_exports_token_uq')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
  ],
);
