import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

const load = () => import('./pages/chat-page.tsx');

/** SPEC §2 chat routes; app/router.tsx mounts them inside the shell. The page loads on demand. */
export const chatRoutes: RouteObject[] = [
  { path: paths.chat, lazy: async () => ({ Component: (await load()).CasualChatPage }) },
  { path: paths.chatRoom, lazy: async () => ({ Component: (await load()).CasualChatPage }) },
  { path: paths.wchat, lazy: async () => ({ Component: (await load()).WorkingChatPage }) },
  { path: paths.wchatRoom, lazy: async () => ({ Component: (await load()).WorkingChatPage }) },
];
