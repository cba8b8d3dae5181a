import { DEFAULT_THEME } from '@mantine/core';
import type { TagType } from '@brushline/shared/tags/constants';
import { readableShade, readableShadeOnDark } from '../../lib/contrast.ts';

/** One colour per tag type (the table's titles, badges and the picker). */
export const tagTypeColor: Record<TagType, string> = {
  General: 'blue',
  Artist: 'red',
  Species: 'green',
  Meta: 'grape',
  Copyright: 'orange',
  Character: 'teal',
};

/**
 * The surfaces a tag's title sits on whose contrast is lowest: the wiki table's hovered row
 * (Mantine's gray-1 in the light scheme, dark-5 in the dark; striped rows and the body are
 * farther from the text colour).
 */
export const TAG_TITLE_SURFACES = {
  light: DEFAULT_THEME.colors.gray[1],
  dark: DEFAULT_THEME.colors.dark[5],
} as const;

/**
 * A title's colour in each scheme: the first shade from 9 (light) or 4 (dark) that keeps WCAG AA
 * on the row under the pointer (docs/decisions/0012-accessibility.md). Shade 9 alone was not
 * enough: green-9 is 4.4:1 on white, 3.9:1 on a hovered row, and orange and teal fail there too.
 */
export const tagTitleColors = Object.fromEntries(
  Object.entries(tagTypeColor).map(([type, colour]) => {
    const shades = DEFAULT_THEME.colors[colour]!;
    return [
      type,
      {
        light: readableShade(shades, 9, TAG_TITLE_SURFACES.light),
        dark: readableShadeOnDark(shades, 4, TAG_TITLE_SURFACES.dark),
      },
    ];
  }),
) as Record<TagType, { light: string; dark: string }>;

/** Text colour of a title of this type, for the scheme in use. */
export const tagTitleColor = (type: TagType) =>
  `light-dark(${tagTitleColors[type].light}, ${tagTitleColors[type].dark})`;
