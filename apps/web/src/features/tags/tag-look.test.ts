import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { TAG_TYPES } from '@brushline/shared/tags/constants';
import { contrastRatio } from '../../lib/contrast.ts';
import { tagTitleColor, tagTitleColors } from './tag-look.ts';

const { gray, dark } = DEFAULT_THEME.colors;

describe('tag title colours', () => {
  // The wiki table's body, striped and hovered rows in each scheme (axe color-contrast, WCAG AA).
  const surfaces = { light: ['#ffffff', gray[0], gray[1]], dark: [dark[7], dark[6], dark[5]] };

  it.each(TAG_TYPES)('%s titles keep 4.5:1 on every row of the table, light and dark', (type) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const on of surfaces[scheme]) {
        expect(contrastRatio(tagTitleColors[type][scheme], on), `${scheme} on ${on}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });

  it('types keep colours of their own, written for both schemes', () => {
    expect(new Set(TAG_TYPES.map((t) => tagTitleColors[t].light)).size).toBe(TAG_TYPES.length);
    expect(tagTitleColor('Species')).toBe(
      `light-dark(${tagTitleColors.Species.light}, ${tagTitleColors.Species.dark})`,
    );
  });
});
