import type { RouteObject } from 'react-router';

/** Routes of this feature; app/router.tsx mounts them inside the shell. */
export const feedRoutes: RouteObject[] = [];
