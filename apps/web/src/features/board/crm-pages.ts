import type { CrmPage } from '../../lib/crm-page.ts';

/** The kanban tracker: every signed-in user has a board (artists' commissions join it by themselves). */
export const boardCrmPages: CrmPage[] = [
  {
    path: 'crmTracker',
    artistOnly: false,
    tab: { label: 'Tracker', order: 10 },
    load: async () => (await import('./pages/tracker-page.tsx')).TrackerPage,
  },
];
