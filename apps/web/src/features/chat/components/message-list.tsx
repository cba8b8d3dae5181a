import { Box, Button, Group, Image, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { ReportButton } from '../../../components/report-button.tsx';
import { IconAlertCircle } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_GROUP_GAP_MS } from '@brushline/shared/chat/constants';
import type { ChatAttachment, ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import { hiddenByStaffText } from '@brushline/shared/moderation/messages';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useLoadWhenVisible } from '../../../lib/use-load-when-visible.ts';
import { messagesQuery } from '../api/chat-queries.ts';
import { pendingKey, pendingStore, type PendingMessage } from '../api/use-send-message.ts';
import { useNow } from '../use-now.ts';

// The full-screen viewer (zoom, drag) loads when someone opens a picture.
const MediaViewer = lazy(async () => ({
  default: (await import('../../posts/components/media-viewer.tsx')).MediaViewer,
}));

/** A stored message, or one still pending (shown as the reader's own). */
interface Shown {
  key: string;
  id: number | null;
  senderId: string;
  senderDisplayLogin: string;
  text: string;
  attachments: ChatAttachment[];
  /** Why staff hid it (only its sender still receives it then). */
  hiddenByStaff: string | null;
  createdAt: string;
  pending: PendingMessage | null;
}

/** SPEC §9: the same sender after more than 10 minutes (or another sender) starts a full header. */
export function startsGroup(
  prev: Pick<ChatMessage, 'senderId' | 'createdAt'> | undefined,
  m: Pick<ChatMessage, 'senderId' | 'createdAt'>,
) {
  return (
    !prev ||
    prev.senderId !== m.senderId ||
    Date.parse(m.createdAt) - Date.parse(prev.createdAt) > CHAT_GROUP_GAP_MS
  );
}

