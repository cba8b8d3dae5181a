import { describe, expect, it } from 'vitest';
import { ORDER_ROW_BRIEF_MAX, ORDER_ROW_OPTIONS_MAX } from './constants.ts';
import { briefExcerpt, optionsInShort } from './row-summary.ts';

const section = (title: string, ...names: string[]) => ({
  title,
  options: names.map((option, i) => ({ key: `k${i}`, option, price: 0 })),
});

describe('briefExcerpt', () => {
  it('keeps a short brief whole, with its whitespace folded', () => {
    expect(briefExcerpt('  My cat,\n\nsitting.  ')).toBe('My cat, sitting.');
    expect(briefExcerpt('')).toBe('');
  });

  it('cuts a long brief at the last whole word within the limit, with an ellipsis', () => {
    const brief = 'A headshot of my rogue, Finn: scar over the left eye, a sly grin, and a tattered cloak.';
    const out = briefExcerpt(brief, 40);
    expect(out).toBe('A headshot of my rogue, Finn: scar over…');
    expect(Array.from(out).length).toBeLessThanOrEqual(41);
    // Punctuation before the cut is dropped, not left dangling before the ellipsis.
    expect(briefExcerpt('One two, three four', 9)).toBe('One two…');
  });

  it('cuts inside a very long word rather than show almost nothing, and never splits an emoji', () => {
    expect(briefExcerpt('Hi ' + 'a'.repeat(200), 20)).toBe(`Hi ${'a'.repeat(17)}…`);
    const out = briefExcerpt('🐱'.repeat(ORDER_ROW_BRIEF_MAX + 5));
    expect(out).toBe(`${'🐱'.repeat(ORDER_ROW_BRIEF_MAX)}…`);
  });
});

describe('optionsInShort', () => {
  it('names the chosen options in order across sections', () => {
    expect(optionsInShort([section('Size', 'Full body'), section('Extras', 'Background', 'Pet')])).toBe(
      'Full body, Background, Pet',
    );
    expect(optionsInShort([])).toBe('');
    expect(optionsInShort([section('Extras')])).toBe('');
  });

  it('says how many more when they do not fit', () => {
    expect(optionsInShort([section('Size', 'Full body'), section('Extras', 'Background', 'Pet')], 22)).toBe(
      'Full body, Background +1 more',
    );
  });

  it('cuts a single name longer than the limit', () => {
    const long = 'x'.repeat(ORDER_ROW_OPTIONS_MAX + 10);
    expect(optionsInShort([section('S', long, 'Pet')])).toBe(
      `${'x'.repeat(ORDER_ROW_OPTIONS_MAX - 1)}… +1 more`,
    );
  });
});
