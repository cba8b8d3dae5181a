import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDIA_PURPOSES } from '@brushline/shared/media/constants';
import { users } from './users.ts';

export const mediaPurposeEnum = pgEnum('media_purpose', MEDIA_PURPOSES);

/** One stored image: the re-encoded full picture and its miniature, under random storage keys. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: mediaPurposeEnum('purpose').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    miniatureKey: text('miniature_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId)],
);
