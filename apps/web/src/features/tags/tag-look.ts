import type { TagType } from '@brushline/shared/tags/constants';

/**
 * One colour per tag type (the table's titles, badges and the picker). Shades 8 and 9 keep 4.5:1
 * on the light and the dark background alike (docs/decisions/0012-accessibility.md).
 */
export const tagTypeColor: Record<TagType, string> = {
  General: 'blue',
  Artist: 'red',
  Species: 'green',
  Meta: 'grape',
  Copyright: 'orange',
  Character: 'teal',
};

/** Text colour of a title of this type: dark shade on light, light shade on dark. */
export const tagTitleColor = (type: TagType) =>
  `light-dark(var(--mantine-color-${tagTypeColor[type]}-9), var(--mantine-color-${tagTypeColor[type]}-3))`;
