import { Navigate, type RouteObject } from 'react-router';
import { RequireArtist } from '../crm/crm-layout.tsx';
import { ActivePage } from './pages/active-page.tsx';
import { IncomingPage } from './pages/incoming-page.tsx';
import { OutgoingPage } from './pages/outgoing-page.tsx';

/** The order pages inside /crm: pending ones for artists, outgoing for everyone signed in. */
export const crmOrdersRoutes: RouteObject[] = [
  { path: 'pending', element: <Navigate to="/crm/pending/new" replace /> },
  {
    path: 'pending/new',
    element: (
      <RequireArtist>
        <IncomingPage />
      </RequireArtist>
    ),
  },
  {
    path: 'pending/active',
    element: (
      <RequireArtist>
        <ActivePage />
      </RequireArtist>
    ),
  },
  { path: 'outgoing/orders', element: <OutgoingPage /> },
];
