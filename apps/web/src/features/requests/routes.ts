import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** The public requests screens (SPEC §2 main layout); the CRM ones are in crm-pages.ts. */
export const requestsRoutes: RouteObject[] = [
  {
    path: paths.requests,
    lazy: async () => ({ Component: (await import('./pages/requests-page.tsx')).RequestsPage }),
  },
  {
    path: paths.request,
    lazy: async () => ({ Component: (await import('./pages/request-page.tsx')).RequestPage }),
  },
];
