import type { Picks } from '../cards/picks.ts';

/**
 * The options a visitor chose on a card before "Login to order", kept in this tab's session
 * storage through the sign-in (or registration) round trip and taken back once, by the order form.
 */
const keyOf = (cardUuid: string) => `brushline:picks:${cardUuid}`;

export function keepPicks(cardUuid: string, picks: Picks): void {
  try {
    sessionStorage.setItem(keyOf(cardUuid), JSON.stringify(picks));
  } catch {
    // Storage off (private mode, quota): the visitor chooses again after signing in.
  }
}

const isPicks = (value: unknown): value is Picks =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((keys) => Array.isArray(keys) && keys.every((k) => typeof k === 'string'));

/** The kept picks of this card (forgotten once read), or none. */
export function takePicks(cardUuid: string): Picks {
  try {
    const raw = sessionStorage.getItem(keyOf(cardUuid));
    sessionStorage.removeItem(keyOf(cardUuid));
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isPicks(value) ? value : {};
  } catch {
    return {};
  }
}
