import { Navigate, type RouteObject } from 'react-router';
import { paths, redirectPaths } from '@brushline/shared/paths';

const loadFeed = async () => ({ Component: (await import('./pages/feed-page.tsx')).FeedPage });

/** Routes of this feature; app/router.tsx mounts them inside the shell. The feed loads on demand. */
export const feedRoutes: RouteObject[] = [
  { path: paths.feed, lazy: loadFeed },
  { path: paths.hubFeed, lazy: loadFeed },
  { path: paths.post, lazy: async () => ({ Component: (await import('./pages/post-page.tsx')).PostPage }) },
  // SPEC §2: the hub layout redirects to /feed when its first path segment is empty.
  { path: redirectPaths.hub, element: <Navigate to={paths.feed} replace /> },
];
