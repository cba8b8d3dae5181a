import type { Board, BoardColumn, BoardTask } from '@brushline/shared/board/schemas';

/** Test data of the board feature (not a test itself). */
const col = (
  id: string,
  order: number,
  title: string,
  systemKey: BoardColumn['systemKey'],
  status: BoardColumn['status'],
): BoardColumn => ({
  id,
  order,
  title,
  isPublic: true,
  isSystem: systemKey !== null,
  systemKey,
  status,
  wipLimit: null,
});

export const COLUMN_IDS = {
  accepted: '00000000-0000-4000-8000-0000000000a1',
  inProgress: '00000000-0000-4000-8000-0000000000a2',
  colour: '00000000-0000-4000-8000-0000000000a3',
  awaitingApproval: '00000000-0000-4000-8000-0000000000a4',
  done: '00000000-0000-4000-8000-0000000000a5',
};

export function commissionTask(
  id: number,
  columnId: string,
  status: 'waiting' | 'processing' | 'finished' | 'done',
  title = 'Full body portrait',
): BoardTask {
  return {
    id,
    columnId,
    title,
    description: '',
    dueDate: null,
    commission: {
      taskId: 100 + id,
      formId: 200 + id,
      status,
      cardTitle: title,
      buyer: {
        id: '00000000-0000-4000-8000-0000000000b1',
        login: 'bob',
        displayName: 'Bob',
        avatarMiniatureUrl: null,
      },
      totalPrice: 35.5,
      options: 'Full body',
      unread: 0,
      since: '2026-11-20T10:00:00.000Z',
    },
  };
}

export function personalTask(id: number, columnId: string, title: string): BoardTask {
  return { id, columnId, title, description: '', dueDate: null, commission: null };
}

export function makeBoard(tasks: BoardTask[] = [], overrides: Partial<Board> = {}): Board {
  return {
    guid: '00000000-0000-4000-8000-0000000000c1',
    version: 3,
    slots: null,
    columns: [
      col(COLUMN_IDS.accepted, 0, 'Accepted', 'accepted', 'waiting'),
      col(COLUMN_IDS.inProgress, 1, 'In progress', 'inProgress', 'processing'),
      col(COLUMN_IDS.colour, 2, 'Colour', null, 'processing'),
      col(COLUMN_IDS.awaitingApproval, 3, 'Awaiting approval', 'awaitingApproval', 'finished'),
      col(COLUMN_IDS.done, 4, 'Done', 'done', 'done'),
    ],
    tasks,
    ...overrides,
  };
}
