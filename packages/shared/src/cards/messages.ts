import {
  CARD_ADDITIONAL_MAX,
  CARD_DESCRIPTION_MAX,
  CARD_TERMS_MAX,
  CARD_KEY_MAX,
  CARD_KEY_MIN,
  CARD_OPTION_MAX,
  CARD_OPTIONS_MAX,
  CARD_SECTION_TITLE_MAX,
  CARD_SECTIONS_MAX,
  CARD_TITLE_MAX,
  CARDS_PER_OWNER_MAX,
  CURRENCY,
  PRICE_DECIMALS,
  PRICE_MAX,
  PRICE_MIN,
  REVISIONS_INCLUDED_MAX,
  REVISIONS_INCLUDED_MIN,
} from './constants.ts';

/**
 * Messages of the commission cards feature that SPEC §8 does not word. Written so the user knows
 * what to change; the SPEC's own messages stay in ../messages.ts.
 */
export const cardMessages = {
  titleTooLong: `Card title is limited to ${CARD_TITLE_MAX} characters`,
  descriptionTooLong: `Card description is limited to ${CARD_DESCRIPTION_MAX} characters`,
  termsTooLong: `Your terms are limited to ${CARD_TERMS_MAX} characters`,
  priceRange: `Prices go from ${PRICE_MIN} to ${PRICE_MAX} ${CURRENCY}`,
  priceCents: `Prices can have at most ${PRICE_DECIMALS} decimals (whole cents)`,
  revisionsRange: `Revisions included is a whole number from ${REVISIONS_INCLUDED_MIN} to ${REVISIONS_INCLUDED_MAX}, or empty`,
  optionRequired: 'Every option needs a name',
  optionTooLong: `Option names are limited to ${CARD_OPTION_MAX} characters`,
  additionalTooLong: `The additional note is limited to ${CARD_ADDITIONAL_MAX} characters`,
  sectionTitleRequired: 'Every section needs a title',
  sectionTitleTooLong: `Section titles are limited to ${CARD_SECTION_TITLE_MAX} characters`,
  tooManySections: `A card can have up to ${CARD_SECTIONS_MAX} sections`,
  tooManyOptions: `A section can have up to ${CARD_OPTIONS_MAX} options`,
  keyInvalid: `Keys use ${CARD_KEY_MIN} to ${CARD_KEY_MAX} letters, digits, "-" or "_"`,
  duplicateSectionKey: 'Two sections of this card have the same key',
  duplicateOptionKey: 'Two options of this card have the same key',
  commissionsNeedOpenCard:
    'Commissions can only be taken while the card is open. Open the card first, or turn off taking commissions',
  artistsOnly: 'Only artists can create commission cards. Turn on the artist switch in Settings',
  tooManyCards: `You can have up to ${CARDS_PER_OWNER_MAX} commission cards. Delete one to create another`,
} as const;

/** Why a chosen set of options does not fit the card (the form is refused with 400). */
export const choiceMessages = {
  unknownSection: 'One of the chosen sections is not on this card anymore. Refresh the page and choose again',
  unknownOption: 'One of the chosen options is not on this card anymore. Refresh the page and choose again',
  duplicateSection: 'A section was sent twice. Refresh the page and choose again',
  duplicateOption: 'An option was chosen twice. Refresh the page and choose again',
  radioNeedsOne: (sectionTitle: string) => `Choose exactly one option in “${sectionTitle}”`,
  totalMismatch:
    'The price of this card changed while you were choosing. Check the new total and send the form again',
} as const;
