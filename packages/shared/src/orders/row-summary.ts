import { ORDER_ROW_BRIEF_MAX, ORDER_ROW_OPTIONS_MAX } from './constants.ts';
import type { SentForm } from './schemas.ts';

/** Characters, not UTF-16 units: a cut never splits an emoji or another astral character. */
const chars = (s: string) => Array.from(s);

/**
 * The first words of a brief for a list row: whitespace folded to single spaces, cut at the last
 * whole word within `max` characters (inside a very long word when there is none in the second
 * half), with an ellipsis when anything was left out. Empty when the brief is.
 */
export function briefExcerpt(description: string, max: number = ORDER_ROW_BRIEF_MAX): string {
  const flat = chars(description.replace(/\s+/g, ' ').trim());
  if (flat.length <= max) return flat.join('');
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const words = (space > max / 2 ? cut.slice(0, space) : cut).join('');
  return `${words.replace(/[\s.,;:!?…-]+$/u, '')}…`;
}

/**
 * The chosen options in short, e.g. "Full body, Background +1 more": option names in the order
 * they were chosen, as many as fit in `max` characters, then how many more there are. A single
 * name longer than `max` is cut with an ellipsis. Empty when nothing was chosen.
 */
export function optionsInShort(
  sections: SentForm['sendComissionCardOptions'],
  max: number = ORDER_ROW_OPTIONS_MAX,
): string {
  const names = sections.flatMap((s) => s.options.map((o) => o.option.replace(/\s+/g, ' ').trim()));
  if (names.length === 0) return '';
  let shown = '';
  let count = 0;
  for (const name of names) {
    const next = count === 0 ? name : `${shown}, ${name}`;
    if (chars(next).length > max) break;
    shown = next;
    count += 1;
  }
  if (count === 0) {
    shown = `${chars(names[0]!)
      .slice(0, max - 1)
      .join('')
      .trimEnd()}…`;
    count = 1;
  }
  return count < names.length ? `${shown} +${names.length - count} more` : shown;
}
