import { sql } from 'drizzle-orm';
import { fromCents } from '@brushline/shared/cards/pricing';
import {
  DISPLAY_CARD_MEDIA,
  DISPLAY_CARD_TAG_KIND,
  DISPLAY_CARD_TAGS_MIN,
} from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { DisplayCard, DisplayCardBody } from '@brushline/shared/gallery/browse-schemas';
import { messages } from '@brushline/shared/messages';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { executeShaped, type DbOrTx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { setTagsOf, tagsOfMany } from '../tags/tag-usage.service.ts';
import { readerTagSets, shapedReader, type ReaderTagSets } from './gallery-access.ts';
import { imageMedia, ownerOf } from './gallery.dto.ts';
import {
  lockOwnerGallery,
  toImageRow,
  uuidArrayLiteral,
  visibleImagesSql,
  type ImageRow,
} from './gallery.repo.ts';
import { refreshDisplayCard, refreshDisplayCardsWithoutTags } from './gallery-upkeep.ts';
import { galleryListsChanged } from './gallery-page-cache.ts';
import {
  countShowableImages,
  displayCardRows,
  insertDisplayCard,
  updateDisplayCardMedia,
  type DisplayCardRow,
} from './display-cards.repo.ts';

/** SPEC §4, said to the owner: what is missing before the card is shown. */
function reasons(row: DisplayCardRow, tags: TagRef[], showable: number): string[] {
  if (row.isShown) return [];
  const out: string[] = [];
  if (tags.length < DISPLAY_CARD_TAGS_MIN) out.push(galleryMessages.notShownNoTags);
  if (row.mediaIds.length !== DISPLAY_CARD_MEDIA || showable !== DISPLAY_CARD_MEDIA) {
    out.push(galleryMessages.notShownMedia(showable));
  }
  if (row.openCards === 0) out.push(galleryMessages.notShownNoOpenCard);
  return out;
}

/** Cards as answers: their tags, and the display images this reader may see, in the card's order. */
export async function presentDisplayCards(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  rows: DisplayCardRow[],
  sets?: ReaderTagSets,
): Promise<DisplayCard[]> {
  const ids = rows.flatMap((r) => r.mediaIds);
  const tags = await tagsOfMany(
    ctx,
    actor,
    DISPLAY_CARD_TAG_KIND,
    rows.map((r) => r.id),
  );
  // Shaped (executeShaped): its text is one per kind of reader, so it is planned once per
  // connection instead of on every list page (1.4 ms of a /artists miss with the ids inline).
  let images: ImageRow[] = [];
  if (ids.length > 0) {
    const reader = shapedReader(actor, sets ?? (await readerTagSets(ctx.db, actor)));
    const rows = await executeShaped<ImageRow>(
      ctx.db,
      JSON.stringify(['displayCardImages', reader.key]),
      () =>
        visibleImagesSql(
          reader.viewer,
          reader.sets,
          sql`gi.id = any(${sql.placeholder('ids')}::uuid[])`,
          sql`gi.id`,
        ),
      { ...reader.values, ids: uuidArrayLiteral(ids) },
    );
    images = rows.map(toImageRow);
  }
  const byId = new Map(images.map((i) => [i.id, i]));
  return rows.map((r) => {
    const mine = actor?.id === r.ownerId;
    const media = r.mediaIds.flatMap((id) => {
      const image = byId.get(id);
      return image ? [image] : [];
    });
    const cardTags = tags.get(r.id) ?? [];
    const showable = media.filter((m) => m.ownerId === r.ownerId && m.effectivePrivacy !== 'Hidden').length;
    return {
      id: r.id,
      tags: cardTags,
      displayMedia: media.map(imageMedia),
      isShown: r.isShown,
      notShownReasons: mine ? reasons(r, cardTags, showable) : [],
      owner: ownerOf(r),
      startingPrice: r.minPriceCents === null ? null : fromCents(r.minPriceCents),
      takingCommissions: r.takingCommissions,
      blurred: r.blurred || media.some((m) => m.blurred),
      activityAt: r.activityAt,
    };
  });
}

/** GET displaycard/get/bylogin/{login}: shown cards to everyone; a card not shown yet to its owner only. */
export async function getDisplayCardByLogin(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<DisplayCard> {
  const mine = actor ? sql`d.owner_id = ${actor.id}::uuid` : sql`false`;
  const rows = await displayCardRows(
    ctx.db,
    actor,
    sql`d.owner_id = (select u.id from users u where lower(u.login) = ${login.toLowerCase()})
      and (d.is_shown or ${mine})`,
  );
  if (rows.length === 0) throw notFound();
  return (await presentDisplayCards(ctx, actor, rows))[0]!;
}

async function presentOwn(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<DisplayCard> {
  const rows = await displayCardRows(ctx.db, actor, sql`d.owner_id = ${actor.id}::uuid`);
  return (await presentDisplayCards(ctx, actor, rows))[0]!;
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
 * Commission cards changed (created, opened, closed, deleted): SPEC §4's rule may have moved, and
 * the change is activity. The cards module calls this after each of its writes.
 */
export async function commissionCardsChanged(ctx: TxCtx, actor: Actor): Promise<void> {
  await refreshDisplayCard(ctx.db, actor.id, { touch: true });
}

/** After a commission card write has committed: every instance's /artists pages show it at once. */
export const commissionCardsCommitted = (ctx: Pick<Deps, 'bus'>, _actor: Actor) =>
  galleryListsChanged(ctx.bus);

/** A tag was deleted (staff): cards left without a tag are no longer shown. The tags module calls this. */
export async function displayCardTagsDropped(ctx: TxCtx, _actor: Actor | null): Promise<void> {
  await refreshDisplayCardsWithoutTags(ctx.db);
}
