import type { RouteObject } from 'react-router';
import { crmRoute } from '../crm/crm-routes.tsx';

/**
 * Routes of this feature; app/router.tsx mounts them inside the shell. The order screens live in
 * the CRM, so the /crm layout (with the cards pages beside them) is mounted from here.
 */
export const ordersRoutes: RouteObject[] = [crmRoute];
