import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
const { dark } = DEFAULT_THEME.colors;

describe('theme colours in the dark scheme', () => {
  // The body, a card or striped row, and a hovered row or menu item.
  const surfaces = [dark[7], dark[6], dark[5]];

  it('links keep 4.5:1 on every dark surface (the header logo and every anchor use it)', () => {
    const anchor = resolved.dark['--mantine-color-anchor']!;
    for (const on of surfaces) expect(contrastRatio(anchor, on), on).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['violet', 'blue', 'grape', 'red', 'teal', 'orange', 'green'])(
    '`c="%s"` text keeps 4.5:1 on every dark surface',
    (name) => {
      const text = resolved.dark[`--mantine-color-${name}-text`]!;
      for (const on of surfaces) expect(contrastRatio(text, on), on).toBeGreaterThanOrEqual(4.5);
    },
  );
});
