import type { ReactNode } from 'react';
import type { ServerToClientEvents } from '@brushline/shared/realtime';

/**
 * The Socket.IO client of the real-time hub (issue #3): one connection per signed-in tab,
 * events that invalidate query keys, and presence. Filled in by the notifications work.
 */
export function HubProvider({ children }: { children: ReactNode }) {
  return children;
}

/** Runs `handler` for each `event` the hub pushes while the component is mounted. */
export function useHubEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  void event;
  void handler;
}

/** Whether the user has a live connection right now; `initial` is what the API said. */
export function useIsOnline(userId: string | undefined, initial: boolean): boolean {
  void userId;
  return initial;
}
