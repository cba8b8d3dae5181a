export const CARD_TITLE_MAX = 120;
export const CARD_DESCRIPTION_MAX = 2000;
export const CARD_DEFAULT_TITLE = 'Untitled card';
/** SPEC §9: card title truncated to 64 characters in lists. */
export const CARD_TITLE_LIST_MAX = 64;
export const PRICE_MIN = 0;
export const PRICE_MAX = 10000;
export const CURRENCY = 'USD';
export const SECTION_TYPES = ['radio', 'checkbox'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
