import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentPlan } from '@brushline/shared/payments/plan';
import { folders } from './gallery.ts';
import { aiLabelEnum } from './posts.ts';
import { media } from './media.ts';
import { users } from './users.ts';

/** One option line of a section, stored as the card's JSON (SPEC §3). Prices in cents. */
export interface StoredCardOption {
  key: string;
  option: string;
  priceCents: number;
  additional: string;
  order: number;
}
export interface StoredCardSection {
  key: string;
  title: string;
  type: 'radio' | 'checkbox';
  options: StoredCardOption[];
}

/** SPEC §3 Commission card. Sections are a value of the card, kept as JSON beside it. */
export const commissionCards = pgTable(
  'commission_cards',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startingPriceCents: integer('starting_price_cents').notNull().default(0),
    terms: text('terms').notNull().default(''),
    descriptionRequired: boolean('description_required').notNull().default(false),
    sections: jsonb('sections').$type<StoredCardSection[]>().notNull().default([]),
    bannerMediaId: uuid('banner_media_id').references(() => media.id, { onDelete: 'set null' }),
    thumbnailMediaId: uuid('thumbnail_media_id').references(() => media.id, { onDelete: 'set null' }),
    isOpenComission: boolean('is_open_comission').notNull().default(false),
    isCommissionsOpen: boolean('is_commissions_open').notNull().default(false),
    /** Closed because staff suspended or banned the owner; lifting the restriction opens it again. */
    closedByModeration: boolean('closed_by_moderation').notNull().default(false),
    /** How many send-backs the price includes; null when the card does not say. */
    revisionsIncluded: integer('revisions_included'),
    /** SPEC §3 galleryFolder: the artist's folder of examples shown on the commission page. */
    galleryFolderId: uuid('gallery_folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** How orders from this card are paid (decision 0020); each order keeps a copy. */
    paymentPlan: jsonb('payment_plan').$type<PaymentPlan>().notNull().default({ kind: 'full' }),
    /** Days from acceptance to the due date; null when the card does not promise one. */
    deliveryDays: integer('delivery_days'),
    aiLabel: aiLabelEnum('ai_label'),
    /** Hidden by staff (decision 0022): gone from every list and from everyone but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why staff hid it: its owner reads it beside it. */
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commission_cards_owner_idx').on(t.ownerId, t.createdAt)],
);
