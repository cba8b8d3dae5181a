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

const storageKey = (key: string) => `brushline.chat.pending.${key}`;

/**
 * What this tab kept of a room's pending messages before a reload. A message that was still
 * sending then has an unknown fate: it comes back as failed, and its retry sends the same id (the
 * server stores it at most once; one that did get stored is dropped when the room's messages load).
 */
function restore(key: string): PendingMessage[] {
  try {
    const raw = sessionStorage.getItem(storageKey(key));
    const list = raw ? (JSON.parse(raw) as PendingMessage[]) : [];
    return Array.isArray(list) ? list.map((p) => ({ ...p, status: 'failed' as const })) : [];
  } catch {
    return [];
  }
}

function persist(key: string, list: PendingMessage[]) {
  try {
    if (list.length === 0) sessionStorage.removeItem(storageKey(key));
    else sessionStorage.setItem(storageKey(key), JSON.stringify(list));
  } catch {
    // Storage full or unavailable: the messages stay in memory for this page.
  }
}

/**
 * Pending messages of every room, per signed-in user, outside React state so they survive
 * switching rooms, and in sessionStorage so a failed message and its retry survive a reload of
 * the tab (not other tabs, not closing it: unsent text does not outlive the tab).
 */
function createPendingStore() {
  let byRoom = new Map<string, PendingMessage[]>();
  const listeners = new Set<() => void>();
  const list = (key: string) => {
    if (!byRoom.has(key)) byRoom = new Map(byRoom).set(key, restore(key));
    return byRoom.get(key)!;
  };
  const set = (key: string, next: PendingMessage[]) => {
    byRoom = new Map(byRoom).set(key, next);
    persist(key, next);
    listeners.forEach((f) => f());
  };
  return {
    subscribe(f: () => void) {
      listeners.add(f);
      return () => void listeners.delete(f);
    },
    of: (key: string) => {
      const found = list(key);
      return found.length === 0 ? EMPTY : found;
    },
    put(key: string, p: PendingMessage) {
      set(key, [...list(key).filter((x) => x.clientId !== p.clientId), p]);
    },
    drop(key: string, clientIds: string[]) {
      const next = list(key).filter((x) => !clientIds.includes(x.clientId));
      if (next.length !== list(key).length) set(key, next);
    },
    /** Forgets what is in memory (tests: a new page load reads sessionStorage again). */
    reset() {
      byRoom = new Map();
    },
  };
}
const EMPTY: PendingMessage[] = [];
export const pendingStore = createPendingStore();
/** The store's key: one list per signed-in user and room. */
export const pendingKey = (userId: string, roomId: number) => `${userId}.${roomId}`;

export function usePending(userId: string, roomId: number): PendingMessage[] {
  const key = pendingKey(userId, roomId);
  return useSyncExternalStore(
    (f) => pendingStore.subscribe(f),
    () => pendingStore.of(key),
  );
}

/**
 * Optimistic sending (SPEC §4, decision 0016): the message shows at once, goes through the hub's
 * MessageSend (or the HTTP route while the hub is not connected) with a client-made id, and is
 * swapped for the stored message on the acknowledgement. A failure leaves it marked with a retry,
 * which sends the same id again: the server stores it at most once.
 */
export function useSendMessage(userId: string, roomId: number) {
  const qc = useQueryClient();
  const key = pendingKey(userId, roomId);
  const call = useHubCall();
  const deliver = useCallback(
    async (p: PendingMessage) => {
      pendingStore.put(key, { ...p, status: 'sending', reason: undefined });
      const body = { clientId: p.clientId, text: p.text, attachments: p.attachments.map((a) => a.id) };
      try {
        let stored: ChatMessage;
        try {
          const answer = await call('MessageSend', { room: roomId, ...body });
          if (!answer.ok) {
            pendingStore.put(key, { ...p, status: 'failed', reason: answer.error.message });
            return;
          }
          stored = answer.data;
        } catch {
          // No connection, or no answer in time: the same id over HTTP is safe either way.
          stored = await api<ChatMessage>(`messages/chat/${roomId}`, { method: 'POST', body });
        }
        addMessage(qc, stored);
        pendingStore.drop(key, [p.clientId]);
      } catch (err) {
        pendingStore.put(key, {
          ...p,
          status: 'failed',
          reason: err instanceof Error ? err.message : undefined,
        });
      }
    },
    [call, key, qc, roomId],
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
