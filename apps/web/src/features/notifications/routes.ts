import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** Routes of this feature; app/router.tsx mounts them inside the shell. Each page loads on demand. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: paths.notifications,
    lazy: async () => ({ Component: (await import('./pages/notifications-page.tsx')).NotificationsPage }),
  },
  {
    path: paths.unsubscribe,
    lazy: async () => ({ Component: (await import('./pages/unsubscribe-page.tsx')).UnsubscribePage }),
  },
];
