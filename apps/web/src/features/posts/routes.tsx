import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { FeedPage } from './pages/feed-page.tsx';
import { PostPage } from './pages/post-page.tsx';

/** Routes of this feature; app/router.tsx mounts them inside the shell. */
export const feedRoutes: RouteObject[] = [
  { path: 'feed', element: <FeedPage /> },
  { path: paths.post, element: <PostPage /> },
  {
    // SPEC §2: the hub layout redirects to /feed when its first path segment is empty.
    path: 'hub',
    children: [
      { index: true, element: <Navigate to="/feed" replace /> },
      { path: 'feed', element: <FeedPage /> },
    ],
  },
];
