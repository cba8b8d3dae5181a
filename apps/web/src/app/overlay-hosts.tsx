import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markReady } from '../lib/overlay-hosts.ts';

/** Tells lib/overlay-hosts.ts that the host rendered before it is listening (effects run in order). */
function Ready({ host }: { host: 'notifications' | 'modals' }) {
  useEffect(() => markReady(host), [host]);
  return null;
}

/** Mantine's toast host: loaded in its own chunk the first time a toast is raised. */
export function NotificationsHost() {
  return (
    <>
      <Notifications position="top-right" />
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
