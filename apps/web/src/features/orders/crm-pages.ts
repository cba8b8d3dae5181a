import type { CrmPage } from '../../lib/crm-page.ts';

/** The order pages inside /crm: pending ones for artists, outgoing for everyone signed in. */
export const ordersCrmPages: CrmPage[] = [
  {
    path: 'crmIncoming',
    artistOnly: true,
    tab: { label: 'Incoming', order: 40 },
    load: async () => (await import('./pages/incoming-page.tsx')).IncomingPage,
  },
  {
    path: 'crmActive',
    artistOnly: true,
    tab: { label: 'Active', order: 50 },
    load: async () => (await import('./pages/active-page.tsx')).ActivePage,
  },
  {
    path: 'crmOutgoing',
    artistOnly: false,
    tab: { label: 'Outgoing', order: 60 },
    load: async () => (await import('./pages/outgoing-page.tsx')).OutgoingPage,
  },
];
