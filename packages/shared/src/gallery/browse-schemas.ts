import { z } from 'zod';
import { ratingSchema } from '../reviews/schemas.ts';
import { PRICE_MAX, PRICE_MIN } from '../cards/constants.ts';
import { cardMessages } from '../cards/messages.ts';
import { mediaSchema } from '../media/schemas.ts';
import { tagRefSchema, tagTitleSchema } from '../tags/schemas.ts';
import { personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import {
  ARTIST_SEARCH_MAX,
  ARTISTS_SORTS,
  DISPLAY_CARD_MEDIA,
  DISPLAY_CARD_TAGS_MAX,
  DISPLAY_CARD_TAGS_MIN,
  FILTER_TAGS_MAX,
  HIDDEN_TAG_MODES,
  HIDDEN_TAGS_MAX,
} from './constants.ts';
import { galleryImageSchema, searchText } from './schemas.ts';
import { galleryMessages } from './messages.ts';

/** POST displaycard/create and PATCH displaycard/update/{id} (SPEC §5: up to 3 media, 1 to 5 tags). */
export const displayCardBodySchema = z.object({
  tags: z
    .array(tagTitleSchema)
    .min(DISPLAY_CARD_TAGS_MIN, { error: galleryMessages.cardTooFewTags })
    .max(DISPLAY_CARD_TAGS_MAX, { error: galleryMessages.cardTooManyTags }),
  /** Ids of the owner's gallery images, in the order shown. */
  displayMedia: z
    .array(uuidSchema)
    .max(DISPLAY_CARD_MEDIA, { error: galleryMessages.cardTooManyMedia })
    .refine((ids) => new Set(ids).size === ids.length, { error: galleryMessages.cardMediaTwice }),
});
export type DisplayCardBody = z.infer<typeof displayCardBodySchema>;
export type DisplayCardBodyInput = z.input<typeof displayCardBodySchema>;

/** SPEC §3 Display card (id, tags, displayMedia, isShown) with what the artists list shows beside it. */
export const displayCardSchema = z.object({
  id: uuidSchema,
  tags: z.array(tagRefSchema),
  displayMedia: z.array(mediaSchema),
  isShown: z.boolean(),
  /** Why it is not shown yet (SPEC §4), for its owner; empty when shown and for everyone else. */
  notShownReasons: z.array(z.string()),
  owner: personSchema,
  /** The lowest starting price of the owner's open commission cards (USD); null without one. */
  startingPrice: z.number().nullable(),
  /** An open card of the owner is taking commissions now. */
  takingCommissions: z.boolean(),
  /** It carries a tag the reader blurs. */
  blurred: z.boolean(),
  activityAt: z.iso.datetime(),
  /** The owner's average as an artist (reviews by buyers that staff did not hide); null before the first. */
  rating: ratingSchema.nullable(),
});
export type DisplayCard = z.infer<typeof displayCardSchema>;
export const displayCardSavedSchema = z.object({ card: displayCardSchema, message: z.string() });

const cursorSchema = z.string().max(200, { error: galleryMessages.badCursor });
const priceParam = z.coerce
  .number({ error: cardMessages.priceRange })
  .min(PRICE_MIN, { error: cardMessages.priceRange })
  .max(PRICE_MAX, { error: cardMessages.priceRange });
/** `tags=a,b` in a URL: titles separated by commas (a title has no comma). */
const tagListParam = z
  .string()
  .max(FILTER_TAGS_MAX * 80)
  .transform((v) => v.split(',').filter((s) => s.trim() !== ''))
  .pipe(z.array(tagTitleSchema).max(FILTER_TAGS_MAX, { error: galleryMessages.tooManyFilterTags }));

/** GET artists: every filter optional; each tag finds its descendants and synonyms. */
export const artistsQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  tags: tagListParam.optional(),
  minPrice: priceParam.optional(),
  maxPrice: priceParam.optional(),
  /** "taking commissions now" */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  search: searchText(ARTIST_SEARCH_MAX, galleryMessages.searchTooLong).optional(),
  /** activity (default): newest activity first; rating: best average first, then most reviews, unrated last. */
  sort: z.enum(ARTISTS_SORTS, { error: galleryMessages.badSort }).optional(),
});
export type ArtistsQuery = z.infer<typeof artistsQuerySchema>;

export const artistsPageSchema = z.object({
  items: z.array(displayCardSchema),
  nextCursor: z.string().nullable(),
});
export type ArtistsPage = z.infer<typeof artistsPageSchema>;

/** GET gallery: Public images of everyone, newest first. */
export const galleryQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  tags: tagListParam.optional(),
});
export const galleryPageSchema = z.object({
  items: z.array(galleryImageSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** The reader's hidden tags (decision 0017). */
export const hiddenTagModeSchema = z.enum(HIDDEN_TAG_MODES);
export const hiddenTagsBodySchema = z.object({
  items: z
    .array(z.object({ title: tagTitleSchema, mode: hiddenTagModeSchema }))
    .max(HIDDEN_TAGS_MAX, { error: galleryMessages.tooManyHiddenTags }),
});
export type HiddenTagsBody = z.infer<typeof hiddenTagsBodySchema>;
export const hiddenTagsSchema = z.object({
  items: z.array(z.object({ tag: tagRefSchema, mode: hiddenTagModeSchema })),
});
export type HiddenTags = z.infer<typeof hiddenTagsSchema>;
export const hiddenTagsSavedSchema = hiddenTagsSchema.extend({ message: z.string() });
