import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import type { OrderPerson } from '@brushline/shared/orders/schemas';
import { UserAvatar } from '../../../components/user-avatar.tsx';

/**
 * The header of a collapsible per-person card in the CRM: avatar, name and a one-line subtitle,
 * with `extra` (such as a "new" badge) beside the chevron. The whole header is the toggle button.
 */
export function PersonToggle({
  person,
  subtitle,
  extra,
  open,
  onToggle,
}: {
  person: OrderPerson;
  subtitle: ReactNode;
  extra?: ReactNode;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <UnstyledButton onClick={onToggle} aria-expanded={open} w="100%">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {/* The button's text names the person: the picture stays silent (an unnamed <img> did not). */}
          <UserAvatar src={person.avatarMiniatureUrl} name={person.displayName} decorative />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {person.displayName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {subtitle}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {extra}
          <span style={{ transform: open ? 'rotate(180deg)' : undefined, display: 'flex' }}>
            <IconChevronDown size={18} aria-hidden />
          </span>
        </Group>
      </Group>
    </UnstyledButton>
  );
}
