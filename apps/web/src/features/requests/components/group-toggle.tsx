import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The header of a collapsible group: its title, a count, and the arrow; a real button (keyboard). */
export function GroupToggle({
  title,
  subtitle,
  extra,
  open,
  onToggle,
  controls,
}: {
  title: string;
  subtitle: string;
  extra?: ReactNode;
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={controls}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group gap="xs" wrap="nowrap">
          <IconChevronDown
            size={18}
            aria-hidden
            style={{
              transform: open ? 'none' : 'rotate(-90deg)',
              transition: 'transform 150ms',
              flexShrink: 0,
            }}
          />
          <Text fw={700} truncate>
            {title}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {subtitle}
          </Text>
        </Group>
      </UnstyledButton>
      {extra}
    </Group>
  );
}
