import type { RouteObject } from 'react-router';

/** Routes of this feature; app/router.tsx mounts them inside the shell. The home page loads on demand. */
export const siteRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./pages/home-page.tsx')).HomePage }) },
];
