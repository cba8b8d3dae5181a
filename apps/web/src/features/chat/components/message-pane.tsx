import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconBan, IconListDetails } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_TYPING_SHOWN_MS, CHAT_TYPING_THROTTLE_MS } from '@brushline/shared/chat/constants';
import type { ChatRoom } from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { api } from '../../../lib/api-client.ts';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { useHubCall, useHubEvent, useHubSend, useIsOnline } from '../../../lib/hub.tsx';
import { toast } from '../../../lib/toast.ts';
import { chatKeys, newestHeld, useBlock } from '../api/chat-queries.ts';
import { usePending, useSendMessage } from '../api/use-send-message.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';

/**
 * Moves the reader's pointer to the newest message shown (SPEC §4: opening a room marks it read),
 * through the hub's ChatRead or, without a connection, the HTTP route; again whenever a newer
 * message arrives while the page is visible.
 */
function useReadRoom(room: ChatRoom) {
  const qc = useQueryClient();
  const call = useHubCall();
  const [tick, setTick] = useState(0);
  useHubEvent('MessageReceived', (m) => {
    if (m.roomId === room.id) setTick((n) => n + 1);
  });
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && setTick((n) => n + 1);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  const readUpTo = useRef(room.readId);
  useEffect(() => {
    const newest = newestHeld(qc, room.id) ?? room.lastMessageId ?? 0;
    if (newest <= readUpTo.current || document.visibilityState === 'hidden') return;
    readUpTo.current = newest;
    call('ChatRead', { room: room.id, upTo: newest })
      .then((answer) => {
        if (!answer.ok) throw new Error(answer.error.message);
      })
      .catch(() => api(`chatroom/read/${room.id}`, { method: 'PUT' }))
      .then(() => {
        void qc.invalidateQueries({ queryKey: chatKeys.unread });
        void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
      })
      .catch(() => toast.error(messages.chatReadFailed));
  }, [call, qc, room.id, room.lastMessageId, tick]);
}

/** "ann is typing…" for a few seconds after their last keystroke (never stored). */
function useTyping(room: ChatRoom) {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useHubEvent('ChatTyping', (p) => {
    if (p.roomId !== room.id) return;
    setTyping(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTyping(false), CHAT_TYPING_SHOWN_MS);
  });
  useHubEvent('MessageReceived', (m) => {
    if (m.roomId === room.id && m.senderId === room.other.id) setTyping(false);
  });
  return typing;
}

/**
 * New messages from the other member, announced politely to screen readers. Each is a new node
 * (keyed by the message), so a second "ok" after an "ok" is announced too.
 */
function useAnnouncement(room: ChatRoom) {
  const [said, setSaid] = useState<{ id: number; text: string } | null>(null);
  useHubEvent('MessageReceived', (m) => {
    if (m.roomId !== room.id || m.senderId !== room.other.id) return;
    const pictures = m.attachments.length ? ` (${m.attachments.length} pictures)` : '';
    setSaid({ id: m.id, text: `${m.senderDisplayLogin}: ${m.text}${pictures}` });
  });
  return said;
}

export function MessagePane({
  room,
  myId,
  onBack,
  onShowTasks,
}: {
  room: ChatRoom;
  myId: string;
  /** Under 720 px: back to the room list. */
  onBack?: () => void;
  /** Working chats where the task bar does not fit beside the messages. */
  onShowTasks?: () => void;
}) {
  const online = useIsOnline(room.other.id, false);
  const pending = usePending(myId, room.id);
  const { send, retry } = useSendMessage(myId, room.id);
  const sendHub = useHubSend();
  const lastTyping = useRef(0);
  const block = useBlock();
  useReadRoom(room);
  const typing = useTyping(room);
  const announcement = useAnnouncement(room);
  const confirmBlock = () =>
    openConfirmModal({
      title: `Block ${room.other.login}?`,
      children: `Neither of you will be able to write in any chat with the other until you unblock them. ${room.other.login} is not told.`,
      labels: { confirm: 'Block', cancel: 'Keep talking' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        block.mutate(
          { login: room.other.login, block: true },
          { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
        ),
    });

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group
        px="sm"
        py={8}
        gap="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {onBack && (
          <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label="Back to the chats">
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        )}
        <Indicator color="teal" disabled={!online} position="bottom-end" size={10} offset={4} withBorder>
          <UserAvatar name={room.chatName} src={room.other.avatarMiniatureUrl} size={36} decorative />
        </Indicator>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate component="h2" size="md" m={0}>
            {room.chatName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            <Anchor component={Link} to={toPath('profileHome', { login: room.other.login })} size="xs">
              @{room.other.login}
            </Anchor>
            {' · '}
            {typing ? 'typing…' : online ? 'online' : room.type === 'working' ? 'working chat' : 'offline'}
          </Text>
        </Box>
        {onShowTasks &&
          (onBack ? (
            <ActionIcon variant="default" size="lg" onClick={onShowTasks} aria-label="Orders in this chat">
              <IconListDetails size={18} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={onShowTasks}
            >
              Orders
            </Button>
          ))}
        {!room.blockedByMe && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={confirmBlock}
            aria-label={`Block ${room.other.login}`}
            title="Block"
          >
            <IconBan size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <MessageList room={room} myId={myId} pending={pending} onRetry={(p) => void retry(p)} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement && <span key={announcement.id}>{announcement.text}</span>}
      </VisuallyHidden>
      {room.blockedByMe ? (
        <Alert color="gray" m="sm" title={`You blocked ${room.other.login}`}>
          <Group justify="space-between">
            <Text size="sm">Neither of you can write here until you unblock them.</Text>
            <Button
              size="xs"
              variant="default"
              loading={block.isPending}
              onClick={() =>
                block.mutate(
                  { login: room.other.login, block: false },
                  { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
                )
              }
            >
              Unblock
            </Button>
          </Group>
        </Alert>
      ) : (
        <Composer
          onSend={(text, attachments) => void send(text, attachments)}
          onTyping={() => {
            // The server forwards at most one per CHAT_TYPING_THROTTLE_MS anyway: send no more.
            if (Date.now() - lastTyping.current < CHAT_TYPING_THROTTLE_MS) return;
            lastTyping.current = Date.now();
            sendHub('ChatTyping', { room: room.id });
          }}
        />
      )}
    </Stack>
  );
}

export const chatHome = (type: ChatRoom['type']) => (type === 'working' ? paths.wchat : paths.chat);
