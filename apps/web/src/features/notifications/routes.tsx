import type { RouteObject } from 'react-router';
import { NotificationsPage } from './pages/notifications-page.tsx';
import { UnsubscribePage } from './pages/unsubscribe-page.tsx';

/** Routes of this feature; app/router.tsx mounts them inside the shell. */
export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'unsubscribe/:token', element: <UnsubscribePage /> },
];
