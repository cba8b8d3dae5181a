import {
  Badge,
  Box,
  Group,
  Indicator,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CHAT_SEARCH_DEBOUNCE_MS,
  CHAT_SEARCH_MAX,
  type ChatRoomType,
} from '@brushline/shared/chat/constants';
import type { ChatRoom } from '@brushline/shared/chat/schemas';
import { paths, toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useIsOnline } from '../../../lib/hub.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useSession } from '../../../lib/session.ts';
import { useLoadWhenVisible } from '../../../lib/use-load-when-visible.ts';
import { roomsQuery, unreadQuery } from '../api/chat-queries.ts';
import { lastMessageLine, roomName } from '../chat-text.ts';
import { useNow } from '../use-now.ts';

export const roomPath = (room: Pick<ChatRoom, 'id' | 'type'>) =>
  toPath(room.type === 'working' ? 'wchatRoom' : 'chatRoom', { id: room.id });

function RoomRow({ room, active, now }: { room: ChatRoom; active: boolean; now: number }) {
  const { user } = useSession();
  const online = useIsOnline(room.other.id, false);
  const unread = room.unreadMessages;
  return (
    <UnstyledButton
      component={Link}
      to={roomPath(room)}
      aria-current={active ? 'page' : undefined}
      px="sm"
      py={8}
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Indicator
          color={online ? 'teal' : 'gray'}
          disabled={!online}
          position="bottom-end"
          size={10}
          offset={4}
          withBorder
        >
          <UserAvatar name={room.chatName} src={room.other.avatarMiniatureUrl} size={40} decorative />
        </Indicator>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text fw={unread ? 700 : 500} size="sm" title={room.chatName}>
              {roomName(room)}
              {online && <VisuallyHidden component="span">, online</VisuallyHidden>}
            </Text>
            {room.lastMessageAt && (
              <Text size="xs" c="dimmed">
                {relativeTime(room.lastMessageAt, now, 'short')}
              </Text>
            )}
          </Group>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" title={room.lastMessage ?? undefined}>
              {room.blockedByMe ? 'Blocked' : lastMessageLine(room, user?.id)}
            </Text>
            {unread > 0 && (
              <Badge size="sm" color="red" circle={unread < 10} aria-label={`${unread} unread`}>
                {unread > 99 ? '99+' : unread}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/**
 * SPEC §2 room list: casual or working chats (a toggle whose other side shows how many of its
 * rooms are unread), a search by name debounced 200 ms, infinite scroll, online dots.
 */
export function RoomList({ type, activeId }: { type: ChatRoomType; activeId: number | null }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const rooms = useInfiniteQuery(roomsQuery(type, debounced));
  const { data: unread } = useQuery(unreadQuery);
  const now = useNow();
  const more = useLoadWhenVisible(
    () => void rooms.fetchNextPage(),
    rooms.hasNextPage && !rooms.isFetchingNextPage,
  );
  const items = rooms.data?.pages.flatMap((p) => p.items) ?? [];
  const label = (kind: ChatRoomType, text: string) => {
    const n = kind === type ? 0 : (unread?.[kind] ?? 0);
    return (
      <Group gap={6} justify="center" wrap="nowrap">
        <span>{text}</span>
        {n > 0 && (
          <Badge size="xs" color="red" circle aria-label={`${n} with unread messages`}>
            {n}
          </Badge>
        )}
      </Group>
    );
  };
  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <SegmentedControl
        fullWidth
        value={type}
        onChange={(v) => void navigate(v === 'working' ? paths.wchat : paths.chat)}
        data={[
          { value: 'casual', label: label('casual', 'Casual') },
          { value: 'working', label: label('working', 'Working') },
        ]}
        aria-label="Kind of chats"
      />
      <TextInput
        aria-label="Search chats"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={CHAT_SEARCH_MAX}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Box
        style={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
        component="nav"
        aria-label={`${type === 'working' ? 'Working' : 'Casual'} chats`}
      >
        {rooms.isPending ? (
          <LoadingState label="Loading chats" />
        ) : rooms.error ? (
          <ErrorState title="Couldn't load the chats" message={rooms.error.message} onRetry={rooms.refetch} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {debounced
              ? `No chat with “${debounced}”.`
              : type === 'working'
                ? 'No working chats yet. One starts when an order between you and an artist or a client is accepted.'
                : 'No chats yet. Open one with “Message” on someone’s profile.'}
          </Text>
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((room) => (
              <li key={room.id}>
                <RoomRow room={room} active={room.id === activeId} now={now} />
              </li>
            ))}
          </Stack>
        )}
        <div ref={more} />
        {rooms.isFetchingNextPage && (
          <Loader
            size="sm"
            mx="auto"
            my="xs"
            display="block"
            role="progressbar"
            aria-label="Loading more chats"
          />
        )}
      </Box>
    </Stack>
  );
}
