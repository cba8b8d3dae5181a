import { DISPLAY_CARD_TAG_KIND } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { DisplayCard, DisplayCardBody } from '@brushline/shared/gallery/browse-schemas';
import { messages } from '@brushline/shared/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { setTagsOf } from '../tags/tag-usage.service.ts';
import { toDisplayCard } from './gallery.dto.ts';
import { refreshDisplayCard, refreshDisplayCardsWithoutTags } from './display-card-shown.repo.ts';
import { lockOwnerGallery } from './gallery-upkeep.repo.ts';
import { galleryListsChanged } from './gallery-page-cache.ts';
import {
  countShowableImages,
  displayCardOfLogin,
  insertDisplayCard,
  ownDisplayCard,
  updateDisplayCardMedia,
} from './display-cards.repo.ts';

/** GET displaycard/get/bylogin/{login}: shown cards to everyone; a card not shown yet to its owner only. */
export async function getDisplayCardByLogin(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<DisplayCard> {
  const row = await displayCardOfLogin(ctx.db, actor, login);
  if (!row) throw notFound();
  return toDisplayCard(row, actor);
}

async function presentOwn(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<DisplayCard> {
  return toDisplayCard((await ownDisplayCard(ctx.db, actor))!, actor);
}

/** Display images must be the owner's gallery images that are not Hidden. */
async function checkMedia(db: DbOrTx, actor: Actor, ids: string[]) {
  if ((await countShowableImages(db, actor.id, ids)) !== ids.length) {
    throw new AppError(
      400,
      'display_media_not_shown',
      galleryMessages.cardMediaNotShown,
      {},
      {
        displayMedia: galleryMessages.cardMediaNotShown,
      },
    );
  }
}

export async function createDisplayCard(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  body: DisplayCardBody,
): Promise<DisplayCard> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    await checkMedia(tx, actor, body.displayMedia);
    const id = await insertDisplayCard(tx, actor.id, body.displayMedia);
    if (!id) throw new AppError(409, 'display_card_exists', galleryMessages.cardExists);
    await setTagsOf({ db: tx }, actor, { kind: DISPLAY_CARD_TAG_KIND, id }, body.tags);
    await refreshDisplayCard(tx, actor.id, { touch: true });
  });
  await galleryListsChanged(ctx.bus);
  return presentOwn(ctx, actor);
}

export async function updateDisplayCard(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  id: string,
  body: DisplayCardBody,
): Promise<DisplayCard> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    if (!(await updateDisplayCardMedia(tx, actor.id, id, body.displayMedia)))
      throw notFound(messages.notFound);
    await checkMedia(tx, actor, body.displayMedia);
    await setTagsOf({ db: tx }, actor, { kind: DISPLAY_CARD_TAG_KIND, id }, body.tags);
    await refreshDisplayCard(tx, actor.id, { touch: true });
  });
  await galleryListsChanged(ctx.bus);
  return presentOwn(ctx, actor);
}

/**
 * Commission cards changed (created, opened, closed, deleted; the commissionCardsChanged reaction,
 * with the writer's transaction): SPEC §4's rule may have moved, and the change is activity.
 */
export async function commissionCardsChanged(ctx: TxCtx, actor: Pick<Actor, 'id'>): Promise<void> {
  await refreshDisplayCard(ctx.db, actor.id, { touch: true });
}

/** Tags left use (the tagsDropped reaction, inside the staff's transaction): cards left without a tag are no longer shown. */
export async function displayCardTagsDropped(ctx: TxCtx, _actor: Actor | null): Promise<void> {
  await refreshDisplayCardsWithoutTags(ctx.db);
}
