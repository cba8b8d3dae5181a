import { Anchor, Button, Center, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { BOARD_COLUMNS_MAX, QUEUE_SLOTS_MAX } from '@brushline/shared/board/constants';
import { boardMessages } from '@brushline/shared/board/messages';
import type { Board, BoardColumn, BoardTask } from '@brushline/shared/board/schemas';
import { toPath } from '@brushline/shared/paths';
import { ErrorState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { boardQuery, useBoardSettings } from '../api/board-queries.ts';
import { useBoardRealtime } from '../api/use-board-realtime.ts';
import { BoardView } from '../components/board-view.tsx';
import { ColumnModal } from '../components/column-modal.tsx';
import { CommissionTaskModal } from '../components/commission-task-modal.tsx';
import { TaskModal } from '../components/task-modal.tsx';

/** Slots: how many active commissions the artist takes at once; the public queue shows the open ones. */
function SlotsField({ board }: { board: Board }) {
  const settings = useBoardSettings();
  const [slots, setSlots] = useState<number | string>(board.slots ?? '');
  const changed = (slots === '' ? null : Number(slots)) !== board.slots;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label="Slots"
        description="active commissions you take"
        placeholder="no limit"
        min={0}
        max={QUEUE_SLOTS_MAX}
        allowDecimal={false}
        w={170}
        value={slots}
        onChange={setSlots}
      />
      <Button
        variant="default"
        disabled={!changed}
        loading={settings.isPending}
        onClick={() =>
          settings.mutate(
            { slots: slots === '' ? null : Number(slots) },
            {
              onSuccess: () => toast.success(boardMessages.saved),
              onError: (err) => toast.error(err.message),
            },
          )
        }
      >
        Save slots
      </Button>
    </Group>
  );
}

type Open =
  | { kind: 'task'; task: BoardTask }
  | { kind: 'newTask'; column: BoardColumn }
  | { kind: 'column'; column: BoardColumn }
  | { kind: 'newColumn' }
  | null;

/** /crm/tracker: the kanban board (SPEC §2 CRM, decision 0014). */
export function TrackerPage() {
  const { user } = useSession();
  const board = useQuery(boardQuery);
  useBoardRealtime();
  const [open, setOpen] = useState<Open>(null);
  const isArtist = user?.roles.includes('artist') ?? false;

  if (board.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text role="status">{boardMessages.fetching}</Text>
        </Stack>
      </Center>
    );
  }
  if (board.isError) {
    return (
      <ErrorState title="Could not load your board" message={board.error.message} onRetry={board.refetch} />
    );
  }
  const data = board.data;
  const countIn = (columnId: string) => data.tasks.filter((t) => t.columnId === columnId).length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h3">
            Tracker
          </Title>
          <Text size="sm" c="dimmed">
            Accepted commissions appear here by themselves. Drag one into In progress to start it, into
            Awaiting approval to deliver it; only the buyer’s approval moves it to Done.
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen({ kind: 'newColumn' })}
          disabled={data.columns.length >= BOARD_COLUMNS_MAX}
        >
          Add new column
        </Button>
      </Group>
      {isArtist && user && (
        <Group gap="md" align="flex-end">
          <SlotsField key={data.slots ?? 'none'} board={data} />
          <Anchor component={Link} to={toPath('profileQueue', { login: user.displayLogin })} pb={6}>
            Your public queue
          </Anchor>
        </Group>
      )}
      <BoardView
        board={data}
        onOpenTask={(task) => setOpen({ kind: 'task', task })}
        onAddTask={(column) => setOpen({ kind: 'newTask', column })}
        onOpenColumn={(column) => setOpen({ kind: 'column', column })}
      />
      {open?.kind === 'task' &&
        (open.task.commission ? (
          <CommissionTaskModal task={open.task} onClose={() => setOpen(null)} />
        ) : (
          <TaskModal task={open.task} column={null} onClose={() => setOpen(null)} />
        ))}
      {open?.kind === 'newTask' && (
        <TaskModal task={null} column={open.column} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'column' && (
        <ColumnModal column={open.column} taskCount={countIn(open.column.id)} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'newColumn' && (
        <ColumnModal column={null} taskCount={0} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
