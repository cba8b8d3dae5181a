import type { RouteObject } from 'react-router';
import { RequireArtist } from '../crm/crm-layout.tsx';
import { CardCreatePage, CardEditPage } from './pages/card-editor-page.tsx';
import { CardsPage } from './pages/cards-page.tsx';

/** The cards pages inside /crm (artists only, SPEC §6). */
export const crmCardsRoutes: RouteObject[] = [
  {
    path: 'cards',
    element: (
      <RequireArtist>
        <CardsPage />
      </RequireArtist>
    ),
  },
  {
    path: 'cards/card-create',
    element: (
      <RequireArtist>
        <CardCreatePage />
      </RequireArtist>
    ),
  },
  // SPEC §2 names cards/card-edit; the card is ?uuid=…, or a path segment for tidier links.
  ...['cards/card-edit', 'cards/card-edit/:uuid'].map((path) => ({
    path,
    element: (
      <RequireArtist>
        <CardEditPage />
      </RequireArtist>
    ),
  })),
];
