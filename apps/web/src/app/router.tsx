import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authRoutes } from '../features/auth/routes.ts';
import { boardRoutes } from '../features/board/routes.tsx';
import { chatRoutes } from '../features/chat/routes.ts';
import { galleryRoutes } from '../features/gallery/routes.ts';
import { legalRoutes } from '../features/legal/routes.ts';
import { notificationsRoutes } from '../features/notifications/routes.ts';
import { ordersRoutes } from '../features/orders/routes.tsx';
import { feedRoutes } from '../features/posts/routes.tsx';
import { requestsRoutes } from '../features/requests/routes.ts';
import { siteRoutes } from '../features/site/routes.ts';
import { tagsRoutes } from '../features/tags/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { crmRoute } from './crm/crm-routes.tsx';
import { RouteError } from './route-error.tsx';
import { ShellLayout } from './shell-layout.tsx';

/**
 * Every screen, by its pattern in the paths table (packages/shared/src/paths.ts). Features own
 * their routes and load their pages on demand; the shell (header, session) is in the entry chunk
 * and stands while the first page's chunk arrives (the hydrate fallback is the shell itself).
 */
export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    hydrateFallbackElement: <ShellLayout />,
    errorElement: <RouteError />,
    children: [
      ...siteRoutes,
      ...authRoutes,
      ...legalRoutes,
      ...feedRoutes,
      ...usersRoutes,
      ...notificationsRoutes,
      ...chatRoutes,
      ...ordersRoutes,
      ...boardRoutes,
      ...tagsRoutes,
      ...galleryRoutes,
      ...requestsRoutes,
      crmRoute,
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
