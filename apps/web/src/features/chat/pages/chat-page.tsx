import { Box, Button, Center, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { CHAT_MOBILE_BREAKPOINT_PX, type ChatRoomType } from '@brushline/shared/chat/constants';
import { messages } from '@brushline/shared/messages';
import { pageTitles } from '@brushline/shared/page-titles';
import { paths, toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { roomQuery } from '../api/chat-queries.ts';
import { chatHome, MessagePane } from '../components/message-pane.tsx';
import { RoomList } from '../components/room-list.tsx';
import { TaskSidebar } from '../components/task-sidebar.tsx';

/** Wide enough for the task bar beside the messages; below it the bar opens in the pane's place. */
const TASK_BAR_MIN_WIDTH = 1100;

function OpenRoom({ type, idOrLogin, narrow }: { type: ChatRoomType; idOrLogin: string; narrow: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const room = useQuery(roomQuery(type, idOrLogin));
  const wide = useMediaQuery(`(min-width: ${TASK_BAR_MIN_WIDTH}px)`, true);
  const [tasksOpen, setTasksOpen] = useState(false);
  usePageTitle(
    room.data ? `${room.data.chatName} · ${pageTitles[type === 'working' ? 'wchatRoom' : 'chatRoom']}` : null,
  );
  // /wchat/{login} becomes the room's own address once found.
  const canonical = room.data && String(room.data.id) !== idOrLogin ? room.data.id : null;
  if (canonical !== null) return <Navigate to={toPath('wchatRoom', { id: canonical })} replace />;
  if (room.isPending) return <LoadingState label="Loading the chat" />;
  if (room.error || !user)
    return (
      <Box p="md">
        <ErrorState
          title="Couldn't open this chat"
          message={room.error?.message ?? messages.unauthorized}
          onRetry={room.refetch}
        />
      </Box>
    );
  const showTasks = type === 'working' && (wide || tasksOpen);
  const back = narrow ? () => void navigate(chatHome(type)) : undefined;
  if (showTasks && !wide)
    return (
      <Stack gap={0} h="100%">
        <Button
          variant="subtle"
          onClick={() => setTasksOpen(false)}
          m="xs"
          style={{ alignSelf: 'flex-start' }}
        >
          ← Back to the messages
        </Button>
        <TaskSidebar room={room.data} myId={user.id} />
      </Stack>
    );
  return (
    <Box style={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <MessagePane
          room={room.data}
          myId={user.id}
          onBack={back}
          onShowTasks={type === 'working' && !wide ? () => setTasksOpen(true) : undefined}
        />
      </Box>
      {showTasks && (
        <Box w={300} style={{ borderLeft: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
          <TaskSidebar room={room.data} myId={user.id} />
        </Box>
      )}
    </Box>
  );
}

/**
 * SPEC §2 chat screen: /chat and /chat/{id} (casual), /wchat and /wchat/{login or id} (working).
 * The room list beside the open room; under 720 px one panel at a time, with a way back.
 */
export function ChatPage({ type }: { type: ChatRoomType }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const { id } = useParams();
  const narrow = useMediaQuery(`(max-width: ${CHAT_MOBILE_BREAKPOINT_PX - 0.02}px)`, false);
  const activeId = id && /^\d+$/.test(id) ? Number(id) : null;
  if (isPending) return <LoadingState label="Loading" />;
  if (!user)
    return (
      <Center py="xl">
        <Stack align="center">
          <Text>Sign in to read and write your chats.</Text>
          <Button component={Link} to={paths.login} state={{ from: location.pathname }}>
            Sign in
          </Button>
        </Stack>
      </Center>
    );
  const showList = !narrow || !id;
  const showRoom = !narrow || Boolean(id);
  return (
    <Paper
      withBorder
      radius="md"
      h="calc(100dvh - var(--app-shell-header-offset) - 2 * var(--mantine-spacing-md))"
      mih={420}
      style={{ display: 'flex', overflow: 'hidden' }}
    >
      <VisuallyHidden component="h1">{type === 'working' ? 'Working chats' : 'Chats'}</VisuallyHidden>
      {showList && (
        <Box
          w={narrow ? '100%' : 300}
          p="sm"
          style={{
            flexShrink: 0,
            borderRight: narrow ? undefined : '1px solid var(--mantine-color-default-border)',
            minHeight: 0,
          }}
        >
          <RoomList type={type} activeId={activeId} />
        </Box>
      )}
      {showRoom && (
        <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          {id ? (
            <OpenRoom key={`${type}:${id}`} type={type} idOrLogin={id} narrow={narrow} />
          ) : (
            <Center h="100%" p="md">
              <Text c="dimmed">{messages.chatNotChosen}</Text>
            </Center>
          )}
        </Box>
      )}
    </Paper>
  );
}

export const CasualChatPage = () => <ChatPage type="casual" />;
export const WorkingChatPage = () => <ChatPage type="working" />;
