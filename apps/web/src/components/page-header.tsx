import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading with its controls (switches, a create button) on the right; they wrap on a phone. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Group>
  );
}
