import { Navigate, type RouteObject } from 'react-router';
import { crmCardsRoutes } from '../cards/crm-routes.tsx';
import { crmOrdersRoutes } from '../orders/crm-routes.tsx';
import { CrmIndexRedirect, CrmLayout } from './crm-layout.tsx';
import { CrmLaterPage } from './pages/crm-later-page.tsx';

/** /crm and its children (SPEC §2 CRM). Later issues add the tracker board and requests here. */
export const crmRoute: RouteObject = {
  path: 'crm',
  element: <CrmLayout />,
  children: [
    { index: true, element: <CrmIndexRedirect /> },
    { path: 'homepage', element: <CrmIndexRedirect /> },
    { path: 'tracker', element: <CrmLaterPage what="tracker" /> },
    { path: 'requests/*', element: <CrmLaterPage what="requests" /> },
    { path: 'outgoing', element: <Navigate to="/crm/outgoing/orders" replace /> },
    ...crmCardsRoutes,
    ...crmOrdersRoutes,
  ],
};
