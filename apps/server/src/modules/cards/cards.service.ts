import { CARDS_PER_OWNER_MAX } from '@brushline/shared/cards/constants';
import { cardMessages } from '@brushline/shared/cards/messages';
import type { Card, CardBody, CardUpdateBody } from '@brushline/shared/cards/schemas';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { cardFolders, assertOwnFolder } from '../gallery/card-folders.service.ts';
import { assertOwnMedia, mediaByIds } from '../media/media.service.ts';
import { toCard, toCardValues } from './cards.dto.ts';
import {
  deleteOwnCard,
  findCard,
  findCardForShare,
  insertCard,
  listCardsOfOwner,
  listOpenCardsOfLogin,
  lockAndCountCards,
  setCardHidden,
  setCardsClosedByModeration,
  updateOwnCard,
  type CardRow,
} from './cards.repo.ts';

/**
 * Cards as answers, with their banner and thumbnail media fetched in one query, and their example
 * folders as `actor` may see them.
 */
async function presentCards(db: DbOrTx, actor: Actor | null, rows: CardRow[]): Promise<Card[]> {
  const ids = rows.flatMap((r) => [r.bannerMediaId, r.thumbnailMediaId]).filter((id): id is string => !!id);
  const media = new Map<string, Media>((await mediaByIds({ db }, actor, ids)).map((m) => [m.id, m]));
  const folders = await cardFolders(
    { db },
    actor,
    rows.flatMap((r) => (r.galleryFolderId ? [r.galleryFolderId] : [])),
  );
  return rows.map((r) => toCard(r, media, folders));
}

async function presentCard(db: DbOrTx, actor: Actor, uuid: string): Promise<Card> {
  const row = await findCard(db, uuid);
  if (!row) throw notFound(messages.comissionMissing);
  const [card] = await presentCards(db, actor, [row]);
  return card!;
}

/** Banner and thumbnail must be the owner's own uploads made for those places. */
async function assertCardMedia(ctx: TxCtx, actor: Actor, body: CardBody): Promise<void> {
  if (body.cardBanner) await assertOwnMedia(ctx, actor, [body.cardBanner], ['cardBanner']);
  if (body.thumbnailPicture) await assertOwnMedia(ctx, actor, [body.thumbnailPicture], ['cardThumbnail']);
  if (body.galleryFolder) await assertOwnFolder(ctx, actor, body.galleryFolder);
}

/**
 * Whether someone may see this card (and order from it): open cards are public, closed ones only
 * their owner's; one staff hid (decision 0022) is its owner's alone (staff read it in the report queue).
 */
export function canSeeCard(
  row: Pick<CardRow, 'ownerId' | 'isOpenComission' | 'hiddenReason'>,
  actor: Actor | null,
): boolean {
  return (row.isOpenComission && row.hiddenReason === null) || row.ownerId === actor?.id;
}

/** A reported card as staff read it: open or closed, hidden or not. */
export async function getCardForStaff(ctx: Pick<Deps, 'db'>, actor: Actor, uuid: string): Promise<Card> {
  const row = await findCard(ctx.db, uuid);
  if (!row) throw notFound(messages.comissionMissing);
  return (await presentCards(ctx.db, actor, [row]))[0]!;
}

/**
 * Staff hide a card (with the reason its owner reads) or show it again (null): nobody else can open
 * or order from it, and it leaves the owner's profile and the price on /artists. Inside the staff's
 * transaction; answers whether the card exists.
 */
export async function setCardHiddenByStaff(
  ctx: TxCtx,
  _actor: Actor,
  uuid: string,
  reason: string | null,
): Promise<boolean> {
  return setCardHidden(ctx.db, uuid, reason);
}