function Pictures({ items, onOpen }: { items: ChatAttachment[]; onOpen: (i: number) => void }) {
  if (items.length === 0) return null;
  return (
    <SimpleGrid cols={Math.min(items.length, 3)} spacing={4} mt={4} maw={360}>
      {items.map((a, i) => (
        <UnstyledButton
          key={a.id}
          onClick={() => onOpen(i)}
          aria-label={`Open picture ${i + 1} of ${items.length}`}
        >
          <Image
            src={a.miniatureUrl}
            alt=""
            radius="sm"
            fit="cover"
            style={{ aspectRatio: items.length === 1 ? `${a.width} / ${a.height}` : '1 / 1', maxHeight: 240 }}
          />
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/**
 * The room's messages, oldest at the top: older pages load when the top comes into view and the
 * reading position stays where it was; new ones keep the view at the bottom when the reader is
 * there. Pending messages follow the stored ones; a failed one says so (SPEC §8) with a retry.
 */
export function MessageList({
  room,
  myId,
  pending,
  onRetry,
}: {
  room: ChatRoom;
  myId: string;
  pending: PendingMessage[];
  onRetry: (p: PendingMessage) => void;
}) {
  const query = useInfiniteQuery(messagesQuery(room.id));
  const now = useNow();
  const box = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<{ items: ChatAttachment[]; index: number } | null>(null);
  const stored = [...(query.data?.pages ?? [])].reverse().flatMap((p) => p.items);
  const storedIds = new Set(stored.map((m) => m.clientId));
  // A message kept from before a reload that the server had stored after all: no longer pending.
  const arrived = pending
    .filter((p) => storedIds.has(p.clientId))
    .map((p) => p.clientId)
    .join(',');
  useEffect(() => {
    if (arrived) pendingStore.drop(pendingKey(myId, room.id), arrived.split(','));
  }, [arrived, myId, room.id]);
  const shown: Shown[] = [
    ...stored.map((m) => ({ ...m, key: String(m.id), pending: null })),
    ...pending
      .filter((p) => !storedIds.has(p.clientId))
      .map((p) => ({
        ...p,
        key: p.clientId,
        id: null,
        senderId: myId,
        senderDisplayLogin: '',
        hiddenByStaff: null,
        pending: p,
      })),
  ];
  const top = useLoadWhenVisible(
    () => void query.fetchNextPage(),
    query.hasNextPage && !query.isFetchingNextPage,
    '200px 0px',
  );

  // Keep the reading position when older messages arrive above, and follow new ones at the bottom.
  const last = useRef({ height: 0, first: '', lastKey: '', atBottom: true });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const firstKey = shown[0]?.key ?? '';
    const lastKey = shown.at(-1)?.key ?? '';
    const prev = last.current;
    if (prev.first && firstKey !== prev.first && lastKey === prev.lastKey) {
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (lastKey !== prev.lastKey && (prev.atBottom || shown.at(-1)?.senderId === myId)) {
      el.scrollTop = el.scrollHeight;
    }
    last.current = { height: el.scrollHeight, first: firstKey, lastKey, atBottom: prev.atBottom };
  });
  const onScroll = () => {
    const el = box.current;
    if (el) last.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const seenId = stored.filter((m) => m.senderId === myId && m.id <= room.otherReadId).at(-1)?.id;

  return (
    <Box
      ref={box}
      onScroll={onScroll}
      style={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
      px="sm"
      py="xs"
      tabIndex={0}
      role="region"
      aria-label={`Messages with ${room.chatName}`}
    >
      <div ref={top} />
      {query.isFetchingNextPage && (
        <Loader size="sm" mx="auto" display="block" role="progressbar" aria-label="Loading older messages" />
      )}
      {query.isPending ? (
        <LoadingState label="Loading messages" />
      ) : query.error ? (
        <ErrorState
          title="Couldn't load the messages"
          message={query.error.message}
          onRetry={query.refetch}
        />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {messages.chatNoMessages}
        </Text>
      ) : (
        <Stack gap={2} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((m, i) => {
            const mine = m.senderId === myId;
            const head = startsGroup(shown[i - 1], m);
            const name = mine ? 'You' : m.senderDisplayLogin;
            return (
              <Box component="li" key={m.key} mt={head ? 'sm' : 0}>
                {head && (
                  <Group gap={6} justify={mine ? 'flex-end' : 'flex-start'}>
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <time dateTime={m.createdAt} title={new Date(m.createdAt).toLocaleString()}>
                        {relativeTime(m.createdAt, now)}
                      </time>
                    </Text>
                  </Group>
                )}
                <Group justify={mine ? 'flex-end' : 'flex-start'}>
                  <Box
                    px="sm"
                    py={6}
                    maw="min(560px, 85%)"
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      background: mine
                        ? 'var(--mantine-primary-color-light)'
                        : 'var(--mantine-color-default-hover)',
                      opacity: m.pending?.status === 'sending' ? 0.7 : 1,
                    }}
                  >
                    {m.text && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {m.text}
                      </Text>
                    )}
                    <Pictures
                      items={m.attachments}
                      onOpen={(index) => setViewer({ items: m.attachments, index })}
                    />
                  </Box>
                  {/* The other member's stored messages can be reported (decision 0022). */}
                  {!mine && m.id !== null && <ReportButton targetKind="message" targetId={String(m.id)} />}
                </Group>
                {m.hiddenByStaff !== null && (
                  <Text size="xs" c="orange.9" ta="right">
                    Only you and staff can see this message. {hiddenByStaffText(m.hiddenByStaff)}
                  </Text>
                )}
                {m.pending?.status === 'sending' && (
                  <Text size="xs" c="dimmed" ta="right">
                    Sending…
                  </Text>
                )}
                {m.pending?.status === 'failed' && (
                  <Group justify="flex-end" gap={6} role="alert">
                    <IconAlertCircle size={14} color="var(--mantine-color-red-text)" aria-hidden />
                    <Text size="xs" c="red">
                      {messages.chatSendFailed}
                      {m.pending.reason && m.pending.reason !== messages.chatSendFailed
                        ? ` (${m.pending.reason})`
                        : ''}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => m.pending && onRetry(m.pending)}
                    >
                      Retry
                    </Button>
                  </Group>
                )}
                {m.id !== null && m.id === seenId && (
                  <Text size="xs" c="dimmed" ta="right">
                    Seen
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {viewer && (
        <Suspense fallback={null}>
          <MediaViewer
            media={viewer.items}
            index={viewer.index}
            onIndexChange={(index) => setViewer({ ...viewer, index })}
            onClose={() => setViewer(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
