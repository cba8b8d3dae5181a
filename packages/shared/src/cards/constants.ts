/** Commission card limits (SPEC §5, §9). Schemas, forms, messages and the server read these. */
export const CARD_TITLE_MAX = 120;
export const CARD_DESCRIPTION_MAX = 2000;
/** The artist's terms (free text on the card, copied into each order when it is sent). */
export const CARD_TERMS_MAX = 2000;
export const CARD_DEFAULT_TITLE = 'Untitled card';
/** SPEC §9: card title truncated to 64 characters in lists. */
export const CARD_TITLE_LIST_MAX = 64;
export const CARD_OPTION_MAX = 120;
export const CARD_ADDITIONAL_MAX = 200;
export const CARD_SECTION_TITLE_MAX = 120;
export const CARD_SECTIONS_MAX = 20;
export const CARD_OPTIONS_MAX = 30;
/** Section and option keys: CARD_KEY_MIN to CARD_KEY_MAX letters, digits, "-" or "_". */
export const CARD_KEY_MIN = 1;
export const CARD_KEY_MAX = 64;
/**
 * Cards one artist may have. Each can hold CARD_SECTIONS_MAX sections of CARD_OPTIONS_MAX options,
 * and the open ones are listed to anyone, so without a cap one account could make a public list
 * of any size.
 */
export const CARDS_PER_OWNER_MAX = 50;
export const PRICE_MIN = 0;
export const PRICE_MAX = 10000;
/** Prices are whole cents: at most this many decimals in USD. */
export const PRICE_DECIMALS = 2;
export const CURRENCY = 'USD';
export const SECTION_TYPES = ['radio', 'checkbox'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
/**
 * "Revisions included" on a card: how many send-backs the price covers (optional). Copied into
 * each order when it is sent, so later card edits never change an order's terms.
 */
export const REVISIONS_INCLUDED_MIN = 0;
export const REVISIONS_INCLUDED_MAX = 20;
