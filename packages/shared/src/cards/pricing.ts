import type { SectionType } from './constants.ts';
import { choiceMessages } from './messages.ts';

/**
 * Prices: the API speaks USD numbers with up to 2 decimals, the database integer cents. Sums are
 * made in cents so 0.1 + 0.2 is exactly 0.3 (docs/decisions/0005-commissions.md).
 */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** True when the number has at most 2 decimals (tolerates binary noise such as 0.1 + 0.2). */
export function isWholeCents(usd: number): boolean {
  return Number.isFinite(usd) && Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6;
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$12.50" / "$10,000.00" style text for screens (USD is the only currency, SPEC §9). */
export function formatUsd(usd: number): string {
  return usdFormat.format(toCents(usd) / 100);
}

/** What pricing needs of a card (the API's card and a form's state both fit). */
export interface PricedCard {
  startingPrice: number;
  sections: readonly PricedSection[];
}
export interface PricedSection {
  key: string;
  title: string;
  type: SectionType;
  options: readonly { key: string; option: string; price: number }[];
}

/** The buyer's choice: for each section, the keys of the chosen options. */
export interface ChosenSection {
  sectionKey: string;
  optionKeys: readonly string[];
}

/**
 * Total in USD = starting price + the prices of the chosen options. Lenient (unknown keys count
 * 0) so the web can show a live total while the form is still incomplete; the server checks the
 * choice with resolveChoice first.
 */
export function computeTotal(card: PricedCard, chosen: readonly ChosenSection[]): number {
  let cents = toCents(card.startingPrice);
  for (const pick of chosen) {
    const section = card.sections.find((s) => s.key === pick.sectionKey);
    if (!section) continue;
    for (const key of new Set(pick.optionKeys)) {
      const option = section.options.find((o) => o.key === key);
      if (option) cents += toCents(option.price);
    }
  }
  return fromCents(cents);
}

/** One chosen section as the sent form keeps it (a snapshot: the card may change later). */
export interface ChosenLine {
  key: string;
  title: string;
  options: { key: string; option: string; price: number }[];
}

export type ChoiceResult = { ok: true; total: number; lines: ChosenLine[] } | { ok: false; message: string };

/**
 * Checks a choice against the card: every key must belong to the card, nothing twice, and a radio
 * section with options needs exactly one chosen option (a checkbox section zero or more).
 * Answers the total and the snapshot lines in card order, or the first problem.
 */
export function resolveChoice(card: PricedCard, chosen: readonly ChosenSection[]): ChoiceResult {
  const picks = new Map<string, readonly string[]>();
  for (const pick of chosen) {
    if (picks.has(pick.sectionKey)) return { ok: false, message: choiceMessages.duplicateSection };
    if (!card.sections.some((s) => s.key === pick.sectionKey)) {
      return { ok: false, message: choiceMessages.unknownSection };
    }
    if (new Set(pick.optionKeys).size !== pick.optionKeys.length) {
      return { ok: false, message: choiceMessages.duplicateOption };
    }
    picks.set(pick.sectionKey, pick.optionKeys);
  }
  const lines: ChosenLine[] = [];
  for (const section of card.sections) {
    const keys = picks.get(section.key) ?? [];
    const options = [];
    for (const key of keys) {
      const option = section.options.find((o) => o.key === key);
      if (!option) return { ok: false, message: choiceMessages.unknownOption };
      options.push({ key: option.key, option: option.option, price: option.price });
    }
    if (section.type === 'radio' && section.options.length > 0 && options.length !== 1) {
      return { ok: false, message: choiceMessages.radioNeedsOne(section.title) };
    }
    if (options.length > 0) lines.push({ key: section.key, title: section.title, options });
  }
  return { ok: true, total: computeTotal(card, chosen), lines };
}

/** Whether the total the buyer saw is the server's total (compared in cents). */
export function sameTotal(a: number, b: number): boolean {
  return toCents(a) === toCents(b);
}
