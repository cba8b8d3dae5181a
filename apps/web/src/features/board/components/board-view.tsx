import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Card, Paper, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  DRAG_START_DISTANCE_PX,
  TOUCH_DRAG_DELAY_MS,
  TOUCH_DRAG_TOLERANCE_PX,
} from '@brushline/shared/board/constants';
import { dropOutcome, type DropOutcome } from '@brushline/shared/board/drop-rules';
import { moveRefused } from '@brushline/shared/board/messages';
import type { Board, BoardColumn, BoardTask } from '@brushline/shared/board/schemas';
import {
  columnById,
  columnDndId,
  columnIdOf,
  containerOf,
  isColumnDndId,
  layoutOf,
  placeOf,
  positionText,
  taskById,
  taskIdOf,
  withTaskAt,
  type Layout,
} from '../board-layout.ts';
import { OverflowFrame } from '../../../components/overflow-frame.tsx';
import { useHorizontalOverflow } from '../../../lib/use-horizontal-overflow.ts';
import { useBoardDrop } from '../use-board-drop.tsx';
import { BoardColumnView } from './board-column.tsx';
import { BoardOverflowCue } from './board-overflow-cue.tsx';
import classes from './board.module.css';
import { TaskCardBody } from './task-card.tsx';

interface Props {
  board: Board;
  onOpenTask: (task: BoardTask) => void;
  onAddTask: (column: BoardColumn) => void;
  onOpenColumn: (column: BoardColumn) => void;
}

/** What a finished drag of a task means, for the announcement and the action alike. */
function outcomeOf(board: Board, layout: Layout, taskId: number): DropOutcome {
  const task = taskById(board, taskId);
  const place = placeOf(layout, taskId);
  const col = place && columnById(board, place.columnId);
  if (!task || !col) return { kind: 'place' };
  return dropOutcome(task.commission?.status ?? null, col.systemKey);
}

/**
 * The kanban board (SPEC §2, §4): sortable columns and tasks with dnd-kit — a mouse drag starts
 * after 5 px (SPEC §9), a touch drag after a press and hold (a swipe still scrolls the columns),
 * the keyboard picks a task up with Space and moves it with the arrows; a drag overlay follows the
 * pointer and the board scrolls by itself near its edges. A drop is decided by the shared drop
 * rules: it reorders, starts the work, opens the delivery dialog, or snaps back saying why.
 */
