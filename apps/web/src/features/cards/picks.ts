import type { ChosenSection, PricedCard } from '@brushline/shared/cards/pricing';

/** The buyer's choice while choosing: section key → chosen option keys. */
export type Picks = Record<string, string[]>;

/** The choice as the API and computeTotal take it (sections with nothing chosen left out). */
export function chosenOf(picks: Picks): (ChosenSection & { optionKeys: string[] })[] {
  return Object.entries(picks)
    .filter(([, keys]) => keys.length > 0)
    .map(([sectionKey, optionKeys]) => ({ sectionKey, optionKeys }));
}

/**
 * The picks that still fit the card: options that exist, and at most one in a radio section.
 * While an artist edits the preview (removing options, switching a section to radio) older picks
 * may no longer fit; the total counts only what is shown as chosen.
 */
export function fittingPicks(card: PricedCard, picks: Picks): Picks {
  const fitting: Picks = {};
  for (const section of card.sections) {
    const keys = (picks[section.key] ?? []).filter((k) => section.options.some((o) => o.key === k));
    fitting[section.key] = section.type === 'radio' ? keys.slice(0, 1) : keys;
  }
  return fitting;
}
