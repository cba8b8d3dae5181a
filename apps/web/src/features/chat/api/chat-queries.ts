import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatRoomType } from '@brushline/shared/chat/constants';
import type {
  ChatMessage,
  ChatMessagePage,
  ChatRoom,
  ChatRoomPage,
  ChatUnread,
} from '@brushline/shared/chat/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { api } from '../../../lib/api-client.ts';

/** Every chat query key; hub events patch or invalidate these (ARCHITECTURE habit 7). */
export const chatKeys = {
  all: ['chat'] as const,
  roomLists: ['chat', 'rooms'] as const,
  rooms: (type: ChatRoomType, search: string) => ['chat', 'rooms', type, search] as const,
  roomViews: ['chat', 'room'] as const,
  room: (type: ChatRoomType, idOrLogin: string) => ['chat', 'room', type, idOrLogin] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
  unread: ['chat', 'unread'] as const,
  tasks: (roomId: number) => ['chat', 'tasks', roomId] as const,
};

const listPath: Record<ChatRoomType, string> = { casual: 'chatrooms', working: 'wchatrooms' };
const roomPath: Record<ChatRoomType, string> = { casual: 'chatroom', working: 'wchatroom' };

/** SPEC §7 GET chatrooms/paginated/get and wchatrooms/paginated/get: pages from 1. */
export const roomsQuery = (type: ChatRoomType, search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.rooms(type, search),
    queryFn: ({ pageParam }) =>
      api<ChatRoomPage>(`${listPath[type]}/paginated/get`, {
        query: { page: String(pageParam), ...(search ? { search } : {}) },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

/** One room; working rooms may be named by the other member's login (SPEC §2 /wchat/{login or id}). */
export const roomQuery = (type: ChatRoomType, idOrLogin: string) =>
  queryOptions({
    queryKey: chatKeys.room(type, idOrLogin),
    queryFn: () => api<ChatRoom>(`${roomPath[type]}/get/${encodeURIComponent(idOrLogin)}`),
    retry: false,
  });

/**
 * A room's messages: the first page is the newest, each next page is older (by `before`, which
 * new messages do not shift). Pages hold their messages oldest first.
 */
export const messagesQuery = (roomId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam }) =>
      api<ChatMessagePage>(`messages/chat/${roomId}/q`, {
        query: pageParam === null ? {} : { before: String(pageParam) },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // Live events keep it fresh; a refetch would only reload every page.
    staleTime: Infinity,
  });

export const unreadQuery = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: () => api<ChatUnread>('chatrooms/unread'),
});

/** SPEC §7 GET task/comissions/get/{roomId}: the orders between the room's two members. */
export const roomTasksQuery = (roomId: number) =>
  queryOptions({
    queryKey: chatKeys.tasks(roomId),
    queryFn: () => api<SentForm[]>(`task/comissions/get/${roomId}`),
  });

type MessagesData = InfiniteData<ChatMessagePage, number | null>;

/** Puts a stored message into its room's newest page, once (the ack and the event both bring it). */
export function addMessage(qc: QueryClient, message: ChatMessage) {
  qc.setQueryData<MessagesData>(chatKeys.messages(message.roomId), (data) => {
    if (!data || data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const items = [...(newest?.items ?? []), message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ items, nextCursor: newest?.nextCursor ?? null }, ...older] };
  });
}

/** The newest message id the client holds for a room (the reconnect catch-up starts after it). */
export function newestHeld(qc: QueryClient, roomId: number): number | null {
  const data = qc.getQueryData<MessagesData>(chatKeys.messages(roomId));
  return data?.pages[0]?.items.at(-1)?.id ?? null;
}

/** Fetches everything after the newest message held, page by page, into the cache. */
export async function catchUp(qc: QueryClient, roomId: number) {
  let after = newestHeld(qc, roomId);
  if (after === null) return;
  for (;;) {
    const page: ChatMessagePage = await api<ChatMessagePage>(`messages/chat/${roomId}/q`, {
      query: { after: String(after) },
    });
    for (const m of page.items) addMessage(qc, m);
    if (page.nextCursor === null) return;
    after = page.nextCursor;
  }
}

/** Opens (or finds) the chat with a user: the "Message" button on profiles. */
export function useOpenChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { otherLogin: string; type: ChatRoomType }) =>
      api<ChatRoom>('chatroom/create', { method: 'POST', body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.roomLists }),
  });
}

export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ login, block }: { login: string; block: boolean }) =>
      api<{ blocked: boolean; message: string }>(`chat/block/${encodeURIComponent(login)}`, {
        method: block ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
