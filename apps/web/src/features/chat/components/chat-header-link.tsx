import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { unreadQuery } from '../api/chat-queries.ts';
import { useChatLive } from '../api/use-chat-live.ts';

/** "3 chats with unread messages" — the link's name says what the dot means. */
export const unreadChatsLabel = (n: number) => (n === 0 ? 'Chats' : `Chats, ${n} with unread messages`);

/**
 * The header's way to the chats with the number of rooms holding unread messages (both kinds),
 * kept right on every page by NotificationRecieved 'chat'. Rendered only for signed-in users.
 */
export function ChatHeaderLink() {
  useChatLive();
  const { data } = useQuery(unreadQuery);
  const total = (data?.casual ?? 0) + (data?.working ?? 0);
  // Working chats first when only they have news: that is where the reader is needed.
  const to = data && data.casual === 0 && data.working > 0 ? paths.wchat : paths.chat;
  return (
    <Indicator label={total > 99 ? '99+' : total} size={16} disabled={total === 0} offset={4} color="red">
      <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={unreadChatsLabel(total)}>
        <IconMessageCircle size={18} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
