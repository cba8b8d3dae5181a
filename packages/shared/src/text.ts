import { z } from 'zod';

/**
 * The one rule for text that comes in, from any form, body, path or query string.
 *
 * NUL (U+0000): PostgreSQL cannot store it in text, so it used to fail deep inside a query (500).
 * Every input string refuses it here, and the server checks path and query values with the same
 * predicate before any route runs.
 *
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text read
 * differently than it is stored ("Trojan Source"): names, titles and post text refuse them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** C0 and C1 controls (line breaks and tabs included): a one-line name or title needs none. */
const CONTROLS = /\p{Cc}/u;

export const textNulMessage = 'This text contains a NUL character, which cannot be stored. Please remove it';

export const hasNul = (value: string): boolean => value.includes('\u0000');
export const hasBidiControls = (value: string): boolean => BIDI_CONTROLS.test(value);
export const isSingleLineText = (value: string): boolean => !CONTROLS.test(value) && !hasBidiControls(value);

/**
 * Every input string schema starts here: `text({ error })` is `z.string({ error })` that refuses
 * NUL; chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine((v) => !hasNul(v), { error: textNulMessage, abort: true });
}

/**
 * A one-line name or title (display names, social link titles): no controls, no direction marks;
 * `badCharacters` is the feature's message saying so.
 */
export function singleLineText(badCharacters: string, params?: { error?: string }) {
  return text(params).refine(isSingleLineText, { error: badCharacters });
}

/** Prose that may span lines (post text): line breaks stay, text-direction controls do not. */
export function proseText(badCharacters: string, params?: { error?: string }) {
  return text(params).refine((v) => !hasBidiControls(v), { error: badCharacters });
}

/**
 * The first string anywhere inside `value` (an object, array or string) that contains NUL, as
 * a field path ("" for `value` itself); undefined when there is none. The server runs this over
 * path and query values, whatever the route's schema says.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (hasNul(key)) return path ? `${path}.${key}` : key;
    const found = findNul(inner, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The one way text is cut for display (SPEC §9's "cut at N characters"): the first `max`
 * characters as a reader counts them (grapheme clusters, so an emoji with its modifiers or a
 * letter with its accent is one and is never split), then an ellipsis when anything was left
 * out. `atWord`: end at the last word boundary when one is past half the limit.
 */
export function cutText(value: string, max: number, opts: { atWord?: boolean } = {}): string {
  if (value.length <= max) return value;
  const parts = Array.from(graphemes.segment(value), (s) => s.segment);
  if (parts.length <= max) return value;
  let kept = parts.slice(0, Math.max(0, max)).join('');
  // A cut that falls just before a space already ends at a word.
  if (opts.atWord && !/^\s/.test(parts[max] ?? '')) {
    const space = kept.lastIndexOf(' ');
    if (space > kept.length / 2) kept = kept.slice(0, space);
  }
  return `${kept.trimEnd()}…`;
}
