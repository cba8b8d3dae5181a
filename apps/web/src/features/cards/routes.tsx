import type { RouteObject } from 'react-router';
import { CommissionPage } from './pages/commission-page.tsx';

/** Routes of this feature; app/router.tsx mounts them inside the shell. The CRM pages are in crm-routes.tsx. */
export const cardsRoutes: RouteObject[] = [
  { path: 'commission/:uuid', element: <CommissionPage /> },
  // SPEC §2 spelling; opens straight at the order form.
  { path: 'comission-form/:uuid', element: <CommissionPage openForm /> },
];
