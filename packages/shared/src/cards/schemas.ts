import { aiLabelSchema } from '../ai/schemas.ts';
import { z } from 'zod';
import { mediaSchema } from '../media/schemas.ts';
import { loginLookupSchema, personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import { deliveryDaysSchema, paymentPlanSchema } from '../payments/schemas.ts';
import {
  CARD_ADDITIONAL_MAX,
  CARD_DEFAULT_TITLE,
  CARD_DESCRIPTION_MAX,
  CARD_KEY_MAX,
  CARD_KEY_MIN,
  CARD_OPTION_MAX,
  CARD_OPTIONS_MAX,
  CARD_SECTION_TITLE_MAX,
  CARD_SECTIONS_MAX,
  CARD_TERMS_MAX,
  CARD_TITLE_MAX,
  PRICE_MAX,
  PRICE_MIN,
  REVISIONS_INCLUDED_MAX,
  REVISIONS_INCLUDED_MIN,
  SECTION_TYPES,
} from './constants.ts';
import { cardMessages } from './messages.ts';
import { isWholeCents } from './pricing.ts';
import { text } from '../text.ts';

export const CARD_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${CARD_KEY_MIN},${CARD_KEY_MAX}}$`);

export const sectionTypeSchema = z.enum(SECTION_TYPES);

/** A price in USD: PRICE_MIN..PRICE_MAX with at most PRICE_DECIMALS decimals (stored as integer cents). */
export const priceSchema = z
  .number({ error: cardMessages.priceRange })
  .min(PRICE_MIN, { error: cardMessages.priceRange })
  .max(PRICE_MAX, { error: cardMessages.priceRange })
  .refine(isWholeCents, { error: cardMessages.priceCents });

export const cardKeySchema = text({ error: cardMessages.keyInvalid }).regex(CARD_KEY_PATTERN, {
  error: cardMessages.keyInvalid,
});

/** SPEC §3 option line. `additional` is a note shown under the option; it never changes the price. */
export const cardOptionSchema = z.object({
  key: cardKeySchema,
  option: text({ error: cardMessages.optionRequired })
    .trim()
    .min(1, { error: cardMessages.optionRequired })
    .max(CARD_OPTION_MAX, { error: cardMessages.optionTooLong }),
  price: priceSchema,
  additional: text().trim().max(CARD_ADDITIONAL_MAX, { error: cardMessages.additionalTooLong }).default(''),
  order: z.number().int(),
});
export type CardOption = z.infer<typeof cardOptionSchema>;
export type CardOptionInput = z.input<typeof cardOptionSchema>;

export const cardSectionSchema = z.object({
  key: cardKeySchema,
  title: text({ error: cardMessages.sectionTitleRequired })
    .trim()
    .min(1, { error: cardMessages.sectionTitleRequired })
    .max(CARD_SECTION_TITLE_MAX, { error: cardMessages.sectionTitleTooLong }),
  type: sectionTypeSchema,
  options: z.array(cardOptionSchema).max(CARD_OPTIONS_MAX, { error: cardMessages.tooManyOptions }),
});
export type CardSection = z.infer<typeof cardSectionSchema>;
export type CardSectionInput = z.input<typeof cardSectionSchema>;

/** Optional 0..REVISIONS_INCLUDED_MAX whole revisions. */
export const revisionsIncludedSchema = z
  .number({ error: cardMessages.revisionsRange })
  .int({ error: cardMessages.revisionsRange })
  .min(REVISIONS_INCLUDED_MIN, { error: cardMessages.revisionsRange })
  .max(REVISIONS_INCLUDED_MAX, { error: cardMessages.revisionsRange })
  .nullable()
  .default(null);

const cardBodyShape = z.object({
  /** Empty (or only spaces) is saved as "Untitled card" (SPEC §5). */
  title: text()
    .trim()
    .max(CARD_TITLE_MAX, { error: cardMessages.titleTooLong })
    .default('')
    .transform((t) => t || CARD_DEFAULT_TITLE),
  infoProvidedByTheAuthor: text()
    .max(CARD_DESCRIPTION_MAX, { error: cardMessages.descriptionTooLong })
    .default(''),
  startingPrice: priceSchema,
  /** The artist's terms; each order keeps a copy of them as they were when it was sent. */
  terms: text().trim().max(CARD_TERMS_MAX, { error: cardMessages.termsTooLong }).default(''),
  /** Orders from this card must say what the buyer wants (a description). */
  descriptionRequired: z.boolean().default(false),
  sections: z
    .array(cardSectionSchema)
    .max(CARD_SECTIONS_MAX, { error: cardMessages.tooManySections })
    .default([]),
  /** Media id of the uploader's own image of purpose cardBanner. */
  cardBanner: uuidSchema.nullable().default(null),
  /** Media id of the uploader's own image of purpose cardThumbnail. */
  thumbnailPicture: uuidSchema.nullable().default(null),
  /** SPEC §3 galleryFolder: id of one of the artist's own folders of examples (decision 0017). */
  galleryFolder: uuidSchema.nullable().default(null),
  isOpenComission: z.boolean(),
  isCommissionsOpen: z.boolean(),
  /** How many send-backs the price includes; null when the card does not say. */
  revisionsIncluded: revisionsIncludedSchema,
  /** How orders from this card are paid (decision 0020); each order keeps a copy. */
  paymentPlan: paymentPlanSchema.default({ kind: 'full' }),
  /** Days from acceptance to the due date (1–365); null when the card promises none. */
  deliveryDays: deliveryDaysSchema.default(null),
  /** Decision 0025: the card's work is AI-generated or AI-assisted; null: made by hand. */
  aiLabel: aiLabelSchema.default(null),
});

interface CardRuleInput {
  sections: { key: string; options: { key: string }[] }[];
  isOpenComission: boolean;
  isCommissionsOpen: boolean;
}

/** Rules across fields: unique keys in the card, and commissions open only on an open card (SPEC §4). */
function cardRules(card: CardRuleInput, ctx: z.RefinementCtx): void {
  const sectionKeys = new Set<string>();
  const optionKeys = new Set<string>();
  card.sections.forEach((section, s) => {
    if (sectionKeys.has(section.key)) {
      ctx.addIssue({
        code: 'custom',
        message: cardMessages.duplicateSectionKey,
        path: ['sections', s, 'key'],
      });
    }
    sectionKeys.add(section.key);
    section.options.forEach((option, o) => {
      if (optionKeys.has(option.key)) {
        ctx.addIssue({
          code: 'custom',
          message: cardMessages.duplicateOptionKey,
          path: ['sections', s, 'options', o, 'key'],
        });
      }
      optionKeys.add(option.key);
    });
  });
  if (card.isCommissionsOpen && !card.isOpenComission) {
    ctx.addIssue({
      code: 'custom',
      message: cardMessages.commissionsNeedOpenCard,
      path: ['isCommissionsOpen'],
    });
  }
}

/** POST /commissioncard/create body. */
export const cardBodySchema = cardBodyShape.superRefine(cardRules);
export type CardBody = z.infer<typeof cardBodySchema>;
export type CardBodyInput = z.input<typeof cardBodySchema>;

/** PUT /comissioncard/update body: the whole card again, with its uuid. */
export const cardUpdateBodySchema = cardBodyShape.extend({ uuid: uuidSchema }).superRefine(cardRules);
export type CardUpdateBody = z.infer<typeof cardUpdateBodySchema>;
export type CardUpdateBodyInput = z.input<typeof cardUpdateBodySchema>;

export const cardOwnerSchema = personSchema.omit({ id: true });

/** SPEC §3 Commission card as every answer shows it. Prices in USD. */
export const cardSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  cardBanner: mediaSchema.nullable(),
  thumbnailPicture: mediaSchema.nullable(),
  startingPrice: z.number(),
  sections: z.array(cardSectionSchema),
  isOpenComission: z.boolean(),
  isCommissionsOpen: z.boolean(),
  revisionsIncluded: z.number().int().nullable(),
  paymentPlan: paymentPlanSchema,
  deliveryDays: z.number().int().nullable(),
  infoProvidedByTheAuthor: z.string(),
  terms: z.string(),
  descriptionRequired: z.boolean(),
  aiLabel: aiLabelSchema,
  /** Why staff hid the card (only its owner and staff are shown it); null otherwise. */
  hiddenByStaff: z.string().nullable(),
  /** The folder of examples with the images this reader may see; null without one or when it is not shown to them. */
  galleryFolder: z
    .object({ id: uuidSchema, folderName: z.string(), mediaFiles: z.array(mediaSchema) })
    .nullable(),
  ownerId: uuidSchema,
  owner: cardOwnerSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardUuidParamsSchema = z.object({ uuid: uuidSchema });
export const cardLoginParamsSchema = z.object({ login: loginLookupSchema });

export const cardSavedResponseSchema = z.object({ card: cardSchema, message: z.string() });
export type CardSavedResponse = z.infer<typeof cardSavedResponseSchema>;
export const cardMessageResponseSchema = z.object({ message: z.string() });
