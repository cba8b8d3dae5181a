import type { AiLabel } from '@brushline/shared/ai/constants';
import type { Card, CardBodyInput, CardSection } from '@brushline/shared/cards/schemas';
import type { SectionType } from '@brushline/shared/cards/constants';
import type { Media } from '@brushline/shared/media/schemas';
import type { PaymentStage, PlanKind } from '@brushline/shared/payments/constants';
import type { PaymentPlan } from '@brushline/shared/payments/plan';

/** An option line while it is edited; price is '' while the field is empty. */
export interface OptionDraft {
  key: string;
  option: string;
  price: number | string;
  additional: string;
}
/** A milestone row while it is edited; percent is '' while the field is empty. */
export interface MilestoneDraft {
  key: string;
  name: string;
  percent: number | string;
  stage: PaymentStage;
}
/**
 * The payment plan while it is edited: every kind's fields are kept, so switching kinds and back
 * loses nothing; only the chosen kind's go into the body. Its paths match the body's
 * (paymentPlan.depositPercent, paymentPlan.milestones.1.percent), so the schema's messages land
 * on the fields.
 */
export interface PlanDraft {
  kind: PlanKind;
  depositPercent: number | string;
  milestones: MilestoneDraft[];
}
export interface SectionDraft {
  key: string;
  title: string;
  type: SectionType;
  options: OptionDraft[];
}
/** The editor's values: media are kept whole (for previews), the body only sends their ids. */
export interface CardDraft {
  title: string;
  infoProvidedByTheAuthor: string;
  startingPrice: number | string;
  terms: string;
  descriptionRequired: boolean;
  sections: SectionDraft[];
  cardBanner: Media | null;
  thumbnailPicture: Media | null;
  isOpenComission: boolean;
  isCommissionsOpen: boolean;
  /** '' while empty: the card then does not say how many revisions it includes. */
  revisionsIncluded: number | string;
  /** SPEC §3 galleryFolder: the id of the artist's folder of examples, or null. */
  galleryFolder: string | null;
  paymentPlan: PlanDraft;
  /** '' while empty: the card then promises no delivery time. */
  deliveryDays: number | string;
  /** Decision 0025: the work is AI-generated or AI-assisted; null: made by hand. */
  aiLabel: AiLabel | null;
}

/**
 * A short random key for a new section or option. Keys only need to be unique inside one card,
 * so 10 base-36 characters from the platform's random source are plenty.
 */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

export const emptyOption = (): OptionDraft => ({ key: newKey(), option: '', price: 0, additional: '' });

export const emptyMilestone = (patch: Partial<MilestoneDraft> = {}): MilestoneDraft => ({
  key: newKey(),
  name: '',
  percent: '',
  stage: 'delivery',
  ...patch,
});

/** A first milestone plan to start from: half on acceptance, half on delivery. */
const startingMilestones = (): MilestoneDraft[] => [
  emptyMilestone({ name: 'Sketch', percent: 50, stage: 'acceptance' }),
  emptyMilestone({ name: 'Final', percent: 50, stage: 'delivery' }),
];

/** The editor's plan of a saved plan; the kinds not chosen start from sensible values. */
export function planDraftOf(plan: PaymentPlan): PlanDraft {
  return {
    kind: plan.kind,
    depositPercent: plan.kind === 'deposit' ? plan.depositPercent : 50,
    milestones:
      plan.kind === 'milestones'
        ? plan.milestones.map((m) => emptyMilestone({ name: m.name, percent: m.percent, stage: m.stage }))
        : startingMilestones(),
  };
}

const asPercent = (v: number | string): number => (v === '' ? Number.NaN : Number(v));

/** The plan as the body sends it: only the chosen kind's fields. */
export function planOf(draft: PlanDraft): PaymentPlan {
  switch (draft.kind) {
    case 'full':
      return { kind: 'full' };
    case 'deposit':
      return { kind: 'deposit', depositPercent: asPercent(draft.depositPercent) };
    case 'milestones':
      return {
        kind: 'milestones',
        milestones: draft.milestones.map((m) => ({
          name: m.name,
          percent: asPercent(m.percent),
          stage: m.stage,
        })),
      };
  }
}

/** What the milestones add up to so far (empty or half-typed rows count as 0). */
export const milestonesSum = (draft: PlanDraft): number =>
  draft.milestones.reduce((sum, m) => sum + (Number(m.percent) || 0), 0);

