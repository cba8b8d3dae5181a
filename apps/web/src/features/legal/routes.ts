import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

/** Routes of this feature; app/router.tsx mounts them inside the shell. Each page loads on demand. */
export const legalRoutes: RouteObject[] = [
  {
    path: paths.policyEn,
    lazy: async () => ({ Component: (await import('./pages/privacy-en-page.tsx')).PrivacyEnPage }),
  },
  {
    path: paths.policyRu,
    lazy: async () => ({ Component: (await import('./pages/privacy-ru-page.tsx')).PrivacyRuPage }),
  },
  {
    path: paths.terms,
    lazy: async () => ({ Component: (await import('./pages/terms-page.tsx')).TermsPage }),
  },
];
