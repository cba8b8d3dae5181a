import type { CrmPage } from '../../lib/crm-page.ts';

/**
 * The CRM's Money tab (docs/features.md, Money; decision 0020): for everyone signed in; the artist
 * part shows to artists.
 */
export const paymentsCrmPages: CrmPage[] = [
  {
    path: 'crmMoney',
    artistOnly: false,
    tab: { label: 'Money', order: 70 },
    load: async () => (await import('./pages/money-page.tsx')).MoneyPage,
  },
];
