import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of /settings: its heading, a line on what it holds, then its content. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack>
      <div>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
