import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { toPath } from '@brushline/shared/paths';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { tagTitleColor, tagTypeColor } from '../tag-look.ts';

/** A tag's title as a link to its page, coloured by its type. */
export function TagLink({ tag, fw = 600 }: { tag: Pick<TagRef, 'title' | 'tagType'>; fw?: number }) {
  return (
    <Anchor
      component={Link}
      to={toPath('wikiTag', { title: tag.title })}
      c={tagTitleColor(tag.tagType)}
      fw={fw}
    >
      {displayTagTitle(tag.title)}
    </Anchor>
  );
}

/** Type and maturity, as two small badges. */
export function TagBadges({ tag }: { tag: Pick<TagRef, 'tagType' | 'maturity'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={tagTypeColor[tag.tagType]} size="sm">
        {tag.tagType}
      </Badge>
      <Badge
        variant={tag.maturity === 'NSFW' ? 'filled' : 'outline'}
        color={tag.maturity === 'NSFW' ? 'red.9' : 'gray'}
        size="sm"
      >
        {tag.maturity}
      </Badge>
    </Group>
  );
}
