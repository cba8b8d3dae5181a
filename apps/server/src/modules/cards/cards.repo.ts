import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '@brushline/shared/uuid';
import type { DbOrTx } from '../../db/client.ts';
import { commissionCards } from '../../db/schema/cards.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

export type { StoredCardSection } from '../../db/schema/cards.ts';

const cardColumns = {
  uuid: commissionCards.uuid,
  ownerId: commissionCards.ownerId,
  title: commissionCards.title,
  description: commissionCards.description,
  startingPriceCents: commissionCards.startingPriceCents,
  terms: commissionCards.terms,
  descriptionRequired: commissionCards.descriptionRequired,
  sections: commissionCards.sections,
  bannerMediaId: commissionCards.bannerMediaId,
  thumbnailMediaId: commissionCards.thumbnailMediaId,
  isOpenComission: commissionCards.isOpenComission,
  isCommissionsOpen: commissionCards.isCommissionsOpen,
  revisionsIncluded: commissionCards.revisionsIncluded,
  paymentPlan: commissionCards.paymentPlan,
  deliveryDays: commissionCards.deliveryDays,
  aiLabel: commissionCards.aiLabel,
  hiddenReason: commissionCards.hiddenReason,
  galleryFolderId: commissionCards.galleryFolderId,
  createdAt: commissionCards.createdAt,
  updatedAt: commissionCards.updatedAt,
  ownerLogin: users.login,
  ownerDisplayName: users.displayName,
  ownerAvatarId: ownPictureId(users),
};

/** A card with what its answer shows of the owner, in one query. */
export type CardRow = Awaited<ReturnType<typeof findCard>> & {};

export type CardValues = Omit<
  typeof commissionCards.$inferInsert,
  'uuid' | 'ownerId' | 'createdAt' | 'updatedAt'
>;

function selectCards(db: DbOrTx) {
  return db.select(cardColumns).from(commissionCards).innerJoin(users, eq(users.id, commissionCards.ownerId));
}

export async function findCard(db: DbOrTx, uuid: string) {
  if (!isUuid(uuid)) return undefined;
  const [row] = await selectCards(db).where(eq(commissionCards.uuid, uuid));
  return row;
}

/** Locks the card row until the transaction ends, so a form is priced against one version of it. */
export async function findCardForShare(db: DbOrTx, uuid: string) {
  if (!isUuid(uuid)) return undefined;
  const [row] = await selectCards(db)
    .where(eq(commissionCards.uuid, uuid))
    .for('share', { of: commissionCards });
  return row;
}

/** The owner's newest `limit` cards, newest first. */
export async function listCardsOfOwner(db: DbOrTx, ownerId: string, limit: number) {
  return selectCards(db)
    .where(eq(commissionCards.ownerId, ownerId))
    .orderBy(desc(commissionCards.createdAt))
    .limit(limit);
}

/**
 * The newest `limit` open cards (isOpenComission) of the user with this login that staff have not
 * hidden, newest first; without AI-labelled ones when `hideAi` (the reader's setting).
 */
export async function listOpenCardsOfLogin(db: DbOrTx, login: string, limit: number, hideAi = false) {
  return selectCards(db)
    .where(
      and(
        sql`lower(${users.login}) = ${login.toLowerCase()}`,
        eq(commissionCards.isOpenComission, true),
        isNull(commissionCards.hiddenAt),
        hideAi ? isNull(commissionCards.aiLabel) : undefined,
      ),
    )
    .orderBy(desc(commissionCards.createdAt))
    .limit(limit);
}

/**
 * Locks the owner's user row and counts their cards, so two creates at once cannot both pass the
 * cap: the second waits for the first to commit, then counts its card too.
 */
export async function lockAndCountCards(db: DbOrTx, ownerId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionCards)
    .where(eq(commissionCards.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function insertCard(db: DbOrTx, ownerId: string, values: CardValues): Promise<string> {
  const [row] = await db
    .insert(commissionCards)
    .values({ ...values, ownerId })
    .returning({ uuid: commissionCards.uuid });
  return row!.uuid;
}

/** Updates the owner's card; false when there is no such card of this owner. */
export async function updateOwnCard(
  db: DbOrTx,
  ownerId: string,
  uuid: string,
  values: CardValues,
): Promise<boolean> {
  if (!isUuid(uuid)) return false;
  const rows = await db
    .update(commissionCards)
    // The owner's own choice of open or closed replaces what a lifted restriction would restore.
    .set({ ...values, closedByModeration: false, updatedAt: sql`now()` })
    .where(and(eq(commissionCards.uuid, uuid), eq(commissionCards.ownerId, ownerId)))
    .returning({ uuid: commissionCards.uuid });
  return rows.length > 0;
}

/** Deletes the owner's card; sent forms keep their copy (card_uuid becomes null). */
export async function deleteOwnCard(db: DbOrTx, ownerId: string, uuid: string): Promise<boolean> {
  if (!isUuid(uuid)) return false;
  const rows = await db
    .delete(commissionCards)
    .where(and(eq(commissionCards.uuid, uuid), eq(commissionCards.ownerId, ownerId)))
    .returning({ uuid: commissionCards.uuid });
  return rows.length > 0;
}

/**
 * The owner's open cards close because staff restricted the account, marked so (restricted), or
 * the cards that restriction closed open again (lifted). Answers how many changed.
 */
export async function setCardsClosedByModeration(
  db: DbOrTx,
  ownerId: string,
  restricted: boolean,
): Promise<number> {
  const rows = await db
    .update(commissionCards)
    .set(
      restricted
        ? { isOpenComission: false, closedByModeration: true }
        : { isOpenComission: true, closedByModeration: false },
    )
    .where(
      and(
        eq(commissionCards.ownerId, ownerId),
        restricted ? eq(commissionCards.isOpenComission, true) : eq(commissionCards.closedByModeration, true),
      ),
    )
    .returning({ uuid: commissionCards.uuid });
  return rows.length;
}

/** Staff hide a card (with the reason its owner reads) or show it again (null); false when there is none. */
export async function setCardHidden(db: DbOrTx, uuid: string, reason: string | null): Promise<boolean> {
  if (!isUuid(uuid)) return false;
  const rows = await db
    .update(commissionCards)
    .set(
      reason === null
        ? { hiddenAt: null, hiddenReason: null }
        : { hiddenAt: sql`now()`, hiddenReason: reason },
    )
    .where(eq(commissionCards.uuid, uuid))
    .returning({ uuid: commissionCards.uuid });
  return rows.length > 0;
}
