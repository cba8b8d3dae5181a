import type { CrmPage } from '../../lib/crm-page.ts';

const under = { under: 'crmRequests' } as const;

/** The requests pages inside /crm (SPEC §2 CRM children requests/…), for everyone signed in. */
export const requestsCrmPages: CrmPage[] = [
  {
    path: 'crmRequests',
    aliases: ['crmRequestsHome'],
    artistOnly: false,
    tab: { label: 'Requests', order: 30 },
    load: async () => (await import('./pages/my-requests-page.tsx')).MyRequestsPage,
  },
  {
    path: 'crmRequestCreate',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/request-editor-page.tsx')).RequestCreatePage,
  },
  {
    path: 'crmRequestEditor',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/request-editor-page.tsx')).RequestEditorPage,
  },
  {
    path: 'crmRequestsPending',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/pending-page.tsx')).PendingPage,
  },
  {
    path: 'crmRequestsTracking',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/tracking-page.tsx')).TrackingRedirect,
  },
  {
    path: 'crmRequestsIncoming',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/tracking-page.tsx')).IncomingTrackingPage,
  },
  {
    path: 'crmRequestsOutgoing',
    artistOnly: false,
    tab: under,
    load: async () => (await import('./pages/tracking-page.tsx')).OutgoingTrackingPage,
  },
];
