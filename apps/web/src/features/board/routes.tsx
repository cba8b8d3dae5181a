import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** Routes of this feature outside the CRM; app/router.tsx mounts them inside the shell. */
export const boardRoutes: RouteObject[] = [
  {
    path: paths.profileQueue,
    lazy: async () => ({ Component: (await import('./pages/queue-page.tsx')).QueuePage }),
  },
];
