import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** Routes of this feature; app/router.tsx mounts them inside the shell. Each page loads on demand. */
export const authRoutes: RouteObject[] = [
  {
    path: paths.login,
    lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
  },
  {
    path: paths.register,
    lazy: async () => ({ Component: (await import('./pages/register-page.tsx')).RegisterPage }),
  },
  {
    path: paths.registerVerify,
    lazy: async () => ({ Component: (await import('./pages/register-verify-page.tsx')).RegisterVerifyPage }),
  },
  {
    path: paths.reset,
    lazy: async () => ({ Component: (await import('./pages/reset-page.tsx')).ResetPage }),
  },
  {
    path: paths.resetVerify,
    lazy: async () => ({ Component: (await import('./pages/reset-verify-page.tsx')).ResetVerifyPage }),
  },
  {
    path: paths.resetChange,
    lazy: async () => ({ Component: (await import('./pages/reset-change-page.tsx')).ResetChangePage }),
  },
];
