import type { OpenConfirmModal } from '@mantine/modals';
import { whenReady } from './overlay-hosts.ts';

/**
 * Asks for confirmation in Mantine's confirm dialog. The dialog code and its host load the first
 * time one is asked (lib/overlay-hosts.ts); the request waits until the host listens, as it
 * arrives as a window event that nobody would hear before.
 */
export function openConfirmModal(props: OpenConfirmModal): void {
  void Promise.all([import('@mantine/modals'), whenReady('modals')]).then(([{ modals }]) =>
    modals.openConfirmModal(props),
  );
}
