import { galleryMessages } from '@brushline/shared/gallery/messages';

/**
 * SPEC §4: a display card is shown only while every one of these conditions holds. This list is the
 * rule's one home: display-card-shown.repo.ts keys each condition's SQL by its name (a Record over
 * these names, so none goes without its SQL), the stored `is_shown` is all of them there, and the
 * owner's read of the card answers each one in the same SQL, from which notShownReasons says what is
 * missing. `notMet` is what the owner is told while the condition fails, in this order.
 */
export const displayCardConditions = [
  { name: 'tagged', notMet: () => galleryMessages.notShownNoTags },
  {
    name: 'threeShowableImages',
    notMet: (facts: DisplayCardRuleFacts) => galleryMessages.notShownMedia(facts.showableImages),
  },
  { name: 'openCommissionCard', notMet: () => galleryMessages.notShownNoOpenCard },
] as const;

export type DisplayCardCondition = (typeof displayCardConditions)[number]['name'];

/** What a read of a card answers about the rule: each condition, and the count the images' message names. */
export interface DisplayCardRuleFacts {
  met: Record<DisplayCardCondition, boolean>;
  /** How many of the display images are the owner's gallery images not effectively Hidden. */
  showableImages: number;
}

/** SPEC §4, said to the owner: the conditions that fail, each as its message. */
export const notShownReasons = (facts: DisplayCardRuleFacts): string[] =>
  displayCardConditions.filter((c) => !facts.met[c.name]).map((c) => c.notMet(facts));