export const emptySection = (type: SectionType = 'radio'): SectionDraft => ({
  key: newKey(),
  title: '',
  type,
  options: [emptyOption()],
});

/** A new card is a closed draft: only its artist sees it until they open it on purpose. */
export const emptyDraft = (): CardDraft => ({
  title: '',
  infoProvidedByTheAuthor: '',
  startingPrice: 0,
  terms: '',
  descriptionRequired: false,
  sections: [],
  cardBanner: null,
  thumbnailPicture: null,
  isOpenComission: false,
  isCommissionsOpen: false,
  revisionsIncluded: '',
  galleryFolder: null,
  paymentPlan: planDraftOf({ kind: 'full' }),
  deliveryDays: '',
  aiLabel: null,
});

/** The editor's values of a saved card; options in their saved order. */
export function draftOf(card: Card): CardDraft {
  return {
    title: card.title,
    infoProvidedByTheAuthor: card.infoProvidedByTheAuthor,
    startingPrice: card.startingPrice,
    terms: card.terms,
    descriptionRequired: card.descriptionRequired,
    sections: card.sections.map((s) => ({
      key: s.key,
      title: s.title,
      type: s.type,
      options: [...s.options]
        .sort((a, b) => a.order - b.order)
        .map((o) => ({ key: o.key, option: o.option, price: o.price, additional: o.additional })),
    })),
    cardBanner: card.cardBanner,
    thumbnailPicture: card.thumbnailPicture,
    isOpenComission: card.isOpenComission,
    isCommissionsOpen: card.isCommissionsOpen,
    revisionsIncluded: card.revisionsIncluded ?? '',
    galleryFolder: card.galleryFolder?.id ?? null,
    paymentPlan: planDraftOf(card.paymentPlan),
    deliveryDays: card.deliveryDays ?? '',
    aiLabel: card.aiLabel,
  };
}

/** An empty number field counts as 0 for the preview; the schema still sees what was typed. */
const asNumber = (v: number | string): number => (typeof v === 'number' ? v : Number(v) || 0);
const asPrice = (v: number | string): number => (v === '' ? Number.NaN : Number(v));

/** The request body: options numbered in the order they are shown. */
export function bodyOf(draft: CardDraft): CardBodyInput {
  return {
    title: draft.title,
    infoProvidedByTheAuthor: draft.infoProvidedByTheAuthor,
    startingPrice: asPrice(draft.startingPrice),
    terms: draft.terms,
    descriptionRequired: draft.descriptionRequired,
    sections: draft.sections.map((s) => ({
      key: s.key,
      title: s.title,
      type: s.type,
      options: s.options.map((o, order) => ({
        key: o.key,
        option: o.option,
        price: asPrice(o.price),
        additional: o.additional,
        order,
      })),
    })),
    cardBanner: draft.cardBanner?.id ?? null,
    galleryFolder: draft.galleryFolder,
    thumbnailPicture: draft.thumbnailPicture?.id ?? null,
    isOpenComission: draft.isOpenComission,
    isCommissionsOpen: draft.isCommissionsOpen && draft.isOpenComission,
    revisionsIncluded: draft.revisionsIncluded === '' ? null : Number(draft.revisionsIncluded),
    paymentPlan: planOf(draft.paymentPlan),
    deliveryDays: draft.deliveryDays === '' ? null : Number(draft.deliveryDays),
    // Always sent: the update replaces the card, and a label left out would be dropped.
    aiLabel: draft.aiLabel,
  };
}

/** What the live preview shows while editing: half-typed values stand in as written. */
export function previewSections(draft: CardDraft): CardSection[] {
  return draft.sections.map((s) => ({
    key: s.key,
    title: s.title || 'Untitled section',
    type: s.type,
    options: s.options.map((o, order) => ({
      key: o.key,
      option: o.option || 'Unnamed option',
      price: asNumber(o.price),
      additional: o.additional,
      order,
    })),
  }));
}

export const previewStartingPrice = (draft: CardDraft) => asNumber(draft.startingPrice);

/**
 * A card nobody could sensibly order: no starting price and no option with a price. Opening one
 * is asked about first (it would show "from $0.00" with nothing to choose).
 */
export function isEmptyOffer(draft: CardDraft): boolean {
  const priced = draft.sections.some((s) => s.options.some((o) => asNumber(o.price) > 0));
  return asNumber(draft.startingPrice) === 0 && !priced;
}
