import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Socket } from 'socket.io-client';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import { sessionQuery, useSession } from './session.ts';

export type HubSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** Opens the hub's socket; it connects on its own (autoConnect) right after listeners are added. */
export type HubConnector = () => HubSocket | Promise<HubSocket>;
type AnyHandler = (...args: unknown[]) => void;

/** Reconnect backoff: Socket.IO doubles from 1 s up to 30 s, with jitter so a restart is not a stampede. */
const BACKOFF = { reconnectionDelay: 1000, reconnectionDelayMax: 30_000, randomizationFactor: 0.5 };

/**
 * The Socket.IO client is fetched when someone signs in, not with the app: visitors who only
 * read never need it, and it is a sizeable part of the first download.
 */
export const connectHub: HubConnector = async () => {
  const { io } = await import('socket.io-client');
  return io({
    path: HUB_PATH,
    withCredentials: true,
    // WebSocket first; when a proxy blocks it, long-polling still works.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Never share a cached Manager: each provider owns and closes its own connection.
    forceNew: true,
    ...BACKOFF,
  });
};

/**
 * The hub's client state: listeners by event name (they outlive any one socket, so a reconnect
 * or a new sign-in keeps them) and presence of the users some component is showing.
 */
function createHubState() {
  const listeners = new Map<string, Set<AnyHandler>>();
  const reconnectListeners = new Set<() => void>();
  const watched = new Map<string, number>();
  const online = new Map<string, boolean>();
  const presenceSubscribers = new Set<() => void>();
  let socket: HubSocket | null = null;

  const notifyPresence = () => presenceSubscribers.forEach((f) => f());
  const setPresence = (ids: string[], value: boolean | ((id: string) => boolean)) => {
    for (const id of ids)
      if (watched.has(id)) online.set(id, typeof value === 'function' ? value(id) : value);
    notifyPresence();
  };
  const askWhoIsOnline = (ids: string[]) => {
    if (!socket?.connected || ids.length === 0) return;
    socket.emit('WhoIsOnline', ids, (onlineIds) => {
      const set = new Set(onlineIds);
      setPresence(ids, (id) => set.has(id));
    });
  };

  return {
    dispatch(event: string, args: unknown[]) {
      if (event === 'UserConnected' || event === 'UserDisconnected') {
        const { userId } = args[0] as { userId: string };
        setPresence([userId], event === 'UserConnected');
      }
      for (const handler of listeners.get(event) ?? []) handler(...args);
    },
    on(event: string, handler: AnyHandler) {
      const set = listeners.get(event) ?? new Set<AnyHandler>();
      listeners.set(event, set.add(handler));
      return () => void set.delete(handler);
    },
    onReconnect(handler: () => void) {
      reconnectListeners.add(handler);
      return () => void reconnectListeners.delete(handler);
    },
    attach(next: HubSocket | null) {
      socket = next;
      // What we knew belongs to the old connection (or the user who signed out).
      online.clear();
      notifyPresence();
    },
    connected(isReconnect: boolean) {
      askWhoIsOnline([...watched.keys()]);
      // Events sent while we were away are lost: let features refetch what they show.
      if (isReconnect) reconnectListeners.forEach((f) => f());
    },
    watch(userId: string) {
      watched.set(userId, (watched.get(userId) ?? 0) + 1);
      if (watched.get(userId) === 1) askWhoIsOnline([userId]);
      return () => {
        const n = (watched.get(userId) ?? 1) - 1;
        if (n > 0) return void watched.set(userId, n);
        watched.delete(userId);
        online.delete(userId);
      };
    },
    /** The live socket, or null while there is none (signed out, connecting, dropped). */
    socket: () => (socket?.connected ? socket : null),
    subscribePresence(f: () => void) {
      presenceSubscribers.add(f);
      return () => void presenceSubscribers.delete(f);
    },
    presenceOf: (userId: string) => online.get(userId),
  };
}

type HubState = ReturnType<typeof createHubState>;
const HubContext = createContext<HubState | null>(null);

/** Wires one socket to the hub; answers how to unwire and close it. */
function listen(socket: HubSocket, hub: HubState, qc: QueryClient) {
  hub.attach(socket);
  let everConnected = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refusedDelay = BACKOFF.reconnectionDelay;
  socket.onAny((event: string, ...args: unknown[]) => hub.dispatch(event, args));
  socket.on('connect', () => {
    refusedDelay = BACKOFF.reconnectionDelay;
    hub.connected(everConnected);
    everConnected = true;
  });
  socket.on('connect_error', (err) => {
    // Transport trouble is retried by Socket.IO itself (socket.active). A refusal by the server
    // is not: the session may have ended (ask again, so the app signs out) or the server was
    // briefly unable to check it; try again later with the same backoff.
    if (socket.active) return;
    if (err.message === 'unauthorized') void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
    retry = setTimeout(() => socket.connect(), refusedDelay);
    refusedDelay = Math.min(refusedDelay * 2, BACKOFF.reconnectionDelayMax);
  });
  return () => {
    clearTimeout(retry);
    socket.offAny();
    socket.removeAllListeners();
    socket.disconnect();
    hub.attach(null);
  };
}

