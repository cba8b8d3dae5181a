import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BOARD_STALE_TIME_MS } from '@brushline/shared/board/constants';
import type {
  Board,
  BoardSettingsBody,
  CreateColumnBodyInput,
  CreateTaskBodyInput,
  MoveColumnBody,
  Queue,
  Slots,
  UpdateBoardBody,
  UpdateColumnBody,
  UpdateTaskBodyInput,
} from '@brushline/shared/board/schemas';
import { api } from '../../../lib/api-client.ts';

/** The one key factory of the board feature; BoardUpdated from the hub invalidates `boardKeys.own()`. */
export const boardKeys = {
  all: ['board'] as const,
  own: () => [...boardKeys.all, 'own'] as const,
  queue: (login: string) => [...boardKeys.all, 'queue', login.toLowerCase()] as const,
  slots: (login: string) => [...boardKeys.all, 'slots', login.toLowerCase()] as const,
};

/** GET /board: the signed-in user's board, kept fresh for 2 minutes (SPEC §7, §9). */
export const boardQuery = queryOptions({
  queryKey: boardKeys.own(),
  queryFn: () => api<Board>('board'),
  staleTime: BOARD_STALE_TIME_MS,
});

/** GET /queue/{login}: an artist's public queue. */
export const queueQuery = (login: string) =>
  queryOptions({
    queryKey: boardKeys.queue(login),
    queryFn: () => api<Queue>(`queue/${encodeURIComponent(login)}`),
  });

/** GET /queue/{login}/slots: an artist's slots (the commission page). */
export const slotsQuery = (login: string) =>
  queryOptions({
    queryKey: boardKeys.slots(login),
    queryFn: () => api<Slots>(`queue/${encodeURIComponent(login)}/slots`),
  });

/** Every board write answers the whole board: it replaces the cached one. */
function useBoardWrite<V>(request: (vars: V) => Promise<Board>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (board) => qc.setQueryData(boardKeys.own(), board),
  });
}

export const useSaveBoard = () =>
  useBoardWrite((body: UpdateBoardBody) => api<Board>('board/update', { method: 'PATCH', body }));

export const useMoveColumn = () =>
  useBoardWrite((body: MoveColumnBody) => api<Board>('board/column/move', { method: 'PATCH', body }));

export const useCreateColumn = () =>
  useBoardWrite((body: CreateColumnBodyInput) => api<Board>('board/column', { method: 'POST', body }));

export const useUpdateColumn = () =>
  useBoardWrite(({ guid, body }: { guid: string; body: UpdateColumnBody }) =>
    api<Board>(`board/column/${guid}`, { method: 'PATCH', body }),
  );

export const useDeleteColumn = () =>
  useBoardWrite((guid: string) => api<Board>(`board/column/${guid}`, { method: 'DELETE' }));

export const useCreateTask = () =>
  useBoardWrite((body: CreateTaskBodyInput) => api<Board>('board/task', { method: 'POST', body }));

export const useUpdateTask = () =>
  useBoardWrite(({ id, body }: { id: number; body: UpdateTaskBodyInput }) =>
    api<Board>(`board/task/${id}`, { method: 'PATCH', body }),
  );

export const useDeleteTask = () =>
  useBoardWrite((id: number) => api<Board>(`board/task/${id}`, { method: 'DELETE' }));

export const useBoardSettings = () =>
  useBoardWrite((body: BoardSettingsBody) => api<Board>('board/settings', { method: 'PATCH', body }));

/** PATCH /board/task/{id}/read: opening a task marks its notifications read (SPEC §4). */
export function useReadTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ updated: number }>(`board/task/${id}/read`, { method: 'PATCH' }),
    onSuccess: ({ updated }) => {
      if (updated > 0) void qc.invalidateQueries({ queryKey: boardKeys.own() });
    },
  });
}
