import type { NotificationData } from '@mantine/notifications';
import { whenReady } from './overlay-hosts.ts';

/**
 * Short messages in the corner (Mantine notifications). Their code and their host load the first
 * time one is shown (lib/overlay-hosts.ts); the store keeps the message until the host draws it.
 */
function show(data: NotificationData) {
  void whenReady('notifications');
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

export const toast = {
  success: (message: string) => show({ message, color: 'teal' }),
  /** A title says what went wrong when the message says what to do. */
  error: (message: string, title?: string) => show({ message, title, color: 'red', autoClose: 6000 }),
  info: (message: string) => show({ message, color: 'blue' }),
};
