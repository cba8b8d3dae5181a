import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { briefExcerpt, optionsInShort } from '@brushline/shared/orders/row-summary';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { toPath } from '@brushline/shared/paths';
import { waitsFor, type TaskSide } from '@brushline/shared/orders/status-machine';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { listTitle } from '../../../lib/list-title.ts';
import { relativeTime } from '../../../lib/relative-time.ts';

/** What the viewer's turn is, said in words on the marker (never by colour alone). */
const TURN_TEXT: Record<TaskSide, Partial<Record<TaskStatus, string>>> = {
  artist: {
    none: 'Your turn: accept or decline',
    waiting: 'Your turn: start',
    processing: 'Your turn: deliver',
  },
  buyer: { finished: 'Your turn: approve or send back' },
};

/** The marker's words when the order waits for `side` (the viewer), else null. */
export function turnText(form: SentForm, side: TaskSide): string | null {
  return waitsFor(form.status, side) ? (TURN_TEXT[side][form.status] ?? null) : null;
}

/**
 * The accessible name of an order's row: the card title, then its number and the other person,
 * so rows of the same card are told apart by ear too.
 */
export function orderRowLabel(form: SentForm, side: TaskSide): string {
  const other = side === 'artist' ? `from ${form.sender.displayName}` : `to ${form.artist.displayName}`;
  return `${form.cardTitle} (order #${form.id}, ${other})`;
}

/** The viewer's-turn marker: a badge whose words say what to do. */
export function TurnBadge({ text }: { text: string }) {
  return (
    <Badge
      variant="filled"
      // Shade 8: white text on it stays above 4.5:1 (shade 6 is 4.4:1).
      color="violet.8"
      tt="none"
      maw="100%"
      styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal' } }}
    >
      {text}
    </Badge>
  );
}

/**
 * What tells one order from another in a list (decision 0005): its number, the card title, the
 * other person, the chosen options in short, the first words of the brief and how long ago it
 * was sent. `side` is the viewer's: the artist sees who sent it, the buyer whom it went to.
 */
export function OrderRowHead({ form, side }: { form: SentForm; side: TaskSide }) {
  const other = side === 'artist' ? form.sender : form.artist;
  const options = optionsInShort(form.sendComissionCardOptions);
  const brief = briefExcerpt(form.description);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" fw={500} mr={6} style={{ whiteSpace: 'nowrap' }}>
          #{form.id}
        </Text>
        {/* The order's own page: its deliveries, work in progress and history. */}
        <Anchor component={Link} to={toPath('order', { id: form.id })} fw={600} c="inherit">
          {listTitle(form.cardTitle)}
        </Anchor>
      </Text>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {/* The name follows it: the picture adds nothing for a screen reader (an unnamed <img> did). */}
        <UserAvatar src={other.avatarMiniatureUrl} name={other.displayName} size={20} decorative />
        <Text size="sm" truncate style={{ minWidth: 0 }}>
          {side === 'artist' ? 'from' : 'to'}{' '}
          <Text span fw={500} size="sm">
            {other.displayName}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            @{other.login}
          </Text>
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          ·{' '}
          <time dateTime={form.createdAt} title={`Sent ${formatDate(form.createdAt)}`}>
            {relativeTime(form.createdAt)}
          </time>
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {options || (
          <Text span size="sm" c="dimmed">
            Starting price only
          </Text>
        )}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {brief ? `“${brief}”` : 'No description'}
      </Text>
    </Stack>
  );
}
