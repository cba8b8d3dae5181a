import type { CrmPage } from '../../lib/crm-page.ts';

/** The cards pages inside /crm (artists only, SPEC §6); app/crm mounts them. */
export const cardsCrmPages: CrmPage[] = [
  {
    path: 'crmCards',
    artistOnly: true,
    tab: { label: 'Commission forms', order: 20 },
    load: async () => (await import('./pages/cards-page.tsx')).CardsPage,
  },
  {
    path: 'crmCardCreate',
    artistOnly: true,
    tab: { under: 'crmCards' },
    load: async () => (await import('./pages/card-editor-page.tsx')).CardCreatePage,
  },
  {
    path: 'crmCardEdit',
    // SPEC §2 names cards/card-edit with the card as ?uuid=…; links use the tidier path segment.
    aliases: ['crmCardEditByQuery'],
    artistOnly: true,
    tab: { under: 'crmCards' },
    load: async () => (await import('./pages/card-editor-page.tsx')).CardEditPage,
  },
];
