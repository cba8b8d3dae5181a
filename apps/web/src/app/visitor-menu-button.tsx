import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The visitor menu's button, and its stand-in (the same size) while the menu's code loads. */
export function VisitorMenuButton(props: ActionIconProps & ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon variant="default" size="lg" aria-label="Menu" {...props}>
      <IconMenu2 size={18} aria-hidden />
    </ActionIcon>
  );
}
