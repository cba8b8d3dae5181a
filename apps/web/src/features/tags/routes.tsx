import { Navigate, type RouteObject } from 'react-router';
import { paths, redirectPaths } from '@brushline/shared/paths';

/** The wiki's routes (SPEC §2); app/router.tsx mounts them in the shell. Each page loads on demand. */
export const tagsRoutes: RouteObject[] = [
  { path: redirectPaths.wiki, element: <Navigate to={paths.wikiTags} replace /> },
  {
    path: paths.wikiTags,
    lazy: async () => ({ Component: (await import('./pages/tags-page.tsx')).TagsPage }),
  },
  {
    path: paths.wikiTagCreate,
    lazy: async () => ({ Component: (await import('./pages/tag-editor-page.tsx')).TagEditorPage }),
  },
  {
    path: paths.wikiTagUpdate,
    lazy: async () => ({ Component: (await import('./pages/tag-editor-page.tsx')).TagEditorPage }),
  },
  { path: paths.wikiTag, lazy: async () => ({ Component: (await import('./pages/tag-page.tsx')).TagPage }) },
  { path: paths.wikiFaq, lazy: async () => ({ Component: (await import('./pages/faq-page.tsx')).FaqPage }) },
];
