import { fromCents, toCents, type PricedCard } from '@brushline/shared/cards/pricing';
import type { Card, CardBody } from '@brushline/shared/cards/schemas';
import type { Media } from '@brushline/shared/media/schemas';
import { avatarMiniatureUrl } from '../users/users.dto.ts';
import type { CardRow, CardValues, StoredCardSection } from './cards.repo.ts';

/** Stored sections (cents) as the API shows them (USD). Options keep their saved order. */
export function toApiSections(sections: StoredCardSection[]): Card['sections'] {
  return sections.map((s) => ({
    key: s.key,
    title: s.title,
    type: s.type,
    options: s.options.map((o) => ({
      key: o.key,
      option: o.option,
      price: fromCents(o.priceCents),
      additional: o.additional,
      order: o.order,
    })),
  }));
}

/** The card as pricing sees it, straight from the stored row. */
export function toPricedCard(row: Pick<CardRow, 'startingPriceCents' | 'sections'>): PricedCard {
  return { startingPrice: fromCents(row.startingPriceCents), sections: toApiSections(row.sections) };
}

/** A validated body as columns: USD becomes integer cents here and nowhere else. */
export function toCardValues(body: CardBody): CardValues {
  return {
    title: body.title,
    description: body.infoProvidedByTheAuthor,
    startingPriceCents: toCents(body.startingPrice),
    terms: body.terms,
    descriptionRequired: body.descriptionRequired,
    sections: body.sections.map((s) => ({
      key: s.key,
      title: s.title,
      type: s.type,
      options: [...s.options]
        .sort((a, b) => a.order - b.order)
        .map((o) => ({
          key: o.key,
          option: o.option,
          priceCents: toCents(o.price),
          additional: o.additional,
          order: o.order,
        })),
    })),
    bannerMediaId: body.cardBanner,
    thumbnailMediaId: body.thumbnailPicture,
    isOpenComission: body.isOpenComission,
    isCommissionsOpen: body.isCommissionsOpen,
    revisionsIncluded: body.revisionsIncluded,
    paymentPlan: body.paymentPlan,
    deliveryDays: body.deliveryDays,
    aiLabel: body.aiLabel,
    galleryFolderId: body.galleryFolder,
  };
}

/**
 * SPEC §3 Commission card; `media` holds the banner and thumbnail rows that still exist, `folders`
 * the example folders this reader may see (gallery's cardFolders).
 */
export function toCard(
  row: CardRow,
  media: ReadonlyMap<string, Media>,
  folders: ReadonlyMap<string, NonNullable<Card['galleryFolder']>> = new Map(),
): Card {
  const pick = (id: string | null) => (id ? (media.get(id) ?? null) : null);
  return {
    uuid: row.uuid,
    title: row.title,
    cardBanner: pick(row.bannerMediaId),
    thumbnailPicture: pick(row.thumbnailMediaId),
    startingPrice: fromCents(row.startingPriceCents),
    sections: toApiSections(row.sections),
    isOpenComission: row.isOpenComission,
    isCommissionsOpen: row.isCommissionsOpen,
    revisionsIncluded: row.revisionsIncluded,
    paymentPlan: row.paymentPlan,
    deliveryDays: row.deliveryDays,
    infoProvidedByTheAuthor: row.description,
    terms: row.terms,
    descriptionRequired: row.descriptionRequired,
    aiLabel: row.aiLabel,
    hiddenByStaff: row.hiddenReason,
    galleryFolder: row.galleryFolderId ? (folders.get(row.galleryFolderId) ?? null) : null,
    ownerId: row.ownerId,
    owner: {
      login: row.ownerLogin,
      displayName: row.ownerDisplayName,
      avatarMiniatureUrl: avatarMiniatureUrl(row.ownerAvatarId),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
