import { Navigate, type RouteObject } from 'react-router';
import { paths, redirectPaths } from '@brushline/shared/paths';
import type { CrmPage } from '../../lib/crm-page.ts';
import { CrmIndexRedirect } from './crm-guards.tsx';
import { crmPages } from './crm-pages.ts';

/** A page's routes: its path and its aliases, each loading the page's chunk when opened. */
const routesOf = (page: CrmPage): RouteObject[] =>
  [paths[page.path], ...(page.aliases ?? []).map((a) => redirectPaths[a])].map((path) => ({
    path,
    lazy: async () => ({ Component: await page.load() }),
  }));

/** /crm and every page the features registered (app/crm/crm-pages.ts), artist-only ones guarded. */
export const crmRoute: RouteObject = {
  path: paths.crm,
  // The layout (title and tab row) loads with the first CRM page, not with the app.
  lazy: async () => ({ Component: (await import('./crm-layout.tsx')).CrmLayout }),
  children: [
    { index: true, element: <CrmIndexRedirect /> },
    { path: redirectPaths.crmHomepage, element: <CrmIndexRedirect /> },
    { path: redirectPaths.crmPending, element: <Navigate to={paths.crmIncoming} replace /> },
    { path: redirectPaths.crmOutgoing, element: <Navigate to={paths.crmOutgoing} replace /> },
    {
      // Loaded with the first artist-only page, not with the app: it explains the page to non-artists.
      lazy: async () => ({ Component: (await import('./require-artist.tsx')).RequireArtist }),
      children: crmPages.filter((p) => p.artistOnly).flatMap(routesOf),
    },
    ...crmPages.filter((p) => !p.artistOnly).flatMap(routesOf),
  ],
};
