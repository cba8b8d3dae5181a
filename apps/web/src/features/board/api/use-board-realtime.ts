import { useQueryClient } from '@tanstack/react-query';
import type { Board } from '@brushline/shared/board/schemas';
import { useHubEvent, useHubReconnect } from '../../../lib/hub.tsx';
import { boardKeys } from './board-queries.ts';

/**
 * Keeps the open board live: a save in another tab or device, or a commission that moved (the
 * buyer approved or sent it back), arrives as BoardUpdated; a newer version than the one shown
 * reloads it. Events sent while the connection was down are lost, so a reconnect reloads too.
 */
export function useBoardRealtime() {
  const qc = useQueryClient();
  const reload = () => void qc.invalidateQueries({ queryKey: boardKeys.own() });
  useHubEvent('BoardUpdated', ({ version }) => {
    const shown = qc.getQueryData<Board>(boardKeys.own());
    if (!shown || shown.version < version) reload();
  });
  useHubReconnect(reload);
}
