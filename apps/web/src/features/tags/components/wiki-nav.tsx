import { Button, Group, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** The wiki's heading (the page's h1) and its two parts: the tags and the FAQ. */
export function WikiNav() {
  const { pathname } = useLocation();
  const faq = pathname === paths.wikiFaq;
  return (
    <Group gap="md" justify="space-between">
      <Title order={1} fz="h2">
        Wiki
      </Title>
      <Group gap={4} component="nav" aria-label="Wiki">
        <Button
          size="compact-sm"
          variant={faq ? 'subtle' : 'light'}
          component={Link}
          to={paths.wikiTags}
          aria-current={faq ? undefined : 'page'}
        >
          Tags
        </Button>
        <Button
          size="compact-sm"
          variant={faq ? 'light' : 'subtle'}
          component={Link}
          to={paths.wikiFaq}
          aria-current={faq ? 'page' : undefined}
        >
          FAQ
        </Button>
      </Group>
    </Group>
  );
}
