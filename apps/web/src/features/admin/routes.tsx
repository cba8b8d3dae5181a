import { Navigate, type RouteObject } from 'react-router';
import { paths, redirectPaths } from '@brushline/shared/paths';
import type { AdminRouteHandle } from './route-handle.ts';

/**
 * The admin area (decision 0022); app/router.tsx mounts it in the shell. The layout loads with the
 * first admin page and shows the app's not-found page to anyone not staff (and to moderators on
 * an admins-only page), so the area never shows itself to them. Each page loads on demand.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: redirectPaths.admin,
    lazy: async () => ({ Component: (await import('./pages/admin-layout.tsx')).AdminLayout }),
    children: [
      { index: true, element: <Navigate to={paths.adminUsers} replace /> },
      {
        path: paths.adminUsers,
        lazy: async () => ({ Component: (await import('./pages/users-page.tsx')).UsersPage }),
      },
      {
        path: paths.adminUser,
        lazy: async () => ({ Component: (await import('./pages/user-page.tsx')).UserPage }),
      },
      {
        path: paths.adminReports,
        lazy: async () => ({ Component: (await import('./pages/reports-page.tsx')).ReportsPage }),
      },
      {
        path: paths.adminReport,
        lazy: async () => ({ Component: (await import('./pages/case-page.tsx')).CasePage }),
      },
      {
        path: paths.adminAudit,
        handle: { adminOnly: true } satisfies AdminRouteHandle,
        lazy: async () => ({ Component: (await import('./pages/audit-page.tsx')).AuditPage }),
      },
      {
        path: paths.adminSystem,
        lazy: async () => ({ Component: (await import('./pages/system-page.tsx')).SystemPage }),
      },
    ],
  },
];