export async function listOwnCards(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<Card[]> {
  return presentCards(ctx.db, actor, await listCardsOfOwner(ctx.db, actor.id, CARDS_PER_OWNER_MAX));
}

export async function listOpenCardsOf(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<Card[]> {
  // A reader who hides AI does not see AI-labelled cards of others (decision 0025); their own, always.
  const hideAi = Boolean(actor?.hideAi) && actor!.login.toLowerCase() !== login.toLowerCase();
  return presentCards(ctx.db, actor, await listOpenCardsOfLogin(ctx.db, login, CARDS_PER_OWNER_MAX, hideAi));
}

/** One card; a closed card (isOpenComission false) answers 404 to everyone but its owner. */
export async function getCard(ctx: Pick<Deps, 'db'>, actor: Actor | null, uuid: string): Promise<Card> {
  const row = await findCard(ctx.db, uuid);
  if (!row || !canSeeCard(row, actor)) throw notFound(messages.comissionMissing);
  return (await presentCards(ctx.db, actor, [row]))[0]!;
}

/** Only artists create cards (SPEC §6); the artist role is the isArtist setting. */
export async function createCard(
  ctx: Pick<Deps, 'db' | 'events' | 'payoutGate'>,
  actor: Actor,
  body: CardBody,
): Promise<Card> {
  if (!actor.roles.includes('artist')) throw new AppError(403, 'not_an_artist', cardMessages.artistsOnly);
  const uuid = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    if ((await lockAndCountCards(tx, actor.id)) >= CARDS_PER_OWNER_MAX) {
      throw new AppError(400, 'too_many_cards', cardMessages.tooManyCards);
    }
    await assertCardMedia({ db: tx }, actor, body);
    if (body.isCommissionsOpen) await ctx.payoutGate({ db: tx }, { artistId: actor.id, who: 'artist' });
    const uuid = await insertCard(tx, actor.id, toCardValues(body));
    await emit('commissionCardsChanged', { ownerId: actor.id });
    return uuid;
  });
  return presentCard(ctx.db, actor, uuid);
}

/**
 * Replaces the owner's card. Someone else's card and a missing one both answer 404, so card ids
 * of closed cards cannot be probed. Forms already sent keep their own copy of the options.
 */
export async function updateCard(
  ctx: Pick<Deps, 'db' | 'events' | 'payoutGate'>,
  actor: Actor,
  body: CardUpdateBody,
): Promise<Card> {
  const row = await findCard(ctx.db, body.uuid);
  if (!row || row.ownerId !== actor.id) throw notFound(messages.comissionMissing);
  await assertCardMedia(ctx, actor, body);
  // Opening a card for orders (closed → taking commissions) needs a ready payout account with Stripe.
  if (body.isCommissionsOpen && !row.isCommissionsOpen) {
    await ctx.payoutGate(ctx, { artistId: actor.id, who: 'artist' });
  }
  if (!(await updateOwnCard(ctx.db, actor.id, body.uuid, toCardValues(body)))) {
    throw notFound(messages.comissionMissing);
  }
  await ctx.events.emit('commissionCardsChanged', { ownerId: actor.id });
  return presentCard(ctx.db, actor, body.uuid);
}

export async function deleteCard(
  ctx: Pick<Deps, 'db' | 'events'>,
  actor: Actor,
  uuid: string,
): Promise<void> {
  if (!(await deleteOwnCard(ctx.db, actor.id, uuid))) throw notFound(messages.cardDeleteFailed);
  await ctx.events.emit('commissionCardsChanged', { ownerId: actor.id });
}

/** The card with this uuid, its row locked until the transaction ends (a form is priced against one version of it). */
export async function lockCardForShare(ctx: TxCtx, _actor: Actor | null, uuid: string) {
  return findCardForShare(ctx.db, uuid);
}

/**
 * Staff restricted the owner's account (their open cards close, so nobody orders from them) or
 * lifted it (the cards it closed open again); inside the staff's transaction.
 */
export async function followOwnerRestriction(
  ctx: TxCtx,
  _actor: Actor | null,
  e: { userId: string; restricted: boolean },
): Promise<void> {
  await setCardsClosedByModeration(ctx.db, e.userId, e.restricted);
}
