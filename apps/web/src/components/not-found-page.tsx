import { Button, Stack, Text, Title } from '@mantine/core';
import { paths } from '@brushline/shared/paths';
import { Link } from 'react-router';
import { NOT_FOUND_TITLE } from '@brushline/shared/page-titles';
import { usePageTitle } from '../lib/page-title.ts';

export function NotFoundPage({ what = 'page' }: { what?: string }) {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Title order={1} fz={96} c="dimmed" aria-label="404">
        404
      </Title>
      <Title order={2}>This {what} does not exist</Title>
      <Text c="dimmed" maw={420}>
        The link may be old or mistyped. Check the address, or start again from the home page.
      </Text>
      <Button component={Link} to={paths.home} mt="md">
        Go to the home page
      </Button>
    </Stack>
  );
}
