import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessagePage } from '@brushline/shared/chat/schemas';
import { useHubEvent, useHubReconnect } from '../../../lib/hub.tsx';
import { addMessage, catchUp, chatKeys } from './chat-queries.ts';

/**
 * Keeps every chat query right on every page (mounted once, by the header's chat link): a message
 * goes into its room's cache and the lists refetch; NotificationRecieved 'chat' carries the unread
 * counts; after a reconnect each room held catches up on what arrived meanwhile.
 */
export function useChatLive() {
  const qc = useQueryClient();
  const roomsChanged = () => {
    void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
    void qc.invalidateQueries({ queryKey: chatKeys.roomViews });
  };
  useHubEvent('MessageReceived', (message) => {
    addMessage(qc, message);
    roomsChanged();
  });
  useHubEvent('NotificationRecieved', (payload) => {
    if (payload.kind !== 'chat') {
      // A crm notification may be an accepted order: a working room may have opened.
      if (payload.kind === 'crm') void qc.invalidateQueries({ queryKey: chatKeys.roomLists });
      return;
    }
    qc.setQueryData(chatKeys.unread, payload.unread);
  });
  useHubEvent('ChatReadUpdated', roomsChanged);
  useHubReconnect(() => {
    void qc.invalidateQueries({ queryKey: chatKeys.unread });
    roomsChanged();
    for (const [key] of qc.getQueriesData<{ pages: ChatMessagePage[] }>({ queryKey: ['chat', 'messages'] })) {
      const roomId = key[2];
      if (typeof roomId === 'number') void catchUp(qc, roomId).catch(() => undefined);
    }
  });
}
