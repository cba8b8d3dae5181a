import type { RouteObject } from 'react-router';
import { paths } from '@brushline/shared/paths';

const loadCommission = () => import('./pages/commission-page.tsx');

/**
 * Routes of this feature outside the CRM (its CRM pages are in crm-pages.ts); app/router.tsx
 * mounts them inside the shell, and each page loads on demand.
 */
export const ordersRoutes: RouteObject[] = [
  {
    path: paths.order,
    lazy: async () => ({ Component: (await import('./pages/order-page.tsx')).OrderPage }),
  },
  { path: paths.commission, lazy: async () => ({ Component: (await loadCommission()).CommissionPage }) },
  // SPEC §2 spelling; opens straight at the order form.
  {
    path: paths.commissionForm,
    lazy: async () => {
      const { CommissionPage } = await loadCommission();
      return { element: <CommissionPage openForm /> };
    },
  },
];
