import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceMessages } from './messages.ts';
import {
  computeTotal,
  formatUsd,
  fromCents,
  isWholeCents,
  resolveChoice,
  sameTotal,
  toCents,
  type PricedCard,
} from './pricing.ts';

const card: PricedCard = {
  startingPrice: 20,
  sections: [
    {
      key: 'size',
      title: 'Size',
      type: 'radio',
      options: [
        { key: 'bust', option: 'Bust', price: 0 },
        { key: 'full', option: 'Full body', price: 15.5 },
      ],
    },
    {
      key: 'extras',
      title: 'Extras',
      type: 'checkbox',
      options: [
        { key: 'bg', option: 'Background', price: 0.1 },
        { key: 'char', option: 'Extra character', price: 0.2 },
      ],
    },
    { key: 'empty', title: 'Nothing here', type: 'radio', options: [] },
  ],
};

describe('cents', () => {
  it('converts both ways and sums without binary noise', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(fromCents(1999)).toBe(19.99);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(1.005)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(19999.99)).toBe('$19,999.99');
    expect(sameTotal(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameTotal(20, 20.01)).toBe(false);
  });

  it('every whole-cent amount from 0 to 10000 USD survives the round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => toCents(fromCents(cents)) === cents),
    );
  });
});

describe('computeTotal', () => {
  it('is the starting price plus the chosen options, in exact cents', () => {
    expect(
      computeTotal(card, [
        { sectionKey: 'size', optionKeys: ['full'] },
        { sectionKey: 'extras', optionKeys: ['bg', 'char'] },
      ]),
    ).toBe(35.8);
    expect(computeTotal(card, [])).toBe(20);
  });

  it('is lenient for the live total: unknown keys and repeats count nothing extra', () => {
    expect(
      computeTotal(card, [
        { sectionKey: 'nope', optionKeys: ['x'] },
        { sectionKey: 'extras', optionKeys: ['bg', 'bg', 'ghost'] },
      ]),
    ).toBe(20.1);
  });
});

describe('resolveChoice', () => {
  it('answers the total and the chosen lines in card order', () => {
    const result = resolveChoice(card, [
      { sectionKey: 'extras', optionKeys: ['char'] },
      { sectionKey: 'size', optionKeys: ['bust'] },
    ]);
    expect(result).toEqual({
      ok: true,
      total: 20.2,
      lines: [
        { key: 'size', title: 'Size', options: [{ key: 'bust', option: 'Bust', price: 0 }] },
        { key: 'extras', title: 'Extras', options: [{ key: 'char', option: 'Extra character', price: 0.2 }] },
      ],
    });
  });

  it.each([
    ['no choice in a radio section', [], choiceMessages.radioNeedsOne('Size')],
    [
      'two choices in a radio section',
      [{ sectionKey: 'size', optionKeys: ['bust', 'full'] }],
      choiceMessages.radioNeedsOne('Size'),
    ],
    [
      'an unknown section',
      [
        { sectionKey: 'size', optionKeys: ['bust'] },
        { sectionKey: 'x', optionKeys: [] },
      ],
      choiceMessages.unknownSection,
    ],
    [
      'an option of another section',
      [{ sectionKey: 'size', optionKeys: ['bg'] }],
      choiceMessages.unknownOption,
    ],
    [
      'a section twice',
      [
        { sectionKey: 'size', optionKeys: ['bust'] },
        { sectionKey: 'size', optionKeys: ['bust'] },
      ],
      choiceMessages.duplicateSection,
    ],
    [
      'an option twice',
      [
        { sectionKey: 'size', optionKeys: ['bust'] },
        { sectionKey: 'extras', optionKeys: ['bg', 'bg'] },
      ],
      choiceMessages.duplicateOption,
    ],
  ])('refuses %s', (_name, chosen, message) => {
    expect(resolveChoice(card, chosen)).toEqual({ ok: false, message });
  });

  it('a radio section without options needs no choice; checkbox sections accept none', () => {
    expect(resolveChoice(card, [{ sectionKey: 'size', optionKeys: ['bust'] }])).toMatchObject({
      ok: true,
      total: 20,
    });
  });

  it('for any valid choice the strict total equals the live total', () => {
    fc.assert(
      fc.property(fc.constantFrom('bust', 'full'), fc.subarray(['bg', 'char']), (size, extras) => {
        const chosen = [
          { sectionKey: 'size', optionKeys: [size] },
          { sectionKey: 'extras', optionKeys: extras },
        ];
        const result = resolveChoice(card, chosen);
        return result.ok && result.total === computeTotal(card, chosen);
      }),
    );
  });
});