/** Opens one connection while someone is signed in; closes it when they sign out. */
function HubConnection({ hub, connect }: { hub: HubState; connect: HubConnector }) {
  const { user } = useSession();
  const qc = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void Promise.resolve(connect()).then((socket) => {
      // Signed out (or another user) while the client was loading: drop this one.
      if (gone) socket.disconnect();
      else stop = listen(socket, hub, qc);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [userId, connect, hub, qc]);

  return null;
}

/**
 * The Socket.IO client of the real-time hub: one connection per signed-in tab,
 * events that features turn into query invalidations, and presence. `connect` is replaceable
 * for tests; under Vitest nothing connects unless a test passes one.
 */
export function HubProvider({
  children,
  connect = import.meta.env.MODE === 'test' ? undefined : connectHub,
}: {
  children: ReactNode;
  connect?: HubConnector;
}) {
  const [hub] = useState(createHubState);
  return (
    <HubContext.Provider value={hub}>
      {connect && <HubConnection hub={hub} connect={connect} />}
      {children}
    </HubContext.Provider>
  );
}

/** The latest value of `value`, readable from long-lived callbacks without re-subscribing. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Runs `handler` for each `event` the hub pushes while the component is mounted. */
export function useHubEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const hub = useContext(HubContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!hub) return;
    return hub.on(event, (...args) => (latest.current as AnyHandler)(...args));
  }, [hub, event, latest]);
}

/** Runs `handler` when the connection comes back after a drop: events may have been missed. */
export function useHubReconnect(handler: () => void): void {
  const hub = useContext(HubContext);
  const latest = useLatest(handler);
  useEffect(() => hub?.onReconnect(() => latest.current()), [hub, latest]);
}

/** Whether the user has a live connection right now; `initial` is what the API said. */
export function useIsOnline(userId: string | undefined, initial: boolean): boolean {
  const hub = useContext(HubContext);
  useEffect(() => (hub && userId ? hub.watch(userId) : undefined), [hub, userId]);
  const subscribe = useCallback((f: () => void) => hub?.subscribePresence(f) ?? (() => {}), [hub]);
  const live = useSyncExternalStore(subscribe, () => (hub && userId ? hub.presenceOf(userId) : undefined));
  return live ?? initial;
}

/** No answer within this long counts as a failure (the caller may retry; calls are idempotent). */
export const HUB_CALL_TIMEOUT_MS = 10_000;

type AckedEvent = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends [
    unknown,
    (answer: infer _A) => void,
  ]
    ? E
    : never;
}[keyof ClientToServerEvents];
type AnswerOf<E extends AckedEvent> =
  Parameters<ClientToServerEvents[E]> extends [unknown, (answer: infer A) => void] ? A : never;

/**
 * Calls the hub and waits for its acknowledgement. Rejects at once when there is no live
 * connection, and after HUB_CALL_TIMEOUT_MS without an answer, so the caller can fall back or
 * offer a retry.
 */
export function useHubCall() {
  const hub = useContext(HubContext);
  return useCallback(
    async <E extends AckedEvent>(
      event: E,
      payload: Parameters<ClientToServerEvents[E]>[0],
    ): Promise<AnswerOf<E>> => {
      const socket = hub?.socket();
      if (!socket) throw new Error('not connected');
      const timed = socket.timeout(HUB_CALL_TIMEOUT_MS);
      const emit = timed.emitWithAck.bind(timed) as unknown as (
        e: string,
        p: unknown,
      ) => Promise<AnswerOf<E>>;
      return emit(event, payload);
    },
    [hub],
  );
}

/** Sends a hub event that needs no answer (typing); dropped while not connected. */
export function useHubSend() {
  const hub = useContext(HubContext);
  return useCallback(
    <E extends keyof ClientToServerEvents>(event: E, payload: Parameters<ClientToServerEvents[E]>[0]) => {
      const socket = hub?.socket();
      (socket?.emit as ((e: string, p: unknown) => void) | undefined)?.call(socket, event, payload);
    },
    [hub],
  );
}
