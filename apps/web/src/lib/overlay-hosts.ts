import { useSyncExternalStore } from 'react';

/**
 * Toasts and confirm dialogs are drawn by hosts (Mantine's Notifications and ModalsProvider) that
 * app/providers.tsx mounts the first time one is asked for, not with the app: most visits never
 * raise either, and together they weigh as much as a page. `whenReady` lets a caller wait for a
 * host to listen before talking to it.
 */
export type OverlayHost = 'notifications' | 'modals';

let wanted: ReadonlySet<OverlayHost> = new Set();
const subscribers = new Set<() => void>();
const ready = new Map<OverlayHost, { promise: Promise<void>; resolve: () => void }>();

function readiness(host: OverlayHost) {
  let entry = ready.get(host);
  if (!entry) {
    let resolve: () => void = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    entry = { promise, resolve };
    ready.set(host, entry);
  }
  return entry;
}

/** Mounts `host` (once) and resolves when it is listening. */
export function whenReady(host: OverlayHost): Promise<void> {
  if (!wanted.has(host)) {
    wanted = new Set([...wanted, host]);
    subscribers.forEach((f) => f());
  }
  return readiness(host).promise;
}

/** Called by a host once it is mounted and listening. */
export const markReady = (host: OverlayHost) => readiness(host).resolve();

/** The hosts asked for so far (for app/providers.tsx). */
export function useWantedHosts(): ReadonlySet<OverlayHost> {
  return useSyncExternalStore(
    (f) => {
      subscribers.add(f);
      return () => void subscribers.delete(f);
    },
    () => wanted,
  );
}
