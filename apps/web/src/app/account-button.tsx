import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import type { Me } from '@brushline/shared/users/schemas';
import { UserAvatar } from '../components/user-avatar.tsx';

/**
 * The signed-in user's avatar and name in the header: the account menu's button, and its
 * stand-in (the same size, so nothing moves) while the menu's code loads.
 */
export function AccountButton({
  user,
  ...props
}: { user: Me } & UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton aria-label="Account menu" {...props}>
      <Group gap="xs" wrap="nowrap">
        <UserAvatar
          name={user.displayName}
          src={user.userProfileStore.profilePicture?.miniaturePath}
          size={34}
          decorative
        />
        <Text size="sm" fw={500} visibleFrom="md" maw={{ base: 90, lg: 180 }} truncate="end">
          {user.displayName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
