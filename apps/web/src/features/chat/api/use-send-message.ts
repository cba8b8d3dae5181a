import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ChatAttachment, ChatMessage } from '@brushline/shared/chat/schemas';
import { api } from '../../../lib/api-client.ts';
import { useHubCall } from '../../../lib/hub.tsx';
import { addMessage } from './chat-queries.ts';

/** A message shown before the server has it: sending, or failed (with a retry). */
export interface PendingMessage {
  clientId: string;
  roomId: number;
  text: string;
  attachments: ChatAttachment[];
  status: 'sending' | 'failed';
  /** Why it failed, when the server said (e.g. a block or a limit); the SPEC's message is shown beside it. */
  reason?: string;
  createdAt: string;
}

/** Pending messages of every room, outside React state so they survive switching rooms. */
function createPendingStore() {
  let byRoom = new Map<number, PendingMessage[]>();
  const listeners = new Set<() => void>();
  const set = (roomId: number, list: PendingMessage[]) => {
    byRoom = new Map(byRoom).set(roomId, list);
    listeners.forEach((f) => f());
  };
  return {
    subscribe(f: () => void) {
      listeners.add(f);
      return () => void listeners.delete(f);
    },
    of: (roomId: number) => byRoom.get(roomId) ?? EMPTY,
    put(p: PendingMessage) {
      set(p.roomId, [...(byRoom.get(p.roomId) ?? []).filter((x) => x.clientId !== p.clientId), p]);
    },
    drop(roomId: number, clientId: string) {
      set(
        roomId,
        (byRoom.get(roomId) ?? []).filter((x) => x.clientId !== clientId),
      );
    },
  };
}
const EMPTY: PendingMessage[] = [];
export const pendingStore = createPendingStore();

export function usePending(roomId: number): PendingMessage[] {
  return useSyncExternalStore(
    (f) => pendingStore.subscribe(f),
    () => pendingStore.of(roomId),
  );
}

/**
 * Optimistic sending (SPEC §4, issue 10 §2): the message shows at once, goes through the hub's
 * MessageSend (or the HTTP route while the hub is not connected) with a client-made id, and is
 * swapped for the stored message on the acknowledgement. A failure leaves it marked with a retry,
 * which sends the same id again: the server stores it at most once.
 */
export function useSendMessage(roomId: number) {
  const qc = useQueryClient();
  const call = useHubCall();
  const deliver = useCallback(
    async (p: PendingMessage) => {
      pendingStore.put({ ...p, status: 'sending', reason: undefined });
      const body = { clientId: p.clientId, text: p.text, attachments: p.attachments.map((a) => a.id) };
      try {
        let stored: ChatMessage;
        try {
          const answer = await call('MessageSend', { room: roomId, ...body });
          if (!answer.ok) {
            pendingStore.put({ ...p, status: 'failed', reason: answer.error.message });
            return;
          }
          stored = answer.data;
        } catch {
          // No connection, or no answer in time: the same id over HTTP is safe either way.
          stored = await api<ChatMessage>(`messages/chat/${roomId}`, { method: 'POST', body });
        }
        addMessage(qc, stored);
        pendingStore.drop(roomId, p.clientId);
      } catch (err) {
        pendingStore.put({ ...p, status: 'failed', reason: err instanceof Error ? err.message : undefined });
      }
    },
    [call, qc, roomId],
  );
  const send = useCallback(
    (text: string, attachments: ChatAttachment[]) =>
      deliver({
        clientId: crypto.randomUUID(),
        roomId,
        text,
        attachments,
        status: 'sending',
        createdAt: new Date().toISOString(),
      }),
    [deliver, roomId],
  );
  return { send, retry: deliver };
}