export function BoardView({ board, onOpenTask, onAddTask, onOpenColumn }: Props) {
  const [layout, setLayout] = useState<Layout>(() => layoutOf(board));
  // The handlers dnd-kit calls read the layout of the moment, which may be newer than a render.
  const layoutRef = useRef(layout);
  useLayoutEffect(() => {
    layoutRef.current = layout;
  }, [layout]);
  const [active, setActive] = useState<string | null>(null);
  const origin = useRef<Layout | null>(null);
  const drop = useBoardDrop(board, setLayout);
  // Columns past the screen's edge: the cue names them, the edge fades (decision 0014).
  const scroller = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(scroller);

  // A new board from the server (a save, another tab, a commission that moved) replaces what is
  // shown, except in the middle of a drag.
  const [shown, setShown] = useState(board);
  if (shown !== board && active === null) {
    setShown(board);
    setLayout(layoutOf(board));
  }

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX },
    }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens a task; Space picks it up and puts it down.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const titleOf = (dndId: string) =>
    isColumnDndId(dndId)
      ? `Column ${columnById(board, columnIdOf(dndId))?.title ?? ''}`
      : (taskById(board, taskIdOf(dndId))?.title ?? 'Task');

  const columnPosition = (dndId: string) => {
    const id = columnIdOf(dndId);
    const i = layoutRef.current.columns.indexOf(id);
    return `${titleOf(dndId)} is at position ${i + 1} of ${layoutRef.current.columns.length}`;
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      isColumnDndId(String(a.id))
        ? `Picked up ${columnPosition(String(a.id))}`
        : `Picked up ${positionText(board, layoutRef.current, taskIdOf(String(a.id)), 'in')}`,
    onDragOver: ({ active: a, over }) => {
      const id = String(a.id);
      if (!over) return `${titleOf(id)} is no longer over a column`;
      // At pick-up the task is over itself: "Picked up …" already said where it is.
      if (String(over.id) === id && origin.current === layoutRef.current) return undefined;
      if (isColumnDndId(id)) return columnPosition(id);
      return positionText(board, layoutRef.current, taskIdOf(id), 'moved to');
    },
    onDragEnd: ({ active: a, over }) => {
      const id = String(a.id);
      if (!over) return `${titleOf(id)} was put back`;
      if (isColumnDndId(id)) return `${columnPosition(id)}`;
      const outcome = outcomeOf(board, layoutRef.current, taskIdOf(id));
      if (outcome.kind === 'refused') {
        return `${moveRefused(outcome.why)}. ${titleOf(id)} went back to where it was`;
      }
      return positionText(board, layoutRef.current, taskIdOf(id), 'dropped in');
    },
    onDragCancel: ({ active: a }) =>
      `Moving ${titleOf(String(a.id))} was cancelled; it went back to where it was`,
  };

  const onDragStart = ({ active: a }: DragStartEvent) => {
    origin.current = layoutRef.current;
    setActive(String(a.id));
  };

  // A task dragged over another column joins it at once, so the column opens a gap for it.
  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    const id = String(a.id);
    if (!over || isColumnDndId(id)) return;
    const current = layoutRef.current;
    const from = containerOf(current, id);
    const to = containerOf(current, String(over.id));
    if (!from || !to || from === to) return;
    const overIndex = isColumnDndId(String(over.id))
      ? (current.items[to]?.length ?? 0)
      : (current.items[to] ?? []).indexOf(taskIdOf(String(over.id)));
    const next = withTaskAt(current, taskIdOf(id), to, overIndex < 0 ? 0 : overIndex);
    layoutRef.current = next;
    setLayout(next);
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    const id = String(a.id);
    const before = origin.current ?? layoutRef.current;
    setActive(null);
    origin.current = null;
    if (!over) {
      setLayout(before);
      return;
    }
    const current = layoutRef.current;
    if (isColumnDndId(id)) {
      const target = containerOf(current, String(over.id));
      const from = current.columns.indexOf(columnIdOf(id));
      const to = target ? current.columns.indexOf(target) : from;
      if (from === to) return;
      const next = { ...current, columns: arrayMove(current.columns, from, to) };
      setLayout(next);
      drop.moveColumn(columnIdOf(id), to, before);
      return;
    }
    const taskId = taskIdOf(id);
    const col = containerOf(current, id);
    let next = current;
    if (col && !isColumnDndId(String(over.id)) && containerOf(current, String(over.id)) === col) {
      const items = current.items[col] ?? [];
      const from = items.indexOf(taskId);
      const to = items.indexOf(taskIdOf(String(over.id)));
      if (from !== to && to >= 0)
        next = { ...current, items: { ...current.items, [col]: arrayMove(items, from, to) } };
    }
    setLayout(next);
    const was = placeOf(before, taskId);
    const now = placeOf(next, taskId);
    if (!was || !now || (was.columnId === now.columnId && was.index === now.index)) return;
    drop.dropTask(taskId, outcomeOf(board, next, taskId), next, before);
  };

  const activeTask = active && !isColumnDndId(active) ? taskById(board, taskIdOf(active)) : undefined;
  const activeColumn = active && isColumnDndId(active) ? columnById(board, columnIdOf(active)) : undefined;

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a task or a column, press Space. Use the arrow keys to move it, Space to drop it, Escape to cancel. Press Enter to open a task.',
          },
        }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setActive(null);
          if (origin.current) setLayout(origin.current);
          origin.current = null;
        }}
      >
        <BoardOverflowCue overflow={overflow} />
        <SortableContext items={layout.columns.map(columnDndId)} strategy={horizontalListSortingStrategy}>
          <OverflowFrame overflow={overflow} fadeBottom={12}>
            <div ref={scroller} className={classes.board} data-testid="board">
              {layout.columns.map((cid) => {
                const column = columnById(board, cid);
                if (!column) return null;
                const tasks = (layout.items[cid] ?? []).flatMap((tid) => taskById(board, tid) ?? []);
                return (
                  <BoardColumnView
                    key={cid}
                    column={column}
                    tasks={tasks}
                    onOpenTask={onOpenTask}
                    onAddTask={onAddTask}
                    onOpenColumn={onOpenColumn}
                  />
                );
              })}
            </div>
          </OverflowFrame>
        </SortableContext>
        <DragOverlay>
          {activeTask ? (
            <Card withBorder shadow="md" padding="xs" radius="sm" style={{ cursor: 'grabbing', width: 260 }}>
              <TaskCardBody task={activeTask} />
            </Card>
          ) : activeColumn ? (
            <Paper withBorder shadow="md" p="xs" radius="md" style={{ width: 260 }}>
              <Text fw={700} size="sm">
                {activeColumn.title}
              </Text>
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      {drop.dialog}
      {drop.saving && (
        <Text size="xs" c="dimmed" role="status">
          Saving the board…
        </Text>
      )}
    </>
  );
}
