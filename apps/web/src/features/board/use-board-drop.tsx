import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { DropOutcome } from '@brushline/shared/board/drop-rules';
import { boardMessages, moveRefused } from '@brushline/shared/board/messages';
import type { Board } from '@brushline/shared/board/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { orderPageQuery, useMoveTask } from '../orders/api/order-queries.ts';
import { toastStartFailure } from '../orders/api/start-refusal.ts';
import { DeliverModal } from '../orders/components/deliver-modal.tsx';
import { boardKeys, boardQuery, useMoveColumn, useSaveBoard } from './api/board-queries.ts';
import { layoutOf, placeOf, saveBodyOf, taskById, withTaskAt, type Layout } from './board-layout.ts';

interface Delivering {
  formId: number;
  form: SentForm;
  taskId: number;
  place: { columnId: string; index: number };
  before: Layout;
}

/**
 * What a refused save says: a stale board SPEC §8's "Board was not updated" (it reloads); too many
 * saves in a short time the same, then how long to wait (the server's limit message).
 */
function saveFailure(err: Error): string {
  if (!(err instanceof ApiError)) return err.message;
  if (err.code === 'board_stale') return boardMessages.notUpdated;
  if (err.code === 'rate_limited') return `${boardMessages.notUpdated}. ${err.message}`;
  return err.message;
}

/**
 * What a drop does once the shared rules have said what it means. A reorder (or a move between
 * columns of the same status) saves the whole layout; a start goes through the orders' own move
 * (the CRM button's) and a delivery through the order page's delivery dialog — then the fresh
 * board is saved with the task where it was dropped. A refusal, a failed move or a dialog closed
 * without sending snaps the task back and says why; a save from a stale board reloads it and says
 * "Board was not updated".
 */
export function useBoardDrop(board: Board, setLayout: (layout: Layout) => void) {
  const qc = useQueryClient();
  const save = useSaveBoard();
  const columnMove = useMoveColumn();
  const taskMove = useMoveTask();
  const [delivering, setDelivering] = useState<Delivering | null>(null);

  const snapBack = (before: Layout, message: string) => {
    setLayout(before);
    toast.error(message);
  };

  const failed = (before: Layout) => (err: Error) => {
    setLayout(before);
    toast.error(saveFailure(err));
    void qc.invalidateQueries({ queryKey: boardKeys.own() });
  };

  /** After a status move: the board as the server has it now, with the task put where it was dropped. */
  const placeOnFresh = async (taskId: number, place: { columnId: string; index: number }, before: Layout) => {
    try {
      const fresh = await qc.fetchQuery({ ...boardQuery, staleTime: 0 });
      const now = placeOf(layoutOf(fresh), taskId);
      if (now && now.columnId === place.columnId && now.index === place.index) return;
      const layout = withTaskAt(layoutOf(fresh), taskId, place.columnId, place.index);
      setLayout(layout);
      save.mutate(saveBodyOf(fresh, layout), { onError: failed(before) });
    } catch (err) {
      failed(before)(err as Error);
    }
  };

  const dropTask = (taskId: number, outcome: DropOutcome, next: Layout, before: Layout) => {
    const task = taskById(board, taskId);
    const place = placeOf(next, taskId);
    if (!task || !place) return;
    if (outcome.kind === 'refused') {
      snapBack(before, moveRefused(outcome.why));
      return;
    }
    if (outcome.kind === 'place' || !task.commission) {
      save.mutate(saveBodyOf(board, next), { onError: failed(before) });
      return;
    }
    const commission = task.commission;
    if (outcome.action === 'start') {
      taskMove.mutate(
        { taskId: commission.taskId, action: 'start' },
        {
          onSuccess: () => {
            toast.success(`Started “${task.title}”: ${commission.buyer.displayName} was told`);
            void placeOnFresh(taskId, place, before);
          },
          onError: (err) => {
            setLayout(before);
            toastStartFailure(err, `${boardMessages.moveFailed}. ${err.message}`);
          },
        },
      );
      return;
    }
    // Deliver: the order page's own dialog, with its files and message.
    void qc
      .fetchQuery(orderPageQuery(commission.formId))
      .then((page) => setDelivering({ formId: commission.formId, form: page.form, taskId, place, before }))
      .catch((err: Error) => snapBack(before, `${boardMessages.moveFailed}. ${err.message}`));
  };

  const moveColumn = (guid: string, newOrder: number, before: Layout) => {
    columnMove.mutate({ guid, newOrder, version: board.version }, { onError: failed(before) });
  };

  let dialog: ReactNode = null;
  if (delivering) {
    const d = delivering;
    dialog = (
      <DeliverModal
        form={d.form}
        kind="delivery"
        onDelivered={() => {
          setDelivering(null);
          void placeOnFresh(d.taskId, d.place, d.before);
        }}
        onClose={() => {
          setDelivering(null);
          snapBack(d.before, moveRefused(boardMessages.deliveryNotSent));
        }}
      />
    );
  }

  return { dropTask, moveColumn, dialog, saving: save.isPending || columnMove.isPending };
}
