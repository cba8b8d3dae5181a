import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { markReady } from '../lib/overlay-hosts.ts';

/** Tells lib/overlay-hosts.ts that the host rendered before it is listening (effects run in order). */
function Ready({ host }: { host: 'notifications' | 'modals' }) {
  useEffect(() => markReady(host), [host]);
  return null;
}

/**
 * Mantine's toast host: loaded in its own chunk the first time a toast is raised. Toasts rise from
 * the bottom, clear of the header's bell and menu and of a dialog's title bar and close button;
 * on a phone they span the bottom edge like a snackbar.
 */
export function NotificationsHost() {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />
      <Ready host="notifications" />
    </>
  );
}

/** Mantine's dialog host: loaded in its own chunk the first time a confirmation is asked. */
export function ModalsHost() {
  return (
    <>
      <ModalsProvider />
      <Ready host="modals" />
    </>
  );
}
